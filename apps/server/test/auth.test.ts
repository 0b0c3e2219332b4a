import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createAdmin, elevate, login, multipartForm } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ REGISTRATION_CODE: 'open-sesame', LOGIN_RATE_LIMIT: '10' });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const register = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/admin/auth/register', payload: payload as object });

describe('register', () => {
  it('lets the first account in without a code, then requires the operator code', async () => {
    const status0 = await ctx.app.inject({ url: '/api/v1/admin/auth/registration-status' });
    expect(status0.json()).toEqual({ has_users: false, code_required: false, open: true });

    const first = await register({ username: 'admin', password: 'Password123' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: 1,
      username: 'admin',
      access_token: expect.any(String),
      token_type: 'bearer',
    });

    const noCode = await register({ username: 'second', password: 'Password123' });
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json().detail).toMatch(/注册/);

    const wrongCode = await register({
      username: 'second',
      password: 'Password123',
      registration_code: 'nope',
    });
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json()).toEqual({ detail: '注册码错误', code: 'REGISTRATION_CODE_WRONG' });

    const ok = await register({
      username: 'second',
      password: 'Password123',
      registration_code: 'open-sesame',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('signs the new administrator in: the answer carries a token that works at once', async () => {
    const res = await register({ username: 'founder', password: 'Password123' });
    expect(res.statusCode).toBe(201);
    const me = await ctx.app.inject({
      url: '/api/v1/admin/auth/me',
      headers: bearer(res.json().access_token),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: 1,
      username: 'founder',
      role: 'system_admin',
      all_units: true,
      unit_ids: [],
      must_change_password: false,
      elevated_until: null,
      totp_enabled: false,
      must_set_up_totp: false,
    });
  });

  it('refuses a duplicate username with 409', async () => {
    await register({ username: 'admin', password: 'Password123' });
    const again = await register({
      username: 'admin',
      password: 'Password456',
      registration_code: 'open-sesame',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: '用户名已存在', code: 'USERNAME_TAKEN' });
  });

  it('lets only one of two simultaneous first registrations in without a code', async () => {
    const results = await Promise.all([
      register({ username: 'first-a', password: 'Password123' }),
      register({ username: 'first-b', password: 'Password123' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
  });

  it.each([
    [{ username: 'a', password: 'Password123' }, /用户名至少 2 个字符/],
    [{ username: 'admin', password: 'short' }, /密码至少 10 个字符/],
    [{ username: 'has space', password: 'Password123' }, /用户名只能包含/],
    [{ username: 'admin', password: 'Password123', role: 'root' }, /role/],
    [{ username: 42, password: 'Password123' }, /用户名必须是文本/],
    [{}, /参数校验失败/],
  ])('refuses bad input %j with 422 and writes nothing', async (payload, detail) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(detail);
    const status = await ctx.app.inject({ url: '/api/v1/admin/auth/registration-status' });
    expect(status.json().has_users).toBe(false);
  });

  it('refuses malformed JSON and a wrong content type with 4xx', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: '请求体不是有效的 JSON', code: 'INVALID_JSON' });
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().detail).toBe('不支持的请求内容类型');
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await register({ username: 'admin', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: '上传内容过大', code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('login', () => {
  beforeEach(async () => {
    await register({ username: 'admin', password: 'Password123' });
  });

  it('answers a bearer token for the right multipart credentials', async () => {
    const res = await login(ctx.app, 'admin', 'Password123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    const me = await ctx.app.inject({ url: '/api/v1/admin/auth/me', headers: bearer(body.access_token) });
    expect(me.json()).toEqual({
      id: 1,
      username: 'admin',
      role: 'system_admin',
      all_units: true,
      unit_ids: [],
      must_change_password: false,
      elevated_until: null,
      totp_enabled: false,
      must_set_up_totp: false,
    });
  });

  it('refuses a wrong password and an unknown user alike with 401', async () => {
    for (const [u, p] of [
      ['admin', 'wrong-password'],
      ['nobody', 'Password123'],
    ] as const) {
      const res = await login(ctx.app, u, p);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: '用户名或密码错误', code: 'LOGIN_FAILED' });
    }
  });

  it('refuses a form without a password with 422', async () => {
    const form = multipartForm({ username: 'admin' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', ...form });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/password|密码/);
  });

  it('rate limits repeated attempts per IP and username with 429', async () => {
    // The limiter outlives reset(), so this test uses an account no other test signs in with.
    await register({ username: 'limited', password: 'Password123', registration_code: 'open-sesame' });
    // Right and wrong passwords alike count here (the account's own lock, after 5 wrong ones in a row,
    // is test/account-lockout.test.ts's).
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push((await login(ctx.app, 'limited', i % 2 ? 'Password123' : `bad-${i}`)).statusCode);
    expect(codes).toEqual(Array(5).fill([401, 200]).flat());
    const limited = await login(ctx.app, 'limited', 'Password123');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/过于频繁/);
    // Another username from the same address is not locked out by this one.
    await register({ username: 'other', password: 'Password123', registration_code: 'open-sesame' });
    expect((await login(ctx.app, 'other', 'Password123')).statusCode).toBe(200);
  });
});

describe('tokens and advanced mode', () => {
  it('answers 401 on every admin route without a valid token', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/admin/companies/'],
      ['POST', '/api/v1/admin/companies/'],
      ['PATCH', '/api/v1/admin/companies/1'],
      ['DELETE', '/api/v1/admin/companies/1'],
      ['GET', '/api/v1/admin/auth/me'],
      ['POST', '/api/v1/admin/auth/verify-advanced-mode'],
    ] as const) {
      const none = await ctx.app.inject({ method, url });
      expect(none.statusCode, `${method} ${url}`).toBe(401);
      expect(none.json()).toEqual({ detail: '请先登录', code: 'UNAUTHORIZED' });
      const forged = await ctx.app.inject({
        method,
        url,
        headers: bearer('eyJhbGciOiJIUzI1NiJ9.e30.forged'),
      });
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual({ detail: '登录已失效，请重新登录', code: 'SESSION_EXPIRED' });
    }
  });

  it('refuses an expired token', async () => {
    const expired = ctx.app.jwt.sign({ sub: '1', username: 'admin' }, { expiresIn: -10 });
    const res = await ctx.app.inject({ url: '/api/v1/admin/companies/', headers: bearer(expired) });
    expect(res.statusCode).toBe(401);
  });

  it('grants a 15-minute elevation for the right password only', async () => {
    const token = await createAdmin(ctx.app);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/verify-advanced-mode',
      headers: bearer(token),
      payload: { password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: '管理员密码错误', code: 'ADMIN_PASSWORD_WRONG' });

    const before = Date.now();
    const elevated = await elevate(ctx.app, token);
    const me = await ctx.app.inject({ url: '/api/v1/admin/auth/me', headers: bearer(elevated) });
    const until = Date.parse(me.json().elevated_until);
    expect(until - before).toBeGreaterThan(14 * 60 * 1000);
    expect(until - before).toBeLessThanOrEqual(15 * 60 * 1000 + 1000);
  });

  it('treats an expired elevation as none', async () => {
    const token = await createAdmin(ctx.app);
    // The same sign-in session, so only the elevation is stale.
    const { sid } = ctx.app.jwt.decode<{ sid: string }>(token)!;
    const stale = ctx.app.jwt.sign({
      sub: '1',
      username: 'admin',
      sid,
      elevated_until: Math.floor(Date.now() / 1000) - 1,
    });
    const company = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/companies/',
      headers: bearer(stale),
      payload: { name: '甲' },
    });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/companies/${company.json().id}`,
      headers: bearer(stale),
    });
    expect(del.statusCode).toBe(403);
  });
});

describe('platform', () => {
  it('answers unknown API paths with 404 JSON', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toMatch(/接口不存在/);
  });

  it('serves the OpenAPI document with the admin routes', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3/);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/admin/auth/login', '/api/v1/admin/companies/{id}']),
    );
  });

  it('sends an API answer the security headers of an API, not those of a page', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    // Rules that only govern a document stay off JSON.
    for (const name of [
      'x-frame-options',
      'x-dns-prefetch-control',
      'x-xss-protection',
      'origin-agent-cluster',
    ])
      expect(res.headers[name], name).toBeUndefined();
    // The same for an error, an admin route and a refused request.
    for (const url of ['/api/v1/admin/companies', '/api/v1/public/polls/votes/abc']) {
      const other = await ctx.app.inject({ url });
      expect(other.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(other.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('sends the API docs, a page, the page security headers', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).not.toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
