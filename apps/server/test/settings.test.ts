import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { rowsOf } from '../src/db/client';
import { createTestContext, type TestContext } from './helpers/test-app';
import { bearer, createAdmin, createCompany, createVoteType } from './helpers/factories';

describe('GET/PUT /admin/settings: the public address', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'https://kp.example.cn/' });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.reset();
    token = await createAdmin(ctx.app);
  });
  const call = (method: 'GET' | 'PUT', payload?: object) =>
    ctx.app.inject({ method, url: '/api/v1/admin/settings', headers: bearer(token), payload });

  it('falls back to PUBLIC_URL, lets the settings win, and clears back to it; audited', async () => {
    expect((await call('GET')).json()).toEqual({
      public_url: 'https://kp.example.cn',
      public_url_source: 'env',
    });
    const put = await call('PUT', { public_url: ' http://10.0.0.5:8080/ ' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ public_url: 'http://10.0.0.5:8080', public_url_source: 'settings' });
    const c = await createCompany(ctx.app, token);
    const vt = await createVoteType(ctx.app, token, c.id);
    const list = await ctx.app.inject({
      url: `/api/v1/admin/vote-types/?company_id=${c.id}`,
      headers: bearer(token),
    });
    expect(list.json()[0].public_url).toBe(`http://10.0.0.5:8080/vote/type/${vt.link_id}`);
    expect((await call('PUT', { public_url: null })).json()).toEqual({
      public_url: 'https://kp.example.cn',
      public_url_source: 'env',
    });
    const audit = await rowsOf<{ action: string }>(
      ctx.database.db,
      sql`SELECT action FROM audit_log WHERE action LIKE 'settings.%'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['settings.update', 'settings.update']);
  });

  it.each([['localhost:8080'], ['ftp://kp.example.cn'], ['https://kp.example.cn/?a=1'], [42]])(
    'refuses %j with 422 and keeps the setting',
    async (value) => {
      const res = await call('PUT', { public_url: value });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(/公网访问地址/);
      expect((await call('GET')).json().public_url_source).toBe('env');
    },
  );

  it('needs a sign-in', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/admin/settings' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUBLIC_URL in the environment', () => {
  it('is checked at start', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://kp.example.cn/' }).PUBLIC_URL).toBe('https://kp.example.cn');
    expect(() => loadConfig({ PUBLIC_URL: 'kp.example.cn' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
  });
});
