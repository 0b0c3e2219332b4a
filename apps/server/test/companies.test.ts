import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, createCompany, elevate } from './helpers/factories';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, t = token) =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin/companies${url}`,
    headers: bearer(t),
    payload: payload as object,
  });

const names = async (query = '') =>
  (await api('GET', `/${query}`)).json().items.map((c: { name: string }) => c.name);

describe('list', () => {
  it('is empty at first', async () => {
    const res = await api('GET', '/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0 });
  });

  it('filters by name, pages with skip/limit in a stable order, and counts the filtered total', async () => {
    for (const n of ['北京分公司', '上海分公司', '北京研究院', '广州分公司'])
      await createCompany(ctx.app, token, n);
    expect(await names()).toEqual(['北京分公司', '上海分公司', '北京研究院', '广州分公司']);
    const beijing = (await api('GET', '/?q=北京')).json();
    expect(beijing.total).toBe(2);
    expect(beijing.items.map((c: { name: string }) => c.name)).toEqual(['北京分公司', '北京研究院']);
    const page2 = (await api('GET', '/?skip=1&limit=2')).json();
    expect(page2).toMatchObject({ total: 4, items: [{ name: '上海分公司' }, { name: '北京研究院' }] });
    const past = (await api('GET', '/?skip=10')).json();
    expect(past).toEqual({ items: [], total: 4 });
  });

  it('treats LIKE wildcards in the filter as plain text', async () => {
    await createCompany(ctx.app, token, '百分之百_公司');
    await createCompany(ctx.app, token, '普通公司');
    expect(await names('?q=%25')).toEqual([]);
    expect(await names('?q=_')).toEqual(['百分之百_公司']);
  });

  it.each(['?skip=-1', '?limit=0', '?limit=100000', '?skip=abc'])(
    'refuses bad paging %s with 400',
    async (q) => {
      const res = await api('GET', `/${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/参数校验失败/);
    },
  );
});

describe('create and rename', () => {
  it('creates with a trimmed name and answers the company', async () => {
    const res = await api('POST', '/', { name: '  甲公司  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 1, name: '甲公司', created_at: expect.any(String) });
  });

  it('refuses a duplicate name with 409, also on rename', async () => {
    await createCompany(ctx.app, token, '甲公司');
    const b = await createCompany(ctx.app, token, '乙公司');
    const dup = await api('POST', '/', { name: '甲公司' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: '单位名称“甲公司”已存在', code: 'COMPANY_NAME_TAKEN' });
    const clash = await api('PATCH', `/${b.id}`, { name: ' 甲公司' });
    expect(clash.statusCode).toBe(409);
    expect(await names()).toEqual(['甲公司', '乙公司']);
  });

  it('renames', async () => {
    const a = await createCompany(ctx.app, token, '甲公司');
    const res = await api('PATCH', `/${a.id}`, { name: '甲集团' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, name: '甲集团' });
    expect(await names()).toEqual(['甲集团']);
  });

  it.each([
    [{ name: '' }, '单位名称不能为空'],
    [{ name: '   ' }, '单位名称不能为空'],
    [{ name: 'x'.repeat(101) }, '单位名称不能超过 100 个字符'],
    [{ name: 7 }, '单位名称必须是文本'],
    [{}, '参数校验失败'],
    [{ name: '甲', extra: 1 }, 'extra'],
  ])('refuses %j with 422 and writes nothing', async (payload, detail) => {
    const res = await api('POST', '/', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
    expect(await names()).toEqual([]);
  });

  it('refuses bad and unknown ids', async () => {
    expect((await api('PATCH', '/abc', { name: '甲' })).statusCode).toBe(400);
    expect((await api('PATCH', '/0', { name: '甲' })).statusCode).toBe(400);
    expect((await api('PATCH', '/99999999999', { name: '甲' })).statusCode).toBe(400);
    const unknown = await api('PATCH', '/999', { name: '甲' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
  });

  it('keeps working without the trailing slash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/companies',
      headers: bearer(token),
      payload: { name: '无斜杠' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('delete', () => {
  it('needs advanced mode', async () => {
    const a = await createCompany(ctx.app, token, '甲公司');
    const res = await api('DELETE', `/${a.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/高级模式/);
    expect(await names()).toEqual(['甲公司']);
  });

  it('deletes in advanced mode and records who did it', async () => {
    const a = await createCompany(ctx.app, token, '甲公司');
    const elevated = await elevate(ctx.app, token);
    const res = await api('DELETE', `/${a.id}`, undefined, elevated);
    expect(res.statusCode).toBe(204);
    expect(await names()).toEqual([]);
    const audit = await ctx.database.db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.action, 'company.delete'),
    });
    expect(audit).toMatchObject([
      { username: 'admin', action: 'company.delete', detail: { name: '甲公司' } },
    ]);
    const again = await api('DELETE', `/${a.id}`, undefined, elevated);
    expect(again.statusCode).toBe(404);
  });
});
