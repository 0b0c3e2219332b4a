import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBook, rawSheet, sheetNamer } from '../src/modules/results/export-xlsx';
import { bearer, createCompany } from './helpers/factories';
import { ADMIN } from './helpers/results-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
const w = useAdminWorld({ reset: false });
beforeAll(() => ({ ctx, token } = w));

const load = async (buffer: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return wb;
};

describe('exports of a company without anything yet', () => {
  it('still give a valid workbook and a CSV with only the header', async () => {
    const company = await createCompany(ctx.app, token, '空单位');
    for (const family of ['democratic_appraisal', 'democratic_evaluation']) {
      const base = `${ADMIN}/companies/${company.id}/results`;
      const xlsx = await ctx.app.inject({
        url: `${base}/export.xlsx?form_category=${family}`,
        headers: bearer(token),
      });
      expect(xlsx.statusCode).toBe(200);
      const wb = await load(xlsx.rawPayload);
      expect(wb.getWorksheet('原始选票')!.rowCount).toBe(1);
      const csv = await ctx.app.inject({
        url: `${base}/ballots.csv?form_category=${family}`,
        headers: bearer(token),
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body.split('\r\n')).toHaveLength(2);
    }
  });
});

describe('raw ballot sheets', () => {
  it('continue on a new sheet past the row limit, header repeated', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const book = openBook(out);
    const name = sheetNamer();
    name('原始选票'); // taken, as if a vote type had that name
    const table = {
      headers: ['编号', '内容'],
      row: (r: { id: number }) => [r.id, r.id % 2 ? null : `第${r.id}行`],
    };
    async function* batches() {
      yield [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
      yield [{ id: 5 }, { id: 6 }, { id: 7 }];
    }
    await rawSheet(book, name, table, batches(), out, 3);
    await book.commit();
    const wb = await load(Buffer.concat(chunks));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['原始选票_2', '原始选票_3', '原始选票_4']);
    const values = wb.worksheets.map((w) => {
      const rows: unknown[][] = [];
      w.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
      return rows;
    });
    expect(values[0]).toEqual([['编号', '内容'], [1], [2, '第2行'], [3]]);
    expect(values[2]).toEqual([['编号', '内容'], [7]]);
  });

  it('sheet names: Excel-safe, at most 31 characters, unique', () => {
    const name = sheetNamer();
    expect(name('班子/成员:[A]')).toBe('班子_成员__A_');
    expect(name('一'.repeat(40))).toHaveLength(31);
    expect(name('一'.repeat(40))).toBe(`${'一'.repeat(29)}_2`);
  });
});
