// Issue 17 item 5: sign-in that cannot be walked around: limits counted in the database (shared by
// instances), X-Forwarded-For trusted only from named proxies, the advanced-mode check limited per
// account, and tokens that end with their account, its password or its enabled state.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createAccount } from './helpers/accounts';
import { bearer, createAdmin, login, multipartForm } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

const SECRET = 'test-secret-test-secret-test-secret-1234';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_RATE_LIMIT: '5', REGISTRATION_CODE: 'code-1' });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** Another instance of the server on the same database (its own pool on PostgreSQL). */
async function secondInstance(env: Record<string, string> = {}) {
  const database: Database = ctx.url ? await openDatabase({ url: ctx.url, poolSize: 2 }) : ctx.database;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '5', ...env });
  const app = await buildApp({ config, database, jwtSecret: SECRET });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (ctx.url) await database.close();
    },
  };
}

const tryLogin = (app: App, username: string, ip?: string, forwarded?: string) => {
  const form = multipartForm({ username, password: 'wrong-password' });
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    remoteAddress: ip,
    payload: form.payload,
    headers: { ...form.headers, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
  });
};

describe('sign-in limits', () => {
  it('are shared by two instances on one database', async () => {
    await createAdmin(ctx.app);
    const other = await secondInstance();
    try {
      const codes: number[] = [];
      // createAdmin signed in once: four more tries, alternating instances, reach the limit of five.
      for (let i = 0; i < 5; i++)
        codes.push((await tryLogin(i % 2 ? other.app : ctx.app, 'admin')).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 429]);
      const blocked = await login(other.app, 'admin', 'Password123');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: '登录尝试过于频繁，请 1 分钟后再试', code: 'LOGIN_LIMITED' });
    } finally {
      await other.close();
    }
  });

  it('ignore an invented X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    // An unknown username: no account to lock (test/account-lockout.test.ts), only this limit counts.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await tryLogin(ctx.app, 'ghost', undefined, `10.9.0.${i}`)).statusCode);
    expect(codes.at(-1)).toBe(429);

    const proxied = await secondInstance({ TRUST_PROXY: '127.0.0.1' });
    try {
      // Behind a named proxy each client address has its own count.
      expect((await tryLogin(proxied.app, 'ghost', '127.0.0.1', '10.9.1.1')).statusCode).toBe(401);
      // A client that is not the proxy cannot choose its address.
      const direct: number[] = [];
      for (let i = 0; i < 6; i++)
        direct.push((await tryLogin(proxied.app, 'ghost', '192.0.2.7', `10.9.2.${i}`)).statusCode);
      expect(direct.at(-1)).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('are refused by config when TRUST_PROXY is not a list of addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toBe('10.0.0.1,10.1.0.0/16');
  });

  it('lock the advanced-mode password check per account, however the header is spelt', async () => {
    const token = await createAdmin(ctx.app);
    const codes: number[] = [];
    for (const scheme of [
      'Bearer',
      'bearer',
      'BEARER',
      'Bearer',
      'bearer',
      'BEARER',
      'Bearer',
      'bearer',
      'BEARER',
      'Bearer',
      'bearer',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/verify-advanced-mode',
        headers: { authorization: `${scheme} ${token}` },
        payload: { password: 'wrong' },
      });
      codes.push(res.statusCode);
    }
    // The fifth wrong password locks the check (423); the per-minute limit of ten still answers 429.
    expect(codes.slice(0, 10)).toEqual([...Array(4).fill(403), ...Array(6).fill(423)]);
    expect(codes[10]).toBe(429);
  });
});

/** An HS256 token signed with the app's secret but without an expiry. */
function tokenWithoutExpiry(claims: Record<string, unknown>) {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ ...claims, iat: Math.floor(Date.now() / 1000) })}`;
  return `${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`;
}

const me = (token: string) => ctx.app.inject({ url: '/api/v1/admin/auth/me', headers: bearer(token) });
const companies = (token: string) =>
  ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(token) });

describe('tokens', () => {
  it('refuses a token without expiry, even one signed with the secret', async () => {
    await createAdmin(ctx.app);
    const res = await companies(tokenWithoutExpiry({ sub: '1', username: 'admin', tv: 0 }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: '登录已失效，请重新登录', code: 'SESSION_EXPIRED' });
  });

  it('ends every token of an account that is disabled or deleted', async () => {
    const sys = await createAdmin(ctx.app);
    const a = await createAccount(ctx.app, sys, { username: 'auditor1', role: 'auditor', all_units: true });
    expect((await companies(a.token)).statusCode).toBe(200);
    const disable = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${a.id}`,
      headers: bearer(sys),
      payload: { disabled: true },
    });
    expect(disable.statusCode).toBe(200);
    expect((await companies(a.token)).statusCode).toBe(401);
    expect((await login(ctx.app, 'auditor1', 'Password123')).json()).toEqual({
      detail: '该账号已停用，请联系系统管理员',
      code: 'ACCOUNT_DISABLED',
    });
    // Enabled again, the old token stays dead: only a new sign-in works.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${a.id}`,
      headers: bearer(sys),
      payload: { disabled: false },
    });
    expect((await companies(a.token)).statusCode).toBe(401);
    expect((await login(ctx.app, 'auditor1', 'Password123')).statusCode).toBe(200);

    const b = await createAccount(ctx.app, sys, { username: 'auditor2', role: 'auditor', all_units: true });
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/users/${b.id}`, headers: bearer(sys) });
    expect((await me(b.token)).statusCode).toBe(401);
  });

  it('ends the old tokens when the password changes; the answer carries a working one', async () => {
    const old = await createAdmin(ctx.app);
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/auth/password',
      headers: bearer(old),
      payload: { current_password: 'nope-nope', new_password: 'new-password-1' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: '当前密码错误', code: 'CURRENT_PASSWORD_WRONG' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/auth/password',
      headers: bearer(old),
      payload: { current_password: 'Password123', new_password: 'new-password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await companies(old)).statusCode).toBe(401);
    expect((await companies(res.json().access_token)).statusCode).toBe(200);
    expect((await login(ctx.app, 'admin', 'new-password-1')).statusCode).toBe(200);
  });

  it('makes a reset password be changed before anything else', async () => {
    const sys = await createAdmin(ctx.app);
    const a = await createAccount(ctx.app, sys, { username: 'unit1', role: 'auditor', all_units: true });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${a.id}/reset-password`,
      headers: bearer(sys),
      payload: { password: 'temporary-1' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await companies(a.token)).statusCode).toBe(401);
    const fresh = (await login(ctx.app, 'unit1', 'temporary-1')).json().access_token;
    expect((await me(fresh)).json()).toMatchObject({ must_change_password: true, role: 'auditor' });
    const blocked = await companies(fresh);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ detail: '请先修改密码', code: 'PASSWORD_CHANGE_REQUIRED' });
  });
});
