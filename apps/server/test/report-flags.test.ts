// Issue 24 ("pages that tell the truth"): a flagged row of the printed 汇总表 says why in the row itself —
// the 预警 cell of the xlsx sheets, the PDF and the Word report holds the reason in words, equal to the
// contracts' flagReasons for that row (新提拔: the threshold it went over); a clean row's cell is empty.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { flagReasons, thresholdPercent } from '@kaoping/contracts/summary-thresholds';
import { docxText, pdfText } from './helpers/doc-files';
import { bearer } from './helpers/factories';
import {
  castEvaluation,
  endVoting,
  prng,
  randomCadre,
  setupAppraisal,
  setupEvaluation,
} from './helpers/results-fixtures';
import { castRandomAppraisal } from './helpers/random-ballots';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

vi.setConfig({ testTimeout: 180_000 });

let ctx: TestContext;
let sys: string;
let companyId: number;

const w = useAdminWorld({ reset: false, elevated: true });
beforeAll(async () => {
  ({ ctx, elevated: sys } = w);
  const a = await setupAppraisal(ctx.app, sys, { name: '预警单位', persons: 5, weights: [60, 40] });
  const e = await setupEvaluation(ctx.app, sys, { companyId: a.companyId, subjects: 4 });
  companyId = a.companyId;
  const rnd = prng(24);
  for (let i = 0; i < 8; i++) {
    await castRandomAppraisal(ctx, a, a.voteTypes[i % 2]!.id, `flag-a-${i}`, rnd);
    // The first cadre: 不认同 from five voters of eight (over the 1/3 threshold); the others 认同.
    await castEvaluation(ctx, e, e.voteTypes[i % 2]!.id, `flag-e-${i}`, {
      cadre: randomCadre(e.cadre.schema, rnd),
      newlyPromoted: Object.fromEntries(
        e.subjects.map((x, k) => [`subject_${x.id}`, k === 0 && i < 5 ? '不认同' : '认同']),
      ),
    });
  }
  // The 汇总表, the workbooks and the report hold the figures of ended votes only (decision 0041).
  await endVoting(ctx, sys, [...a.voteTypes, ...e.voteTypes]);
}, 180_000);

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(sys) });
const summary = async () => (await get(`/companies/${companyId}/summary`)).json<UnitSummary>();

/** The reason each row of the 民主测评 tables should print, in table order ('' for a clean row). */
function appraisalReasons(s: UnitSummary, kind: 'company' | 'person') {
  const section = s.appraisal.sections.find((x) => x.kind === kind)!;
  return section.targets.flatMap((t) =>
    t.rows.map((r) => flagReasons(r.flags, s.validity.thresholds).join('；')),
  );
}

async function workbook(family: string) {
  const res = await get(`/companies/${companyId}/results/export.xlsx?form_category=${family}`);
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

/** The cells under a header column, from the row after the header's second row to the table's end. */
function column(ws: ExcelJS.Worksheet, first: string, header: string) {
  let head = 0;
  ws.eachRow((row, n) => {
    if (!head && row.getCell(1).value === first) head = n;
  });
  expect(head).toBeGreaterThan(0);
  let col = 0;
  ws.getRow(head).eachCell((c, i) => {
    if (c.value === header) col = i;
  });
  expect(col).toBeGreaterThan(0);
  const out: string[] = [];
  for (let r = head + 2; ; r++) {
    const row = ws.getRow(r);
    if (!row.hasValues || row.getCell(2).value === null) break;
    out.push(String(row.getCell(col).value ?? ''));
  }
  return out;
}

describe('the printed 汇总表 gives the reason of every flagged row', () => {
  it('xlsx: the 预警 column of each 民主测评 sheet holds the row’s reasons, empty for a clean row', async () => {
    const s = await summary();
    const book = await workbook('democratic_appraisal');
    const persons = appraisalReasons(s, 'person');
    // The seeded ballots flag some rows and leave others clean, so both cases are checked.
    expect(persons.filter(Boolean).length).toBeGreaterThan(0);
    expect(persons.filter((x) => !x).length).toBeGreaterThan(0);
    expect(column(book.getWorksheet('领导干部汇总表')!, '测评对象', '预警')).toEqual(persons);
    expect(column(book.getWorksheet('领导班子汇总表')!, '测评对象', '预警')).toEqual(
      appraisalReasons(s, 'company'),
    );
  });

  it('xlsx: a flagged 新提拔 cadre’s 合计 row names the threshold it went over', async () => {
    const s = await summary();
    const np = s.newly_promoted;
    const want = np.subjects.flatMap((x) =>
      x.rows.map((r) =>
        r.kind === 'total' && x.flagged ? `不认同率高于 ${thresholdPercent(np.flag_threshold)}` : '',
      ),
    );
    expect(want.filter(Boolean).length).toBeGreaterThan(0);
    const book = await workbook('democratic_evaluation');
    expect(column(book.getWorksheet('新提拔汇总表')!, '姓名', '预警')).toEqual(want);
  });

  it('PDF and Word: each flagged row prints its reason, as many times as there are flagged rows', async () => {
    const s = await summary();
    const rows = [...appraisalReasons(s, 'company'), ...appraisalReasons(s, 'person')];
    const count = (text: string, what: string) => text.split(what).length - 1;
    const reasons = flagReasons({ top_two_low: true, bottom_high: true }, s.validity.thresholds);
    const pdf = (await pdfText((await get(`/companies/${companyId}/report.pdf`)).rawPayload)).text.replace(
      /\s+/g,
      '',
    );
    const word = (await docxText((await get(`/companies/${companyId}/report.docx`)).rawPayload)).text.replace(
      /\s+/g,
      '',
    );
    const targets = s.appraisal.sections.flatMap((x) => x.targets);
    for (const [i, reason] of reasons.entries()) {
      const flat = reason.replace(/\s+/g, '');
      const flaggedRows = rows.filter((r) => r.includes(reason)).length;
      const key = i === 0 ? 'top_two_low' : 'bottom_high';
      const flaggedTargets = targets.filter((t) => t.flags[key]).length;
      expect(flaggedRows).toBeGreaterThan(0);
      // Outside the tables the reason is printed once in the thresholds line and once in the 预警 line of
      // each flagged target: every further copy is a row's 预警 cell.
      expect(count(pdf, flat)).toBeGreaterThanOrEqual(1 + flaggedTargets + flaggedRows);
      expect(count(word, flat)).toBeGreaterThanOrEqual(1 + flaggedTargets + flaggedRows);
    }
    // 新提拔: the thresholds line, then the 合计 row of each flagged cadre.
    const npReason = `不认同率高于${thresholdPercent(s.newly_promoted.flag_threshold)}`;
    const npFlagged = s.newly_promoted.subjects.filter((x) => x.flagged).length;
    expect(npFlagged).toBeGreaterThan(0);
    expect(count(pdf, npReason)).toBeGreaterThanOrEqual(1 + npFlagged);
    expect(count(word, npReason)).toBeGreaterThanOrEqual(1 + npFlagged);
  });
});
