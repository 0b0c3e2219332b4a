import type { ReactNode, Ref } from 'react';
import type { SubmitState } from './use-submit';
import { SubmitStatus } from './submit-status';

export interface ReviewGap {
  /** Index of the step in the ballot. */
  index: number;
  id: string;
  label: string;
  missing: string[];
  /** The step is answered but its rules refuse it (民主推荐): `missing` holds what to change. */
  fix?: boolean;
}

export interface ReviewPanelProps {
  total: number;
  gaps: ReviewGap[];
  onGo: (index: number) => void;
  onSubmit: () => void;
  /** Set when the voter pressed submit with gaps left. */
  blocked: boolean;
  state: SubmitState;
  onReload: () => void;
  /** The heading takes the focus when the review opens. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The family's summary of the answers (民主推荐: who is recommended for each post). */
  children?: ReactNode;
}

/** The last step: anything unanswered (each linking back to its step), then the submit button. */
export function ReviewPanel({
  total,
  gaps,
  onGo,
  onSubmit,
  blocked,
  state,
  onReload,
  headingRef,
  children,
}: ReviewPanelProps) {
  const sending = state.kind === 'sending';
  return (
    <section className="kp-card kp-vote-section kp-vote-review" aria-labelledby="kp-review-h">
      <h2 id="kp-review-h" className="kp-vote-h2" tabIndex={-1} ref={headingRef}>
        检查并提交
      </h2>
      <p>
        共 {total} 项，已完成 {total - gaps.length} 项。
      </p>
      {gaps.length > 0 ? (
        <>
          <p className="kp-vote-warn" role={blocked ? 'alert' : undefined}>
            以下 {gaps.length} 项尚未答完{gaps.some((g) => g.fix) ? '或需要修改' : ''}，请补充后再提交：
          </p>
          <ul className="kp-vote-gaps">
            {gaps.map((g) => (
              <li key={g.id}>
                <a
                  href={`#${g.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    onGo(g.index);
                  }}
                >
                  {g.index + 1}. {g.label}
                </a>
                <span className="kp-vote-muted">
                  {g.fix ? '需修改：' : '未答：'}
                  {g.missing.join('、')}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="kp-vote-ok">全部内容已作答。提交后不能修改，请确认无误后提交。</p>
      )}
      {children}
      <SubmitStatus state={state} onRetry={onSubmit} onReload={onReload} />
      <button
        type="button"
        className="kp-btn kp-btn-primary kp-vote-submit"
        onClick={onSubmit}
        disabled={sending}
      >
        {sending ? '提交中…' : '提交答卷'}
      </button>
    </section>
  );
}
