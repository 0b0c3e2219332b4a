import type { ReactNode } from 'react';

const TONES = {
  info: { color: '#1565c0', mark: 'i' },
  success: { color: '#2e7d32', mark: '✓' },
  warning: { color: '#b26a00', mark: '!' },
  error: { color: '#c62828', mark: '×' },
} as const;

export interface StatusPageProps {
  tone: keyof typeof TONES;
  title: string;
  description?: ReactNode;
  action?: { label: string; href?: string; onClick?: () => void };
  children?: ReactNode;
}

/** A full-page message for voters (closed link, not found, done): light, no antd. */
export function StatusPage({ tone, title, description, action, children }: StatusPageProps) {
  const t = TONES[tone];
  return (
    <main className="kp-status">
      <section className="kp-card kp-status-box" role={tone === 'error' ? 'alert' : 'status'}>
        <div className="kp-status-icon" style={{ background: t.color }} aria-hidden="true">
          {t.mark}
        </div>
        <h1 className="kp-status-title">{title}</h1>
        {description && <p className="kp-status-desc">{description}</p>}
        {children}
        {action &&
          (action.href ? (
            <a className="kp-btn kp-btn-primary" href={action.href}>
              {action.label}
            </a>
          ) : (
            <button type="button" className="kp-btn kp-btn-primary" onClick={action.onClick}>
              {action.label}
            </button>
          ))}
      </section>
    </main>
  );
}

/** Centered loading indicator with an accessible label. */
export function LoadingPage({ label = '正在加载…' }: { label?: string }) {
  return (
    <main className="kp-status" aria-busy="true">
      <div role="status">
        <div className="kp-spinner" />
        <p className="kp-status-desc" style={{ marginTop: 12 }}>
          {label}
        </p>
      </div>
    </main>
  );
}
