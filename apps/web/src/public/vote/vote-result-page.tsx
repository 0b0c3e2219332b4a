import { useParams } from 'react-router';
import type { PublicPollStats, SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { ApiError } from '@/lib/api-client';
import { usePublicGet } from '../lib/use-public-get';
import { LoadingPage, StatusPage } from '../status-page';
import { PublicStatsView } from './public-stats-view';
import { RecordedReceipt } from './receipt-view';
import './vote.css';
import './vote-pages.css';

const POLL_ID = /^[1-9]\d{0,9}$/;
/** Receipt ids are made by the server: at least 96 random bits in base64url (16 characters or more). */
const RECEIPT_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * /vote/result/{id}: a receipt id shows the voter's receipt (counted, never how); a poll id the figures
 * an admin made public; anything else a clear "not found".
 */
export default function VoteResultPage() {
  const { id = '' } = useParams();
  const poll = POLL_ID.test(id);
  const receipt = !poll && RECEIPT_ID.test(id);
  const path = poll ? `/public/polls/${id}/stats` : receipt ? `/public/polls/votes/${id}` : null;
  const got = usePublicGet<SubmissionReceipt | PublicPollStats>(path);

  if (path === null) return <NotFound detail="结果编号无效。" />;
  if (got.loading) return <LoadingPage label="正在读取投票结果…" />;
  if (got.error || !got.data) {
    const err = got.error;
    if (err instanceof ApiError && err.responded && err.status < 500) {
      return err.status === 403 ? (
        <StatusPage
          tone="info"
          title="结果未公开"
          description={`${err.detail ?? '该问卷的结果未公开'}。投票结果由组织方汇总后另行公布。`}
          action={{ label: '返回首页', href: '/' }}
        />
      ) : (
        <NotFound detail={err.detail} />
      );
    }
    return (
      <StatusPage
        tone="warning"
        title="网络异常，暂时无法读取结果"
        description="请检查网络连接后重试。"
        action={{ label: '重试', onClick: got.retry }}
      />
    );
  }
  if (receipt) {
    const r = got.data as SubmissionReceipt;
    return (
      <main className="kp-vote kp-vote-done">
        <section className="kp-card kp-vote-section" aria-labelledby="kp-result-h">
          <h1 id="kp-result-h" className="kp-vote-done-title">
            投票回执
          </h1>
          <RecordedReceipt receipt={r} />
        </section>
      </main>
    );
  }
  return <PublicStatsView stats={got.data as PublicPollStats} />;
}

function NotFound({ detail }: { detail?: string }) {
  return (
    <StatusPage
      tone="info"
      title="未找到投票结果"
      description={`${detail ?? '该结果不存在或未公开。'} 请核对链接，或使用投票完成后显示的回执链接。`}
      action={{ label: '返回首页', href: '/' }}
    />
  );
}
