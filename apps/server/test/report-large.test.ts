// A unit with 500 targets and 10 voter groups (issue 15, bad input): the PDF, the .docx and the xlsx with
// its 汇总表 sheets still build, and hold the last target; the rankings take the unit in.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Rankings } from '@kaoping/contracts/rankings';
import { seedAppraisal, type Exec } from '../../../bench/results.seed';
import { docxText, pdfText } from './helpers/doc-files';
import { bearer } from './helpers/factories';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
let companyId: number;

const w = useAdminWorld({ reset: false });
beforeAll(async () => {
  ({ ctx, token } = w);
  const client = (ctx.database.db as unknown as { $client: { query: Exec } }).$client;
  ({ companyId } = await seedAppraisal((q, p) => client.query(q, p), {
    voters: 40,
    voteTypes: 10,
    targets: 500,
  }));
}, 300_000);

const get = (url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(token) });

describe('a unit with 500 targets and 10 voter groups', () => {
  it('builds the PDF with every target', async () => {
    const res = await get(`/companies/${companyId}/report.pdf`);
    expect(res.statusCode).toBe(200);
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThan(100);
    expect(text).toContain('干部499');
    expect(text).toContain('计票人');
  }, 300_000);

  it('builds the .docx with every target', async () => {
    const res = await get(`/companies/${companyId}/report.docx`);
    expect(res.statusCode).toBe(200);
    const { text } = await docxText(res.rawPayload);
    expect(text).toContain('干部499');
  }, 300_000);

  it('builds the xlsx with the persons’ 汇总表: 499 persons × 12 rows', async () => {
    const res = await get(`/companies/${companyId}/results/export.xlsx`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = book.getWorksheet('领导干部汇总表')!;
    let rows = 0;
    ws.eachRow((row) => {
      if (['加权合计'].includes(String(row.getCell(2).value))) rows++;
    });
    expect(rows).toBe(499);
  }, 300_000);

  it('is ranked across units', async () => {
    const year = (await get(`/companies/${companyId}/summary`)).json<{ round: { year: number } }>().round
      .year;
    const r = (await get(`/rankings?year=${year}`)).json<Rankings>();
    expect(r.units.map((u) => u.company.id)).toEqual([companyId]);
    expect(r.leaders).toHaveLength(499);
  }, 300_000);
});
