// The printable report (issue 15 item 7): GET /companies/{id}/report.pdf and report.docx. Both are valid
// files whose text holds the unit, every target and cadre, the figures of buildUnitSummary (the same
// summary the API answers) and the lines for 计票人 / 监票人 / 日期; a round without ballots gives a clear
// empty report; another unit's report is 404 for a unit admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { createAccount } from './helpers/accounts';
import { docxText, pdfText } from './helpers/doc-files';
import { bearer, createAdmin, createCompany, elevate } from './helpers/factories';
import {
  castAppraisal,
  castEvaluation,
  prng,
  randomCadre,
  randomNewlyPromoted,
  randomScoring,
  setupAppraisal,
  setupEvaluation,
  type AppraisalSetup,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let sys: string;
let a: AppraisalSetup;
let e: EvaluationSetup;
let emptyUnit: number;

beforeAll(async () => {
  ctx = await createTestContext();
  sys = await elevate(ctx.app, await createAdmin(ctx.app));
  a = await setupAppraisal(ctx.app, sys, {
    name: '华东能源有限公司',
    persons: 4,
    weights: [60, 40],
    expected: 10,
  });
  e = await setupEvaluation(ctx.app, sys, { companyId: a.companyId, subjects: 3 });
  const rnd = prng(15);
  for (let i = 0; i < 9; i++) {
    const vt = a.voteTypes[i % 2]!;
    const answers = new Map(
      a.targets.map((t) => [
        t.id,
        randomScoring(t.type === 'company' ? a.company.schema : a.person.schema, rnd),
      ]),
    );
    await castAppraisal(ctx, a, vt.id, `voter-a-${i}`, answers);
    await castEvaluation(ctx, e, e.voteTypes[i % 2]!.id, `voter-e-${i}`, {
      cadre: randomCadre(e.cadre.schema, rnd),
      newlyPromoted: randomNewlyPromoted(
        e.subjects.map((s) => s.id),
        rnd,
      ),
    });
  }
  emptyUnit = (await createCompany(ctx.app, sys, '空白单位')).id;
}, 180_000);
afterAll(() => ctx.close());

const get = (url: string, token = sys) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(token) });
const summaryOf = async (id: number) => (await get(`/companies/${id}/summary`)).json<UnitSummary>();

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
    expect(text).toContain('民主测评汇总表');
    expect(text).toContain('选人用人工作民主评议汇总表');
    expect(text).toContain('新提拔干部民主评议汇总表');
    // 9 ballots against 应到 10 + 10: 5 and 4 returned, neither more than half.
    expect(text).toContain('未超过半数');
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
    expect(res.json()).toEqual({ detail: '测评批次不存在' });
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
    expect(xml).toContain('<w:tblHeader/>');
    expect(xml).toContain('w:eastAsia="宋体"');
    // Two 100 % bar charts (team, persons) and the 认同率 bars.
    expect(media.length).toBe(3);
  });
});
