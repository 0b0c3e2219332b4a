// Issue 27: the password rule (10 characters, 3 of 4 classes, not the username) wherever a password is
// chosen, old weaker passwords still signing in; sessions that end after SESSION_IDLE_MINUTES without a
// request, and at logout.
import { hash } from '@node-rs/argon2';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { bearer, createAdmin, login } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

const PW = 'Password123';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ REGISTRATION_CODE: 'code-27' });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const rows = async <T = Record<string, unknown>>(q: SQL) =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: bearer(token), payload });

// Each breaks one part of the rule; the detail names it in the words the web forms use.
const WEAK: [string, string][] = [
  ['Abc-12345', '密码至少 10 个字符'],
  ['abcdefghijk', '密码须包含大写字母、小写字母、数字、符号中的至少 3 类'],
  ['ABCDEFGHIJK', '密码须包含大写字母、小写字母、数字、符号中的至少 3 类'],
  ['12345678901', '密码须包含大写字母、小写字母、数字、符号中的至少 3 类'],
  ['-_-_-_-_-_-', '密码须包含大写字母、小写字母、数字、符号中的至少 3 类'],
  ['abcdef12345', '密码须包含大写字母、小写字母、数字、符号中的至少 3 类'], // lower + digits
  ['ABCDEF-_-_-', '密码须包含大写字母、小写字母、数字、符号中的至少 3 类'], // upper + symbols
  ['Abcdefghijk', '密码须包含大写字母、小写字母、数字、符号中的至少 3 类'], // upper + lower
];
// Three classes of four, each way.
const GOOD = ['Abcdefgh12', 'abcdefg-12', 'ABCDEFG-12', 'Abcdefg-hi', 'Abcdefg-12'];

describe('the password rule', () => {
  it.each(WEAK)(
    'refuses %j at registration, account creation, password change and reset',
    async (pw, why) => {
      const sys = await createAdmin(ctx.app);
      const target = await createAccount(ctx.app, sys, {
        username: 'target',
        role: 'auditor',
        all_units: true,
      });
      const register = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/register',
        payload: { username: 'newcomer', password: pw, registration_code: 'code-27' },
      });
      const create = await call(sys, 'POST', '/users/', { username: 'other', password: pw, role: 'auditor' });
      const change = await call(target.token, 'PUT', '/auth/password', {
        current_password: PW,
        new_password: pw,
      });
      const reset = await call(sys, 'POST', `/users/${target.id}/reset-password`, { password: pw });
      for (const res of [register, create, change, reset]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          detail: `参数校验失败：password：${why}`.replace(
            'password：',
            res === change ? 'new_password：' : 'password：',
          ),
          code: 'INVALID_BODY',
        });
      }
      expect(await rows(sql`SELECT username FROM users WHERE username IN ('newcomer', 'other')`)).toEqual([]);
      expect((await login(ctx.app, 'target', PW)).statusCode).toBe(200);
    },
  );

  it.each(GOOD)('takes %j', async (pw) => {
    const sys = await createAdmin(ctx.app);
    const create = await call(sys, 'POST', '/users/', { username: 'other', password: pw, role: 'auditor' });
    expect(create.statusCode).toBe(201);
    expect((await login(ctx.app, 'other', pw)).statusCode).toBe(200);
  });

  it('refuses a password that contains the username, whatever the case', async () => {
    const sys = await createAdmin(ctx.app);
    const target = await createAccount(ctx.app, sys, {
      username: 'Li.Ming',
      role: 'auditor',
      all_units: true,
    });
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/register',
      payload: { username: 'zhang3', password: 'My-ZHANG3-pass', registration_code: 'code-27' },
    });
    const create = await call(sys, 'POST', '/users/', {
      username: 'wang',
      password: 'Xx-WaNg-2026',
      role: 'auditor',
    });
    for (const res of [register, create]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: '参数校验失败：password：密码不能包含用户名',
        code: 'INVALID_BODY',
      });
    }
    // The change and the reset name no username: the server checks the account's own.
    const change = await call(target.token, 'PUT', '/auth/password', {
      current_password: PW,
      new_password: 'li.ming-2026-X',
    });
    const reset = await call(sys, 'POST', `/users/${target.id}/reset-password`, {
      password: 'New-LI.MING-1',
    });
    for (const res of [change, reset]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: '密码不能包含用户名', code: 'PASSWORD_HAS_USERNAME' });
    }
    expect((await login(ctx.app, 'Li.Ming', PW)).statusCode).toBe(200);
  });

  it('still signs in an account whose password is from before the rule, which must then change it', async () => {
    const sys = await createAdmin(ctx.app);
    const old = await createAccount(ctx.app, sys, { username: 'veteran', role: 'auditor', all_units: true });
    await ctx.database.db.execute(
      sql`UPDATE users SET password_hash = ${await hash('oldpass1')} WHERE id = ${old.id}`,
    );
    const res = await login(ctx.app, 'veteran', 'oldpass1');
    expect(res.statusCode).toBe(200);
    const token = res.json().access_token as string;
    expect((await call(token, 'GET', '/auth/me')).json()).toMatchObject({ must_change_password: true });
    expect((await call(token, 'GET', '/companies/')).json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await call(token, 'PUT', '/auth/password', {
      current_password: 'oldpass1',
      new_password: 'Stronger-2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(changed.json().access_token, 'GET', '/companies/')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  const sessionOf = async (token: string) => {
    const { sid } = ctx.app.jwt.decode<{ sid: string }>(token)!;
    const [row] = await rows<{ seconds_ago: number }>(
      sql`SELECT extract(epoch FROM now() - last_seen_at)::float8 AS seconds_ago FROM admin_sessions WHERE id = ${sid}`,
    );
    return { sid, row };
  };
  const moveBack = (sid: string, minutes: number) =>
    ctx.database.db.execute(
      sql`UPDATE admin_sessions SET last_seen_at = now() - make_interval(secs => ${minutes * 60}) WHERE id = ${sid}`,
    );

  it('names a session made at sign-in; a request marks it seen, at most once a minute', async () => {
    const token = await createAdmin(ctx.app);
    const { sid, row } = await sessionOf(token);
    expect(row!.seconds_ago).toBeLessThan(60);

    await moveBack(sid, 0.5);
    expect((await call(token, 'GET', '/companies/')).statusCode).toBe(200);
    expect((await sessionOf(token)).row!.seconds_ago).toBeGreaterThanOrEqual(29);

    await moveBack(sid, 29);
    expect((await call(token, 'GET', '/companies/')).statusCode).toBe(200);
    expect((await sessionOf(token)).row!.seconds_ago).toBeLessThan(60);
  });

  it('ends a session idle for SESSION_IDLE_MINUTES (30) with 401 会话已超时', async () => {
    const token = await createAdmin(ctx.app);
    const elevated = (await call(token, 'POST', '/auth/verify-advanced-mode', { password: PW })).json()
      .access_token as string;
    const { sid } = await sessionOf(token);
    await moveBack(sid, 31);
    for (const t of [token, elevated]) {
      for (const url of ['/companies/', '/auth/me']) {
        const res = await call(t, 'GET', url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: '会话已超时，请重新登录', code: 'SESSION_IDLE' });
      }
    }
    // A new sign-in is a new session.
    const again = (await login(ctx.app, 'admin', PW)).json().access_token as string;
    expect((await call(again, 'GET', '/companies/')).statusCode).toBe(200);
  });

  it('ends the session at logout, on its tokens only', async () => {
    const first = await createAdmin(ctx.app);
    const second = (await login(ctx.app, 'admin', PW)).json().access_token as string;
    const elevated = (await call(first, 'POST', '/auth/verify-advanced-mode', { password: PW })).json()
      .access_token as string;
    const out = await call(first, 'POST', '/auth/logout');
    expect(out.statusCode).toBe(204);
    for (const t of [first, elevated]) {
      const res = await call(t, 'GET', '/auth/me');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: '登录已失效，请重新登录', code: 'SESSION_EXPIRED' });
    }
    expect((await call(second, 'GET', '/auth/me')).statusCode).toBe(200);
    expect(await rows(sql`SELECT id FROM admin_sessions WHERE id = ${(await sessionOf(first)).sid}`)).toEqual(
      [],
    );
  });

  it('refuses a token that names no session (signed before sessions, or forged with the secret)', async () => {
    await createAdmin(ctx.app);
    for (const sid of [undefined, 'no-such-session']) {
      const token = ctx.app.jwt.sign({ sub: '1', username: 'admin', tv: 0, ...(sid ? { sid } : {}) });
      const res = await call(token, 'GET', '/auth/me');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('SESSION_EXPIRED');
    }
  });
});
