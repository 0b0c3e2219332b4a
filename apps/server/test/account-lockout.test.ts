// Issue 27, sign-in per account: 5 wrong passwords for one account within 15 minutes, from any number of
// addresses, lock it for 15 minutes (423); the same, counted apart, for the advanced-mode password and
// the password change; kept in the database; a system admin sees and lifts the lock (audited).
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createAccount } from './helpers/accounts';
import { bearer, createAdmin, login, multipartForm } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

const PW = 'Password123';
let ctx: TestContext;
beforeAll(async () => {
  // Behind a named proxy (127.0.0.1, inject's own address) X-Forwarded-For names the client.
  ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const rows = async <T = Record<string, unknown>>(q: SQL) =>
  ((await ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** A sign-in from the client address `from` (through the trusted proxy). */
function signIn(username: string, password: string, from: string) {
  const form = multipartForm({ username, password });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: form.payload,
    headers: { ...form.headers, 'x-forwarded-for': from },
  });
}

const advanced = (token: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/verify-advanced-mode',
    headers: bearer(token),
    payload: { password },
  });

const changePassword = (token: string, current: string, next = 'Another-pass-2') =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/auth/password',
    headers: bearer(token),
    payload: { current_password: current, new_password: next },
  });

const listAccounts = (token: string) =>
  ctx.app.inject({ url: '/api/v1/admin/users/', headers: bearer(token) });

/** HH:mm in Beijing, as the 423's detail says it. */
const beijing = (d: Date) =>
  d.toLocaleTimeString('zh-CN', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

async function lockOf(userId: number, kind: string) {
  const [row] = await rows<{ until: string; minutes_left: number; failures: number }>(
    sql`SELECT locked_until AS until, failures,
          (extract(epoch FROM locked_until - now()) / 60)::float8 AS minutes_left
        FROM account_locks WHERE user_id = ${userId} AND kind = ${kind}`,
  );
  return row;
}

/** Moves every stored time of the account's locks back, as if `minutes` had passed. */
const age = (userId: number, minutes: number) =>
  ctx.database.db.execute(
    sql`UPDATE account_locks SET window_start = window_start - make_interval(mins => ${minutes}),
          locked_until = locked_until - make_interval(mins => ${minutes}) WHERE user_id = ${userId}`,
  );

describe('sign-in lockout per account', () => {
  it('locks an account after 5 wrong passwords from 20 addresses, and refuses even the right one', async () => {
    const sys = await createAdmin(ctx.app);
    const target = await createAccount(ctx.app, sys, {
      username: 'target',
      role: 'auditor',
      all_units: true,
    });

    const answers = [];
    for (let i = 0; i < 19; i++) answers.push(await signIn('target', `Guess-${i}-pass`, `10.20.0.${i + 1}`));
    expect(answers.map((r) => r.statusCode)).toEqual([...Array(4).fill(401), ...Array(15).fill(423)]);
    expect(answers[3]!.json().code).toBe('LOGIN_FAILED');

    const lock = await lockOf(target.id, 'login');
    expect(lock!.minutes_left).toBeGreaterThan(14);
    expect(lock!.minutes_left).toBeLessThanOrEqual(15);
    const detail = `密码连续错误次数过多，账号已锁定至 ${beijing(new Date(lock!.until))}，请届时再试，或联系系统管理员解锁`;
    expect(answers[4]!.json()).toEqual({ detail, code: 'ACCOUNT_LOCKED' });

    // The twentieth address, with the right password: still locked.
    const right = await signIn('target', PW, '10.20.0.20');
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual({ detail, code: 'ACCOUNT_LOCKED' });
    // Another account is not touched by it.
    expect((await signIn('admin', PW, '10.20.0.20')).statusCode).toBe(200);
  });

  it('lets no parallel guess slip past the count', async () => {
    const sys = await createAdmin(ctx.app);
    await createAccount(ctx.app, sys, { username: 'target', role: 'auditor', all_units: true });
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => signIn('target', `Guess-${i}-pass`, `10.21.0.${i + 1}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.every((c) => c === 401 || c === 423)).toBe(true);
    // At most four wrong passwords were answered as such; the fifth locked the account.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(4);
    expect((await signIn('target', PW, '10.21.1.1')).statusCode).toBe(423);
  });

  it('starts the count again after a right password', async () => {
    const sys = await createAdmin(ctx.app);
    await createAccount(ctx.app, sys, { username: 'target', role: 'auditor', all_units: true });
    const codes: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++)
        codes.push((await signIn('target', 'Wrong-pass-1', `10.22.${round}.${i}`)).statusCode);
      codes.push((await signIn('target', PW, '10.22.9.9')).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401, 200]);
  });

  it('ends the lock after 15 minutes, with a fresh count', async () => {
    const sys = await createAdmin(ctx.app);
    const target = await createAccount(ctx.app, sys, {
      username: 'target',
      role: 'auditor',
      all_units: true,
    });
    for (let i = 0; i < 5; i++) await signIn('target', 'Wrong-pass-1', `10.23.0.${i}`);
    expect((await signIn('target', PW, '10.23.1.1')).statusCode).toBe(423);

    await age(target.id, 14);
    expect((await signIn('target', PW, '10.23.1.1')).statusCode).toBe(423);
    await age(target.id, 1);
    // Over: one wrong password is one of five again, and the right one signs in.
    expect((await signIn('target', 'Wrong-pass-1', '10.23.1.2')).statusCode).toBe(401);
    expect((await signIn('target', PW, '10.23.1.3')).statusCode).toBe(200);
    expect(await lockOf(target.id, 'login')).toBeUndefined();
  });

  it('is shared by two instances on one database', async () => {
    const sys = await createAdmin(ctx.app);
    await createAccount(ctx.app, sys, { username: 'target', role: 'auditor', all_units: true });
    const database: Database = ctx.url ? await openDatabase({ url: ctx.url, poolSize: 2 }) : ctx.database;
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '10000' });
    const other = await buildApp({ config, database, jwtSecret: 'test-secret-test-secret-test-secret-1234' });
    await other.ready();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const app = i % 2 ? other : ctx.app;
        codes.push((await login(app, 'target', `Wrong-${i}-pass`)).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 423]);
      expect((await login(other, 'target', PW)).json().code).toBe('ACCOUNT_LOCKED');
    } finally {
      await other.close();
      if (ctx.url) await database.close();
    }
  });
});

describe('the lock on the accounts screen', () => {
  it('shows the lock to a system admin, who lifts it (audited); a unit admin may not', async () => {
    const sys = await createAdmin(ctx.app);
    const target = await createAccount(ctx.app, sys, {
      username: 'target',
      role: 'auditor',
      all_units: true,
    });
    const unitAdmin = await createAccount(ctx.app, sys, {
      username: 'unit-a',
      role: 'unit_admin',
      unit_ids: [],
    });
    for (let i = 0; i < 5; i++) await signIn('target', 'Wrong-pass-1', `10.24.0.${i}`);

    const lock = await lockOf(target.id, 'login');
    const listed = (await listAccounts(sys)).json<{ username: string; locks: unknown[] }[]>();
    expect(listed.find((a) => a.username === 'target')!.locks).toEqual([
      { kind: 'login', until: new Date(lock!.until).toISOString() },
    ]);
    expect(listed.find((a) => a.username === 'admin')!.locks).toEqual([]);

    const url = `/api/v1/admin/users/${target.id}/unlock`;
    const refused = await ctx.app.inject({ method: 'POST', url, headers: bearer(unitAdmin.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: '仅系统管理员可以执行此操作', code: 'SYSTEM_ADMIN_ONLY' });
    expect((await signIn('target', PW, '10.24.1.1')).statusCode).toBe(423);

    const lifted = await ctx.app.inject({ method: 'POST', url, headers: bearer(sys) });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ id: target.id, username: 'target', locks: [] });
    const audit = await rows<{ action: string; username: string; summary: string; object_id: string }>(
      sql`SELECT action, username, summary, object_id FROM audit_log WHERE action = 'account.unlock'`,
    );
    expect(audit).toEqual([
      {
        action: 'account.unlock',
        username: 'admin',
        summary: '解除账号“target”的锁定',
        object_id: String(target.id),
      },
    ]);
    expect((await signIn('target', PW, '10.24.1.1')).statusCode).toBe(200);

    // Nothing left to lift: a clear 409, and no second audit row.
    const again = await ctx.app.inject({ method: 'POST', url, headers: bearer(sys) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ACCOUNT_NOT_LOCKED');
    expect(await rows(sql`SELECT id FROM audit_log WHERE action = 'account.unlock'`)).toHaveLength(1);
  });
});

describe('advanced mode and password change, each counted apart', () => {
  it('locks the advanced-mode password after 5 wrong ones; sign-in stays open', async () => {
    const sys = await createAdmin(ctx.app);
    const target = await createAccount(ctx.app, sys, {
      username: 'target',
      role: 'unit_admin',
      unit_ids: [],
    });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await advanced(target.token, `Wrong-${i}-pass`)).statusCode);
    expect(codes).toEqual([403, 403, 403, 403, 423]);
    const right = await advanced(target.token, PW);
    expect(right.statusCode).toBe(423);
    expect(right.json().code).toBe('ADVANCED_LOCKED');
    expect(right.json().detail).toMatch(/^管理员密码连续错误次数过多，高级模式验证已锁定至 \d\d:\d\d，/);
    expect((await signIn('target', PW, '10.25.0.1')).statusCode).toBe(200);
    expect((await changePassword(target.token, PW)).statusCode).toBe(200);

    const listed = (await listAccounts(sys)).json<{ username: string; locks: { kind: string }[] }[]>();
    expect(listed.find((a) => a.username === 'target')!.locks.map((l) => l.kind)).toEqual(['advanced']);
  });

  it('locks the password change after 5 wrong current passwords; advanced mode stays open', async () => {
    const sys = await createAdmin(ctx.app);
    const target = await createAccount(ctx.app, sys, {
      username: 'target',
      role: 'unit_admin',
      unit_ids: [],
    });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await changePassword(target.token, `Wrong-${i}-pass`)).statusCode);
    expect(codes).toEqual([403, 403, 403, 403, 423]);
    const right = await changePassword(target.token, PW);
    expect(right.statusCode).toBe(423);
    expect(right.json().code).toBe('PASSWORD_CHANGE_LOCKED');
    expect(right.json().detail).toMatch(/^当前密码连续错误次数过多，修改密码已锁定至 \d\d:\d\d，/);
    expect((await advanced(target.token, PW)).statusCode).toBe(200);
    expect((await signIn('target', PW, '10.26.0.1')).statusCode).toBe(200);

    // Lifted by a system admin, the right password changes it.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${target.id}/unlock`,
      headers: bearer(sys),
    });
    expect((await changePassword(target.token, PW)).statusCode).toBe(200);
  });
});
