import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import './auth.css';

/** The centred card that login and registration share. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="kp-auth">
      <Card className="kp-auth-card">
        <a href="/" className="kp-auth-brand">
          考评 · 干部考核测评系统
        </a>
        <Typography.Title level={3} style={{ marginTop: 8 }}>
          {title}
        </Typography.Title>
        {children}
        {footer && <div className="kp-auth-footer">{footer}</div>}
      </Card>
    </main>
  );
}
