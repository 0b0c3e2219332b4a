// Issue 17 item 6: Excel import of appraisal targets and evaluation subjects.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, createCompany, multipartFile } from './helpers/factories';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { XLSX_TYPE, xlsxOf } from './helpers/xlsx-files';

let ctx: TestContext;
let token: string;
const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const TARGET_HEAD = ['名称', '类型', '职务'];
const SUBJECT_HEAD = ['姓名', '出生年月', '原任职务及任职时间', '现任职务及任职时间'];

const upload = (what: string, companyId: number, data: Buffer, name = 'list.xlsx') => {
  const file = multipartFile(data, name, XLSX_TYPE);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/${what}/import?company_id=${companyId}`,
    headers: { ...bearer(token), ...file.headers },
    payload: file.payload,
  });
};
const count = async (table: string) =>
  (
    (await ctx.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

describe('template', () => {
  it.each([
    ['vote-targets', TARGET_HEAD],
    ['evaluation-subjects', SUBJECT_HEAD],
  ])('downloads the %s template with the title row', async (what, head) => {
    const res = await ctx.app.inject({
      url: `/api/v1/admin/${what}/import-template.xlsx`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, ...head]);
  });
});

describe('import', () => {
  it('adds every row of a good file, in order, and records it', async () => {
    const c = await createCompany(ctx.app, token);
    const file = await xlsxOf([
      TARGET_HEAD,
      ['领导班子', '领导班子', ''],
      ['王建国', '个人', '总经理'],
      ['李红梅', '', '副总经理'],
    ]);
    const res = await upload('vote-targets', c.id, file);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 3 });
    const list = await ctx.app.inject({
      url: `/api/v1/admin/vote-targets/?company_id=${c.id}`,
      headers: bearer(token),
    });
    expect(
      list.json().map((t: { name: string; type: string; title: string }) => [t.name, t.type, t.title]),
    ).toEqual([
      ['领导班子', 'company', ''],
      ['王建国', 'person', '总经理'],
      ['李红梅', 'person', '副总经理'],
    ]);
    const audit = (await ctx.database.db.execute(
      sql`SELECT action, summary, company_id FROM audit_log WHERE action = 'vote_target.import'`,
    )) as unknown as { rows: unknown[] };
    expect(audit.rows).toEqual([
      { action: 'vote_target.import', summary: '导入测评对象 3 条', company_id: c.id },
    ]);
  });

  it('imports evaluation subjects', async () => {
    const c = await createCompany(ctx.app, token);
    const res = await upload(
      'evaluation-subjects',
      c.id,
      await xlsxOf([SUBJECT_HEAD, ['周明', '1985.03', '副经理', '经理']]),
    );
    expect(res.statusCode).toBe(201);
    const list = await ctx.app.inject({
      url: `/api/v1/admin/evaluation-subjects/company/${c.id}`,
      headers: bearer(token),
    });
    expect(list.json()).toMatchObject([
      { name: '周明', birth_date: '1985.03', previous_position: '副经理', current_position: '经理' },
    ]);
  });

  it('adds nothing from a file with three bad rows and names each row and reason', async () => {
    const c = await createCompany(ctx.app, token);
    const file = await xlsxOf([
      TARGET_HEAD,
      ['王建国', '个人', ''],
      ['', '个人', '副总经理'],
      ['李红梅', '部门', ''],
      ['张'.repeat(51), '个人', ''],
      ['刘洋', '个人', ''],
    ]);
    const res = await upload('vote-targets', c.id, file);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: '有 3 行有误，未导入任何数据',
      code: 'IMPORT_ROWS_INVALID',
      errors: [
        { row: 3, reason: expect.stringMatching(/名称/) },
        { row: 4, reason: '类型“部门”无效，应为 领导班子 或 个人' },
        { row: 5, reason: expect.stringMatching(/名称.*50/) },
      ],
    });
    expect(await count('vote_targets')).toBe(0);
    expect(await count("audit_log WHERE action = 'vote_target.import'")).toBe(0);
  });

  it('refuses 2,001 rows, a renamed program, a broken zip and a wrong title row', async () => {
    const c = await createCompany(ctx.app, token);
    const many = await xlsxOf([
      TARGET_HEAD,
      ...Array.from({ length: 2001 }, (_, i) => [`对象${i}`, '个人', '']),
    ]);
    const tooMany = await upload('vote-targets', c.id, many);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({ detail: '一次最多导入 2000 行', code: 'XLSX_TOO_MANY_ROWS' });

    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000, 1)]);
    const program = await upload('vote-targets', c.id, exe, 'setup.exe.xlsx');
    expect(program.statusCode).toBe(422);
    expect(program.json()).toEqual({ detail: '文件不是 Excel（.xlsx）文件', code: 'XLSX_NOT_ZIP' });

    const zip = await upload(
      'vote-targets',
      c.id,
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)]),
    );
    expect(zip.statusCode).toBe(422);
    expect(zip.json().detail).toMatch(/不是有效的 Excel/);

    const wrongHead = await upload(
      'vote-targets',
      c.id,
      await xlsxOf([
        ['姓名', '性别'],
        ['王', '男'],
      ]),
    );
    expect(wrongHead.statusCode).toBe(422);
    expect(wrongHead.json().detail).toMatch(/第 1 行应为标题：名称、类型、职务/);
    expect(await count('vote_targets')).toBe(0);
  });

  it('refuses a file over 5 MB with 413, and an unknown or foreign unit with 404', async () => {
    const c = await createCompany(ctx.app, token);
    const big = await upload('vote-targets', c.id, Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: '文件不能超过 5 MB', code: 'FILE_TOO_LARGE' });
    const none = await upload('vote-targets', 999, await xlsxOf([TARGET_HEAD, ['王', '个人', '']]));
    expect(none.statusCode).toBe(404);
    expect(await count('vote_targets')).toBe(0);
  });
});
