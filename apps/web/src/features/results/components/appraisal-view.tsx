import { useMemo, useState } from 'react';
import type { AppraisalResults, TargetResult } from '@kaoping/contracts/results';
import { Button, Card, Empty, Grid, Result, Skeleton, Table, Typography } from 'antd';
import { TurnoutCard, useLiveTurnout, useOnChange } from '@/components/charts/live-turnout';
import { errorDetail } from '@/lib/api-client';
import { useAppraisalResults } from '../api/appraisal-results';
import { TargetCharts } from './target-charts';
import { targetColumns } from './target-columns';
import { TargetDrawer } from './target-drawer';

type Poll = AppraisalResults['polls'][number];

const KIND_TITLE = { company: '领导班子民主测评', person: '领导人员民主测评' } as const;

/** One company's 民主测评 results: live turnout, then a table and charts per poll (company / person). */
export function AppraisalView({ companyId }: { companyId: number }) {
  const results = useAppraisalResults(companyId);
  const turnout = useLiveTurnout(companyId, 'democratic_appraisal');
  const [open, setOpen] = useState<TargetResult>();
  // New ballots (or a deleted voter) change the count: then the figures are worth asking for again.
  useOnChange(turnout.data?.received, () => void results.refetch());

  const { data } = results;
  const sections = useMemo(() => {
    if (!data) return [];
    return (['company', 'person'] as const)
      .map((kind) => ({
        kind,
        poll: data.polls.find((p) => p.target_type === kind),
        targets: data.targets.filter((t) => t.type === kind),
      }))
      .filter((s) => s.targets.length > 0);
  }, [data]);

  let body;
  if (results.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (results.isError && !data)
    body = (
      <Result
        status="error"
        title="获取测评结果失败"
        subTitle={errorDetail(results.error, '请检查网络后重试。')}
        extra={<Button onClick={() => results.refetch()}>重试</Button>}
      />
    );
  else if (!data || data.targets.every((t) => t.combined.count === 0))
    body = (
      <Card>
        <Empty description="暂无投票数据">
          <Typography.Text type="secondary">
            投票开始后，这里会显示各测评对象的得分、排名和图表；上方的参与情况会自动刷新。
          </Typography.Text>
        </Empty>
      </Card>
    );
  else
    body = sections.map((s) => (
      <PollSection
        key={s.kind}
        title={s.poll?.title ?? KIND_TITLE[s.kind]}
        targets={s.targets}
        data={data}
        poll={s.poll}
        onOpen={setOpen}
      />
    ));

  const openPoll = data?.polls.find((p) => p.target_type === open?.type);
  return (
    <>
      <TurnoutCard query={turnout} />
      {body}
      <TargetDrawer
        target={open}
        voteTypes={data?.vote_types ?? []}
        reverseTitle={openPoll?.reverse_title ?? '反向测评'}
        onClose={() => setOpen(undefined)}
      />
    </>
  );
}

interface PollSectionProps {
  title: string;
  targets: TargetResult[];
  data: AppraisalResults;
  poll: Poll | undefined;
  onOpen: (t: TargetResult) => void;
}

function PollSection({ title, targets, data, onOpen }: PollSectionProps) {
  const columns = useMemo(() => targetColumns(data.vote_types, onOpen), [data.vote_types, onOpen]);
  const weighted = data.vote_types.some((v) => v.weight > 0);
  const screens = Grid.useBreakpoint();
  return (
    <Card
      size={screens.sm === false ? 'small' : 'default'}
      title={title}
      extra={<Typography.Text type="secondary">{targets.length} 个测评对象</Typography.Text>}
      style={{ marginBottom: 16 }}
      data-testid={`results-${targets[0]?.type}`}
    >
      <Table<TargetResult>
        rowKey="target_id"
        size="middle"
        bordered
        pagination={false}
        dataSource={targets}
        columns={columns}
        scroll={{ x: 'max-content' }}
        showSorterTooltip={false}
        locale={{ emptyText: '暂无测评对象' }}
      />
      {weighted && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
          加权得分 = Σ（权重 × 该投票类型平均分）÷ 有投票的投票类型权重之和；排名在同类测评对象中计算。
        </Typography.Paragraph>
      )}
      <TargetCharts targets={targets} scoreLabel={weighted ? '加权得分' : '综合得分'} />
    </Card>
  );
}
