import type { SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { formatDateTime } from '../lib/format';
import './receipt.css';

export const receiptPath = (submissionId: string) => `/vote/result/${submissionId}`;

/** The facts of a stored ballot: where, when, and its number (the key to this receipt). */
export function ReceiptFacts({ receipt }: { receipt: SubmissionReceipt }) {
  return (
    <dl className="kp-vote-facts">
      <dt>单位</dt>
      <dd>{receipt.company.name}</dd>
      <dt>投票类型</dt>
      <dd>{receipt.vote_type.name}</dd>
      <dt>提交时间</dt>
      <dd>{formatDateTime(receipt.created_at)}</dd>
      <dt>提交编号</dt>
      <dd className="kp-vote-mono">{receipt.submission_id}</dd>
      <dt>回执链接</dt>
      <dd>
        <a href={receiptPath(receipt.submission_id)}>{receiptPath(receipt.submission_id)}</a>
      </dd>
    </dl>
  );
}

/** What was recorded, ballot by ballot, in words (question → answer), each folded away. */
export function ReceiptBallots({ receipt }: { receipt: SubmissionReceipt }) {
  return (
    <section className="kp-card kp-vote-section" aria-labelledby="kp-receipt-h">
      <h2 id="kp-receipt-h" className="kp-vote-h2">
        记录的答卷（共 {receipt.ballot_count} 份）
      </h2>
      <p className="kp-vote-muted">点击各项可查看记录的每一个选择。</p>
      <ul className="kp-vote-rcpt">
        {receipt.ballots.map((b) => (
          <li key={`${b.poll_id}-${b.target_id ?? ''}`}>
            <details>
              <summary>
                <span className="kp-vote-rcpt-name">
                  {b.target_name ?? b.poll_title}
                  {b.target_title && <small>{b.target_title}</small>}
                </span>
                {b.score !== null && <span className="kp-vote-rcpt-score">{b.score} 分</span>}
                <span className="kp-vote-rcpt-chevron" aria-hidden="true" />
              </summary>
              <dl className="kp-vote-rcpt-lines">
                {b.lines.map((line, i) => (
                  <div key={i}>
                    <dt>{line.question}</dt>
                    <dd>{line.answer}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
