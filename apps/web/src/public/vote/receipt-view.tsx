import type { SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { formatDay } from '../lib/format';
import './receipt.css';

export const receiptPath = (receiptId: string) => `/vote/result/${receiptId}`;
/** The lookup by 回执码 (receipt-lookup-page.tsx). */
export const RECEIPT_LOOKUP_PATH = '/vote/result';

/**
 * What a receipt proves: this ballot was counted (where, on which day, how many targets it answered, and
 * a short code to compare). Never how it was cast, nor when in the day: a receipt shown to someone else
 * must not lead to the ballot (issue 26).
 */
export function ReceiptFacts({ receipt }: { receipt: SubmissionReceipt }) {
  const family = receipt.vote_type.form_category;
  const answered =
    family === 'democratic_appraisal'
      ? `${receipt.ballot_count} 个测评对象`
      : family === 'democratic_recommendation'
        ? `${receipt.ballot_count} 个推荐职位`
        : `${receipt.ballot_count} 份问卷`;
  return (
    <>
      <dl className="kp-vote-facts">
        <dt>单位</dt>
        <dd>{receipt.company.name}</dd>
        <dt>投票类型</dt>
        <dd>
          {receipt.vote_type.name}
          {receipt.is_test && <span className="kp-vote-tag">试投票 · 不计入结果</span>}
        </dd>
        <dt>投票日期</dt>
        <dd>{formatDay(receipt.voted_on)}</dd>
        <dt>已作答</dt>
        <dd>{answered}</dd>
        <dt>回执码</dt>
        <dd className="kp-vote-rcpt-code">{receipt.receipt_code}</dd>
        <dt>回执链接</dt>
        <dd>
          <a href={receiptPath(receipt.receipt_id)}>查看投票回执</a>
        </dd>
      </dl>
      <p className="kp-vote-muted kp-vote-rcpt-note">
        回执只证明您的答卷已计入，不显示您的任何选择，也不包含投票人信息。
      </p>
    </>
  );
}

/** A receipt looked up afterwards (by its link or its 回执码): whether it counts, then its facts. */
export function RecordedReceipt({ receipt }: { receipt: SubmissionReceipt }) {
  return (
    <>
      <p className="kp-vote-muted">
        {receipt.is_test ? '这份试投票答卷已被记录，试投票不计入结果。' : '这份答卷已被记录并计入统计。'}
      </p>
      <ReceiptFacts receipt={receipt} />
    </>
  );
}
