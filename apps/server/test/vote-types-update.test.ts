import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, createVoteType, currentRoundId, elevate } from './helpers/factories';

let ctx: TestContext;
let token: string;
const url = '/api/v1/admin/vote-types';

const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `${url}${path}`, headers: bearer(token), payload: payload as object });
const list = async (query: string) => (await call('GET', `/?${query}`)).json();

describe('update', () => {
  it('changes the fields, keeps the link, clears the window with null', async () => {
    const c = await createCompany(ctx.app, token);
    const vt = await createVoteType(ctx.app, token, c.id, {
      opens_at: '2025-01-01T00:00:00Z',
      expected_voters: 10,
    });
    const res = await call('PUT', `/${vt.id}`, {
      name: '职工代表',
      weight: 20,
      is_active: false,
      sort_order: 3,
      results_public: true,
      form_category: 'democratic_evaluation',
      opens_at: null,
      expected_voters: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '职工代表',
      weight: 20,
      is_active: false,
      sort_order: 3,
      results_public: true,
      form_category: 'democratic_evaluation',
      opens_at: null,
      expected_voters: null,
      link_id: vt.link_id,
    });
  });

  it('checks the window against the stored values', async () => {
    const c = await createCompany(ctx.app, token);
    const vt = await createVoteType(ctx.app, token, c.id, { opens_at: '2025-01-10T00:00:00Z' });
    const res = await call('PUT', `/${vt.id}`, { closes_at: '2025-01-09T00:00:00Z' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: '截止时间必须晚于开始时间', code: 'CLOSES_BEFORE_OPENS' });
    expect((await call('PUT', `/${vt.id}`, { closes_at: '2025-01-11T00:00:00Z' })).statusCode).toBe(200);
  });

  it('refuses the link, empty changes, duplicate names and unknown ids', async () => {
    const c = await createCompany(ctx.app, token);
    const vt = await createVoteType(ctx.app, token, c.id);
    await createVoteType(ctx.app, token, c.id, { name: '中层干部' });
    expect((await call('PUT', `/${vt.id}`, { link_id: 'abc' })).statusCode).toBe(422);
    expect((await call('PUT', `/${vt.id}`, {})).statusCode).toBe(422);
    expect((await call('PUT', `/${vt.id}`, { name: '' })).statusCode).toBe(422);
    expect((await call('PUT', `/${vt.id}`, { name: '中层干部' })).statusCode).toBe(409);
    expect((await call('PUT', `/${vt.id}`, { name: '班子成员' })).statusCode).toBe(200);
    const missing = await call('PUT', '/9999', { name: '某' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: '投票类型不存在', code: 'VOTE_TYPE_NOT_FOUND' });
  });

  it('never changes a vote type through another company’s id', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    const vt = await createVoteType(ctx.app, token, a.id);
    expect((await call('PUT', `/${vt.id}`, { company_id: b.id, weight: 99 })).statusCode).toBe(404);
    expect((await list(`company_id=${a.id}`))[0].weight).toBe(0);
  });

  it('keeps the family once ballots exist', async () => {
    const c = await createCompany(ctx.app, token);
    const vt = await createVoteType(ctx.app, token, c.id);
    await insertSubmission(c.id, vt.id);
    const res = await call('PUT', `/${vt.id}`, { form_category: 'democratic_evaluation' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/已有投票/);
    expect(
      (await call('PUT', `/${vt.id}`, { form_category: 'democratic_appraisal', weight: 50 })).statusCode,
    ).toBe(200);
  });
});

async function insertSubmission(companyId: number, voteTypeId: number) {
  const { submissions } = await import('../src/db/schema');
  await ctx.database.db.insert(submissions).values({
    id: crypto.randomUUID(),
    companyId,
    roundId: await currentRoundId(ctx.database.db, companyId),
    voteTypeId,
    formCategory: 'democratic_appraisal',
    voterIdentifier: 'v1',
    ballotCount: 1,
  });
}

describe('delete', () => {
  it('deletes, then answers 404; another company’s id is 404 and keeps it', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    const vt = await createVoteType(ctx.app, token, a.id);
    expect((await call('DELETE', `/${vt.id}?company_id=${b.id}`)).statusCode).toBe(404);
    expect((await list(`company_id=${a.id}`)).length).toBe(1);
    expect((await call('DELETE', `/${vt.id}?company_id=${a.id}`)).statusCode).toBe(204);
    expect(await list(`company_id=${a.id}`)).toEqual([]);
    expect((await call('DELETE', `/${vt.id}`)).statusCode).toBe(404);
  });

  it('needs advanced mode when ballots would go with it, and records who did it', async () => {
    const c = await createCompany(ctx.app, token);
    const vt = await createVoteType(ctx.app, token, c.id);
    await insertSubmission(c.id, vt.id);
    const refused = await call('DELETE', `/${vt.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/高级模式/);
    const elevated = await elevate(ctx.app, token);
    const res = await ctx.app.inject({ method: 'DELETE', url: `${url}/${vt.id}`, headers: bearer(elevated) });
    expect(res.statusCode).toBe(204);
    const { auditLog } = await import('../src/db/schema');
    const rows = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'vote_type.delete'));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'vote_type.delete',
        username: 'admin',
        detail: expect.objectContaining({ id: vt.id, had_votes: true }),
      }),
    ]);
  });
});
