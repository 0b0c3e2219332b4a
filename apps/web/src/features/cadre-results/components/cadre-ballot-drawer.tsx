import { Alert, Button, Descriptions, Drawer, Empty, Grid, Result, Skeleton, Typography } from 'antd';
import { formatTime } from '@/components/charts/format';
import { errorDetail } from '@/lib/api-client';
import { useCadreVoteDetail, useCadreVoterBallots } from '../api/cadre-records';
import { POLL_KIND_LABELS } from './cadre-record-filters';
import { EvaluationBallot } from './evaluation-ballot';

export type CadreBallotRef =
  { kind: 'vote'; id: number } | { kind: 'voter'; voter: string; voteTypeId?: number };

export interface CadreBallotDrawerProps {
  companyId: number;
  open: CadreBallotRef | undefined;
  onClose: () => void;
}

/** Read-only 民主评议 ballots in the voter's own forms. */
export function CadreBallotDrawer({ companyId, open, onClose }: CadreBallotDrawerProps) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={open !== undefined}
      onClose={onClose}
      size={screens.md ? 760 : '100%'}
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
  const { data, error, isLoading, refetch } = useCadreVoteDetail(id);
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
          { key: 'poll', label: '问卷', children: POLL_KIND_LABELS[data.poll_kind] },
          { key: 'time', label: '投票时间', children: formatTime(data.created_at) },
        ]}
      />
      <EvaluationBallot poll={data.poll} answers={data.answers} subjects={data.subjects} />
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
  const { data, error, isLoading, refetch } = useCadreVoterBallots(voter, companyId, voteTypeId);
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
          .map((s) => `${s.vote_type_name}：${formatTime(s.created_at)} 提交，${s.ballot_count} 份答卷`)
          .join('；')}
      />
      {data.ballots.map((b) => (
        <section key={b.id} style={{ marginBottom: 24 }}>
          <Typography.Title level={5}>
            {POLL_KIND_LABELS[b.poll_kind]}
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal', marginLeft: 8 }}>
              {b.vote_type_name}
            </Typography.Text>
          </Typography.Title>
          <EvaluationBallot
            poll={data.polls.find((p) => p.id === b.poll_id)}
            answers={b.answers}
            subjects={data.subjects}
          />
        </section>
      ))}
    </>
  );
}
