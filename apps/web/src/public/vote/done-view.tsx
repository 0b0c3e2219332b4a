import type { PublicCover, SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { usePublicGet } from '../lib/use-public-get';
import { CoverView } from './cover-view';
import { RECEIPT_LOOKUP_PATH, ReceiptFacts, receiptPath } from './receipt-view';
import './vote.css';
import './vote-pages.css';

export interface DoneViewProps {
  /** Just submitted (thanks) rather than coming back to a link already voted on. */
  fresh: boolean;
  receipt: SubmissionReceipt | null;
  /** Used to fetch the receipt when only its id is kept in this browser. */
  receiptId?: string | null;
  backCover?: PublicCover | null;
  /** codes mode: lets the next voter on a shared device type their own code. */
  onNextVoter?: () => void;
}

/** After the ballot: thanks or '您已完成投票', the back cover, and the receipt (no choices). */
export function DoneView({ fresh, receipt: given, receiptId, backCover, onNextVoter }: DoneViewProps) {
  const id = given?.receipt_id ?? receiptId ?? null;
  const fetched = usePublicGet<SubmissionReceipt>(
    !given && receiptId ? `/public/polls/votes/${encodeURIComponent(receiptId)}` : null,
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
            ? '您的答卷已完整记录，感谢您的参与！本机不保留您的任何选择。'
            : '此链接已在本设备提交过答卷，每人只能投票一次。'}
        </p>
        {receipt ? (
          <>
            <ReceiptFacts receipt={receipt} />
            <p className="kp-vote-muted kp-vote-rcpt-note">
              请记下回执码：以后可在<a href={RECEIPT_LOOKUP_PATH}>回执查询</a>页面凭回执码查看这份回执。
            </p>
          </>
        ) : (
          id && (
            <p>
              <a href={receiptPath(id)}>查看投票回执</a>
            </p>
          )
        )}
        {!receipt && id && !failed && <p className="kp-vote-muted">正在读取回执…</p>}
        {failed && <p className="kp-vote-muted">暂时无法读取回执，请稍后通过上面的链接查看。</p>}
        {onNextVoter && (
          <button type="button" className="kp-btn kp-vote-next" onClick={onNextVoter}>
            下一位投票人：输入新的测评码
          </button>
        )}
      </section>
      {backCover && <CoverView cover={backCover} label="封底" />}
    </main>
  );
}
