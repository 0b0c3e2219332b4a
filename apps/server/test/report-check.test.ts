// 报告核验 (issue 27, signed reports): every report file, results workbook and printed 汇总表 carries a 核验码
// in its footer, the 跨单位排名 workbook too. Read back from the file as a reader would (pdftotext, the .docx footer XML, the workbook's
// footer and last row), the code verifies (一致); after a ballot is deleted in advanced mode it no longer
// does (数据已变化), while a document printed after the deletion does. An unknown code is 404, a code of
// another unit is 404 for a unit admin, a malformed one 400, and a seal written into the table by hand
// (without the key) is named as forged.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportCheckAnswer } from '@kaoping/contracts/report-check';
import { rowsOf } from '../src/db/client';
import { createAccount } from './helpers/accounts';
import { useAdminWorld } from './helpers/ballot-world';
import { pdfPages } from './helpers/doc-files';
import { bearer, createCompany } from './helpers/factories';
import { castRandomAppraisal, castRandomEvaluation } from './helpers/random-ballots';
import {
  prng,
  setupAppraisal,
  setupEvaluation,
  type AppraisalSetup,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import { endVotes } from './helpers/round-fixtures';

// Documents take seconds to draw on a busy machine: no timing is asserted here.
vi.setConfig({ testTimeout: 180_000 });

const w = useAdminWorld({ reset: false, elevated: true });
let a: AppraisalSetup;
let e: EvaluationSetup;

beforeAll(async () => {
  a = await setupAppraisal(w.ctx.app, w.token, { name: '核验测试单位', persons: 3, weights: [60, 40] });
  e = await setupEvaluation(w.ctx.app, w.token, { companyId: a.companyId, subjects: 2 });
  const rnd = prng(27);
  for (let i = 0; i < 6; i++) {
    await castRandomAppraisal(w.ctx, a, a.voteTypes[i % 2]!.id, `voter-a-${i}`, rnd);
    await castRandomEvaluation(w.ctx, e, e.voteTypes[i % 2]!.id, `voter-e-${i}`, rnd);
  }
  await endVotes(
    w.ctx.app,
    w.token,
    [...a.voteTypes, ...e.voteTypes].map((v) => v.id),
  );
}, 180_000);

const get = (url: string, token = w.token) =>
  w.ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(token) });

const CODE = /核验码：\s*([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;
const codeIn = (text: string) => {
  const m = CODE.exec(text);
  expect(m, text.slice(-300)).not.toBeNull();
  return m![1]!;
};

/** Each document as downloaded, and the 核验码 read back from the file itself. */
const DOCUMENTS: Record<string, () => Promise<string>> = {
  async report_pdf() {
    const res = await get(`/companies/${a.companyId}/report.pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const pages = pdfPages(res.rawPayload);
    const codes = pages.map(codeIn);
    // Every page's footer prints the same code.
    expect(new Set(codes).size).toBe(1);
    return codes[0]!;
  },
  async report_docx() {
    const res = await get(`/companies/${a.companyId}/report.docx`);
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const footers = Object.keys(zip.files).filter((n) => /^word\/footer\d*\.xml$/.test(n));
    expect(footers.length).toBeGreaterThan(0);
    const text = (await zip.file(footers[0]!)!.async('string')).replace(/<[^>]+>/g, '');
    return codeIn(text);
  },
  appraisal_xlsx: () => workbookCode('democratic_appraisal'),
  evaluation_xlsx: () => workbookCode('democratic_evaluation'),
  async summary_print() {
    const res = await get(`/companies/${a.companyId}/summary/print`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ summary: { company: { name: string } }; seal: { code: string } }>();
    expect(body.summary.company.name).toBe('核验测试单位');
    return body.seal.code;
  },
};

/** The workbook's code: in every sheet's footer, and on the last row of the printed 汇总表 sheets. */
async function workbookCode(family: string) {
  const res = await get(`/companies/${a.companyId}/results/export.xlsx?form_category=${family}`);
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const footers = book.worksheets.map((s) => codeIn(s.headerFooter.oddFooter ?? ''));
  expect(new Set(footers).size).toBe(1);
  const printed = book.worksheets.find((s) => s.name.includes('汇总表'))!;
  const last = printed.getRow(printed.rowCount).getCell(1).value;
  expect(codeIn(String(last))).toBe(footers[0]);
  return footers[0]!;
}

const check = (code: string, token = w.token) => get(`/report-check?code=${encodeURIComponent(code)}`, token);

describe('GET /report-check', () => {
  const printed: Record<string, string> = {};

  it('verifies the code printed on every kind of document (一致), with when, by whom and what', async () => {
    for (const [kind, read] of Object.entries(DOCUMENTS)) printed[kind] = await read();
    expect(new Set(Object.values(printed)).size).toBe(Object.keys(DOCUMENTS).length);
    const [sealed] = await rowsOf<{ n: number }>(
      w.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM report_seals WHERE company_id = ${a.companyId}`,
    );
    expect(sealed!.n).toBe(Object.keys(DOCUMENTS).length);
    for (const [kind, code] of Object.entries(printed)) {
      const res = await check(code);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(200);
      const body = res.json<ReportCheckAnswer>();
      expect(body).toMatchObject({
        code,
        status: 'match',
        document: kind,
        company: { id: a.companyId, name: '核验测试单位' },
        printed_by: 'admin',
      });
      expect(body.round?.name).toBeTruthy();
      expect(body.audit_then.row_count).toBeGreaterThan(0);
      expect(body.audit_now.row_count).toBeGreaterThanOrEqual(body.audit_then.row_count);
      expect(Date.now() - Date.parse(body.printed_at)).toBeLessThan(3_600_000);
    }
    // As typed from paper: lower case, spaces instead of dashes, O for 0 and L for 1.
    const typed = printed.report_pdf!.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    expect((await check(typed)).json().status).toBe('match');
  });

  it('says 数据已变化 for every document once a ballot is deleted in advanced mode', async () => {
    const [row] = await rowsOf<{ voter_key: string }>(
      w.ctx.database.db,
      sql`SELECT voter_key FROM submissions WHERE vote_type_id = ${a.voteTypes[0]!.id} ORDER BY id LIMIT 1`,
    );
    const del = await w.ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/votes/voter/${row!.voter_key}?company_id=${a.companyId}&vote_type_id=${a.voteTypes[0]!.id}&reason=${encodeURIComponent('误录，核验测试')}`,
      headers: bearer(w.elevated),
    });
    expect(del.statusCode, del.body).toBe(200);
    for (const [kind, code] of Object.entries(printed)) {
      const body = (await check(code)).json<ReportCheckAnswer>();
      expect(body.status, kind).toBe('changed');
      // The deletion is an audit row written after the document was printed.
      expect(body.audit_now.row_count, kind).toBeGreaterThan(body.audit_then.row_count);
    }
    // A document printed now carries the figures as they are now.
    const again = await DOCUMENTS.report_pdf!();
    expect((await check(again)).json().status).toBe('match');
  });

  it('seals the 跨单位排名 workbook for the year and units it printed: 一致, then 数据已变化 after a deletion', async () => {
    const year = new Date().getFullYear();
    const rankingsCode = async (token = w.token) => {
      const res = await get(`/rankings/export?year=${year}`, token);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets.some((s) => JSON.stringify(s.getSheetValues()).includes('核验测试单位'))).toBe(
        true,
      );
      const footers = book.worksheets.map((s) => codeIn(s.headerFooter.oddFooter ?? ''));
      expect(new Set(footers).size).toBe(1);
      const sheet = book.worksheets[0]!;
      expect(codeIn(String(sheet.getRow(sheet.rowCount).getCell(1).value))).toBe(footers[0]);
      return footers[0]!;
    };
    const code = await rankingsCode();
    const body = (await check(code)).json<ReportCheckAnswer>();
    expect(body).toMatchObject({ status: 'match', document: 'rankings_xlsx', company: null, round: null });
    expect(body.document_label).toBe('跨单位排名 Excel');
    // A unit admin's rankings cover its units: it checks its own; one of another unit cannot see it.
    const own = await createAccount(w.ctx.app, w.token, {
      username: 'rank-own',
      role: 'unit_admin',
      unit_ids: [a.companyId],
    });
    const ownCode = await rankingsCode(own.token);
    expect((await check(ownCode, own.token)).json().status).toBe('match');
    expect((await check(code, own.token)).statusCode).toBe(404);
    const [row] = await rowsOf<{ voter_key: string }>(
      w.ctx.database.db,
      sql`SELECT voter_key FROM submissions WHERE vote_type_id = ${a.voteTypes[1]!.id} ORDER BY id LIMIT 1`,
    );
    const del = await w.ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/votes/voter/${row!.voter_key}?company_id=${a.companyId}&vote_type_id=${a.voteTypes[1]!.id}&reason=${encodeURIComponent('误录，排名核验测试')}`,
      headers: bearer(w.elevated),
    });
    expect(del.statusCode, del.body).toBe(200);
    expect((await check(code)).json().status).toBe('changed');
    expect((await check(ownCode, own.token)).json().status).toBe('changed');
  });

  it('answers 404 for an unknown code and 400 for one that cannot be a code', async () => {
    const unknown = await check('ABCD-EFGH-JKMN-PQRS');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      detail: '未找到该核验码对应的报告，请核对核验码后重试',
      code: 'REPORT_CODE_UNKNOWN',
    });
    const bad = await check('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('REPORT_CODE_INVALID');
    expect(bad.json().detail).toContain('核验码格式不正确');
    expect((await get('/report-check')).statusCode).toBe(400);
  });

  it('lets a unit admin check its own units only (another unit’s code is unknown to it)', async () => {
    const other = await createCompany(w.ctx.app, w.token, '另一单位');
    const own = await createAccount(w.ctx.app, w.token, {
      username: 'check-own',
      role: 'unit_admin',
      unit_ids: [a.companyId],
    });
    const stranger = await createAccount(w.ctx.app, w.token, {
      username: 'check-other',
      role: 'unit_admin',
      unit_ids: [other.id],
    });
    const auditor = await createAccount(w.ctx.app, w.token, {
      username: 'check-auditor',
      role: 'auditor',
      unit_ids: [a.companyId],
    });
    const code = await DOCUMENTS.summary_print!();
    expect((await check(code, own.token)).json().status).toBe('match');
    expect((await check(code, auditor.token)).json().status).toBe('match');
    const refused = await check(code, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('REPORT_CODE_UNKNOWN');
  });

  it('names a seal written into the table without the key as forged', async () => {
    // An insider copies a real seal row under a code of their own making, with the figures' MAC of today.
    const code = await DOCUMENTS.summary_print!();
    const plain = code.replace(/-/g, '');
    const forged = `${plain.slice(0, 15)}${plain[15] === 'Z' ? 'Y' : 'Z'}`;
    await w.ctx.database.db.execute(
      sql`INSERT INTO report_seals (code, company_id, round_id, kind, figures_mac, audit_rows, audit_mac, created_by, created_at)
          SELECT ${forged}, company_id, round_id, kind, figures_mac, audit_rows, audit_mac, created_by, created_at
          FROM report_seals WHERE code = ${plain}`,
    );
    const res = await check(forged);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('forged');
    // Changing the stored figures' MAC of a real seal does not make old figures look current either.
    await w.ctx.database.db.execute(
      sql`UPDATE report_seals SET figures_mac = ${'0'.repeat(64)} WHERE code = ${plain}`,
    );
    expect((await check(code)).json().status).toBe('forged');
  });
});
