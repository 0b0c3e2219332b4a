// Each 500 the fuzzing of issue 18 found, as a client sends it: every one must be a 4xx with a Chinese
// detail, and a refused write must leave the tables as they were.
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, createVoteTarget, createVoteType, elevate } from './helpers/factories';
import { buildBallotFixture, countRows, submission, submit } from './helpers/ballot-fixtures';

let ctx: TestContext;
let token: string;
const ADMIN = '/api/v1/admin';
const NUL = '\u0000';

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const chinese = /[\u4e00-\u9fff]/;

function expectRefused(res: { statusCode: number; body: string }, status?: number) {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (status) expect(res.statusCode, res.body).toBe(status);
  const detail = JSON.parse(res.body).detail as string;
  expect(detail).toMatch(chinese);
  return detail;
}

async function tableCounts() {
  const res = (await ctx.database.db.execute(
    sql`SELECT (SELECT count(*) FROM companies)::int AS companies, (SELECT count(*) FROM vote_types)::int AS vote_types,
               (SELECT count(*) FROM vote_targets)::int AS vote_targets, (SELECT count(*) FROM polls)::int AS polls,
               (SELECT count(*) FROM evaluation_subjects)::int AS subjects`,
  )) as unknown as { rows: Record<string, number>[] };
  return res.rows[0]!;
}

const LOGIN = `${ADMIN}/auth/login`;

describe('sign-in form', () => {
  it('refuses a multipart body without a boundary', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'username=admin&password=password123',
    });
    expectRefused(res);
  });

  it('refuses a truncated multipart body', async () => {
    const b = 'XyZ';
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      payload: `--${b}\r\nContent-Disposition: form-data; name="username"\r\n\r\nadm`,
    });
    expectRefused(res);
  });

  it('refuses a NUL byte in the username', async () => {
    const b = 'XyZ';
    const body =
      `--${b}\r\nContent-Disposition: form-data; name="username"\r\n\r\nad${NUL}min\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="password"\r\n\r\npassword123\r\n--${b}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      payload: body,
    });
    expect(expectRefused(res, 422)).toBe('内容包含无法保存的字符（NUL），请删除后重试');
  });
});

describe('NUL in admin text', () => {
  it('refuses it in every name and title, writing nothing', async () => {
    const c = await createCompany(ctx.app, token);
    const vt = await createVoteType(ctx.app, token, c.id);
    const target = await createVoteTarget(ctx.app, token, c.id);
    const before = await tableCounts();
    const post = (path: string, payload: unknown, method: 'POST' | 'PUT' | 'PATCH' = 'POST') =>
      ctx.app.inject({ method, url: `${ADMIN}${path}`, headers: bearer(token), payload: payload as object });
    const name = `单位${NUL}名`;
    for (const res of [
      await post('/companies/', { name }),
      await post(`/companies/${c.id}`, { name }, 'PATCH'),
      await post('/vote-targets/', { company_id: c.id, name }),
      await post(`/vote-targets/${target.id}`, { name: '张三', title: `副${NUL}总` }, 'PUT'),
      await post('/vote-types/', { company_id: c.id, name, form_category: 'democratic_appraisal' }),
      await post(`/vote-types/${vt.id}`, { name }, 'PUT'),
      await post('/evaluation-subjects/', { company_id: c.id, name }),
      await post('/polls/', { company_id: c.id, title: name, target_type: 'company', form_schema: {} }),
    ]) {
      expect(expectRefused(res, 422)).toBe('内容包含无法保存的字符（NUL），请删除后重试');
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses it in the voter_identifier filter and in a path', async () => {
    for (const url of [
      `${ADMIN}/votes/?voter_identifier=a%00b`,
      `${ADMIN}/cadre-votes/?voter_identifier=a%00b`,
      `${ADMIN}/votes/voter-results?voter_identifier=a%00b`,
      `${ADMIN}/votes/by-voter/a%00b`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(expectRefused(res, 400)).toMatch(/无法保存的字符（NUL）/);
    }
  });
});

describe('dates of year 0000', () => {
  // Found on the records' time filter; ballots keep no time now (issue 26), so the records have no time
  // window and the time filters left are the audit log's (its list and its workbook).
  it('refuses them in opens_at and in the audit log filter', async () => {
    const c = await createCompany(ctx.app, token);
    const before = await tableCounts();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${ADMIN}/vote-types/`,
      headers: bearer(token),
      payload: {
        company_id: c.id,
        name: '班子成员',
        form_category: 'democratic_appraisal',
        opens_at: '0000-01-01T00:00:00Z',
      },
    });
    expect(expectRefused(created, 422)).toMatch(/时间/);
    expect(await tableCounts()).toEqual(before);
    const sys = await elevate(ctx.app, token);
    for (const url of ['/audit-log/', '/audit-log/export.xlsx']) {
      for (const bound of ['from', 'to']) {
        const listed = await ctx.app.inject({
          method: 'GET',
          url: `${ADMIN}${url}?${bound}=0000-01-01T00:00:00Z`,
          headers: bearer(sys),
        });
        expect(expectRefused(listed, 400)).toMatch(/时间/);
      }
    }
  });
});

describe('a replayed ballot nested 10,000 levels deep', () => {
  it('is refused without signing in, and the stored ballot stays', async () => {
    const f = await buildBallotFixture(ctx.app, token);
    const body = submission(f);
    expect((await submit(ctx.app, body)).statusCode).toBe(201);
    const stored = await countRows(ctx.database.db);
    // Written as text: JSON.stringify itself cannot go 10,000 levels deep.
    const deep = `${'{"a":'.repeat(10_000)}"good"${'}'.repeat(10_000)}`;
    const first = { ...body.ballots[0]!, answers: { overall: '@DEEP@' } };
    const replay = JSON.stringify({ ...body, ballots: [first, ...body.ballots.slice(1)] }).replace(
      '"@DEEP@"',
      deep,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/polls/votes/',
      headers: { 'content-type': 'application/json' },
      payload: replay,
    });
    expect(expectRefused(res, 422)).toBe('请求内容嵌套层级过深（最多 32 层）');
    expect(await countRows(ctx.database.db)).toEqual(stored);
    // The original retry still answers with its receipt.
    expect((await submit(ctx.app, body)).statusCode).toBe(201);
  });
});

describe('found by the route fuzzing', () => {
  it('deletes a company that has ballots, with its ballots', async () => {
    const f = await buildBallotFixture(ctx.app, token);
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    expect((await submit(ctx.app, submission(f, 'evaluation'))).statusCode).toBe(201);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${ADMIN}/companies/${f.company.id}`,
      headers: bearer(await elevate(ctx.app, token)),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 0, votes: 0, cadre_votes: 0 });
    expect((await tableCounts()).polls).toBe(0);
  });

  it('answers a broken or too long path in Chinese', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/polls/company/%zz' });
    expect(expectRefused(bad, 400)).toBe('请求地址无效（编码错误）');
    const long = await ctx.app.inject({ method: 'GET', url: `/api/v1/public/polls/${'1'.repeat(300)}` });
    expect(expectRefused(long, 414)).toBe('请求地址中的参数过长');
  });
});

describe('ids beyond a PostgreSQL integer', () => {
  it('are refused or not found, never a 500, before the unit scope looks them up', async () => {
    for (const url of [
      '/api/v1/admin/companies/2147483648/rounds',
      '/api/v1/admin/meeting/2147483648/share',
      '/api/v1/admin/polls/copy-from-template',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: { company_id: 2147483648, target_type: 'company', name: 'x', year: 2030 },
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('numbers beyond a PostgreSQL integer in a query string', () => {
  it('refuses a roster import for company_id 2147483648 in Chinese, importing nothing (found in CI)', async () => {
    const before = await tableCounts();
    for (const kind of ['vote-targets', 'evaluation-subjects']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${ADMIN}/${kind}/import?company_id=2147483648`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"1)|":null}',
      });
      expect(expectRefused(res)).toContain('ID 超出范围');
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a codes batch of 2147483648 in the list and the slips PDF', async () => {
    const f = await buildBallotFixture(ctx.app, token);
    for (const path of ['codes', 'codes.pdf']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${ADMIN}/vote-types/${f.evaluation.id}/${path}?batch=2147483648`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(expectRefused(res), path).toContain('批次超出范围');
    }
  });
});
