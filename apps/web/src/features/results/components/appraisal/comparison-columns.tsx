import type { TargetResult } from '@kaoping/contracts/target-results';
import { Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatScore, formatShare } from '@/lib/format';
import { nullsLast } from '@/lib/sorters';

/** This round's share of the first overall grade (优秀 / 好), the figure the comparison sets beside. */
export const topShare = (t: TargetResult) =>
  t.combined.count > 0 ? (t.combined.overall[0]?.share ?? null) : null;

/** The first overall grade's name (优秀 for persons, 好 for the leadership team). */
export const topLabel = (targets: readonly TargetResult[]) =>
  targets.find((t) => t.combined.overall.length > 0)?.combined.overall[0]?.label ?? '最高等次';

/**
 * A change from the previous round: ▲ up (red, as Chinese reports mark a rise), ▼ down (green), 持平, or
 * — when either round has no figure. `unit` is read aloud (分, 个百分点).
 */
export function Change({ value, unit }: { value: number | null; unit: string }) {
  if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
  if (value === 0) return <span className="kp-change">持平</span>;
  const up = value > 0;
  const abs = Math.abs(value).toFixed(2);
  return (
    <span
      className={`kp-change ${up ? 'kp-change-up' : 'kp-change-down'}`}
      aria-label={`${up ? '上升' : '下降'} ${abs} ${unit}`}
    >
      {up ? '▲' : '▼'} {abs}
    </span>
  );
}

const previousOf = (t: TargetResult) => t.comparison.previous;

/** The previous round's figure, with that round's name on hover (a target may skip a round). */
function PreviousCell({ t, text }: { t: TargetResult; text: string }) {
  const prev = previousOf(t);
  if (!prev) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Tooltip title={`${prev.round_name}（上一轮）`}>
      <span>{text}</span>
    </Tooltip>
  );
}

/** A change with the previous round's figure under it: one column instead of two. */
function ChangeCell({
  t,
  value,
  unit,
  previous,
}: {
  t: TargetResult;
  value: number | null;
  unit: string;
  previous: string;
}) {
  return (
    <div className="kp-two-line">
      <Change value={value} unit={unit} />
      {previousOf(t) && (
        <Typography.Text type="secondary">
          上轮 <PreviousCell t={t} text={previous} />
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * Columns beside this round's weighted score: the change from the previous round's weighted score (that
 * score under it), then the share of the top grade this round and its change (the previous share under
 * it). None when no target of the table was in an earlier round.
 */
export function comparisonColumns(
  targets: readonly TargetResult[],
  scoreLabel: string,
): ColumnsType<TargetResult> {
  const previous = targets.map(previousOf).find((p) => p !== null);
  if (!previous) return [];
  const top = topLabel(targets);
  return [
    {
      title: (
        <Tooltip
          title={`与上一轮（${previous.round_name}）的${scoreLabel}比较`}
        >{`${scoreLabel}比较`}</Tooltip>
      ),
      key: 'cmp-score',
      children: [
        {
          title: '较上轮',
          key: 'cmp-score-change',
          width: 96,
          align: 'right',
          sorter: (a, b, order) =>
            nullsLast(a.comparison.change.weighted_score, b.comparison.change.weighted_score, order),
          render: (_, t) => (
            <ChangeCell
              t={t}
              value={t.comparison.change.weighted_score}
              unit="分"
              previous={formatScore(previousOf(t)?.weighted_score)}
            />
          ),
        },
      ],
    },
    {
      title: `「${top}」占比`,
      key: 'cmp-top',
      children: [
        {
          title: '本轮',
          key: 'cmp-top-this',
          width: 80,
          align: 'right',
          responsive: ['md'],
          render: (_, t) => formatShare(topShare(t)),
        },
        {
          title: '较上轮',
          key: 'cmp-top-change',
          width: 104,
          align: 'right',
          responsive: ['sm'],
          render: (_, t) => (
            <ChangeCell
              t={t}
              value={t.comparison.change.top_share}
              unit="个百分点"
              previous={formatShare(previousOf(t)?.top_share)}
            />
          ),
        },
      ],
    },
  ];
}
