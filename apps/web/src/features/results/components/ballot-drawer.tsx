import { Alert, Button, Collapse, Descriptions, Drawer, Empty, Grid, Result, Skeleton } from 'antd';
import { formatScore, formatTime } from '@/components/charts/format';
import { errorDetail } from '@/lib/api-client';
import { useVoteDetail, useVoterBallots } from '../api/vote-records';
import { ScoringView } from './scoring-view';

/** What the drawer shows: one ballot, or everything one voter submitted. */
export type BallotRef = { kind: 'vote'; id: number } | { kind: 'voter'; voter: string; voteTypeId?: number };

export interface BallotDrawerProps {
  companyId: number;
  open: BallotRef | undefined;
  onClose: () => void;
}

/** Read-only ballots in the voter's own layout. */
export function BallotDrawer({ companyId, open, onClose }: BallotDrawerProps) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={open !== undefined}
      onClose={onClose}
      size={screens.md ? 720 : '100%'}
      title={open?.kind === 'voter' ? '投票人的全部答卷' : '答卷详情'}
      destroyOnHidden
    >
      {open?.kind === 'vote' && <OneBallot id={open.id} />}
      {open?.kind === 'voter' && (
        <VoterBallots companyId={companyId} voter={open.voter} voteTypeId={open.voteTypeId} />
      )}
    </Drawer>
  );
}

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <Result
      status="error"
      title="获取答卷失败"
      subTitle={errorDetail(error, '请检查网络后重试。')}
      extra={<Button onClick={retry}>重试</Button>}
    />
  );
}

function OneBallot({ id }: { id: number }) {
  const { data, error, isLoading, refetch } = useVoteDetail(id);
  if (isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!data) return <LoadError error={error} retry={() => refetch()} />;
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'voter', label: '投票人', children: data.voter_identifier },
          { key: 'type', label: '投票类型', children: data.vote_type_name ?? '—' },
          { key: 'time', label: '投票时间', children: formatTime(data.created_at) },
          { key: 'score', label: '得分', children: formatScore(data.score) },
        ]}
      />
      <ScoringView
        poll={data.poll}
        answers={data.answers}
        targetName={data.target_name ?? '（已删除的测评对象）'}
        targetTitle={data.target_title}
      />
    </>
  );
}

function VoterBallots({
  companyId,
  voter,
  voteTypeId,
}: {
  companyId: number;
  voter: string;
  voteTypeId?: number;
}) {
  const { data, error, isLoading, refetch } = useVoterBallots(voter, companyId, voteTypeId);
  if (isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!data) return <LoadError error={error} retry={() => refetch()} />;
  if (data.ballots.length === 0) return <Empty description="该投票人暂无答卷（可能已被删除）" />;
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`投票人 ${data.voter_identifier}`}
        description={data.submissions
          .map(
            (s) =>
              `${s.vote_type_name}：${formatTime(s.created_at)} 提交，${s.ballot_count} 份答卷，总分 ${formatScore(s.total_score)}`,
          )
          .join('；')}
      />
      <Collapse
        defaultActiveKey={data.ballots.length === 1 ? [String(data.ballots[0]!.id)] : []}
        items={data.ballots.map((b) => ({
          key: String(b.id),
          label: `${b.target_name ?? '（已删除的测评对象）'}${b.target_title ? ` · ${b.target_title}` : ''}`,
          extra: `${formatScore(b.score)} 分`,
          children: (
            <ScoringView
              poll={data.polls.find((p) => p.id === b.poll_id)}
              answers={b.answers}
              targetName={b.target_name ?? '（已删除的测评对象）'}
              targetTitle={b.target_title}
            />
          ),
        }))}
      />
    </>
  );
}
