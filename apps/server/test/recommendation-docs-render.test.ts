// 民主推荐 documents (issue 30) from a hand-made count, without a database: the paper ballot (民主推荐票) and
// the 民主推荐情况汇总表 as PDF, Word and xlsx. Each is read back (pdftotext, document.xml, exceljs) and must
// carry the figures of the results answer it was drawn from, the instruction, the 口径, the quorum warning,
// the 计票人/监票人/日期 lines and the 核验码.
import { mkdirSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { recommendationResults, type RecommendationResults } from '@kaoping/contracts/recommendation';
import { countRecommendation, type RecommendationCountPost } from '@kaoping/contracts/recommendation-count';
import {
  ballotInstruction,
  postRuleLine,
  RECOMMENDATION_QUORUM_WARNING,
  RECOMMENDATION_SHARE_NOTE,
  type PublicRecommendationPost,
} from '@kaoping/contracts/recommendation-rules';
import { describe, expect, it } from 'vitest';
import { newA4, pdfBuffer } from '../src/lib/pdf/document';
import { reportDocx } from '../src/lib/report/report-docx';
import { reportPdf } from '../src/lib/report/report-pdf';
import { recommendationSections } from '../src/modules/paper/pdf/recommendation-sheet';
import { SheetFlow } from '../src/modules/paper/pdf/sheet-flow';
import {
  summaryReportDoc,
  summarySheet,
  SUMMARY_TITLE,
} from '../src/modules/recommendation-docs/recommendation-summary';
import { writeSummaryBook } from '../src/modules/recommendation-docs/recommendation-xlsx';
import { docxText, pdfPages } from './helpers/doc-files';

const flat = (s: string) => s.replace(/\s+/g, '');
/** KP_DOC_OUT=<dir> keeps the files drawn, to look at them. */
function keep(name: string, file: Buffer) {
  const dir = process.env.KP_DOC_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${name}`, file);
}
const percent = (n: number) => `${n.toFixed(2)}%`;

const posts: RecommendationCountPost[] = [
  {
    id: 11,
    name: '副总经理',
    seats: 2,
    max_choices: 2,
    min_choices: null,
    write_in_slots: 1,
    candidates: [
      { id: 1, name: '张三' },
      { id: 2, name: '李四' },
      { id: 3, name: '王五' },
    ],
  },
  {
    id: 12,
    name: '总经理助理',
    seats: 1,
    max_choices: 1,
    min_choices: null,
    write_in_slots: 0,
    candidates: [
      { id: 4, name: '赵六' },
      { id: 5, name: '钱七' },
    ],
  },
];

const a = (choices: number[], write_ins: string[] = []) => ({ choices, write_ins });

/** Two voter groups: the 职工代表 fell short of ⅔ of 应到; 孙八 is written in on both, 周九 on one. */
function results(): RecommendationResults {
  const counted = countRecommendation(posts, [
    {
      vote_type_id: 1,
      name: '中层干部',
      expected: 6,
      entries: new Map([
        [11, [a([1, 2]), a([1], ['孙八']), a([1, 2, 3]), null, a([2]), a([1], ['周九'])]],
        [12, [a([4]), a([4]), a([5]), a([4, 5]), null, a([4])]],
      ]),
    },
    {
      vote_type_id: 2,
      name: '职工代表',
      expected: 9,
      entries: new Map([
        [11, [a([1], ['孙八']), a([3]), a([1, 3]), a([], ['孙八'])]],
        [12, [a([5]), a([5]), null, a([4])]],
      ]),
    },
  ]);
  return recommendationResults.parse({
    company: { id: 7, name: '华东能源有限公司' },
    groups: counted.groups.map((g, i) => ({ ...g, recommendation_mode: i ? 'talk' : 'meeting' })),
    total: { posts: counted.total },
    share_note: RECOMMENDATION_SHARE_NOTE,
    open_note: null,
    generated_at: '2025-12-01T02:30:00.000Z',
  });
}

const ctx = { round: { id: 3, name: '2025年度' } };
const SEAL = 'ABCD-EFGH-JKMN-PQRS';

/** Every figure of every post the 汇总表 must print, as printed text. */
function expectedFigures(r: RecommendationResults) {
  return r.total.posts.flatMap((p, j) => [
    p.name,
    ...r.groups.flatMap((g) => {
      const gp = g.posts[j]!;
      return [g.name, gp.received, gp.valid, gp.invalid, gp.abstained].map(String);
    }),
    ...p.candidates.flatMap((c) => [c.name, String(c.votes), percent(c.share)]),
  ]);
}

describe('民主推荐情况汇总表', () => {
  const r = results();

  it('the count this test draws from is what it means to be', () => {
    const [p1, p2] = r.total.posts;
    // 中层干部 6 + 职工代表 4 returned; one over-marked sheet is 无效, one empty is 弃权.
    expect(p1).toMatchObject({ received: 10, valid: 9, invalid: 1, abstained: 1, expected: 15 });
    expect(p1!.candidates.find((c) => c.name === '孙八')).toMatchObject({ write_in: true, votes: 3 });
    expect(r.groups[1]!.posts[0]!.warning).toBe(RECOMMENDATION_QUORUM_WARNING);
    expect(p2!.candidates[0]).toMatchObject({ name: '赵六', votes: 4, rank: 1 });
  });

  it('as PDF: every figure, 另提名, 过半数, the quorum warning, the 口径 under each table, signatures, 核验码', async () => {
    const pdf = await reportPdf(summaryReportDoc(r, ctx, SEAL));
    keep('summary.pdf', pdf);
    const pages = pdfPages(pdf);
    const text = flat(pages.join(''));
    expect(text).toContain(flat(`华东能源有限公司 2025年度 ${SUMMARY_TITLE}`));
    for (const f of expectedFigures(r)) expect(text).toContain(flat(f));
    expect(text).toContain('另提名');
    expect(text).toContain('过半数');
    expect(text).toContain('职工代表（谈话调研推荐）');
    expect(text).toContain(
      flat(`职工代表（谈话调研推荐）：${RECOMMENDATION_QUORUM_WARNING}（应到 9 人，实到 4 人）`),
    );
    expect(text.split(flat(RECOMMENDATION_SHARE_NOTE)).length - 1).toBe(r.total.posts.length);
    for (const label of ['计票人', '监票人', '日期']) expect(text).toContain(label);
    // The 核验码 in every page's footer.
    for (const page of pages) expect(flat(page)).toContain(`核验码：${SEAL}`);
    // A table document: no cover page, the first page opens with the title, unit and round, then the
    // first post's table.
    const first = flat(pages[0]!);
    expect(first).toContain(flat(`${SUMMARY_TITLE}单位：华东能源有限公司\u3000\u3000批次：2025年度`));
    expect(first).toContain(flat('一、副总经理'));
    expect(first).toContain(flat('实到（收回）'));
    expect(pdf.length).toBeLessThan(400_000);
  });

  it('as Word: the same figures and footer', async () => {
    const word = await reportDocx(summaryReportDoc(r, ctx, SEAL));
    keep('summary.docx', word);
    const { text } = await docxText(word);
    const body = flat(text);
    for (const f of expectedFigures(r)) expect(body).toContain(flat(f));
    expect(body).toContain(flat(RECOMMENDATION_SHARE_NOTE));
    expect(body).toContain(flat(RECOMMENDATION_QUORUM_WARNING));
    for (const label of ['计票人', '监票人', '日期']) expect(body).toContain(label);
    const { xml } = await docxText(await reportDocx(summaryReportDoc(r, ctx, SEAL)));
    expect(xml).toContain(SUMMARY_TITLE);
    // No cover and no table of contents: one section, the title then the lines then the first post.
    expect(xml).not.toContain('TOC \\');
    expect(body).not.toContain('目录');
    expect(xml.match(/<w:sectPr/g)).toHaveLength(1);
    expect(body.indexOf(SUMMARY_TITLE)).toBeLessThan(body.indexOf(flat('单位：华东能源有限公司')));
    expect(body.indexOf(flat('单位：华东能源有限公司'))).toBeLessThan(body.indexOf(flat('一、副总经理')));
  });

  it('as xlsx: votes as numbers, shares as % numbers, the marks, the notes, signatures and the 核验码', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeSummaryBook(out, summarySheet(r, ctx), SEAL);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe(SUMMARY_TITLE);
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    const texts = rows.flat().filter((v): v is string => typeof v === 'string');
    expect(texts[0]).toBe(SUMMARY_TITLE);
    // Each name's row: 名次, 姓名, 类别, then per group 得票 and 得票率, then 合计 得票, 得票率, 过半数.
    r.total.posts.forEach((p, j) => {
      for (const c of p.candidates) {
        const row = rows.find((x) => x[1] === c.name && x.length >= 9)!;
        expect(row, c.name).toBeDefined();
        const groups = r.groups.map((g) => g.posts[j]!.candidates.find((x) => x.name === c.name));
        expect(row).toEqual([
          c.rank,
          c.name,
          c.write_in ? '另提名' : '参考人选',
          ...groups.flatMap((g) => [g?.votes ?? 0, (g?.share ?? 0) / 100]),
          c.votes,
          c.share / 100,
          ...(c.above_half ? ['过半数'] : []),
        ]);
      }
    });
    const share = sheet
      .getColumn(5)
      .values.find((v, i) => typeof v === 'number' && sheet.getCell(i, 5).numFmt === '0.00%');
    expect(share).toBeDefined();
    expect(texts.filter((t) => t === `口径：${RECOMMENDATION_SHARE_NOTE}`)).toHaveLength(2);
    expect(texts.some((t) => t.includes(RECOMMENDATION_QUORUM_WARNING))).toBe(true);
    expect(texts.some((t) => t.startsWith('计票人：'))).toBe(true);
    expect(texts.some((t) => t.startsWith('监票人：'))).toBe(true);
    expect(texts.some((t) => t.startsWith(`核验码：${SEAL}`))).toBe(true);
    expect(sheet.headerFooter.oddFooter).toContain(`核验码：${SEAL}`);
  });

  it('says so when no voter group has ended, and prints no figures', async () => {
    const empty: RecommendationResults = {
      ...r,
      groups: [],
      total: { posts: r.total.posts.map((p) => ({ ...p, candidates: [] })) },
      open_note: '“中层干部”投票进行中，未计入本结果；结束投票后可查看',
    };
    const text = flat(pdfPages(await reportPdf(summaryReportDoc(empty, ctx))).join(''));
    expect(text).toContain('尚无已结束的民主推荐投票类型');
    expect(text).toContain(flat(empty.open_note!));
    expect(text).not.toContain('张三');
  });
});

/** A post as the voter (and the paper ballot) sees it. */
const publicPost = (p: RecommendationCountPost, extra: Partial<PublicRecommendationPost> = {}) => ({
  id: p.id,
  name: p.name,
  seats: p.seats,
  max_choices: p.max_choices,
  min_choices: p.min_choices,
  write_in_slots: p.write_in_slots,
  differential: p.candidates.length > p.seats,
  sort_order: 0,
  candidates: p.candidates.map((c, i) => ({
    ...c,
    current_position: i === 0 ? '集团公司财务部部长' : '',
    birth_date: i < 2 ? `1978.0${i + 1}` : '',
    note: '',
  })),
  ...extra,
});

describe('民主推荐票 (paper ballot layout)', () => {
  it('prints per post its rule line, the instruction with its maximum, each candidate and the write-in rows', async () => {
    const many = Array.from({ length: 24 }, (_, i) => ({ id: 100 + i, name: `候选人${i + 1}` }));
    const ballot: PublicRecommendationPost[] = [
      publicPost(posts[0]!),
      publicPost(posts[1]!),
      publicPost({
        ...posts[1]!,
        id: 13,
        name: '党委委员',
        seats: 5,
        max_choices: 5,
        write_in_slots: 2,
        candidates: many,
      }),
    ];
    const doc = await newA4({ title: '民主推荐票' }, { bufferPages: true });
    const flow = new SheetFlow(
      doc,
      {
        title: '民主推荐票',
        company: '华东能源有限公司',
        voteType: '中层干部推荐',
        description: '',
        number: 17,
        howTo: '填写说明：在同意推荐的人选姓名后的方框内划“○”。本推荐不记名。',
      },
      'portrait',
    );
    recommendationSections(flow, ballot);
    const perSheet = flow.finish();
    const pdf = await pdfBuffer(doc);
    keep('ballot.pdf', pdf);
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(perSheet);
    expect(perSheet).toBe(2);
    const text = flat(pages.join(''));
    for (const word of [
      '民主推荐票',
      '华东能源有限公司',
      '中层干部推荐',
      '编号17',
      '第1页共2页',
      '第2页共2页',
    ])
      expect(text).toContain(word);
    ballot.forEach((p, i) => {
      expect(text).toContain(flat(`${'一二三'[i]}、${p.name}`));
      expect(text).toContain(flat(postRuleLine(p)));
      expect(text).toContain(flat(ballotInstruction(p.max_choices)));
      for (const c of p.candidates) expect(text).toContain(c.name);
    });
    expect(text).toContain('集团公司财务部部长');
    expect(text).toContain('1978.02');
    expect(text).toContain('另提名1');
    expect(text).toContain('另提名2');
    // A post's table continued on the next page repeats its head.
    expect(flat(pages[1]!)).toContain('民主推荐票（续）');
    expect(flat(pages[1]!)).toContain('三、党委委员（续）序号姓名');
  });
});
