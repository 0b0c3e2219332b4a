import type { FormCategory } from '@kaoping/contracts/vote-type';
import { Alert, Button, Descriptions, Drawer, Empty, Grid, Result, Skeleton } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { useBallotDetail, useVoterBallots } from '../../api/records';
import { TestTag } from './record-columns';
import type { RecordFamily } from './record-family';

/** What the drawer shows: one ballot, or everything one voter submitted. */
export type BallotRef = { kind: 'vote'; id: number } | { kind: 'voter'; voter: string; voteTypeId?: number };

export interface BallotDrawerProps<F extends FormCategory> {
  family: RecordFamily<F>;
  companyId: number;
  /** Undefined = the current round. */
  roundId: number | undefined;
  open: BallotRef | undefined;
  onClose: () => void;
}

/** Read-only ballots in the voter's own forms. */
export function BallotDrawer<F extends FormCategory>({
  family,
  companyId,
  roundId,
  open,
  onClose,
}: BallotDrawerProps<F>) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={open !== undefined}
      onClose={onClose}
      size={screens.md ? family.drawerWidth : '100%'}
      title={open?.kind === 'voter' ? '整张选票' : '答卷详情'}
      destroyOnHidden
    >
      {open?.kind === 'vote' && <OneBallot family={family} id={open.id} />}
      {open?.kind === 'voter' && (
        <VoterBallots
          family={family}
          companyId={companyId}
          roundId={roundId}
          voter={open.voter}
          voteTypeId={open.voteTypeId}
        />
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

function OneBallot<F extends FormCategory>({ family, id }: { family: RecordFamily<F>; id: number }) {
  const { data, error, isLoading, refetch } = useBallotDetail(family.family, id);
  if (isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!data) return <LoadError error={error} retry={() => refetch()} />;
  const common = {
    voter: { key: 'voter', label: '随机编号', children: data.voter_key },
    type: {
      key: 'type',
      label: '投票类型',
      children: (
        <>
          {data.vote_type_name ?? '—'} <TestTag show={data.is_test} />
        </>
      ),
    },
    time: { key: 'time', label: '投票日期', children: data.voted_on },
  };
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        items={family.ballotFacts(data, common)}
      />
      {family.renderBallot(data)}
    </>
  );
}

interface VoterBallotsProps<F extends FormCategory> {
  family: RecordFamily<F>;
  companyId: number;
  roundId: number | undefined;
  voter: string;
  voteTypeId?: number;
}

function VoterBallots<F extends FormCategory>({
  family,
  companyId,
  roundId,
  voter,
  voteTypeId,
}: VoterBallotsProps<F>) {
  const { data, error, isLoading, refetch } = useVoterBallots(family.family, voter, {
    companyId,
    voteTypeId,
    roundId,
  });
  if (isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!data) return <LoadError error={error} retry={() => refetch()} />;
  if (data.ballots.length === 0) return <Empty description="该选票暂无答卷（可能已被删除）" />;
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={`随机编号 ${data.voter_key}`}
        description={data.submissions
          .map(
            (s) =>
              `${s.vote_type_name}${s.is_test ? '（试投票）' : ''}：${s.voted_on} 投票，${family.ballotCount?.(s.ballot_count) ?? `${s.ballot_count} 份答卷`}${family.submissionExtra?.(s) ?? ''}`,
          )
          .join('；')}
      />
      {family.renderVoterBallots(data)}
    </>
  );
}
