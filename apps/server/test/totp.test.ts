// Issue 27, two-factor sign-in (TOTP, RFC 6238): setup, enable, the login's second step with a code, a
// wrong one, a reused one, clock drift, recovery codes used once, one's own disable, a system admin's reset
// (audited; a unit admin may not), REQUIRE_2FA, and the secret never stored in clear. The codes are
// computed here with the same library an authenticator app implements (otplib).
import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/accounts';
import { bearer, createAdmin, createCompany, multipartForm } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

// Passwords of the rule the sign-in work brings: ten characters or more, three classes.
const ADMIN_PW = 'Kaoping-sys-2026';
const FIRST_PW = 'First-pass-2026';
const USER_PW = 'User-pass-2026x';

const now = () => Math.floor(Date.now() / 1000);
/** The code an authenticator app shows for the secret, `offset` seconds from now. */
const codeAt = (secret: string, offset = 0) => generateSync({ secret, epoch: now() + offset });

/**
 * Waits out the last seconds of a 30-second step, so that a code computed for "now ± n steps" is still
 * that many steps away when the server checks it (the checks themselves take no time into account).
 */
async function awayFromStepEdge() {
  const into = (Date.now() / 1000) % 30;
  if (into > 26) await new Promise((r) => setTimeout(r, (30.2 - into) * 1000));
}

function signIn(ctx: TestContext, username: string, password: string, otp?: string) {
  const form = multipartForm(otp === undefined ? { username, password } : { username, password, otp });
  return ctx.app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', ...form });
}

function post(ctx: TestContext, token: string, path: string, payload?: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin${path}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

const rowsOf = async <T>(ctx: TestContext, query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A system admin makes an account; its user signs in and sets its own password (a new account must). */
async function makeUser(ctx: TestContext, sys: string, username: string, role = 'unit_admin') {
  const company = await createCompany(ctx.app, sys, `${username}单位`);
  const made = await post(ctx, sys, '/users/', {
    username,
    password: FIRST_PW,
    role,
    ...(role === 'unit_admin' ? { unit_ids: [company.id] } : {}),
  });
  expect(made.statusCode, made.body).toBe(201);
  const first = await signIn(ctx, username, FIRST_PW);
  expect(first.statusCode).toBe(200);
  const changed = await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/auth/password',
    headers: bearer(first.json().access_token),
    payload: { current_password: FIRST_PW, new_password: USER_PW },
  });
  expect(changed.statusCode).toBe(200);
  return { id: made.json<{ id: number }>().id, token: changed.json<{ access_token: string }>().access_token };
}

/** Setup and enable with the current code; answers the secret and the recovery codes. */
async function enrol(ctx: TestContext, token: string, offset = 0) {
  await awayFromStepEdge();
  const setup = await post(ctx, token, '/auth/totp/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await post(ctx, token, '/auth/totp/enable', { code: codeAt(secret, offset) });
  expect(enabled.statusCode).toBe(200);
  return { secret, recovery: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

describe('two-factor sign-in', () => {
  let ctx: TestContext;
  let sys: string;
  beforeAll(async () => {
    ctx = await createTestContext({ REGISTRATION_CODE: 'code-2' });
    await createAdmin(ctx.app, 'admin', ADMIN_PW);
  });
  afterAll(() => ctx.close());
  // The admin is kept across resets (without a second factor); it signs in again for each test.
  beforeEach(async () => {
    await ctx.reset();
    sys = await createAdmin(ctx.app, 'admin', ADMIN_PW);
  });

  it('sets up a pending secret, stored encrypted, and turns it on only with the right code', async () => {
    const user = await makeUser(ctx, sys, 'zhang');
    const setup = await post(ctx, user.token, '/auth/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // What an authenticator app reads from the QR code: issuer 考评, account zhang.
    expect(decodeURIComponent(otpauth_url)).toBe(`otpauth://totp/考评:zhang?secret=${secret}&issuer=考评`);

    // Pending only: the password alone still signs in, and the secret is in the database only encrypted.
    expect((await signIn(ctx, 'zhang', USER_PW)).statusCode).toBe(200);
    const [pending] = await rowsOf<{ totp_secret: string | null; totp_pending_secret: string }>(
      ctx,
      sql`SELECT totp_secret, totp_pending_secret FROM users WHERE username = 'zhang'`,
    );
    expect(pending!.totp_secret).toBeNull();
    expect(pending!.totp_pending_secret).toMatch(/^aes:/);
    expect(pending!.totp_pending_secret).not.toContain(secret);

    // A wrong code: a clear refusal, nothing turned on.
    const wrongCode = ['000000', '111111', '222222'].find(
      (c) => ![-30, 0, 30].some((o) => codeAt(secret, o) === c),
    )!;
    const wrong = await post(ctx, user.token, '/auth/totp/enable', { code: wrongCode });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      code: 'TOTP_CODE_WRONG',
      detail: '验证码不正确，请输入验证器上当前显示的 6 位数字',
    });
    const notDigits = await post(ctx, user.token, '/auth/totp/enable', { code: 'abc' });
    expect(notDigits.statusCode).toBe(422);
    expect(notDigits.json().detail).toContain('验证码是验证器上显示的 6 位数字');
    expect((await signIn(ctx, 'zhang', USER_PW)).statusCode).toBe(200);

    await awayFromStepEdge();
    const enabled = await post(ctx, user.token, '/auth/totp/enable', { code: codeAt(secret) });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const [stored] = await rowsOf<{ totp_secret: string; totp_pending_secret: string | null }>(
      ctx,
      sql`SELECT totp_secret, totp_pending_secret FROM users WHERE username = 'zhang'`,
    );
    expect(stored!.totp_pending_secret).toBeNull();
    expect(stored!.totp_secret).toMatch(/^aes:/);
    expect(stored!.totp_secret).not.toContain(secret);
    const hashes = await rowsOf<{ code_hash: string }>(
      ctx,
      sql`SELECT code_hash FROM totp_recovery_codes WHERE user_id = ${user.id}`,
    );
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) {
      for (const c of codes) {
        expect(code_hash).not.toContain(c);
        expect(code_hash).not.toContain(c.replace('-', ''));
      }
    }

    const me = await ctx.app.inject({ url: '/api/v1/admin/auth/me', headers: bearer(user.token) });
    expect(me.json()).toMatchObject({ totp_enabled: true, must_set_up_totp: false });
    // Once on, a new setup is refused (it would replace the phone's secret unseen).
    const again = await post(ctx, user.token, '/auth/totp/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TOTP_ALREADY_ENABLED');
  });

  it('asks for a code after the right password, takes a code once, and refuses wrong ones', async () => {
    const user = await makeUser(ctx, sys, 'li');
    const { secret } = await enrol(ctx, user.token);

    const noCode = await signIn(ctx, 'li', USER_PW);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json()).toEqual({ code: 'OTP_REQUIRED', detail: '请输入动态验证码' });
    const emptyCode = await signIn(ctx, 'li', USER_PW, '');
    expect(emptyCode.json().code).toBe('OTP_REQUIRED');
    // A wrong password says nothing about a second factor.
    const wrongPassword = await signIn(ctx, 'li', 'Wrong-pass-2026', codeAt(secret, 30));
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().code).toBe('LOGIN_FAILED');

    const wrongCode = ['123456', '654321', '000001'].find(
      (c) => ![-30, 0, 30].some((o) => codeAt(secret, o) === c),
    )!;
    const wrong = await signIn(ctx, 'li', USER_PW, wrongCode);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'OTP_WRONG',
      detail: '动态验证码错误或已使用，请输入验证器上的最新验证码或一个未用过的恢复码',
    });

    await awayFromStepEdge();
    // The next step's code (the phone a little ahead) signs in once (and clears the four misses above,
    // which count toward the account's lock).
    const next = codeAt(secret, 30);
    const ok = await signIn(ctx, 'li', USER_PW, next);
    expect(ok.statusCode).toBe(200);
    const me = await ctx.app.inject({
      url: '/api/v1/admin/auth/me',
      headers: bearer(ok.json().access_token),
    });
    expect(me.json()).toMatchObject({ username: 'li', totp_enabled: true });
    const replay = await signIn(ctx, 'li', USER_PW, next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('OTP_WRONG');
    // The code that enabled it was taken too: it cannot sign in.
    expect((await signIn(ctx, 'li', USER_PW, codeAt(secret))).json().code).toBe('OTP_WRONG');
  });

  it('counts missing and wrong codes toward the account’s lock; a full sign-in clears the count', async () => {
    const user = await makeUser(ctx, sys, 'wu');
    const { secret } = await enrol(ctx, user.token);
    const wrongCode = ['123123', '456456', '789789'].find(
      (c) => ![-30, 0, 30, 60].some((o) => codeAt(secret, o) === c),
    )!;
    // Four misses, then the whole sign-in: the count starts again.
    expect((await signIn(ctx, 'wu', USER_PW)).json().code).toBe('OTP_REQUIRED');
    for (let i = 0; i < 3; i++) {
      expect((await signIn(ctx, 'wu', USER_PW, wrongCode)).json().code).toBe('OTP_WRONG');
    }
    await awayFromStepEdge();
    expect((await signIn(ctx, 'wu', USER_PW, codeAt(secret, 30))).statusCode).toBe(200);
    // Five wrong codes with the right password lock the account; then even a right code is refused.
    for (let i = 0; i < 4; i++) {
      expect((await signIn(ctx, 'wu', USER_PW, wrongCode)).json().code).toBe('OTP_WRONG');
    }
    const fifth = await signIn(ctx, 'wu', USER_PW, wrongCode);
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().code).toBe('ACCOUNT_LOCKED');
    const locked = await signIn(ctx, 'wu', USER_PW, codeAt(secret));
    expect(locked.statusCode).toBe(423);
  });

  it('accepts one step of clock drift either way and no more', async () => {
    const user = await makeUser(ctx, sys, 'wang');
    // Enabled with the phone a step behind.
    const { secret } = await enrol(ctx, user.token, -30);
    await awayFromStepEdge();
    expect((await signIn(ctx, 'wang', USER_PW, codeAt(secret, -90))).json().code).toBe('OTP_WRONG');
    expect((await signIn(ctx, 'wang', USER_PW, codeAt(secret, 90))).json().code).toBe('OTP_WRONG');
    expect((await signIn(ctx, 'wang', USER_PW, codeAt(secret))).statusCode).toBe(200);
    // A step older than the last one taken is refused even within the drift.
    expect((await signIn(ctx, 'wang', USER_PW, codeAt(secret, -30))).json().code).toBe('OTP_WRONG');
  });

  it('takes each recovery code once, however it is typed', async () => {
    const user = await makeUser(ctx, sys, 'zhao');
    const { recovery } = await enrol(ctx, user.token);
    const first = await signIn(ctx, 'zhao', USER_PW, recovery[0]);
    expect(first.statusCode).toBe(200);
    const again = await signIn(ctx, 'zhao', USER_PW, recovery[0]);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('OTP_WRONG');
    // Upper case, no dash: the same code.
    const typed = recovery[1]!.replace('-', '').toUpperCase();
    expect((await signIn(ctx, 'zhao', USER_PW, ` ${typed} `)).statusCode).toBe(200);
    expect((await signIn(ctx, 'zhao', USER_PW, recovery[1])).json().code).toBe('OTP_WRONG');
    const used = await rowsOf<{ n: number }>(
      ctx,
      sql`SELECT count(*)::int AS n FROM totp_recovery_codes WHERE user_id = ${user.id} AND used_at IS NOT NULL`,
    );
    expect(used[0]!.n).toBe(2);
    // Another account's recovery code is not this one's.
    const other = await makeUser(ctx, sys, 'qian');
    await enrol(ctx, other.token);
    expect((await signIn(ctx, 'qian', USER_PW, recovery[2])).json().code).toBe('OTP_WRONG');
  });

  it('turns one’s own second factor off only with a current code or a recovery code', async () => {
    const user = await makeUser(ctx, sys, 'sun');
    const { recovery } = await enrol(ctx, user.token);
    const wrong = await post(ctx, user.token, '/auth/totp/disable', { code: 'nothing-00' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('TOTP_CODE_WRONG');
    const empty = await post(ctx, user.token, '/auth/totp/disable', { code: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toContain('请输入动态验证码或恢复码');
    expect((await signIn(ctx, 'sun', USER_PW)).json().code).toBe('OTP_REQUIRED');

    const off = await post(ctx, user.token, '/auth/totp/disable', { code: recovery[0]! });
    expect(off.statusCode).toBe(204);
    expect((await signIn(ctx, 'sun', USER_PW)).statusCode).toBe(200);
    const left = await rowsOf<{ secret: string | null; n: number }>(
      ctx,
      sql`SELECT totp_secret AS secret, (SELECT count(*)::int FROM totp_recovery_codes WHERE user_id = ${user.id}) AS n
          FROM users WHERE id = ${user.id}`,
    );
    expect(left[0]).toEqual({ secret: null, n: 0 });
    const twice = await post(ctx, user.token, '/auth/totp/disable', { code: '123456' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('TOTP_NOT_ENABLED');
  });

  it('lets a system admin reset another account’s second factor, audited; not a unit admin', async () => {
    const user = await makeUser(ctx, sys, 'zhou');
    await enrol(ctx, user.token);
    const list = await ctx.app.inject({ url: '/api/v1/admin/users/', headers: bearer(sys) });
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ username: 'zhou', totp_enabled: true }),
        expect.objectContaining({ username: 'admin', totp_enabled: false }),
      ]),
    );

    const c = await createCompany(ctx.app, sys, '甲');
    const unitAdmin = await createAccount(ctx.app, sys, {
      username: 'unit-a',
      role: 'unit_admin',
      unit_ids: [c.id],
    });
    const refused = await post(ctx, unitAdmin.token, `/users/${user.id}/totp/reset`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SYSTEM_ADMIN_ONLY');
    expect((await signIn(ctx, 'zhou', USER_PW)).json().code).toBe('OTP_REQUIRED');

    const selfReset = await post(ctx, sys, '/users/1/totp/reset');
    expect(selfReset.statusCode).toBe(403);
    expect(selfReset.json().code).toBe('TOTP_RESET_SELF');
    const missing = await post(ctx, sys, '/users/9999/totp/reset');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ACCOUNT_NOT_FOUND');

    const reset = await post(ctx, sys, `/users/${user.id}/totp/reset`);
    expect(reset.statusCode).toBe(204);
    expect((await signIn(ctx, 'zhou', USER_PW)).statusCode).toBe(200);
    const after = await ctx.app.inject({ url: '/api/v1/admin/users/', headers: bearer(sys) });
    expect(after.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ username: 'zhou', totp_enabled: false })]),
    );
    const twice = await post(ctx, sys, `/users/${user.id}/totp/reset`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('TOTP_NOT_ENABLED');

    const log = await ctx.app.inject({
      url: '/api/v1/admin/audit-log/?action=account.totp_reset',
      headers: bearer(sys),
    });
    expect(log.json().items).toEqual([
      expect.objectContaining({
        action: 'account.totp_reset',
        action_label: '重置双因素认证',
        username: 'admin',
        object_id: String(user.id),
        summary: '重置账号“zhou”的双因素认证',
      }),
    ]);
    const enabledRows = await ctx.app.inject({
      url: '/api/v1/admin/audit-log/?action=account.totp_enable',
      headers: bearer(sys),
    });
    expect(enabledRows.json().items).toEqual([
      expect.objectContaining({ username: 'zhou', action_label: '启用双因素认证' }),
    ]);
  });
});

describe('REQUIRE_2FA=true (with the SM4 suite for the stored secret)', () => {
  let ctx: TestContext;
  let sys: string;
  beforeAll(async () => {
    ctx = await createTestContext({ REQUIRE_2FA: 'true', CRYPTO_SUITE: 'sm' });
    await createAdmin(ctx.app, 'admin', ADMIN_PW);
  });
  afterAll(() => ctx.close());
  // The admin is kept across resets (without a second factor); it signs in again for each test.
  beforeEach(async () => {
    await ctx.reset();
    sys = await createAdmin(ctx.app, 'admin', ADMIN_PW);
  });

  it('makes an account without a second factor set one up before anything else', async () => {
    const me = await ctx.app.inject({ url: '/api/v1/admin/auth/me', headers: bearer(sys) });
    expect(me.json()).toMatchObject({ totp_enabled: false, must_set_up_totp: true });
    const blocked = await ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(sys) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      code: 'TOTP_SETUP_REQUIRED',
      detail: '系统要求启用双因素认证，请先绑定验证器',
    });

    const { secret } = await enrol(ctx, sys);
    const [stored] = await rowsOf<{ totp_secret: string }>(
      ctx,
      sql`SELECT totp_secret FROM users WHERE username = 'admin'`,
    );
    expect(stored!.totp_secret).toMatch(/^sm4:/);
    expect(stored!.totp_secret).not.toContain(secret);

    const open = await ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(sys) });
    expect(open.statusCode).toBe(200);
    const meAfter = await ctx.app.inject({ url: '/api/v1/admin/auth/me', headers: bearer(sys) });
    expect(meAfter.json()).toMatchObject({ totp_enabled: true, must_set_up_totp: false });

    // The password alone no longer signs in; turning it off is refused while the rule holds.
    expect((await signIn(ctx, 'admin', ADMIN_PW)).json().code).toBe('OTP_REQUIRED');
    await awayFromStepEdge();
    const off = await post(ctx, sys, '/auth/totp/disable', { code: codeAt(secret, 30) });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('TOTP_REQUIRED_BY_POLICY');
    expect((await signIn(ctx, 'admin', ADMIN_PW, codeAt(secret, 30))).statusCode).toBe(200);
  });

  it('lets a new account change its password first, then set up the second factor', async () => {
    await enrol(ctx, sys);
    const made = await post(ctx, sys, '/users/', {
      username: 'auditor-1',
      password: FIRST_PW,
      role: 'auditor',
      all_units: true,
    });
    expect(made.statusCode).toBe(201);
    const first = await signIn(ctx, 'auditor-1', FIRST_PW);
    expect(first.statusCode).toBe(200);
    const token = first.json().access_token;
    const blocked = await ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(token) });
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/auth/password',
      headers: bearer(token),
      payload: { current_password: FIRST_PW, new_password: USER_PW },
    });
    const fresh = changed.json().access_token;
    const stillBlocked = await ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(fresh) });
    expect(stillBlocked.json().code).toBe('TOTP_SETUP_REQUIRED');
    await enrol(ctx, fresh);
    const open = await ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(fresh) });
    expect(open.statusCode).toBe(200);
  });
});
