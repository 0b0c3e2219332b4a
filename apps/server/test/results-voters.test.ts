import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, submissions, votes } from '../src/db/schema';
import { bearer, elevate } from './helpers/factories';
import {
  ADMIN,
  castAppraisal,
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

/** A ballot with the same option on every item. */
const company = (overall: string, item: string, reverse: Record<string, string> = {}) => ({
  overall,
  items: Object.fromEntries(s.company.schema.evaluationGroups[1].items.map((i) => [i.id, item])),
  reverse,
});
const person = (overall: string, item: string) => ({
  overall,
  items: Object.fromEntries(s.person.schema.evaluationGroups[1].items.map((i) => [i.id, item])),
  reverse: {},
});

// Company template: good 40 + 6×10 = 100; fairly_good 32 + 6×8 = 80; one reverse mark −5.
// Person template: excellent 40 + 5×12 = 100; competent 30 + 5×9.6 = 78.
beforeEach(async () => {
  ({ ctx, token } = w);
  s = await setupAppraisal(ctx.app, token, { persons: 1 });
  const [c, p] = s.targets;
  const [vt0, vt1] = s.voteTypes;
  const cast = (vt: number, voter: string, a: ReturnType<typeof company>, b: ReturnType<typeof person>) =>
    castAppraisal(
      ctx,
      s,
      vt,
      voter,
      new Map([
        [c!.id, a],
        [p!.id, b],
      ]),
    );
  await cast(vt0!.id, 'alice-0001', company('good', 'good'), person('excellent', 'good')); // 100 + 100
  await cast(
    vt0!.id,
    'bob-000002',
    company('fairly_good', 'fairly_good', { formalism: 'present' }),
    person('competent', 'fairly_good'),
  ); // 75 + 78
  await cast(vt1!.id, 'carol-0003', company('good', 'good'), person('competent', 'fairly_good')); // 100 + 78
  keys = {
    alice: await voterKeyOf(ctx, 'alice-0001'),
    bob: await voterKeyOf(ctx, 'bob-000002'),
    carol: await voterKeyOf(ctx, 'carol-0003'),
  };
  await endVoting(ctx, token, s.voteTypes);
});
/** Each voter's 随机编号 (the records' "voter": issue 26). */
let keys: Record<'alice' | 'bob' | 'carol', string>;

const get = (url: string, t = token) => ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(t) });
const del = (url: string, t = token) =>
  ctx.app.inject({ method: 'DELETE', url: `${ADMIN}${url}`, headers: bearer(t) });

describe('GET /votes/voter-results', () => {
  it('one row per ballot (随机编号) with vote type, day, ballots and total, by 随机编号', async () => {
    const res = await get(`/votes/voter-results?company_id=${s.companyId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ items: Record<string, unknown>[]; total: number }>();
    expect(body.total).toBe(3);
    const rows: [string, string, number, number][] = [
      [keys.carol, '中层干部', 2, 178],
      [keys.bob, '班子成员', 2, 153],
      [keys.alice, '班子成员', 2, 200],
    ];
    expect(body.items.map((r) => [r.voter_key, r.vote_type_name, r.ballot_count, r.total_score])).toEqual(
      rows.sort((a, b) => (a[0] < b[0] ? 1 : -1)),
    );
    for (const r of body.items) {
      expect(r).toMatchObject({ form_category: 'democratic_appraisal' });
      expect(r.voted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Object.keys(r)).not.toContain('voter_identifier');
      expect(Object.keys(r)).not.toContain('submission_id');
    }
  });

  it('filters, sorts by total score, pages and counts', async () => {
    const byScore = await get(`/votes/voter-results?company_id=${s.companyId}&sort_by=total_score&order=asc`);
    expect(byScore.json().items.map((r: { total_score: number }) => r.total_score)).toEqual([153, 178, 200]);
    const vt0 = s.voteTypes[0]!.id;
    const page = await get(
      `/votes/voter-results?company_id=${s.companyId}&vote_type_id=${vt0}&limit=1&skip=1&order=asc`,
    );
    const second = [keys.alice, keys.bob].sort()[1];
    expect(page.json()).toMatchObject({ total: 2, items: [{ voter_key: second }] });
    expect((await get(`/votes/voter-results?company_id=${s.companyId}&skip=3`)).json()).toEqual({
      items: [],
      total: 3,
    });
    expect((await get(`/votes/voter-results/count?company_id=${s.companyId}`)).json()).toEqual({ count: 3 });
    expect((await get(`/votes/voter-results/count?vote_type_id=${vt0}`)).json()).toEqual({ count: 2 });
    // The evaluation family has no voters here.
    expect((await get(`/cadre-votes/voter-results/count?company_id=${s.companyId}`)).json()).toEqual({
      count: 0,
    });
  });
});

describe('GET /votes/by-voter/{voter}', () => {
  it("answers the voter's submissions, ballots in target order and the polls to show them", async () => {
    const res = await get(
      `/votes/by-voter/${keys.bob}?company_id=${s.companyId}&vote_type_id=${s.voteTypes[0]!.id}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.submissions).toHaveLength(1);
    expect(body.submissions[0]).toMatchObject({ ballot_count: 2, total_score: 153 });
    expect(body.ballots.map((b: { target_name: string; score: number }) => [b.target_name, b.score])).toEqual(
      [
        ['领导班子', 75],
        ['干部1', 78],
      ],
    );
    expect(body.polls.map((p: { target_type: string }) => p.target_type)).toEqual(['company', 'person']);
  });

  it('404 for an unknown voter or company; 400 without company_id', async () => {
    expect((await get(`/votes/by-voter/nobody-00?company_id=${s.companyId}`)).json()).toEqual({
      detail: '未找到该投票人的投票记录',
      code: 'VOTER_RECORDS_NOT_FOUND',
    });
    expect((await get(`/votes/by-voter/${keys.alice}?company_id=${s.companyId + 1}`)).statusCode).toBe(404);
    expect((await get(`/votes/by-voter/${keys.alice}`)).statusCode).toBe(400);
    // The voter's own identifier is not a way to their ballot.
    expect((await get(`/votes/by-voter/alice-0001?company_id=${s.companyId}`)).statusCode).toBe(404);
  });
});

describe('DELETE /votes/voter/{voter}', () => {
  const url = () =>
    `/votes/voter/${keys.bob}?company_id=${s.companyId}&vote_type_id=${s.voteTypes[0]!.id}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`;

  it('needs advanced mode: 403 and nothing removed', async () => {
    const res = await del(url());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: '此操作需要高级模式，请先验证管理员密码',
      code: 'ADVANCED_MODE_REQUIRED',
    });
    expect(await ctx.database.db.select().from(votes)).toHaveLength(6);
  });

  it('removes the submission and its ballots in one go, writes the audit row, and the results change', async () => {
    const resultsOf = async () =>
      (await get(`/companies/${s.companyId}/results`)).json<{
        targets: { name: string; by_vote_type: { count: number; mean: number | null }[] }[];
      }>();
    const before = await resultsOf();
    expect(before.targets[0]!.by_vote_type[0]).toMatchObject({ count: 2, mean: 87.5 });

    const res = await del(url(), await elevate(ctx.app, token));
    expect(res.statusCode).toBe(200);
    const sub = res.json();
    expect(sub).toEqual({
      voter_key: keys.bob,
      is_test: false,
      vote_type_id: s.voteTypes[0]!.id,
      deleted_ballots: 2,
    });

    const db = ctx.database.db;
    expect(await db.select().from(votes).where(eq(votes.voterKey, keys.bob))).toEqual([]);
    expect(await db.select().from(submissions).where(eq(submissions.voterKey, keys.bob))).toEqual([]);
    expect(await db.select().from(votes)).toHaveLength(4);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'votes.voter.delete'));
    expect(audit).toMatchObject({ username: 'admin', action: 'votes.voter.delete' });
    expect(audit!.detail).toMatchObject({ voter_key: keys.bob, deleted_ballots: 2, company_id: s.companyId });
    expect(audit!.detail).not.toHaveProperty('voter_identifier');
    expect(audit!.detail).not.toHaveProperty('submission_id');

    const after = await resultsOf();
    expect(after.targets[0]!.by_vote_type[0]).toMatchObject({ count: 1, mean: 100 });
    expect((await get(`/votes/voter-results/count?company_id=${s.companyId}`)).json()).toEqual({ count: 2 });
    expect((await del(url(), await elevate(ctx.app, token))).statusCode).toBe(404);
  });

  it('404 for a vote type of another family or company; 400 without the scope', async () => {
    const t = await elevate(ctx.app, token);
    expect(
      (
        await del(
          `/cadre-votes/voter/${keys.bob}?company_id=${s.companyId}&vote_type_id=${s.voteTypes[0]!.id}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`,
          t,
        )
      ).json(),
    ).toEqual({ detail: '该投票类型不属于民主评议', code: 'VOTE_TYPE_OTHER_FAMILY' });
    expect(
      (
        await del(
          `/votes/voter/${keys.bob}?company_id=${s.companyId + 5}&vote_type_id=${s.voteTypes[0]!.id}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`,
          t,
        )
      ).statusCode,
    ).toBe(404);
    expect((await del(`/votes/voter/${keys.bob}?company_id=${s.companyId}`, t)).statusCode).toBe(400);
    expect(
      await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'votes.voter.delete')),
    ).toEqual([]);
  });
});
