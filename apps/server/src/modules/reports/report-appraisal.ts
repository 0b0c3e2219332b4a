import type { AppraisalSection, UnitSummary } from '@kaoping/contracts/summary-tables';
import { flagReasons } from '@kaoping/contracts/summary-thresholds';
import { stackedSharesSpec } from '../../lib/report/chart-png';
import {
  oneRowHeader,
  type HeaderCell,
  type ReportBlock,
  type ReportRow,
  type ReportTable,
} from '../../lib/report/report-model';
import { count, pair, score, share } from './report-common';

export const SECTION_NAMES = { company: '领导班子', person: '领导干部' } as const;

/**
 * The 汇总表 of one section: per target its voter groups, 合计 and 加权合计; a flagged row is marked and its
 * last cell (the 预警 column) gives the reason in words, as the 汇总表 screen does.
 */
export function appraisalTable(section: AppraisalSection, s: UnitSummary): ReportTable {
  const span2 = { rowSpan: 2 };
  const header: HeaderCell[][] = [
    [
      { text: '测评对象', ...span2 },
      { text: '票类', ...span2 },
      { text: '参评人数', ...span2 },
      ...section.grades.map((g) => ({ text: g.label, colSpan: 2 })),
      { text: section.rate_labels.excellent, ...span2 },
      { text: section.rate_labels.top_two, ...span2 },
      { text: section.rate_labels.bottom, ...span2 },
      { text: '得分', ...span2 },
      { text: '排名', ...span2 },
      { text: '预警', ...span2 },
    ],
    section.grades.flatMap(() => [{ text: '票数' }, { text: '占比' }]),
  ];
  const rows: ReportRow[] = section.targets.flatMap((t) =>
    t.rows.map((r, i) => {
      const reasons = flagReasons(r.flags, s.validity.thresholds);
      return {
        flagged: reasons.length > 0,
        bold: r.kind !== 'vote_type',
        cells: [
          i === 0 ? (t.title ? `${t.name}（${t.title}）` : t.name) : null,
          r.label,
          count(r.voters),
          ...r.grades.flatMap((g) => pair(g, r.voters)),
          share(r.excellent_rate),
          share(r.top_two_rate),
          share(r.bottom_rate),
          score(r.score),
          r.kind === 'weighted' ? count(t.rank) : null,
          reasons.join('；') || null,
        ],
      };
    }),
  );
  return {
    header,
    widths: [16, 10, 7, ...section.grades.flatMap(() => [6, 8]), 11, 11, 11, 8, 6, 26],
    rows,
  };
}

/** The flags of a section in words, one line per flagged target. */
export function flagLines(section: AppraisalSection, s: UnitSummary): string[] {
  return section.targets.flatMap((t) => {
    const reasons = flagReasons(t.flags, s.validity.thresholds);
    return reasons.length ? [`预警：${t.name}（加权合计）${reasons.join('，')}`] : [];
  });
}

/** 分项评价: per target and item, each option's count and share of the answers. */
export function itemsTable(section: AppraisalSection): ReportTable | null {
  if (!section.targets.some((t) => t.items.length)) return null;
  return {
    header: [
      [
        { text: '测评对象', rowSpan: 2 },
        { text: '评价项目', rowSpan: 2 },
        { text: '作答人数', rowSpan: 2 },
        ...section.item_options.map((o) => ({ text: o.label, colSpan: 2 })),
      ],
      section.item_options.flatMap(() => [{ text: '票数' }, { text: '占比' }]),
    ],
    widths: [16, 22, 8, ...section.item_options.flatMap(() => [6, 8])],
    rows: section.targets.flatMap((t) =>
      t.items.map((item, i) => ({
        cells: [
          i === 0 ? t.name : null,
          item.name,
          count(item.answered),
          ...item.options.flatMap((o) => pair(o, item.answered)),
        ],
      })),
    ),
  };
}

/** 反向测评: per target and reverse item, the voters who marked it and their share of all its voters. */
export function reverseTable(section: AppraisalSection): ReportTable | null {
  if (!section.targets.some((t) => t.reverse.length)) return null;
  return {
    header: oneRowHeader('测评对象', '问题', '标记人数', '占参评人数比例'),
    widths: [16, 40, 10, 12],
    rows: section.targets.flatMap((t) =>
      t.reverse.map((r, i) => ({
        cells: [i === 0 ? t.name : null, r.description, count(r.count), share(r.share)],
      })),
    ),
  };
}

const CHART_CHUNK = 20;

/** The 加权合计 grade shares of the targets as 100 % bars, 20 targets a chart. */
export function appraisalCharts(section: AppraisalSection): ReportBlock[] {
  const rated = section.targets.filter((t) => t.rows.some((r) => r.kind === 'weighted' && r.voters > 0));
  const out: ReportBlock[] = [];
  for (let i = 0; i < rated.length; i += CHART_CHUNK) {
    const part = rated.slice(i, i + CHART_CHUNK);
    const weighted = part.map((t) => t.rows.find((r) => r.kind === 'weighted')!);
    const chart = stackedSharesSpec(
      `${SECTION_NAMES[section.kind]}各等次占比（加权合计）`,
      part.map((t) => t.name),
      section.grades.map((g, gi) => ({ name: g.label, shares: weighted.map((w) => w.grades[gi]!.share) })),
    );
    out.push({ kind: 'chart', ...chart });
  }
  return out;
}

/** The 民主测评 part of the report: per section its table, flags and charts, then items and reverse. */
export function appraisalBlocks(s: UnitSummary, opts: { charts: boolean }): ReportBlock[] {
  const blocks: ReportBlock[] = [{ kind: 'heading', text: '二、民主测评汇总表', level: 1 }];
  if (s.appraisal.sections.length === 0)
    blocks.push({ kind: 'paragraph', tone: 'muted', text: '本批次没有民主测评的测评对象。' });
  for (const section of s.appraisal.sections) {
    blocks.push({
      kind: 'heading',
      text: `${SECTION_NAMES[section.kind]}（${section.poll?.title ?? ''}）`,
      level: 2,
    });
    blocks.push({ kind: 'table', table: appraisalTable(section, s) });
    for (const text of flagLines(section, s)) blocks.push({ kind: 'paragraph', tone: 'warning', text });
    if (opts.charts) blocks.push(...appraisalCharts(section));
  }
  for (const section of s.appraisal.sections) {
    const items = itemsTable(section);
    if (items) {
      blocks.push({ kind: 'heading', text: `${SECTION_NAMES[section.kind]}分项评价`, level: 2 });
      blocks.push({ kind: 'table', table: items });
    }
    const reverse = reverseTable(section);
    if (reverse) {
      blocks.push({
        kind: 'heading',
        text: `${SECTION_NAMES[section.kind]}${section.reverse_title}`,
        level: 2,
      });
      blocks.push({ kind: 'table', table: reverse });
    }
  }
  return blocks;
}
