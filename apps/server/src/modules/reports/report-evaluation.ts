import type { CadreSummaryQuestion, UnitSummary } from '@kaoping/contracts/summary-tables';
import { thresholdPercent } from '@kaoping/contracts/summary-thresholds';
import { barsWithAverageSpec } from '../../lib/report/chart-png';
import { signedCell, type ReportBlock, type ReportTable } from '../../lib/report/report-model';
import { count, pair, share } from './report-common';

/** One 选人用人 question: per option, count and share per voter group and in total. */
export function cadreTable(q: CadreSummaryQuestion, s: UnitSummary): ReportTable {
  const groups = s.cadre.vote_types;
  return {
    header: [
      [
        { text: '选项', rowSpan: 2 },
        ...groups.map((g) => ({ text: g.name, colSpan: 2 })),
        { text: '合计', colSpan: 2 },
      ],
      [...groups, null].flatMap(() => [{ text: '票数' }, { text: '占比' }]),
    ],
    widths: [24, ...[...groups, null].flatMap(() => [7, 9])],
    rows: [
      ...q.options.map((o) => ({
        cells: [
          o.option,
          ...o.by_vote_type.flatMap((c, i) => pair(c, q.bases[i])),
          ...pair(o.total, q.base_total),
        ],
      })),
      {
        bold: true,
        cells: [
          q.type === 'multiple_choice' ? '参评人数（占比基数）' : '作答人数（占比基数）',
          ...q.bases.flatMap((b) => [count(b), null]),
          count(q.base_total),
          null,
        ],
      },
    ],
  };
}

export function cadreBlocks(s: UnitSummary): ReportBlock[] {
  const c = s.cadre;
  const blocks: ReportBlock[] = [
    {
      kind: 'heading',
      text: `三、选人用人工作民主评议汇总表${c.poll ? `（${c.poll.title}）` : ''}`,
      level: 1,
    },
    {
      kind: 'paragraph',
      text: `参评人数：${c.voters_total}（${c.vote_types.map((g, i) => `${g.name} ${c.voters[i]}`).join('，') || '无投票类型'}）`,
    },
  ];
  if (!c.poll) blocks.push({ kind: 'paragraph', tone: 'muted', text: '本批次没有选人用人工作问卷。' });
  c.questions.forEach((q, i) => {
    blocks.push({
      kind: 'heading',
      text: `${i + 1}. ${q.text}${q.type === 'multiple_choice' ? '（多选，占比为选择该项人数占参评人数的比例）' : ''}`,
      level: 2,
    });
    blocks.push({ kind: 'table', table: cadreTable(q, s) });
  });
  for (const sug of c.suggestions) {
    blocks.push({ kind: 'heading', text: `意见建议：${sug.text}（${sug.answers.length} 条）`, level: 2 });
    if (sug.answers.length === 0) blocks.push({ kind: 'paragraph', tone: 'muted', text: '无' });
    sug.answers.forEach((a, i) => blocks.push({ kind: 'paragraph', text: `${i + 1}. ${a}` }));
  }
  return blocks;
}

/**
 * 新提拔: per cadre its voter groups and 合计, 认同率, rank, the difference from the unit's average; a flagged
 * cadre's 合计 row says why in its 预警 cell.
 */
export function promotedTable(s: UnitSummary): ReportTable {
  const np = s.newly_promoted;
  const span2 = { rowSpan: 2 };
  return {
    header: [
      [
        { text: '姓名', ...span2 },
        { text: '票类', ...span2 },
        { text: '评议人数', ...span2 },
        ...np.opinions.map((o) => ({ text: o, colSpan: 2 })),
        { text: '认同率', ...span2 },
        { text: '认同+基本认同率', ...span2 },
        { text: '单位内排名', ...span2 },
        { text: '与单位平均认同率之差', ...span2 },
        { text: '预警', ...span2 },
      ],
      np.opinions.flatMap(() => [{ text: '票数' }, { text: '占比' }]),
    ],
    widths: [16, 10, 8, ...np.opinions.flatMap(() => [6, 8]), 9, 11, 8, 11, 14],
    rows: np.subjects.flatMap((subject) =>
      subject.rows.map((r, i) => {
        const total = r.kind === 'total';
        return {
          bold: total,
          flagged: total && subject.flagged,
          cells: [
            i === 0
              ? subject.current_position
                ? `${subject.name}（${subject.current_position}）`
                : subject.name
              : null,
            r.label,
            count(r.count),
            ...r.opinions.flatMap((o) => pair(o, r.count)),
            share(r.approval_rate),
            share(r.approval_or_basic_rate),
            total ? count(subject.rank) : null,
            total && subject.above_average !== null ? signedCell(subject.above_average) : null,
            total && subject.flagged ? `不认同率高于 ${thresholdPercent(np.flag_threshold)}` : null,
          ],
        };
      }),
    ),
  };
}

export function promotedBlocks(s: UnitSummary, opts: { charts: boolean }): ReportBlock[] {
  const np = s.newly_promoted;
  const avg = np.average_approval_rate;
  const blocks: ReportBlock[] = [
    {
      kind: 'heading',
      text: `四、新提拔干部民主评议汇总表${np.poll ? `（${np.poll.title}）` : ''}`,
      level: 1,
    },
    { kind: 'paragraph', text: `本单位平均认同率：${avg === null ? '—' : `${avg.toFixed(2)}%`}` },
  ];
  if (np.subjects.length === 0)
    blocks.push({ kind: 'paragraph', tone: 'muted', text: '本批次没有新提拔干部。' });
  else blocks.push({ kind: 'table', table: promotedTable(s) });
  for (const subject of np.subjects.filter((x) => x.flagged))
    blocks.push({ kind: 'paragraph', tone: 'warning', text: `预警：${subject.name} 不认同率超过阈值` });
  const rated = np.subjects.filter((x) => x.rank !== null);
  if (opts.charts && rated.length) {
    const approval = rated.map((x) => x.rows.find((r) => r.kind === 'total')!.approval_rate ?? 0);
    blocks.push({
      kind: 'chart',
      ...barsWithAverageSpec(
        '新提拔干部认同率',
        rated.map((x) => x.name),
        approval,
        avg,
      ),
    });
  }
  if (np.reasons.length) {
    blocks.push({ kind: 'heading', text: `不认同的理由（${np.reasons.length} 条）`, level: 2 });
    np.reasons.forEach((r, i) => blocks.push({ kind: 'paragraph', text: `${i + 1}. ${r}` }));
  }
  return blocks;
}
