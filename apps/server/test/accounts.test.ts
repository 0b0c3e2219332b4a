// Issue 17 items 1 and 2: roles on registration, the accounts API (system admins only) and its refusals.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { bearer, createAdmin, createCompany } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ REGISTRATION_CODE: 'code-2' });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const users = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET',
  path = '/',
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url: `/api/v1/admin/users${path}`,
    headers: bearer(token),
    payload: payload as object,
  });

describe('roles', () => {
  it('makes the first account system admin and later registrations wait for a role', async () => {
    const sys = await createAdmin(ctx.app);
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/register',
      payload: { username: 'later', password: 'Password123', registration_code: 'code-2' },
    });
    const token = reg.json().access_token;
    const me = await ctx.app.inject({ url: '/api/v1/admin/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ username: 'later', role: null, all_units: false, unit_ids: [] });
    const refused = await ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: '账号尚未分配角色，请联系系统管理员', code: 'ROLE_MISSING' });

    const c = await createCompany(ctx.app, sys, '甲');
    await createCompany(ctx.app, sys, '乙');
    const given = await users(sys, 'PATCH', `/${reg.json().id}`, { role: 'unit_admin', unit_ids: [c.id] });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ role: 'unit_admin', unit_ids: [c.id], all_units: false });
    // The same token now works, for that unit only.
    const list = await ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(token) });
    expect(list.json()).toMatchObject({ total: 1, items: [{ name: '甲' }] });
  });
});

describe('accounts', () => {
  it('lists, creates with role and units, and answers only system admins', async () => {
    const sys = await createAdmin(ctx.app);
    const c = await createCompany(ctx.app, sys, '甲');
    const ua = await createAccount(ctx.app, sys, {
      username: 'unit-a',
      role: 'unit_admin',
      unit_ids: [c.id],
    });
    const list = (await users(sys)).json();
    expect(list).toEqual([
      expect.objectContaining({ username: 'admin', role: 'system_admin', all_units: true }),
      expect.objectContaining({ username: 'unit-a', role: 'unit_admin', unit_ids: [c.id], disabled: false }),
    ]);
    const refused = await users(ua.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: '仅系统管理员可以执行此操作', code: 'SYSTEM_ADMIN_ONLY' });
  });

  it.each([
    [
      { username: 'x1', password: 'Password123', role: 'unit_admin', all_units: true },
      422,
      '只有监督员可以设为查看全部单位',
    ],
    [{ username: 'x2', password: 'Password123', role: 'auditor', unit_ids: [999] }, 422, '所选单位不存在'],
    [{ username: 'admin', password: 'Password123', role: 'auditor' }, 409, '用户名已存在'],
    [{ username: 'x3', password: 'Password123', role: 'root' }, 422, /角色只能是/],
    [{ username: 'x4', password: 'short', role: 'auditor' }, 422, /密码至少 10 个字符/],
  ])('refuses %j with %i and writes nothing', async (payload, status, detail) => {
    const sys = await createAdmin(ctx.app);
    const before = (await users(sys)).json().length;
    const res = await users(sys, 'POST', '/', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().detail).toMatch(detail);
    expect((await users(sys)).json()).toHaveLength(before);
  });

  it('refuses changing one’s own role, disabling or deleting oneself', async () => {
    const sys = await createAdmin(ctx.app);
    const own = await users(sys, 'PATCH', '/1', { role: 'auditor' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: '不能修改自己的角色或停用自己', code: 'SELF_ROLE_CHANGE' });
    expect((await users(sys, 'PATCH', '/1', { disabled: true })).statusCode).toBe(403);
    const del = await users(sys, 'DELETE', '/1');
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ detail: '不能删除自己的账号', code: 'SELF_DELETE' });
    expect((await users(sys)).json()[0]).toMatchObject({ role: 'system_admin', disabled: false });
  });

  it('lets a second system admin disable and demote the first, leaving one active', async () => {
    const sys = await createAdmin(ctx.app);
    const other = await createAccount(ctx.app, sys, { username: 'sys2', role: 'system_admin' });
    // sys2 disables the first admin, leaving itself; then nobody else can take the role from sys2.
    expect((await users(other.token, 'PATCH', '/1', { disabled: true })).statusCode).toBe(200);
    await ctx.database.db.execute(sql`UPDATE users SET disabled = false WHERE id = 1`);
    expect((await users(other.token, 'PATCH', '/1', { role: 'auditor', all_units: true })).statusCode).toBe(
      200,
    );
    const [row] = (
      (await ctx.database.db.execute(
        sql`SELECT count(*)::int AS n FROM users WHERE role = 'system_admin' AND NOT disabled`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(row!.n).toBe(1);
  });

  it('records account changes and password changes without the password', async () => {
    const sys = await createAdmin(ctx.app);
    await createAccount(ctx.app, sys, { username: 'aud', role: 'auditor', all_units: true });
    const rows = (
      (await ctx.database.db.execute(
        sql`SELECT action, summary, username FROM audit_log ORDER BY id`,
      )) as unknown as {
        rows: { action: string; summary: string; username: string }[];
      }
    ).rows;
    expect(rows).toEqual([
      { action: 'account.create', summary: '新建账号“aud”（监督员）', username: 'admin' },
      { action: 'account.password_change', summary: '修改本人密码', username: 'aud' },
    ]);
  });
});
