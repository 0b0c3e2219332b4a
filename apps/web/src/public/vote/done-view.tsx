import type { PublicCover, SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { usePublicGet } from '../lib/use-public-get';
import { CoverView } from './cover-view';
import { ReceiptBallots, ReceiptFacts, receiptPath } from './receipt-view';
import './vote.css';
import './vote-pages.css';

export interface DoneViewProps {
  /** Just submitted (thanks) rather than coming back to a link already voted on. */
  fresh: boolean;
  receipt: SubmissionReceipt | null;
  /** Used to fetch the receipt when only the id is known (the server said "already voted"). */
  submissionId?: string | null;
  backCover?: PublicCover | null;
}

/** After the ballot: thanks or '您已完成投票', the back cover, and the receipt of what was recorded. */
export function DoneView({ fresh, receipt: given, submissionId, backCover }: DoneViewProps) {
  const id = given?.submission_id ?? submissionId ?? null;
  const fetched = usePublicGet<SubmissionReceipt>(
    !given && submissionId ? `/public/polls/votes/${submissionId}` : null,
  );
  const receipt = given ?? fetched.data;
  const failed = !!fetched.error;

  return (
    <main className="kp-vote kp-vote-done">
      <section className="kp-card kp-vote-section kp-vote-done-box" aria-labelledby="kp-done-h">
        <div className="kp-vote-done-icon" aria-hidden="true">
          ✓
        </div>
        <h1 id="kp-done-h" className="kp-vote-done-title">
          {fresh ? '投票成功' : '您已完成投票'}
        </h1>
        <p className="kp-vote-muted" role="status">
          {fresh
            ? '您的答卷已完整记录，感谢您的参与！'
            : '此链接已在本设备提交过答卷，每人只能投票一次。以下是您的投票回执。'}
        </p>
        {receipt ? (
          <ReceiptFacts receipt={receipt} />
        ) : (
          id && (
            <p>
              提交编号 <span className="kp-vote-mono">{id}</span>
              <br />
              <a href={receiptPath(id)}>查看投票回执</a>
            </p>
          )
        )}
        {!receipt && id && !failed && <p className="kp-vote-muted">正在读取回执…</p>}
        {failed && <p className="kp-vote-muted">暂时无法读取回执，请稍后通过上面的链接查看。</p>}
      </section>
      {backCover && <CoverView cover={backCover} label="封底" />}
      {receipt && <ReceiptBallots receipt={receipt} />}
    </main>
  );
}
