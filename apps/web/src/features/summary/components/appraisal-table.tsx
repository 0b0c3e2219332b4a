import type {
  AppraisalRow,
  AppraisalSection,
  AppraisalSummaryTarget,
} from '@kaoping/contracts/summary-tables';
import { flagReasons, type SummaryThresholds } from '@kaoping/contracts/summary-thresholds';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import { Grid, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatScore, formatShare } from '@/lib/format';
import { leadColumns, spanLines } from '../lib/span-lines';
import { FlaggedLabel } from './flagged-label';
import { SummaryTable } from './summary-table';

interface Line {
  key: string;
  target: AppraisalSummaryTarget;
  row: AppraisalRow;
  /** Rows of the target: the first line spans them in the rank and name columns. */
  span: number;
}

const flagged = (r: AppraisalRow) => r.flags.top_two_low || r.flags.bottom_high;

// Widths for a 1366 px laptop: with four grades the table fits the page (no column behind a sideways
// scroll); the headers wrap instead of widening their columns. On a phone the name column scrolls too.
const NUM = 46;
const SHARE = 70;
const RATE = 78;

function columns(section: AppraisalSection, thresholds: SummaryThresholds, wide: boolean): ColumnsType<Line> {
  return [
    // On a phone the two columns would take the screen: they scroll with the rest.
    ...leadColumns<Line>(
      (l) => l.target.rank,
      {
        title: '测评对象',
        render: (_, l) => {
          const reasons = flagReasons(l.target.flags, thresholds);
          return (
            <>
              <Typography.Text strong>{l.target.name}</Typography.Text>
              {l.target.title && <div className="kp-sum-sub">{l.target.title}</div>}
              {reasons.length > 0 && (
                <Tooltip title={reasons.join('；')}>
                  <Tag color="red" className="kp-sum-flag">
                    预警：{reasons.join('；')}
                  </Tag>
                </Tooltip>
              )}
            </>
          );
        },
      },
      wide,
    ),
    {
      title: '票类',
      key: 'label',
      width: 104,
      render: (_, l) => <FlaggedLabel label={l.row.label} reasons={flagReasons(l.row.flags, thresholds)} />,
    },
    { title: '参评人数', key: 'voters', align: 'right', width: NUM, render: (_, l) => l.row.voters },
    ...section.grades.map((g, i) => ({
      title: g.label,
      key: `g${i}`,
      children: [
        {
          title: '票数',
          key: `g${i}n`,
          align: 'right' as const,
          width: NUM,
          render: (_: unknown, l: Line) => l.row.grades[i]?.count ?? '—',
        },
        {
          title: '占比',
          key: `g${i}s`,
          align: 'right' as const,
          width: SHARE,
          render: (_: unknown, l: Line) => (l.row.voters ? formatShare(l.row.grades[i]?.share) : '—'),
        },
      ],
    })),
    {
      title: section.rate_labels.excellent,
      key: 'ex',
      align: 'right',
      width: RATE,
      render: (_, l) => formatShare(l.row.excellent_rate),
    },
    {
      title: section.rate_labels.top_two,
      key: 'top',
      align: 'right',
      width: RATE,
      render: (_, l) => formatShare(l.row.top_two_rate),
    },
    {
      title: section.rate_labels.bottom,
      key: 'bottom',
      align: 'right',
      width: RATE,
      render: (_, l) => formatShare(l.row.bottom_rate),
    },
    {
      title: '得分',
      key: 'score',
      align: 'right',
      width: 60,
      render: (_, l) => (
        <Tooltip title={l.row.kind === 'weighted' ? '加权得分' : '平均得分'}>
          {formatScore(l.row.score)}
        </Tooltip>
      ),
    },
  ];
}

/**
 * One 民主测评 汇总表 (the team, or the persons in rank order): per target a row per 票类, 合计 and 加权合计,
 * each grade's 票数 and 占比 under the grade's name. A flagged row has a red ground and its own 预警 tag with
 * the reason; the target's name carries the flags of its 加权合计 row.
 */
export function AppraisalTable({
  section,
  thresholds,
}: {
  section: AppraisalSection;
  thresholds: SummaryThresholds;
}) {
  const wide = Grid.useBreakpoint().md ?? true;
  const lines: Line[] = spanLines(
    section.targets,
    (target) => target.rows,
    (target, row) => ({ key: `${target.target_id}:${row.kind}:${row.vote_type_id ?? ''}`, target, row }),
  );
  return (
    <section aria-label={`${POLL_KIND_LABELS[section.kind].assessed}汇总表`} style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>
        民主测评汇总表（{POLL_KIND_LABELS[section.kind].assessed}）
        {section.poll && <span className="kp-sum-sub"> · {section.poll.title}</span>}
      </Typography.Title>
      {lines.length === 0 ? (
        <Typography.Text type="secondary">暂无测评对象</Typography.Text>
      ) : (
        <SummaryTable<Line>
          rowKey="key"
          dataSource={lines}
          columns={columns(section, thresholds, wide)}
          rowClassName={(l) =>
            [flagged(l.row) ? 'kp-sum-flagged' : '', l.row.kind !== 'vote_type' ? 'kp-sum-total' : ''].join(
              ' ',
            )
          }
        />
      )}
    </section>
  );
}
