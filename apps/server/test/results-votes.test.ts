import { companyTemplate } from '@kaoping/contracts/templates/company';
import { beforeEach, describe, expect, it } from 'vitest';
import { bearer } from './helpers/factories';
import {
  ADMIN,
  castAppraisal,
  prng,
  randomScoring,
  endVoting,
  setupAppraisal,
  voterKeyOf,
  type AppraisalSetup,
} from './helpers/results-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
let s: AppraisalSetup;
const w = useAdminWorld();

/** 3 voters in vote type 0 and 2 in vote type 1; every voter rates 4 targets. */
beforeEach(async () => {
  ({ ctx, token } = w);
  s = await setupAppraisal(ctx.app, token);
  const rnd = prng(5);
  for (let i = 0; i < 5; i++) {
    const answers = new Map(
      s.targets.map((t) => [
        t.id,
        randomScoring(t.type === 'company' ? s.company.schema : s.person.schema, rnd),
      ]),
    );
    await castAppraisal(ctx, s, s.voteTypes[i < 3 ? 0 : 1]!.id, `voter-000${i}`, answers);
  }
  await endVoting(ctx, token, s.voteTypes);
});

type Record = { id: number; score: number; voted_on: string; voter_key: string; target_id: number };
const get = (url: string) => ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(token) });
const list = async (query: string) => {
  const res = await get(`/votes/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: Record[]; total: number }>();
};

describe('GET /votes/', () => {
  it('pages through every ballot of a company by 随机编号 (a ballot’s rows together), without repeats', async () => {
    const first = await list(`company_id=${s.companyId}&limit=7`);
    expect(first.total).toBe(20);
    expect(first.items).toHaveLength(7);
    const all = [...first.items];
    for (let skip = 7; skip < 20; skip += 7)
      all.push(...(await list(`company_id=${s.companyId}&limit=7&skip=${skip}`)).items);
    expect(new Set(all.map((r) => r.id)).size).toBe(20);
    // Issue 26: by the random key, descending by default; each ballot's 4 rows in the roster's order.
    const keys = all.map((r) => r.voter_key);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(new Set(keys).size).toBe(5);
    for (const k of new Set(keys)) {
      expect(all.filter((r) => r.voter_key === k).map((r) => r.target_id)).toEqual(
        s.targets.map((t) => t.id),
      );
    }
    // A day, never a time; never the voter's identifier.
    for (const r of all) {
      expect(r.voted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r).not.toHaveProperty('voter_identifier');
    }
  });

  it('answers the last page short and a page past the end empty', async () => {
    const last = await list(`company_id=${s.companyId}&limit=7&skip=14`);
    expect(last).toMatchObject({ total: 20 });
    expect(last.items).toHaveLength(6);
    expect(await list(`company_id=${s.companyId}&skip=40`)).toEqual({ items: [], total: 20 });
    expect(await list(`company_id=${s.companyId + 99}`)).toEqual({ items: [], total: 0 });
  });

  it('filters by vote type, target and 随机编号', async () => {
    const [vt0, vt1] = s.voteTypes;
    expect((await list(`company_id=${s.companyId}&vote_type_id=${vt0!.id}`)).total).toBe(12);
    expect((await list(`vote_type_id=${vt1!.id}`)).total).toBe(8);
    const target = s.targets[2]!;
    const byTarget = await list(`company_id=${s.companyId}&target_id=${target.id}`);
    expect(byTarget.total).toBe(5);
    expect(byTarget.items.every((r) => r.target_id === target.id)).toBe(true);
    // The 随机编号 is found however it is typed; the voter's own identifier is no filter.
    const key = await voterKeyOf(ctx, 'voter-0001');
    const mine = await list(`voter_key=${key.toLowerCase()}`);
    expect(mine.items.map((r) => r.voter_key)).toEqual(Array(4).fill(key));
    expect((await get(`/votes/count?company_id=${s.companyId}&voter_key=${key}`)).json()).toEqual({
      count: 4,
    });
    expect((await list(`company_id=${s.companyId}&voter_identifier=voter-0001`)).total).toBe(20);
  });

  it('sorts by score either way, ties broken by id', async () => {
    const asc = (await list(`company_id=${s.companyId}&sort_by=score&order=asc&limit=100`)).items;
    const scores = asc.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    const desc = (await list(`company_id=${s.companyId}&sort_by=score&order=desc&limit=100`)).items;
    expect(desc.map((r) => r.id)).toEqual([...asc].reverse().map((r) => r.id));
  });

  it('refuses bad parameters with 400 and a Chinese detail', async () => {
    for (const q of [
      'limit=0',
      'limit=501',
      'skip=-1',
      'sort_by=name',
      'order=up',
      'sort_by=created_at',
      'company_id=abc',
    ]) {
      const res = await get(`/votes/?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('needs a bearer token', async () => {
    expect((await ctx.app.inject({ url: `${ADMIN}/votes/` })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `${ADMIN}/votes/count` })).statusCode).toBe(401);
  });
});

describe('GET /votes/{id}', () => {
  it('answers the ballot with its target and poll, for a read-only view', async () => {
    const [row] = (await list(`company_id=${s.companyId}&target_id=${s.targets[0]!.id}&limit=1`)).items;
    const res = await get(`/votes/${row!.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: row!.id,
      company_id: s.companyId,
      target_name: '领导班子',
      target_type: 'company',
      poll: { id: s.company.id, target_type: 'company', title: companyTemplate.title },
    });
    expect(body.poll.form_schema.evaluationGroups).toHaveLength(2);
    expect(Object.keys(body.answers).sort()).toEqual(['items', 'overall', 'reverse']);
  });

  it('404 for an unknown ballot, 400 for a bad id', async () => {
    expect((await get('/votes/99999')).statusCode).toBe(404);
    expect((await get('/votes/99999')).json()).toEqual({
      detail: '投票记录不存在',
      code: 'RECEIPT_RECORD_NOT_FOUND',
    });
    expect((await get('/votes/abc')).statusCode).toBe(400);
  });
});
