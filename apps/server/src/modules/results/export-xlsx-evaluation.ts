// The 民主评议 workbook: overview with turnout, the cadre poll per question, the newly promoted table with
// 认同率 and flags, the text answers, and the raw ballots.
import { openVoteTypesNote, SHARE_ROUNDING_NOTE } from '@kaoping/contracts/constants';
import type { Writable } from 'node:stream';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import { NEWLY_PROMOTED_OPINIONS } from '@kaoping/contracts/newly-promoted-schema';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import { beijingTime, type RawTable } from './export-columns';
import type { CadreVoteExportRow } from '../ballots/ballot-batches.repository';
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

const QUESTION_TYPES = { single_choice: '单选', multiple_choice: '多选', text_area: '文字' } as const;

function overviewSheet(book: Book, name: string, r: EvaluationResults) {
  const sheet = addSheet(book, name, [20, 12, 12, 12, 14, 26, 16]);
  titleRow(sheet, `${r.company.name}民主评议结果`, 5);
  textRow(sheet, [`单位：${r.company.name}`]);
  textRow(sheet, [`导出时间：${beijingTime(new Date())}（北京时间）`]);
  textRow(sheet, [
    `选人用人工作评议票数：${r.cadre.ballot_count}；新提拔任用干部评议票数：${r.newly_promoted.ballot_count}`,
  ]);
  if (r.open_vote_types.length) textRow(sheet, [openVoteTypesNote(r.open_vote_types.map((v) => v.name))]);
  textRow(sheet, [`说明：${SHARE_ROUNDING_NOTE}`]);
  textRow(sheet, []);
  turnoutTable(sheet, r.vote_types);
  sheet.commit();
}

function cadreSheet(book: Book, name: string, r: EvaluationResults) {
  const sheet = addSheet(book, name, [50, 12, 12]);
  titleRow(sheet, r.cadre.poll?.title ?? '选人用人工作民主评议', 3);
  textRow(sheet, [`评议票数：${r.cadre.ballot_count}（多选题的占比为勾选人数占评议票数的百分比）`]);
  r.cadre.questions.forEach((q, i) => {
    textRow(sheet, []);
    textRow(sheet, [`${i + 1}. ${q.text}（${QUESTION_TYPES[q.type]}，作答 ${q.answered} 人）`], {
      bold: true,
    });
    if (q.type === 'text_area') {
      textRow(sheet, [`文字意见 ${q.texts.length} 条，见“文字意见”表`]);
      return;
    }
    headerRow(sheet, ['选项', '人数', '占比（%）']);
    for (const o of q.options) dataRow(sheet, [o.option, o.count, o.share], new Set([2]));
  });
  sheet.commit();
}

function newlyPromotedSheet(book: Book, name: string, r: EvaluationResults) {
  const np = r.newly_promoted;
  const sheet = addSheet(book, name, [
    6,
    12,
    12,
    24,
    24,
    ...NEWLY_PROMOTED_OPINIONS.flatMap(() => [8, 9]),
    8,
    10,
    14,
    14,
  ]);
  titleRow(sheet, np.poll?.title ?? '新提拔任用干部民主评议表', 17);
  const pct = Math.round(r.threshold * 10_000) / 100;
  textRow(sheet, [`评议票数：${np.ballot_count}；不认同占比超过 ${pct}% 的对象标记为“是”`]);
  headerRow(sheet, [
    '序号',
    '姓名',
    '出生年月',
    '原任职务',
    '现任职务',
    ...NEWLY_PROMOTED_OPINIONS.flatMap((o) => [`${o}（人）`, `${o}（%）`]),
    '票数',
    '认同率（%）',
    '认同+基本认同率（%）',
    '不认同超过阈值',
  ]);
  const decimals = new Set([6, 8, 10, 12, 14, 15]);
  np.subjects.forEach((s, i) => {
    const opinions = NEWLY_PROMOTED_OPINIONS.flatMap((o) => [s.counts[o], s.shares[o]]);
    dataRow(
      sheet,
      [
        i + 1,
        s.name,
        s.birth_date || null,
        s.previous_position || null,
        s.current_position || null,
        ...opinions,
        s.count,
        s.approval_rate,
        s.approval_or_basic_rate,
        s.flagged ? '是' : '否',
      ],
      decimals,
    );
  });
  sheet.commit();
}

function textsSheet(book: Book, name: string, r: EvaluationResults) {
  const sheet = addSheet(book, name, [40, 8, 80]);
  headerRow(sheet, ['问题', '序号', '内容']);
  const lists = [
    ...r.cadre.questions
      .filter((q) => q.type === 'text_area')
      .map((q) => ({ title: q.text, texts: q.texts })),
    { title: r.newly_promoted.reason_question || '不认同的原因', texts: r.newly_promoted.reasons },
  ];
  for (const l of lists) l.texts.forEach((t, i) => dataRow(sheet, [l.title, i + 1, t]));
  sheet.commit();
}

/** Writes the whole workbook into `out`; the raw ballots are read from the database batch by batch. */
export async function writeEvaluationBook(
  book: Book,
  r: EvaluationResults,
  raw: { table: RawTable<CadreVoteExportRow>; batches: AsyncIterable<CadreVoteExportRow[]> },
  out: Writable,
  opts: { leading?: (book: Book, name: (wanted: string) => string) => void } = {},
) {
  const name = sheetNamer();
  // The names of this book's own sheets are taken first, so the leading sheets cannot take them.
  const own = ['汇总', POLL_KIND_LABELS.cadre.short, POLL_KIND_LABELS.newly_promoted.short, '文字意见'].map(
    (n) => name(n),
  );
  opts.leading?.(book, name);
  overviewSheet(book, own[0]!, r);
  cadreSheet(book, own[1]!, r);
  newlyPromotedSheet(book, own[2]!, r);
  textsSheet(book, own[3]!, r);
  await rawSheet(book, name, raw.table, raw.batches, out);
  await book.commit();
}
