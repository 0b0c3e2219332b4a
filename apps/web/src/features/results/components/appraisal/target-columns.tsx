import { GOOD_RATE_LABEL } from '@kaoping/contracts/constants';
import type { TargetResult } from '@kaoping/contracts/target-results';
import type { TurnoutRow } from '@kaoping/contracts/turnout';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatScore, formatShare } from '@/lib/format';
import { nullsLast } from '@/lib/sorters';

const byVoteType = (t: TargetResult, voteTypeId: number) =>
  t.by_vote_type.find((v) => v.vote_type_id === voteTypeId);

/** A vote type's column heading names its weight: the officials check the weighting from the table. */
export const voteTypeHeading = (vt: Pick<TurnoutRow, 'name' | 'weight'>, weighted: boolean) =>
  weighted ? `${vt.name}（权重 ${vt.weight}%）` : vt.name;

/**
 * Columns of the results table: rank, target, weighted result, the comparison with the previous round,
 * then per vote type its mean with the count under it, 好评率, 总票数 and the drill-down. Sized for a
 * 1366 px laptop: with four vote types and a previous round every column is in view (headers wrap, the
 * name column stays frozen on the left); on phones secondary columns hide (`responsive`).
 */
export function targetColumns(
  voteTypes: readonly TurnoutRow[],
  onOpen: (t: TargetResult) => void,
  /** After the weighted result: the comparison with the previous round, where there is one. */
  comparison: ColumnsType<TargetResult> = [],
): ColumnsType<TargetResult> {
  const weighted = voteTypes.some((v) => v.weight > 0);
  return [
    {
      title: '排名',
      dataIndex: 'rank',
      width: 64,
      align: 'center',
      defaultSortOrder: 'ascend',
      sorter: (a, b, order) => nullsLast(a.rank, b.rank, order),
      render: (rank: number | null) =>
        rank === null ? '—' : <Tag color={rank <= 3 ? 'red' : undefined}>{rank}</Tag>,
    },
    {
      title: '测评对象',
      key: 'name',
      fixed: 'left',
      width: 112,
      render: (_, t) => (
        <div>
          <Typography.Text strong>{t.name}</Typography.Text>
          {!t.is_active && <Tag style={{ marginLeft: 6 }}>已停用</Tag>}
          {t.title && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t.title}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: weighted ? '加权得分' : '综合得分',
      dataIndex: 'weighted_score',
      width: 92,
      align: 'right',
      sorter: (a, b, order) => nullsLast(a.weighted_score, b.weighted_score, order),
      render: (v: number | null) => <Typography.Text strong>{formatScore(v)}</Typography.Text>,
    },
    ...comparison,
    ...voteTypes.map((vt) => ({
      title: voteTypeHeading(vt, weighted),
      key: `vt-${vt.vote_type_id}`,
      children: [
        {
          // One column per vote type (the count under the mean) keeps four groups within a laptop's width.
          title: '平均分（票数）',
          key: `vt-${vt.vote_type_id}-mean`,
          width: 96,
          align: 'right' as const,
          sorter: (a: TargetResult, b: TargetResult, order?: 'ascend' | 'descend' | null) =>
            nullsLast(byVoteType(a, vt.vote_type_id)?.mean, byVoteType(b, vt.vote_type_id)?.mean, order),
          render: (_: unknown, t: TargetResult) => (
            <div className="kp-two-line">
              <div>{formatScore(byVoteType(t, vt.vote_type_id)?.mean)}</div>
              <Typography.Text type="secondary">
                {byVoteType(t, vt.vote_type_id)?.count ?? 0} 票
              </Typography.Text>
            </div>
          ),
        },
      ],
    })),
    {
      title: GOOD_RATE_LABEL,
      key: 'good_rate',
      width: 92,
      align: 'right',
      responsive: ['md'],
      sorter: (a, b, order) => nullsLast(a.combined.good_rate, b.combined.good_rate, order),
      render: (_, t) => formatShare(t.combined.good_rate),
    },
    {
      title: '总票数',
      key: 'count',
      width: 64,
      align: 'right',
      responsive: ['lg'],
      render: (_, t) => t.combined.count,
    },
    {
      title: '操作',
      key: 'actions',
      width: 64,
      render: (_, t) => (
        <Button type="link" size="small" onClick={() => onOpen(t)} aria-label={`查看${t.name}的明细`}>
          明细
        </Button>
      ),
    },
  ];
}
