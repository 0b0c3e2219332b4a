// The printable report (issue 15 item 7): GET /companies/{id}/report.pdf and report.docx. Both are valid
// files whose text holds the unit, every target and cadre, the figures of buildUnitSummary (the same
// summary the API answers) and the lines for 计票人 / 监票人 / 日期; a round without ballots gives a clear
// empty report; another unit's report is 404 for a unit admin.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { createAccount } from './helpers/accounts';
import { docxText, pdfText } from './helpers/doc-files';
import { bearer, createCompany } from './helpers/factories';
import {
  prng,
  setupAppraisal,
  setupEvaluation,
  type AppraisalSetup,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import { castRandomAppraisal, castRandomEvaluation } from './helpers/random-ballots';
import { endVotes, newRound } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

// Documents take seconds to draw, more on a busy machine: no timing is asserted here.
vi.setConfig({ testTimeout: 180_000 });

let ctx: TestContext;
let sys: string;
let a: AppraisalSetup;
let e: EvaluationSetup;
let emptyUnit: number;

const w = useAdminWorld({ reset: false, elevated: true });
beforeAll(async () => {
  ({ ctx, elevated: sys } = w);
  a = await setupAppraisal(ctx.app, sys, {
    name: '华东能源有限公司',
    persons: 4,
    weights: [60, 40],
    expected: 10,
  });
  e = await setupEvaluation(ctx.app, sys, { companyId: a.companyId, subjects: 3 });
  const rnd = prng(15);
  for (let i = 0; i < 9; i++) {
    await castRandomAppraisal(ctx, a, a.voteTypes[i % 2]!.id, `voter-a-${i}`, rnd);
    await castRandomEvaluation(ctx, e, e.voteTypes[i % 2]!.id, `voter-e-${i}`, rnd);
  }
  // Figures are read after 结束投票 (decision 0041: while a vote is open, counts only).
  await endVotes(ctx.app, sys, [...a.voteTypes.map((v) => v.id), ...e.voteTypes.map((v) => v.id)]);
  emptyUnit = (await createCompany(ctx.app, sys, '空白单位')).id;
}, 180_000);

const get = (url: string, token = sys) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(token) });
const summaryOf = async (id: number) => (await get(`/companies/${id}/summary`)).json<UnitSummary>();

/** When the vote ended (the last group's 结束投票), as the report prints it: Beijing time to the minute. */
async function closedAt() {
  const at = (await summaryOf(a.companyId)).validity.closed_at;
  expect(at).not.toBeNull();
  return new Date(Date.parse(at!) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Figures as the report prints them. */
const pct = (n: number) => `${n.toFixed(2)}%`;
function expectedTexts(s: UnitSummary): string[] {
  const out = [s.company.name, s.round.name, '计票人', '监票人', '日期'];
  for (const section of s.appraisal.sections)
    for (const t of section.targets) {
      out.push(t.name);
      const w = t.rows.find((r) => r.kind === 'weighted')!;
      if (w.excellent_rate !== null)
        out.push(pct(w.excellent_rate), pct(w.top_two_rate!), pct(w.bottom_rate!));
      if (t.weighted_score !== null) out.push(t.weighted_score.toFixed(2));
    }
  for (const q of s.cadre.questions) for (const o of q.options) out.push(o.option, pct(o.total.share));
  for (const subject of s.newly_promoted.subjects) {
    out.push(subject.name);
    const total = subject.rows.find((r) => r.kind === 'total')!;
    if (total.approval_rate !== null) out.push(pct(total.approval_rate));
  }
  for (const v of s.validity.vote_types) out.push(v.name);
  return out;
}

/** The warning line the report prints for each flagged target and newly promoted cadre. */
function flagTexts(s: UnitSummary): string[] {
  const out: string[] = [];
  for (const section of s.appraisal.sections)
    for (const t of section.targets)
      if (t.flags.top_two_low || t.flags.bottom_high) out.push(`预警：${t.name}（加权合计）`);
  for (const subject of s.newly_promoted.subjects)
    if (subject.flagged) out.push(`预警：${subject.name} 不认同率超过阈值`);
  return out;
}

describe('GET /companies/{id}/report.pdf', () => {
  it('is a PDF whose text holds the unit, every target, the summary figures and the signature lines', async () => {
    const res = await get(`/companies/${a.companyId}/report.pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('华东能源有限公司-'));
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBeGreaterThan(2);
    const flat = text.replace(/\s+/g, '');
    const missing = expectedTexts(await summaryOf(a.companyId)).filter(
      (t) => !flat.includes(t.replace(/\s+/g, '')),
    );
    expect(missing).toEqual([]);
    const flags = flagTexts(await summaryOf(a.companyId));
    // The seeded ballots flag some targets (9 random voters rarely give two thirds 称职 or better).
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.filter((t) => !flat.includes(t.replace(/\s+/g, '')))).toEqual([]);
    expect(text).toContain('民主测评汇总表');
    expect(text).toContain('选人用人工作民主评议汇总表');
    expect(text).toContain('新提拔干部民主评议汇总表');
    // 9 ballots against 应到 10 + 10: 5 and 4 returned, neither more than half.
    expect(text).toContain('未超过半数');
    // The thresholds, the time the vote closed (the last group's 结束投票) and the rounding note are
    // printed with the figures.
    for (const want of [
      '预警阈值：称职及以上率低于66.67%或不称职率高于33.33%；新提拔干部不认同率高于33.33%',
      `投票结束时间：${(await closedAt()).replace(/\s/g, '')}（北京时间）`,
      '未作调整',
    ])
      expect(flat).toContain(want);
    expect(pdf.length).toBeLessThan(1_500_000);
  });

  it('gives a clear empty report for a round without ballots', async () => {
    const res = await get(`/companies/${emptyUnit}/report.pdf`);
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('空白单位');
    expect(text).toContain('本批次尚无正式选票');
    expect(text).toContain('计票人');
  });

  it('is 404 for another unit, and for a round of another unit', async () => {
    const { token } = await createAccount(ctx.app, sys, {
      username: 'unit-empty',
      role: 'unit_admin',
      unit_ids: [emptyUnit],
    });
    expect((await get(`/companies/${a.companyId}/report.pdf`, token)).statusCode).toBe(404);
    expect((await get(`/companies/${emptyUnit}/report.docx`, token)).statusCode).toBe(200);
    const other = (await summaryOf(a.companyId)).round.id;
    const res = await get(`/companies/${emptyUnit}/report.pdf?round_id=${other}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '测评批次不存在', code: 'ROUND_NOT_FOUND' });
  });
});

describe('GET /companies/{id}/report.docx', () => {
  it('is a Word file whose document.xml holds the same figures, the charts and the signature lines', async () => {
    const res = await get(`/companies/${a.companyId}/report.docx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const { text, xml, media } = await docxText(res.rawPayload);
    const missing = expectedTexts(await summaryOf(a.companyId)).filter((t) => !text.includes(t));
    expect(missing).toEqual([]);
    const flags = flagTexts(await summaryOf(a.companyId));
    expect(flags.length).toBeGreaterThan(0);
    expect(flags.filter((t) => !text.includes(t))).toEqual([]);
    expect(text).toContain('预警阈值：称职及以上率低于 66.67% 或不称职率高于 33.33%');
    expect(text).toContain(`投票结束时间：${await closedAt()}（北京时间）`);
    expect(xml).toContain('<w:tblHeader/>');
    expect(xml).toContain('w:eastAsia="宋体"');
    // Two 100 % bar charts (team, persons) and the 认同率 bars.
    expect(media.length).toBe(3);
  });
});

describe('GET /companies/{id}/results/export.xlsx: the official 汇总表 sheets', () => {
  const load = async (family: string) => {
    const res = await get(`/companies/${a.companyId}/results/export.xlsx?form_category=${family}`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book;
  };

  it('lays the persons’ table out for print, with the figures of the summary, cell by cell', async () => {
    const s = await summaryOf(a.companyId);
    const book = await load('democratic_appraisal');
    const ws = book.getWorksheet('领导干部汇总表')!;
    expect(ws.getCell('A1').value).toBe(`华东能源有限公司 ${s.round.name} 领导干部民主测评汇总表`);
    const texts: string[] = [];
    ws.eachRow((row) => row.eachCell((c) => texts.push(String(c.value))));
    const all = texts.join(' ');
    for (const want of [
      '单位：华东能源有限公司',
      '预警阈值：称职及以上率低于 66.67%',
      '计票人',
      '监票人',
      '日期',
      '未超过半数',
    ])
      expect(all).toContain(want);
    // The header: 测评对象 over two rows, each grade over 票数 / 占比.
    let head = 0;
    ws.eachRow((row, n) => {
      if (!head && row.getCell(1).value === '测评对象') head = n;
    });
    expect(head).toBeGreaterThan(1);
    const section = s.appraisal.sections.find((x) => x.kind === 'person')!;
    expect(ws.getRow(head).getCell(4).value).toBe(section.grades[0]!.label);
    expect(ws.getRow(head + 1).getCell(4).value).toBe('票数');
    expect(ws.getRow(head + 1).getCell(5).value).toBe('占比');
    const merges = (ws.model as unknown as { merges: string[] }).merges;
    expect(merges).toEqual(expect.arrayContaining([`A${head}:A${head + 1}`, `D${head}:E${head}`]));
    expect(ws.pageSetup).toMatchObject({
      paperSize: 9,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${head}:${head + 1}`,
    });
    // Every row of every target, in rank order, equal to the summary.
    let r = head + 2;
    for (const t of section.targets)
      for (const row of t.rows) {
        const x = ws.getRow(r++);
        expect(x.getCell(2).value).toBe(row.label);
        expect(x.getCell(3).value).toBe(row.voters);
        row.grades.forEach((g, i) => {
          expect(x.getCell(4 + 2 * i).value).toBe(g.count ?? '—');
          expect(x.getCell(5 + 2 * i).value).toBeCloseTo(g.share / 100, 10);
          expect(x.getCell(5 + 2 * i).numFmt).toBe('0.00%');
        });
        const after = 4 + 2 * row.grades.length;
        expect(x.getCell(after).value).toBeCloseTo(row.excellent_rate! / 100, 10);
        expect(x.getCell(after + 3).value).toBe(row.score);
        const flagged = row.flags.top_two_low || row.flags.bottom_high;
        expect(Boolean(x.getCell(after + 5).value)).toBe(flagged);
      }
  });

  it('uses a CJK font, never Calibri, in every written cell of every sheet of both workbooks', async () => {
    for (const family of ['democratic_appraisal', 'democratic_evaluation']) {
      const book = await load(family);
      const fonts = new Set<string | undefined>();
      for (const ws of book.worksheets) {
        ws.eachRow((row) => row.eachCell((c) => fonts.add(c.font?.name)));
        expect(ws.pageSetup.orientation, ws.name).toBe('landscape');
      }
      expect([...fonts]).toEqual(['宋体']);
    }
  });

  it('writes 选人用人 and 新提拔 sheets with the summary’s shares', async () => {
    const s = await summaryOf(a.companyId);
    const book = await load('democratic_evaluation');
    const cadre = book.getWorksheet('选人用人汇总表')!;
    const q = s.cadre.questions[0]!;
    let at = 0;
    cadre.eachRow((row, n) => {
      if (!at && row.getCell(1).value === q.options[0]!.option) at = n;
    });
    const cells = cadre.getRow(at);
    const totalCol = 2 + 2 * s.cadre.vote_types.length;
    expect(cells.getCell(totalCol).value).toBe(q.options[0]!.total.count);
    expect(cells.getCell(totalCol + 1).value).toBeCloseTo(q.options[0]!.total.share / 100, 10);
    const np = book.getWorksheet('新提拔汇总表')!;
    const names: unknown[] = [];
    np.eachRow((row) => names.push(row.getCell(1).value));
    for (const subject of s.newly_promoted.subjects)
      expect(names.some((n) => String(n).startsWith(subject.name))).toBe(true);
  });
});

describe('an archived round', () => {
  it('keeps its report (by round_id) while the new round’s report is empty; the rankings follow the year', async () => {
    const before = await summaryOf(a.companyId);
    // Every vote has ended (beforeAll): 完成计票 makes the figures final, as before a new round.
    for (const v of [...a.voteTypes, ...e.voteTypes]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/vote-types/${v.id}/finish-count`,
        headers: bearer(sys),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await newRound(ctx.app, sys, a.companyId, '下一年度', before.round.year + 1);
    const old = await get(`/companies/${a.companyId}/report.pdf?round_id=${before.round.id}`);
    expect(old.statusCode).toBe(200);
    const oldText = (await pdfText(old.rawPayload)).text;
    expect(oldText).toContain(before.round.name);
    expect(oldText).toContain('干部4');
    expect(oldText).not.toContain('本批次尚无正式选票');
    const now = await get(`/companies/${a.companyId}/report.docx`);
    const { text } = await docxText(now.rawPayload);
    expect(text).toContain('下一年度');
    expect(text).toContain('本批次尚无正式选票');
    const ranked = (await get(`/rankings?year=${before.round.year}`)).json<{
      units: { round: { id: number } }[];
    }>();
    expect(ranked.units.map((u) => u.round.id)).toContain(before.round.id);
  });
});
