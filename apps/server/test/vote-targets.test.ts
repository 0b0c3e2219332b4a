import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, createVoteTarget, currentRoundId, elevate } from './helpers/factories';

let ctx: TestContext;
let token: string;
const url = '/api/v1/admin/vote-targets';

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${url}${path}`, headers: bearer(token), payload: payload as object });
const list = async (companyId: number) => (await call('GET', `/?company_id=${companyId}`)).json();

describe('create and list', () => {
  it('creates with defaults: person, active, empty title, sort_order 10 × (count + 1)', async () => {
    const c = await createCompany(ctx.app, token);
    const res = await call('POST', '/', { company_id: c.id, name: '  张三 ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      company_id: c.id,
      name: '张三',
      type: 'person',
      title: '',
      is_active: true,
      sort_order: 10,
      created_at: expect.any(String),
    });
    const second = await createVoteTarget(ctx.app, token, c.id, { type: 'company', title: '领导班子' });
    expect(second.sort_order).toBe(20);
    const explicit = await createVoteTarget(ctx.app, token, c.id, { sort_order: 5, is_active: false });
    expect(explicit).toMatchObject({ sort_order: 5, is_active: false });
    expect((await list(c.id)).map((t: { name: string; sort_order: number }) => t.sort_order)).toEqual([
      5, 10, 20,
    ]);
  });

  it('filters by target_type and never shows another company’s targets', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    const unit = await createVoteTarget(ctx.app, token, a.id, { type: 'company', name: '甲公司' });
    const person = await createVoteTarget(ctx.app, token, a.id, { name: '王五' });
    await createVoteTarget(ctx.app, token, b.id, { name: '赵六' });
    const persons = (await call('GET', `/?company_id=${a.id}&target_type=person`)).json();
    expect(persons.map((t: { id: number }) => t.id)).toEqual([person.id]);
    const all = await list(a.id);
    expect(all.map((t: { id: number }) => t.id)).toEqual([unit.id, person.id]);
  });

  it('refuses empty names, unknown types and a client-chosen id with 422', async () => {
    const c = await createCompany(ctx.app, token);
    for (const body of [
      { company_id: c.id, name: '' },
      { company_id: c.id, name: '   ' },
      { company_id: c.id },
      { company_id: c.id, name: '张三', type: 'group' },
      { company_id: c.id, name: '张三', id: 99 },
      { company_id: c.id, name: '张三', sort_order: -1 },
    ]) {
      const res = await call('POST', '/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toMatch(/参数校验失败/);
    }
    expect(await list(c.id)).toEqual([]);
  });

  it('answers 404 单位不存在 for an unknown company and 400 without company_id', async () => {
    expect((await call('GET', '/?company_id=999')).json()).toEqual({
      detail: '单位不存在',
      code: 'COMPANY_NOT_FOUND',
    });
    expect((await call('GET', '/?company_id=999')).statusCode).toBe(404);
    expect((await call('POST', '/', { company_id: 999, name: '张三' })).statusCode).toBe(404);
    expect((await call('GET', '/')).statusCode).toBe(400);
    expect((await call('GET', '/?company_id=abc')).statusCode).toBe(400);
  });
});

describe('update and delete', () => {
  it('changes name, title, status and sort order; keeps the type', async () => {
    const c = await createCompany(ctx.app, token);
    const t = await createVoteTarget(ctx.app, token, c.id);
    const res = await call('PUT', `/${t.id}`, {
      name: '张三丰',
      title: '总经理',
      is_active: false,
      sort_order: 70,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '张三丰',
      title: '总经理',
      is_active: false,
      sort_order: 70,
      type: 'person',
    });
    expect((await call('PUT', `/${t.id}`, { is_active: true })).json().is_active).toBe(true);
    expect((await call('PUT', `/${t.id}`, { type: 'person', name: '张三' })).statusCode).toBe(200);
    const changeType = await call('PUT', `/${t.id}`, { type: 'company' });
    expect(changeType.statusCode).toBe(422);
    expect(changeType.json().detail).toBe('对象类型创建后不能修改');
    expect((await list(c.id))[0]).toMatchObject({ type: 'person', name: '张三' });
  });

  it('refuses an empty change, an empty name and unknown ids', async () => {
    const c = await createCompany(ctx.app, token);
    const t = await createVoteTarget(ctx.app, token, c.id);
    expect((await call('PUT', `/${t.id}`, {})).statusCode).toBe(422);
    expect((await call('PUT', `/${t.id}`, { name: ' ' })).statusCode).toBe(422);
    const missing = await call('PUT', '/9999', { name: '某' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: '测评对象不存在', code: 'VOTE_TARGET_NOT_FOUND' });
    expect((await call('DELETE', '/9999')).statusCode).toBe(404);
    expect((await call('PUT', '/abc', { name: '某' })).statusCode).toBe(400);
  });

  it('never changes or deletes a target through another company’s id', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    const t = await createVoteTarget(ctx.app, token, a.id);
    expect((await call('PUT', `/${t.id}`, { company_id: b.id, name: '改名' })).statusCode).toBe(404);
    expect((await call('DELETE', `/${t.id}?company_id=${b.id}`)).statusCode).toBe(404);
    expect(await list(a.id)).toEqual([expect.objectContaining({ id: t.id, name: '张三' })]);
    expect((await call('PUT', `/${t.id}`, { company_id: a.id, name: '改名' })).json().name).toBe('改名');
    expect((await call('DELETE', `/${t.id}?company_id=${a.id}`)).statusCode).toBe(204);
    expect(await list(a.id)).toEqual([]);
  });

  it('deletes an unused target; one with ballots only in advanced mode', async () => {
    const c = await createCompany(ctx.app, token);
    const unused = await createVoteTarget(ctx.app, token, c.id, { name: '甲' });
    const used = await createVoteTarget(ctx.app, token, c.id, { name: '乙' });
    expect((await call('DELETE', `/${unused.id}`)).statusCode).toBe(204);
    await insertBallot(c.id, used.id);
    const refused = await call('DELETE', `/${used.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/高级模式/);
    expect((await list(c.id)).length).toBe(1);
    const elevated = await elevate(ctx.app, token);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${url}/${used.id}`,
      headers: bearer(elevated),
    });
    expect(res.statusCode).toBe(204);
    expect(await list(c.id)).toEqual([]);
  });
});

async function insertBallot(companyId: number, targetId: number) {
  const { db } = ctx.database;
  const { polls, submissions, voteTypes, votes } = await import('../src/db/schema');
  const roundId = await currentRoundId(db, companyId);
  const [vt] = await db
    .insert(voteTypes)
    .values({
      companyId,
      roundId,
      name: '班子成员',
      formCategory: 'democratic_appraisal',
      linkId: `l${targetId}`,
    })
    .returning();
  const [poll] = await db
    .insert(polls)
    .values({ companyId, roundId, targetType: 'person', title: '测评表', formSchema: {} })
    .onConflictDoNothing()
    .returning();
  const pollId = poll?.id ?? (await db.select().from(polls).limit(1))[0]!.id;
  const id = crypto.randomUUID();
  await db.insert(submissions).values({
    id,
    companyId,
    roundId,
    voteTypeId: vt!.id,
    formCategory: 'democratic_appraisal',
    voterIdentifier: 'v1',
    ballotCount: 1,
  });
  await db.insert(votes).values({
    submissionId: id,
    companyId,
    roundId,
    voteTypeId: vt!.id,
    pollId,
    targetId,
    voterIdentifier: 'v1',
    answers: {},
    score: 90,
  });
}

it('answers 401 without a token on every call', async () => {
  for (const [method, path] of [
    ['GET', '/?company_id=1'],
    ['POST', '/'],
    ['PUT', '/1'],
    ['PUT', '/reorder'],
    ['DELETE', '/1'],
  ] as const) {
    const res = await ctx.app.inject({
      method,
      url: `${url}${path}`,
      payload: method === 'GET' ? undefined : {},
    });
    expect(res.statusCode, `${method} ${path}`).toBe(401);
    expect(res.json().detail).toBe('请先登录');
  }
});

it('never answers a 5xx to odd input', async () => {
  const c = await createCompany(ctx.app, token);
  const t = await createVoteTarget(ctx.app, token, c.id);
  const odd: [string, string, unknown][] = [
    ['PUT', `/${t.id}`, { sort_order: 2 ** 40 }],
    ['PUT', '/2147483648', { name: '某' }],
    ['POST', '/', { company_id: 2 ** 31, name: '某' }],
    ['POST', '/', { company_id: c.id, name: 'x'.repeat(10_000) }],
    ['PUT', '/reorder', { company_id: c.id, items: [{ id: t.id, sort_order: 1.5 }] }],
    ['PUT', '/reorder', { company_id: c.id, items: 'all' }],
    ['POST', '/', [1, 2]],
    ['GET', '/?company_id=1&target_type=robot', undefined],
  ];
  for (const [method, path, payload] of odd) {
    const res = await call(method as 'PUT', path, payload);
    expect(res.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
    expect(res.json().detail).toEqual(expect.any(String));
  }
  const malformed = await ctx.app.inject({
    method: 'POST',
    url: `${url}/`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: '{"name":',
  });
  expect(malformed.statusCode).toBe(400);
});
