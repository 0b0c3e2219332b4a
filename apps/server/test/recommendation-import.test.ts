// 推荐职位 from Excel (issue 30): one row per 参考人选, the rows of one post together, its numbers on its
// first row. Consecutive rows become one post with its candidates in the file's order; a post whose name
// comes back after another post's rows, or a later row that fills in different numbers, is refused with a
// Chinese 422 naming the rows; a file with any bad row adds nothing (all or nothing).
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import { RECOMMENDATION_IMPORT_COLUMNS } from '@kaoping/contracts/recommendation';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUnitWorld } from './helpers/ballot-world';
import { bearer, multipartFile } from './helpers/factories';
import { XLSX_TYPE, xlsxOf } from './helpers/xlsx-files';

const w = useUnitWorld({ name: '导入单位' });
const HEAD = [...RECOMMENDATION_IMPORT_COLUMNS];

let companyId: number;
beforeEach(() => ({ companyId } = w));

const upload = async (rows: string[][]) => {
  const file = multipartFile(await xlsxOf([HEAD, ...rows]), '推荐职位.xlsx', XLSX_TYPE);
  return w.ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/recommendation-posts/import?company_id=${companyId}`,
    headers: { ...bearer(w.token), ...file.headers },
    payload: file.payload,
  });
};
const posts = async () =>
  (
    await w.ctx.app.inject({
      url: `/api/v1/admin/recommendation-posts/?company_id=${companyId}`,
      headers: bearer(w.token),
    })
  ).json<RecommendationPost[]>();
const row = (post: string, numbers: [string, string, string], name: string, position = '') => [
  post,
  ...numbers,
  name,
  position,
  '',
  '',
];
const blank: [string, string, string] = ['', '', ''];

describe('推荐职位 import: rows grouped into posts', () => {
  it('makes one post of consecutive rows, its numbers from its first row, candidates in file order', async () => {
    const res = await upload([
      row('副总经理', ['2', '3', '1'], '张伟', '总经理助理'),
      row('副总经理', blank, '李娜'),
      row('副总经理', ['2', '', ''], '王强'),
      row('总会计师', ['1', '', ''], '陈静'),
      row('总会计师', blank, '刘洋'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: 2 });
    const list = await posts();
    expect(list.map((p) => [p.name, p.seats, p.max_choices, p.write_in_slots])).toEqual([
      ['副总经理', 2, 3, 1],
      ['总会计师', 1, 1, 0],
    ]);
    expect(list[0]!.candidates.map((c) => [c.name, c.current_position])).toEqual([
      ['张伟', '总经理助理'],
      ['李娜', ''],
      ['王强', ''],
    ]);
    expect(list[1]!.candidates.map((c) => c.name)).toEqual(['陈静', '刘洋']);
  });

  it('refuses a post whose rows are not together, naming the row it came back on and its first row', async () => {
    const res = await upload([
      row('副总经理', ['1', '', ''], '张伟'),
      row('总会计师', ['1', '', ''], '陈静'),
      row('副总经理', blank, '李娜'),
      row('总会计师', blank, '刘洋'),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IMPORT_ROWS_INVALID', detail: '有 2 行有误，未导入任何数据' });
    expect(res.json().errors).toEqual([
      {
        row: 4,
        reason: '推荐职位“副总经理”已在第 2 行开始，同一职位的参考人选应填在相邻的行（请把它们移到一起）',
      },
      {
        row: 5,
        reason: '推荐职位“总会计师”已在第 3 行开始，同一职位的参考人选应填在相邻的行（请把它们移到一起）',
      },
    ]);
    expect(await posts()).toEqual([]);
  });

  it('refuses a later row of a post that fills in different numbers, naming both rows', async () => {
    const res = await upload([
      row('副总经理', ['2', '', '1'], '张伟'),
      row('副总经理', ['1', '', '2'], '李娜'),
      row('副总经理', ['2', '', '1'], '王强'),
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        row: 3,
        reason: '推荐职位“副总经理”的职数、另提名栏数与第 2 行不一致（同一职位只在第一行填写，其余行可留空）',
      },
    ]);
    expect(await posts()).toEqual([]);
  });

  it('adds nothing when one post of the file is bad, though the others are good', async () => {
    const res = await upload([
      row('副总经理', ['1', '', ''], '张伟'),
      row('副总经理', blank, '李娜'),
      // 职数 2 with one candidate and no write-in line cannot be answered: the post's own check.
      row('总会计师', ['2', '3', ''], '陈静'),
      row('工会主席', ['x', '', ''], '赵敏'),
    ]);
    expect(res.statusCode).toBe(422);
    const errors = res.json<{ errors: { row: number; reason: string }[] }>().errors;
    expect(errors.map((e) => e.row)).toEqual([4, 5]);
    expect(errors[0]!.reason).toMatch(/^“总会计师”：/);
    expect(errors[1]!.reason).toBe('职数、最多推荐人数、另提名栏数必须是整数');
    expect(await posts()).toEqual([]);
    // The same file with the bad posts fixed goes in whole.
    const fixed = await upload([
      row('副总经理', ['1', '', ''], '张伟'),
      row('副总经理', blank, '李娜'),
      row('总会计师', ['1', '', ''], '陈静'),
      row('工会主席', ['1', '', '1'], '赵敏'),
    ]);
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect((await posts()).map((p) => p.name)).toEqual(['副总经理', '总会计师', '工会主席']);
  });
});

describe('推荐职位 import: posts the round already has', () => {
  it('adds nothing when the same file is imported twice, naming the posts already there by row', async () => {
    const file = [
      row('副总经理', ['1', '', ''], '张伟'),
      row('副总经理', blank, '李娜'),
      row('总会计师', ['1', '', ''], '陈静'),
    ];
    expect((await upload(file)).statusCode).toBe(201);
    const again = await upload(file);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'IMPORT_ROWS_INVALID',
      detail: '有 2 行有误，未导入任何数据',
    });
    expect(again.json().errors).toEqual([
      { row: 2, reason: '推荐职位“副总经理”已存在（本批次已有同名职位，请删去这些行或改用其他名称）' },
      { row: 4, reason: '推荐职位“总会计师”已存在（本批次已有同名职位，请删去这些行或改用其他名称）' },
    ]);
    // All or nothing: a file with one new post and one already there adds neither.
    const mixed = await upload([
      row('工会主席', ['1', '', ''], '赵敏'),
      row('总会计师', ['1', '', ''], '刘洋'),
    ]);
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.map((e: { row: number }) => e.row)).toEqual([3]);
    expect((await posts()).map((p) => [p.name, p.candidates.length])).toEqual([
      ['副总经理', 2],
      ['总会计师', 1],
    ]);
  });
});
