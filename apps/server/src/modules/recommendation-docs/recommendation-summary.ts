import type { RecommendationResults } from '@kaoping/contracts/recommendation';
import type {
  RecommendationCandidateResult,
  RecommendationPostResult,
} from '@kaoping/contracts/recommendation-count';
import { nameKey, RECOMMENDATION_MODE_LABELS } from '@kaoping/contracts/recommendation-rules';
import type {
  HeaderCell,
  ReportBlock,
  ReportCell,
  ReportDoc,
  ReportRow,
  ReportTable,
} from '../../lib/report/report-model';
import { beijingTime } from '../results/export-columns';
import type { ReportSheet } from '../results/export-xlsx-report';

// 民主推荐情况汇总表 (issue 30) as plain report blocks, from the results answer alone: the same blocks are
// drawn as PDF and Word by the report renderers (lib/report, on the render worker) and written as an xlsx
// sheet by the report sheet writer, so the three files print the same figures. Per post: 职数 and 最多推荐人数,
// the ballots per voter group and in total (应到, 实到（收回）, 有效, 无效, 弃权, the ⅔ quorum), the names in
// rank order with 得票 and 得票率 per group and in total, 名次, 另提名 and 过半数 marked, the 口径 under each
// table; the 计票人/监票人/日期 lines at the end. A single voter group is printed without a 合计 beside it
// (it would repeat the group's figures), as the results screen does.

export const SUMMARY_TITLE = '民主推荐情况汇总表';

const count = (n: number): ReportCell => ({ num: n });
/** A share in percent, as the results answer rounded it (8.06 means 8.06 %). */
const share = (n: number): ReportCell => ({ percent: n });
/** Beijing time to the minute, as every printed table says when it was made. */
const minute = (iso: string) => beijingTime(new Date(iso)).slice(0, 16);

/** What the document says besides the results answer: the round it is of. */
export interface SummaryContext {
  round: { id: number; name: string };
}

type Group = RecommendationResults['groups'][number];

const NUMERALS = '一二三四五六七八九十';
const numeral = (i: number) => (i < NUMERALS.length ? NUMERALS[i]! : String(i + 1));

/** A name's key across the groups and the total: a listed candidate by id, a write-in by its name. */
const keyOf = (c: RecommendationCandidateResult) =>
  c.candidate_id === null ? `w:${nameKey(c.name)}` : `c:${c.candidate_id}`;

const groupLabel = (g: Group) => `${g.name}（${RECOMMENDATION_MODE_LABELS[g.recommendation_mode]}）`;

const quorumText = (p: RecommendationPostResult) =>
  p.quorum_met === null ? '未设应到' : p.quorum_met ? '达到三分之二' : '未达三分之二';

/** The ballots of a post: a row per voter group, then 合计 (several groups). */
function countsTable(
  groups: { label: string; post: RecommendationPostResult }[],
  total: RecommendationPostResult,
) {
  const rows: ReportRow[] = groups.map(({ label, post }) => countRow(label, post));
  if (groups.length > 1) rows.push({ ...countRow('合计', total), bold: true });
  const table: ReportTable = {
    header: [
      ['投票类型', '应到', '实到（收回）', '有效', '无效', '弃权', '到会情况'].map((text) => ({ text })),
    ],
    widths: [26, 9, 11, 9, 9, 9, 14],
    rows,
  };
  return table;
}

function countRow(label: string, p: RecommendationPostResult): ReportRow {
  return {
    flagged: p.quorum_met === false,
    cells: [
      label,
      p.expected === null ? '未设置' : count(p.expected),
      count(p.received),
      count(p.valid),
      count(p.invalid),
      count(p.abstained),
      quorumText(p),
    ],
  };
}

/** The names of a post in the total's rank order, with votes and share per group and in total. */
function candidatesTable(
  groups: { label: string; post: RecommendationPostResult }[],
  total: RecommendationPostResult,
): ReportTable {
  const single = groups.length === 1;
  const columns = single ? [] : groups;
  const header: HeaderCell[][] = [
    [
      { text: '名次', rowSpan: 2 },
      { text: '姓名', rowSpan: 2 },
      { text: '类别', rowSpan: 2 },
      ...columns.map((g) => ({ text: g.label, colSpan: 2 })),
      { text: single ? groups[0]!.label : '合计', colSpan: 2 },
      { text: '过半数', rowSpan: 2 },
    ],
    [...columns, null].flatMap(() => [{ text: '得票' }, { text: '得票率' }]),
  ];
  const byGroup = columns.map(({ post }) => new Map(post.candidates.map((c) => [keyOf(c), c])));
  const rows: ReportRow[] = total.candidates.map((c) => ({
    bold: c.above_half,
    cells: [
      count(c.rank),
      c.name,
      c.write_in ? '另提名' : '参考人选',
      ...byGroup.flatMap((m) => {
        const g = m.get(keyOf(c));
        // A name written in on another group's ballots only: no vote here.
        return g ? [count(g.votes), share(g.share)] : [count(0), share(0)];
      }),
      count(c.votes),
      share(c.share),
      c.above_half ? '过半数' : null,
    ],
  }));
  return {
    header,
    keyColumns: 0,
    widths: [6, 14, 9, ...[...columns, null].flatMap(() => [8, 9]), 8],
    rows,
  };
}

/** The blocks of one post. */
function postBlocks(
  results: RecommendationResults,
  j: number,
  total: RecommendationPostResult,
): ReportBlock[] {
  const groups = results.groups.flatMap((g) => {
    const post = g.posts[j];
    return post ? [{ label: groupLabel(g), post }] : [];
  });
  const blocks: ReportBlock[] = [
    { kind: 'heading', text: `${numeral(j)}、${total.name}`, level: 1 },
    {
      kind: 'paragraph',
      text: `职数 ${total.seats} 名，最多推荐 ${total.max_choices} 人`,
    },
  ];
  const warned = [...groups, ...(groups.length > 1 ? [{ label: '合计', post: total }] : [])].filter(
    (g) => g.post.warning,
  );
  for (const g of warned)
    blocks.push({
      kind: 'paragraph',
      tone: 'warning',
      text: `${g.label}：${g.post.warning}（应到 ${g.post.expected ?? '—'} 人，实到 ${g.post.received} 人）。`,
    });
  if (groups.length === 0) return blocks;
  blocks.push({ kind: 'table', table: countsTable(groups, total) });
  if (total.candidates.length === 0) blocks.push({ kind: 'paragraph', tone: 'muted', text: '无人得票。' });
  else blocks.push({ kind: 'table', table: candidatesTable(groups, total) });
  blocks.push({ kind: 'paragraph', tone: 'muted', text: `口径：${results.share_note}` });
  return blocks;
}

/** The lines under the title: unit, round, the voter groups counted, the time generated. */
export function summaryLines(results: RecommendationResults, ctx: SummaryContext): string[] {
  const groups = results.groups.map(groupLabel).join('、') || '无';
  return [
    `单位：${results.company.name}\u3000\u3000批次：${ctx.round.name}`,
    `计入的投票类型：${groups}`,
    `生成时间：${minute(results.generated_at)}（北京时间）`,
  ];
}

/** The blocks of the whole table: the notes, then each post; the signature lines at the end. */
export function summaryBlocks(results: RecommendationResults): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  if (results.open_note) blocks.push({ kind: 'paragraph', tone: 'warning', text: `${results.open_note}。` });
  if (results.groups.length === 0)
    blocks.push({
      kind: 'paragraph',
      tone: 'warning',
      text: '尚无已结束的民主推荐投票类型，以下各职位没有计票结果。',
    });
  if (results.total.posts.length === 0)
    blocks.push({ kind: 'paragraph', tone: 'muted', text: '本批次没有推荐职位。' });
  results.total.posts.forEach((total, j) => blocks.push(...postBlocks(results, j, total)));
  blocks.push({ kind: 'signatures' });
  return blocks;
}

/**
 * The 汇总表 as a table document (PDF and Word), laid out like its xlsx sheet and the other 汇总表: no
 * cover or contents, the first page opens with the title and the lines (unit, round, groups, time), then
 * the posts, the 计票人/监票人/日期 lines at the end; `sealCode` in every footer.
 */
export function summaryReportDoc(
  results: RecommendationResults,
  ctx: SummaryContext,
  sealCode?: string,
): ReportDoc {
  return {
    title: `${results.company.name} ${ctx.round.name} ${SUMMARY_TITLE}`,
    opening: 'title',
    cover: { title: SUMMARY_TITLE, subtitle: '', lines: summaryLines(results, ctx) },
    blocks: summaryBlocks(results),
    ...(sealCode ? { sealCode } : {}),
  };
}

/** The 汇总表 as a printable xlsx sheet (the signature lines and the 核验码 are added by the sheet writer). */
export function summarySheet(results: RecommendationResults, ctx: SummaryContext): ReportSheet {
  return {
    title: SUMMARY_TITLE,
    lines: summaryLines(results, ctx),
    blocks: summaryBlocks(results).filter((b) => b.kind !== 'signatures'),
  };
}

/** What a 核验码 seals: the figures printed, without the time the answer was made. */
export function sealedFigures(results: RecommendationResults, ctx: SummaryContext) {
  const { generated_at: _generated, ...figures } = results;
  return { round_id: ctx.round.id, ...figures };
}
