import { useMemo } from 'react';
import type { TargetHistory } from '@kaoping/contracts/rounds';
import type { TargetResult } from '@kaoping/contracts/target-results';
import { Alert, Empty, Skeleton, Typography } from 'antd';
import { EChart, OPTION_COLORS } from '@/components/charts/echart';
import { historyLinesOption } from '@/components/charts/history-lines';
import { errorDetail } from '@/lib/api-client';
import { useTargetHistory } from '../../api/history';
import { formatScore, formatShare } from '@/lib/format';
import { FiguresTable } from '../figure-blocks';
import { Change, topLabel } from './comparison-columns';

type Row = TargetHistory['rounds'][number];

/** This round beside the previous one: the figures and the change (▲/▼). */
function Comparison({ target }: { target: TargetResult }) {
  const { previous, change } = target.comparison;
  if (!previous) {
    return (
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        该测评对象没有上一轮测评的数据（新增的测评对象，或本单位的第一轮测评）。
      </Typography.Paragraph>
    );
  }
  const top = topLabel([target]);
  return (
    <Typography.Paragraph style={{ marginBottom: 12 }} data-testid="target-comparison">
      与上一轮（{previous.round_name}）相比：加权得分 {formatScore(previous.weighted_score)} →{' '}
      {formatScore(target.weighted_score)}（<Change value={change.weighted_score} unit="分" />
      ），「{top}」占比 {formatShare(previous.top_share)} →{' '}
      {formatShare(target.combined.count > 0 ? (target.combined.overall[0]?.share ?? null) : null)}（
      <Change value={change.top_share} unit="个百分点" />
      ）。
    </Typography.Paragraph>
  );
}

/**
 * A target across rounds (测评批次): this round beside the previous one, a line chart of the weighted
 * score and the share of the top grade in every round it (or the target it was copied from) was in, and
 * the same figures in a table.
 */
export function TargetHistoryBlock({ target }: { target: TargetResult }) {
  const { data, error, isLoading } = useTargetHistory(target.target_id);
  const top = topLabel([target]);
  const option = useMemo(
    () =>
      data &&
      historyLinesOption({
        rounds: data.rounds.map((r) => r.round_name),
        lines: [
          { name: '加权得分', color: OPTION_COLORS[0]!, data: data.rounds.map((r) => r.weighted_score) },
          {
            name: `「${top}」占比`,
            color: OPTION_COLORS[3]!,
            data: data.rounds.map((r) => r.top_share),
            suffix: '%',
          },
        ],
      }),
    [data, top],
  );
  return (
    <section style={{ marginBottom: 16 }}>
      <Typography.Title level={5}>历次测评对比</Typography.Title>
      <Comparison target={target} />
      {isLoading && <Skeleton active paragraph={{ rows: 4 }} title={false} />}
      {error && (
        <Alert type="warning" showIcon title={`历次测评数据加载失败：${errorDetail(error, '请稍后重试')}`} />
      )}
      {data && data.rounds.length === 0 && <Empty description="暂无历次测评数据" />}
      {data && option && data.rounds.length > 0 && (
        <>
          {data.rounds.length > 1 && (
            <EChart
              option={option}
              height={240}
              label={`${data.name}历次测评加权得分和「${top}」占比折线图`}
            />
          )}
          <FiguresTable<Row>
            rowKey="round_id"
            size="small"
            dataSource={data.rounds}
            columns={[
              { title: '测评批次', dataIndex: 'round_name' },
              {
                title: '职务',
                dataIndex: 'title',
                responsive: ['sm'],
                render: (v: string) => v || '—',
              },
              { title: '加权得分', dataIndex: 'weighted_score', align: 'right', render: formatScore },
              { title: `「${top}」占比`, dataIndex: 'top_share', align: 'right', render: formatShare },
              { title: '票数', dataIndex: 'ballots', align: 'right' },
            ]}
          />
        </>
      )}
    </section>
  );
}
