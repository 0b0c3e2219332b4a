import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, createVoteType } from './helpers/factories';

let ctx: TestContext;
let token: string;
const url = '/api/v1/admin/vote-types';

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${url}${path}`, headers: bearer(token), payload: payload as object });
const list = async (query: string) => (await call('GET', `/?${query}`)).json();

describe('create', () => {
  it('creates with a server-made link and the defaults', async () => {
    const c = await createCompany(ctx.app, token);
    const res = await call('POST', '/', {
      company_id: c.id,
      name: ' 班子成员 ',
      form_category: 'democratic_appraisal',
      weight: 40,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      company_id: c.id,
      name: '班子成员',
      form_category: 'democratic_appraisal',
      weight: 40,
      link_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      public_path: `/vote/type/${body.link_id}`,
      is_active: true,
      sort_order: 0,
      opens_at: null,
      closes_at: null,
      expected_voters: null,
      results_public: false,
      access_mode: 'link',
      test_mode: false,
      double_entry: false,
      // 会议推荐 or 谈话调研推荐: only for a 民主推荐 vote type.
      recommendation_mode: null,
      closed_at: null,
      status: 'open',
      count_stage: 'voting',
      counted_at: null,
      deleted_ballots: 0,
      // No public address configured: no absolute link (never the admin browser's address).
      public_url: null,
      created_at: expect.any(String),
    });
    // 16 random bytes: ≥ 96 bits of base64url.
    expect(Buffer.from(body.link_id, 'base64url').length).toBe(16);
  });

  it('keeps every link different and sorts new types after the last', async () => {
    const c = await createCompany(ctx.app, token);
    const made = [];
    for (const name of ['班子成员', '中层干部', '职工代表'])
      made.push(await createVoteType(ctx.app, token, c.id, { name }));
    expect(new Set(made.map((v) => v.link_id)).size).toBe(3);
    expect(made.map((v) => v.sort_order)).toEqual([0, 1, 2]);
  });

  it('takes the open window, expected voters and public results', async () => {
    const c = await createCompany(ctx.app, token);
    const res = await call('POST', '/', {
      company_id: c.id,
      name: '中层干部',
      form_category: 'democratic_evaluation',
      weight: 60.5,
      opens_at: '2025-01-10T09:00:00+08:00',
      closes_at: '2025-01-10T12:00:00Z',
      expected_voters: 120,
      results_public: true,
      is_active: false,
      sort_order: 9,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      weight: 60.5,
      opens_at: '2025-01-10T01:00:00.000Z',
      closes_at: '2025-01-10T12:00:00.000Z',
      expected_voters: 120,
      results_public: true,
      is_active: false,
      sort_order: 9,
    });
  });

  it('refuses bad input with 422 and a Chinese detail', async () => {
    const c = await createCompany(ctx.app, token);
    const base = { company_id: c.id, name: '班子成员', form_category: 'democratic_appraisal' };
    for (const body of [
      { ...base, name: '' },
      { ...base, name: '   ' },
      { ...base, form_category: 'other' },
      { company_id: c.id, name: '班子成员' },
      { ...base, weight: 101 },
      { ...base, weight: -1 },
      { ...base, link_id: 'mine' },
      { ...base, expected_voters: 0 },
      { ...base, expected_voters: 1.5 },
      { ...base, opens_at: 'tomorrow' },
      { ...base, opens_at: '2025-01-10T12:00:00Z', closes_at: '2025-01-10T12:00:00Z' },
      { ...base, opens_at: '2025-01-10T12:00:00Z', closes_at: '2025-01-10T11:00:00Z' },
    ]) {
      const res = await call('POST', '/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toMatch(/^参数校验失败：/);
    }
    const window = await call('POST', '/', {
      ...base,
      opens_at: '2025-01-10T12:00:00Z',
      closes_at: '2025-01-01T00:00:00Z',
    });
    expect(window.json().detail).toContain('截止时间必须晚于开始时间');
    expect(await list(`company_id=${c.id}`)).toEqual([]);
  });

  it('refuses a duplicate name in one company (409) but not across companies', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    await createVoteType(ctx.app, token, a.id, { name: '班子成员' });
    const dup = await call('POST', '/', {
      company_id: a.id,
      name: '班子成员',
      form_category: 'democratic_evaluation',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: '投票类型名称“班子成员”已存在', code: 'VOTE_TYPE_NAME_TAKEN' });
    await createVoteType(ctx.app, token, b.id, { name: '班子成员' });
  });

  it('answers 404 单位不存在 for an unknown company', async () => {
    const res = await call('POST', '/', {
      company_id: 999,
      name: '班子成员',
      form_category: 'democratic_appraisal',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
  });
});

describe('list', () => {
  it('lists one company by sort order, optionally one family', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    await createVoteType(ctx.app, token, a.id, { name: '二', sort_order: 2 });
    await createVoteType(ctx.app, token, a.id, {
      name: '一',
      sort_order: 1,
      form_category: 'democratic_evaluation',
    });
    await createVoteType(ctx.app, token, b.id, { name: '外' });
    const names = (rows: { name: string }[]) => rows.map((r) => r.name);
    expect(names(await list(`company_id=${a.id}`))).toEqual(['一', '二']);
    expect(names(await list(`company_id=${a.id}&form_category=democratic_evaluation`))).toEqual(['一']);
    expect(names(await list(`company_id=${b.id}`))).toEqual(['外']);
    expect((await call('GET', '/?company_id=999')).statusCode).toBe(404);
    expect((await call('GET', '/')).statusCode).toBe(400);
    expect((await call('GET', `/?company_id=${a.id}&form_category=x`)).statusCode).toBe(400);
  });
});

it('answers 401 without a token on every call', async () => {
  for (const [method, path] of [
    ['GET', '/?company_id=1'],
    ['POST', '/'],
    ['PUT', '/1'],
    ['DELETE', '/1'],
  ] as const) {
    const res = await ctx.app.inject({
      method,
      url: `${url}${path}`,
      payload: method === 'GET' ? undefined : {},
    });
    expect(res.statusCode, `${method} ${path}`).toBe(401);
  }
});

it('never answers a 5xx to odd input', async () => {
  const c = await createCompany(ctx.app, token);
  const vt = await createVoteType(ctx.app, token, c.id);
  const odd: [string, string, unknown][] = [
    ['PUT', `/${vt.id}`, { sort_order: 2 ** 40 }],
    ['PUT', `/${vt.id}`, { expected_voters: 10 ** 12 }],
    ['PUT', `/${vt.id}`, { weight: 'heavy' }],
    ['PUT', `/${vt.id}`, { opens_at: '2025-13-45T99:00:00Z' }],
    ['POST', '/', { company_id: 2 ** 31, name: '某', form_category: 'democratic_appraisal' }],
    ['POST', '/', null],
    ['GET', '/?company_id=0', undefined],
  ];
  for (const [method, path, payload] of odd) {
    const res = await call(method as 'PUT', path, payload);
    expect(res.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
  }
});
