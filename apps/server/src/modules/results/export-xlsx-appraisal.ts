// The 民主测评 workbook: 汇总表, one sheet per vote type (and all pooled), item and reverse breakdowns, and
// the raw ballots. Figures come from the same results the API answers.
import { GOOD_RATE_LABEL, openVoteTypesNote, SHARE_ROUNDING_NOTE } from '@kaoping/contracts/constants';
import type { Writable } from 'node:stream';
import type { AppraisalResults, TargetResult } from '@kaoping/contracts/target-results';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import type { ScoringAggregate } from '@kaoping/contracts/scoring';
import { beijingTime, type RawTable } from './export-columns';
import { comparisonSheet } from './export-xlsx-comparison';
import type { VoteExportRow } from '../ballots/ballot-batches.repository';
import {
  addSheet,
  dataRow,
  headerRow,
  rawSheet,
  sheetNamer,
  textRow,
  titleRow,
  turnoutTable,
  type Book,
} from './export-xlsx';

function summarySheet(book: Book, name: string, r: AppraisalResults) {
  const vts = r.vote_types;
  const span = 7 + vts.length;
  const sheet = addSheet(book, name, [6, 22, 8, 18, ...vts.map(() => 14), 12, 8, 10], 4);
  titleRow(sheet, `${r.company.name}民主测评结果汇总表`, span);
  textRow(sheet, [
    `单位：${r.company.name}`,
    null,
    null,
    null,
    `导出时间：${beijingTime(new Date())}（北京时间）`,
  ]);
  // Vote types still open are not in these figures (decision 0041): the sheet names them.
  if (r.open_vote_types.length) textRow(sheet, [openVoteTypesNote(r.open_vote_types.map((v) => v.name))]);
  headerRow(sheet, [
    '序号',
    '测评对象',
    '类型',
    '职务',
    ...vts.map((v) => `${v.name}平均分`),
    '加权得分',
    '排名',
    '有效票数',
  ]);
  headerRow(sheet, [null, '权重（%）', null, null, ...vts.map((v) => v.weight), null, null, null]);
  const decimals = new Set([...vts.map((_, i) => 4 + i), 4 + vts.length]);
  r.targets.forEach((t, i) => {
    const means = t.by_vote_type.map((a) => a.mean);
    dataRow(
      sheet,
      [
        i + 1,
        t.name,
        POLL_KIND_LABELS[t.type].short,
        t.title || null,
        ...means,
        t.weighted_score,
        t.rank,
        t.combined.count,
      ],
      decimals,
    );
  });
  textRow(sheet, []);
  textRow(sheet, [
    '说明：加权得分 = Σ(权重 × 该投票类型平均分) ÷ Σ权重，只计有投票且设了权重的投票类型；均未设权重时为全部选票的平均分。排名在同类对象（领导班子、个人）中按加权得分，并列同名次。',
  ]);
  textRow(sheet, [`说明：${SHARE_ROUNDING_NOTE}`]);
  textRow(sheet, []);
  turnoutTable(sheet, vts, 1);
  sheet.commit();
}

/** Targets grouped by their poll (company, person): each group has its own options, so its own header. */
const groups = (targets: TargetResult[]) =>
  (['company', 'person'] as const)
    .map((type) => ({ type, targets: targets.filter((t) => t.type === type) }))
    .filter((g) => g.targets.length > 0);

function scoresSheet(
  book: Book,
  name: string,
  r: AppraisalResults,
  pick: (t: TargetResult) => ScoringAggregate,
) {
  const sheet = addSheet(book, name, [6, 22, 8, 8, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
  titleRow(sheet, `${r.company.name} ${name}`, 10);
  for (const g of groups(r.targets)) {
    const options = pick(g.targets[0]!).overall;
    textRow(sheet, [`${POLL_KIND_LABELS[g.type].short}测评对象`], { bold: true });
    const optionHeaders = options.flatMap((o) => [`${o.label}（人）`, `${o.label}（%）`]);
    headerRow(sheet, [
      '序号',
      '测评对象',
      '类型',
      '票数',
      '平均分',
      '最高分',
      '最低分',
      ...optionHeaders,
      `${GOOD_RATE_LABEL}（%）`,
    ]);
    const decimals = new Set([4, 5, 6, ...options.map((_, i) => 8 + 2 * i), 7 + 2 * options.length]);
    g.targets.forEach((t, i) => {
      const a = pick(t);
      const shares = a.overall.flatMap((o) => [o.count, o.share]);
      dataRow(
        sheet,
        [
          i + 1,
          t.name,
          POLL_KIND_LABELS[t.type].short,
          a.count,
          a.mean,
          a.max,
          a.min,
          ...shares,
          a.good_rate,
        ],
        decimals,
      );
    });
    textRow(sheet, []);
  }
  sheet.commit();
}

type Slice = { label: string; pick: (t: TargetResult) => ScoringAggregate };

function itemsSheet(book: Book, name: string, r: AppraisalResults, slices: Slice[]) {
  const sheet = addSheet(book, name, [22, 14, 18, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]);
  for (const g of groups(r.targets)) {
    const options = slices[0]!.pick(g.targets[0]!).items[0]?.distribution ?? [];
    textRow(sheet, [`${POLL_KIND_LABELS[g.type].short}测评对象：分项评价`], { bold: true });
    headerRow(sheet, [
      '测评对象',
      '投票类型',
      '评价项目',
      '作答人数',
      '平均分',
      ...options.flatMap((o) => [`${o.label}（人）`, `${o.label}（%）`]),
    ]);
    const decimals = new Set([4, ...options.map((_, i) => 6 + 2 * i)]);
    for (const t of g.targets) {
      for (const s of slices) {
        for (const item of s.pick(t).items) {
          const dist = item.distribution.flatMap((o) => [o.count, o.share]);
          dataRow(sheet, [t.name, s.label, item.name, item.answered, item.mean, ...dist], decimals);
        }
      }
    }
    textRow(sheet, []);
  }
  sheet.commit();
}

function reverseSheet(book: Book, name: string, r: AppraisalResults, slices: Slice[]) {
  const sheet = addSheet(book, name, [22, 14, 30, 10, 10, 10, 10, 10, 10]);
  for (const g of groups(r.targets)) {
    const title = r.polls.find((p) => p.target_type === g.type)?.reverse_title ?? '反向测评';
    // One option (存在) needs no columns of its own; several (e.g. 较轻/严重) get a count and share each.
    const all = slices[0]!.pick(g.targets[0]!).reverse[0]?.options ?? [];
    const options = all.length > 1 ? all : [];
    textRow(sheet, [`${POLL_KIND_LABELS[g.type].short}测评对象：${title}（占比为占该类投票总数的百分比）`], {
      bold: true,
    });
    headerRow(sheet, [
      '测评对象',
      '投票类型',
      '问题',
      '标记人数',
      '占比（%）',
      ...options.flatMap((o) => [`${o.label}（人）`, `${o.label}（%）`]),
    ]);
    const decimals = new Set([4, ...options.map((_, i) => 6 + 2 * i)]);
    for (const t of g.targets) {
      for (const s of slices) {
        for (const item of s.pick(t).reverse) {
          const opts = options.length ? item.options.flatMap((o) => [o.count, o.share]) : [];
          dataRow(sheet, [t.name, s.label, item.description, item.count, item.share, ...opts], decimals);
        }
      }
    }
    textRow(sheet, []);
  }
  sheet.commit();
}

/** Writes the whole workbook into `out`; the raw ballots are read from the database batch by batch. */
export async function writeAppraisalBook(
  book: Book,
  r: AppraisalResults,
  raw: { table: RawTable<VoteExportRow>; batches: AsyncIterable<VoteExportRow[]> },
  out: Writable,
  opts: { compare?: boolean; leading?: (book: Book, name: (wanted: string) => string) => void } = {},
) {
  const name = sheetNamer();
  // The names of this book's own sheets are taken first, so the leading sheets cannot take them.
  const own = ['汇总表', '与上年度比较', '全部投票类型', '分项评价', '反向测评'].map((n) => name(n));
  opts.leading?.(book, name);
  summarySheet(book, own[0]!, r);
  // A round after the unit's first: its targets beside last round's.
  if (opts.compare) comparisonSheet(book, own[1]!, r);
  const slices: Slice[] = r.vote_types.map((v, i) => ({ label: v.name, pick: (t) => t.by_vote_type[i]! }));
  slices.push({ label: '全部', pick: (t) => t.combined });
  for (const s of slices) scoresSheet(book, s.label === '全部' ? own[2]! : name(s.label), r, s.pick);
  itemsSheet(book, own[3]!, r, slices);
  reverseSheet(book, own[4]!, r, slices);
  await rawSheet(book, name, raw.table, raw.batches, out);
  await book.commit();
}
