import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, createEvaluationSubject, currentRoundId, elevate } from './helpers/factories';

let ctx: TestContext;
let token: string;
const url = '/api/v1/admin/evaluation-subjects';

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${url}${path}`, headers: bearer(token), payload: payload as object });
const list = async (companyId: number) => (await call('GET', `/company/${companyId}`)).json();
const names = async (companyId: number) => (await list(companyId)).map((s: { name: string }) => s.name);

describe('create and list', () => {
  it('creates with every field and sort_order = current maximum + 1 from 0', async () => {
    const c = await createCompany(ctx.app, token);
    const res = await call('POST', '/', {
      company_id: c.id,
      name: ' 李四 ',
      birth_date: '1985.03',
      previous_position: '办公室副主任（2019.01）',
      current_position: '办公室主任（2023.06）',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      company_id: c.id,
      name: '李四',
      birth_date: '1985.03',
      previous_position: '办公室副主任（2019.01）',
      current_position: '办公室主任（2023.06）',
      is_active: true,
      sort_order: 0,
      created_at: expect.any(String),
    });
    expect((await createEvaluationSubject(ctx.app, token, c.id)).sort_order).toBe(1);
    expect((await createEvaluationSubject(ctx.app, token, c.id, { sort_order: 7 })).sort_order).toBe(7);
    expect((await createEvaluationSubject(ctx.app, token, c.id)).sort_order).toBe(8);
  });

  it('fills absent optional fields with empty text', async () => {
    const c = await createCompany(ctx.app, token);
    const s = await call('POST', '/', { company_id: c.id, name: '王五' });
    expect(s.json()).toMatchObject({ birth_date: '', previous_position: '', current_position: '' });
  });

  it('lists one company only, sorted by sort_order then id, inactive included', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    await createEvaluationSubject(ctx.app, token, a.id, { name: '三', sort_order: 5 });
    await createEvaluationSubject(ctx.app, token, a.id, { name: '一', sort_order: 1, is_active: false });
    await createEvaluationSubject(ctx.app, token, a.id, { name: '二', sort_order: 1 });
    await createEvaluationSubject(ctx.app, token, b.id, { name: '外' });
    expect(await names(a.id)).toEqual(['一', '二', '三']);
    expect(await names(b.id)).toEqual(['外']);
  });

  it('refuses empty names and unknown fields with 422; unknown companies with 404', async () => {
    const c = await createCompany(ctx.app, token);
    for (const body of [
      { company_id: c.id, name: '' },
      { company_id: c.id, name: '  ' },
      { company_id: c.id },
      { company_id: c.id, name: '李四', birth_date: 1985 },
      { company_id: c.id, name: '李四', owner: 'x' },
    ]) {
      const res = await call('POST', '/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toMatch(/参数校验失败/);
    }
    const unknown = await call('POST', '/', { company_id: 999, name: '李四' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
    expect((await call('GET', '/company/999')).statusCode).toBe(404);
    expect((await call('GET', '/company/abc')).statusCode).toBe(400);
    expect(await list(c.id)).toEqual([]);
  });
});

describe('update and delete', () => {
  it('changes any field, the status both ways and the sort order', async () => {
    const c = await createCompany(ctx.app, token);
    const s = await createEvaluationSubject(ctx.app, token, c.id);
    const res = await call('PUT', `/${s.id}`, {
      name: '李四光',
      birth_date: '1980.01',
      previous_position: '甲',
      current_position: '乙',
      is_active: false,
      sort_order: 4,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '李四光',
      birth_date: '1980.01',
      previous_position: '甲',
      current_position: '乙',
      is_active: false,
      sort_order: 4,
    });
    expect((await call('PUT', `/${s.id}`, { is_active: true })).json()).toMatchObject({
      is_active: true,
      name: '李四光',
    });
    expect((await call('PUT', `/${s.id}`, { birth_date: '' })).json().birth_date).toBe('');
  });

  it('refuses empty changes and names; unknown ids are 404', async () => {
    const c = await createCompany(ctx.app, token);
    const s = await createEvaluationSubject(ctx.app, token, c.id);
    expect((await call('PUT', `/${s.id}`, {})).statusCode).toBe(422);
    expect((await call('PUT', `/${s.id}`, { name: '' })).statusCode).toBe(422);
    const missing = await call('PUT', '/9999', { name: '某' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: '评议对象不存在', code: 'SUBJECT_NOT_FOUND' });
    expect((await call('DELETE', '/9999')).statusCode).toBe(404);
  });

  it('never changes or deletes a subject through another company’s id', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    const s = await createEvaluationSubject(ctx.app, token, a.id);
    expect((await call('PUT', `/${s.id}`, { company_id: b.id, name: '改' })).statusCode).toBe(404);
    expect((await call('DELETE', `/${s.id}?company_id=${b.id}`)).statusCode).toBe(404);
    expect(await names(a.id)).toEqual(['李四']);
    expect((await call('PUT', `/${s.id}`, { company_id: a.id, name: '改' })).statusCode).toBe(200);
    expect((await call('DELETE', `/${s.id}?company_id=${a.id}`)).statusCode).toBe(204);
    expect(await list(a.id)).toEqual([]);
  });

  it('deletes a subject; one named in ballots only in advanced mode', async () => {
    const c = await createCompany(ctx.app, token);
    const free = await createEvaluationSubject(ctx.app, token, c.id, { name: '甲' });
    const used = await createEvaluationSubject(ctx.app, token, c.id, { name: '乙' });
    await insertNewlyPromotedBallot(c.id, { [`subject_${used.id}`]: '认同', reason: '' });
    expect((await call('DELETE', `/${free.id}`)).statusCode).toBe(204);
    const refused = await call('DELETE', `/${used.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/高级模式/);
    expect(await names(c.id)).toEqual(['乙']);
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

async function insertNewlyPromotedBallot(companyId: number, answers: Record<string, string>) {
  const { db } = ctx.database;
  const { cadreVotes, polls, submissions, voteTypes } = await import('../src/db/schema');
  const roundId = await currentRoundId(db, companyId);
  const [vt] = await db
    .insert(voteTypes)
    .values({
      companyId,
      roundId,
      name: '中层干部',
      formCategory: 'democratic_evaluation',
      linkId: 'link-np',
    })
    .returning();
  const [poll] = await db
    .insert(polls)
    .values({ companyId, roundId, targetType: 'newly_promoted', title: '测评表', formSchema: {} })
    .onConflictDoNothing()
    .returning();
  const pollId = poll?.id ?? (await db.select().from(polls).limit(1))[0]!.id;
  const id = crypto.randomUUID();
  await db.insert(submissions).values({
    id,
    companyId,
    roundId,
    voteTypeId: vt!.id,
    formCategory: 'democratic_evaluation',
    voterIdentifier: 'v1',
    ballotCount: 1,
  });
  await db.insert(cadreVotes).values({
    submissionId: id,
    companyId,
    roundId,
    voteTypeId: vt!.id,
    pollId,
    pollKind: 'newly_promoted',
    voterIdentifier: 'v1',
    answers,
  });
}

it('answers 401 without a token on every call', async () => {
  for (const [method, path] of [
    ['POST', '/'],
    ['GET', '/company/1'],
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
  }
});

it('never answers a 5xx to odd input', async () => {
  const c = await createCompany(ctx.app, token);
  const s = await createEvaluationSubject(ctx.app, token, c.id);
  const odd: [string, string, unknown][] = [
    ['PUT', `/${s.id}`, { sort_order: 2 ** 40 }],
    ['PUT', `/${s.id}`, { previous_position: 'x'.repeat(5000) }],
    ['POST', '/', { company_id: -1, name: '某' }],
    ['GET', '/company/99999999999', undefined],
    ['PUT', '/reorder', { company_id: c.id, items: [{ id: 'x', sort_order: 1 }] }],
    ['DELETE', `/${s.id}?company_id=abc`, undefined],
  ];
  for (const [method, path, payload] of odd) {
    const res = await call(method as 'PUT', path, payload);
    expect(res.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
  }
});
