import { PUBLIC_VOTE_DETAILS, type PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '../lib/format';
import { StatusPage } from '../status-page';

/** A link that cannot be voted on now: of an archived round, not started, full, closed, switched off, or not set up. */
export function VoteTypeStatusPage({ view }: { view: PublicVoteTypeView }) {
  const where = `${view.company.name} · ${view.vote_type.name}`;
  const { status, opens_at, closes_at } = view.vote_type;
  if (view.round_archived) {
    // The unit has started a new round (测评批次): this link belongs to an archived one.
    return (
      <StatusPage
        tone="info"
        title={PUBLIC_VOTE_DETAILS.archived}
        description="本轮测评已结束并归档，不再接受答卷。如需参加新一轮测评，请使用组织方新发布的链接或二维码。"
      >
        <p className="kp-vote-status-where">{where}</p>
      </StatusPage>
    );
  }
  if (status === 'full') return <FullPage where={where} />;
  if (status === 'not_started') {
    const at = formatDateTime(opens_at);
    return (
      <StatusPage
        tone="warning"
        title="投票尚未开始"
        description={at ? `投票将于 ${at} 开始，请届时再打开此链接。` : '投票尚未开始，请稍后再打开此链接。'}
        action={{ label: '刷新', onClick: () => window.location.reload() }}
      >
        <p className="kp-vote-status-where">{where}</p>
      </StatusPage>
    );
  }
  if (status === 'closed' || status === 'inactive') {
    const at = formatDateTime(closes_at);
    return (
      <StatusPage
        tone="info"
        title={status === 'closed' ? '投票已结束' : '该投票已停用'}
        description={
          status === 'closed'
            ? `本次投票${at ? `已于 ${at} ` : '已'}结束，不再接受答卷。感谢您的关注。`
            : '该投票链接已被组织方停用，如有疑问请联系组织方。'
        }
      >
        <p className="kp-vote-status-where">{where}</p>
      </StatusPage>
    );
  }
  return (
    <StatusPage
      tone="warning"
      title="投票暂不可用"
      description={view.notice ?? '投票内容尚未准备就绪，请联系组织方。'}
      action={{ label: '刷新', onClick: () => window.location.reload() }}
    >
      <p className="kp-vote-status-where">{where}</p>
    </StatusPage>
  );
}

/**
 * A link-mode vote type whose ballots have reached 应到人数: shown before the cover and the ballot (status
 * 'full'), and when the last place went to someone else while this voter filled the ballot in (409).
 */
export function FullPage({ where }: { where?: string }) {
  return (
    <StatusPage
      tone="warning"
      title={PUBLIC_VOTE_DETAILS.full}
      description="收回的答卷已达到组织方设定的应到人数，不再接受新的答卷。如果您还没有投票，请联系组织方。"
    >
      {where && <p className="kp-vote-status-where">{where}</p>}
    </StatusPage>
  );
}

/** The link could not be read: unknown (404), malformed (400), or no network. */
export function LoadErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 0 || status >= 500) {
    return (
      <StatusPage
        tone="warning"
        title="网络异常，暂时无法打开投票"
        description="请检查网络连接后重试。已填写的答卷保存在本机，不会丢失。"
        action={{ label: '重试', onClick: onRetry }}
      />
    );
  }
  const detail = error instanceof ApiError && error.detail ? error.detail : '投票链接无效或已失效';
  return (
    <StatusPage
      tone="error"
      title={status === 404 || status === 400 ? '投票链接无效' : '无法打开投票'}
      description={`${detail}。请确认二维码或链接是否完整，或联系组织方获取新的链接。`}
      action={{ label: '返回首页', href: '/' }}
    />
  );
}
