import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, cadreVotes } from '../src/db/schema';
import { bearer, elevate } from './helpers/factories';
import {
  ADMIN,
  castEvaluation,
  endVoting,
  setupEvaluation,
  voterKeyOf,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
let s: EvaluationSetup;
const w = useAdminWorld();

const cadre = (overall: string, problems: string[], suggestions?: string) => ({
  overall,
  supervision: '较好',
  problems,
  ...(suggestions ? { suggestions } : {}),
});

// Three voters: x and y in 评议组1, z in 评议组2. Subject 1: 认同, 不认同, 不认同 → 66.67% 不认同, flagged.
beforeEach(async () => {
  ({ ctx, token } = w);
  s = await setupEvaluation(ctx.app, token, { subjects: 2 });
  const [a, b] = s.subjects.map((x) => `subject_${x.id}` as const);
  const [g1, g2] = s.voteTypes;
  await castEvaluation(ctx, s, g1!.id, 'voter-x-01', {
    cadre: cadre('好', ['不存在突出问题'], '继续保持'),
    newlyPromoted: { [a!]: '认同', [b!]: '认同' },
  });
  await castEvaluation(ctx, s, g1!.id, 'voter-y-02', {
    cadre: cadre('一般', ['任人唯亲、拉帮结派', '跑官要官、说情打招呼']),
    newlyPromoted: { [a!]: '不认同', [b!]: '基本认同', reason: '资历不够' },
  });
  await castEvaluation(ctx, s, g2!.id, 'voter-z-03', {
    cadre: cadre('好', ['任人唯亲、拉帮结派']),
    newlyPromoted: { [a!]: '不认同', [b!]: '不了解' },
  });
  await endVoting(ctx, token, s.voteTypes);
});

const get = (url: string, t = token) => ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(t) });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /cadre-votes/', () => {
  it('lists, filters, pages and counts evaluation ballots', async () => {
    const all = await json(`/cadre-votes/?company_id=${s.companyId}`);
    expect(all.total).toBe(6);
    // By 随机编号 (descending by default), a ballot's cadre poll before its newly promoted one (issue 26).
    const keys = all.items.map((r: { voter_key: string }) => r.voter_key);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(all.items.map((r: { poll_kind: string }) => r.poll_kind)).toEqual(
      Array(3).fill(['cadre', 'newly_promoted']).flat(),
    );
    const z = await voterKeyOf(ctx, 'voter-z-03');
    expect(all.items.find((r: { voter_key: string }) => r.voter_key === z)).toMatchObject({
      vote_type_name: '评议组2',
    });
    expect((await json(`/cadre-votes/?company_id=${s.companyId}&poll_kind=cadre`)).total).toBe(3);
    expect((await json(`/cadre-votes/?vote_type_id=${s.voteTypes[0]!.id}`)).total).toBe(4);
    const last = await json(`/cadre-votes/?company_id=${s.companyId}&order=asc&limit=2&skip=4`);
    expect(last.items.map((r: { voter_key: string }) => r.voter_key)).toEqual([keys[0], keys[0]]);
    expect((await json(`/cadre-votes/?company_id=${s.companyId}&skip=6`)).items).toEqual([]);
    expect(await json(`/cadre-votes/count?company_id=${s.companyId}&voter_key=${z}`)).toEqual({ count: 2 });
    expect((await get(`/cadre-votes/?poll_kind=company`)).statusCode).toBe(400);
  });

  it('GET /cadre-votes/{id} answers the ballot with its poll and the subjects it names', async () => {
    const [row] = (await json(`/cadre-votes/?company_id=${s.companyId}&poll_kind=newly_promoted&limit=1`))
      .items;
    const body = await json(`/cadre-votes/${row.id}`);
    expect(body).toMatchObject({
      poll_kind: 'newly_promoted',
      poll: { id: s.newlyPromoted.id, target_type: 'newly_promoted' },
    });
    expect(body.subjects.map((x: { name: string }) => x.name)).toEqual(['新干部1', '新干部2']);
    expect((await get('/cadre-votes/424242')).json()).toEqual({
      detail: '投票记录不存在',
      code: 'RECEIPT_RECORD_NOT_FOUND',
    });
  });
});

describe('per voter', () => {
  it('voter-results, count and by-voter', async () => {
    const list = await json(`/cadre-votes/voter-results?company_id=${s.companyId}`);
    const keys = await Promise.all(['voter-x-01', 'voter-y-02', 'voter-z-03'].map((v) => voterKeyOf(ctx, v)));
    expect(
      list.items.map((r: { voter_key: string; ballot_count: number; total_score: null }) => [
        r.voter_key,
        r.ballot_count,
        r.total_score,
      ]),
    ).toEqual(
      [...keys]
        .sort()
        .reverse()
        .map((k) => [k, 2, null]),
    );
    expect(
      await json(
        `/cadre-votes/voter-results/count?company_id=${s.companyId}&vote_type_id=${s.voteTypes[1]!.id}`,
      ),
    ).toEqual({ count: 1 });
    expect(await json(`/votes/voter-results/count?company_id=${s.companyId}`)).toEqual({ count: 0 });
    const y = await voterKeyOf(ctx, 'voter-y-02');
    const mine = await json(`/cadre-votes/by-voter/${y}?company_id=${s.companyId}`);
    expect(mine.voter_key).toBe(y);
    expect(mine.ballots.map((b: { poll_kind: string }) => b.poll_kind)).toEqual(['cadre', 'newly_promoted']);
    expect(mine.polls).toHaveLength(2);
    expect(mine.subjects).toHaveLength(2);
    expect(
      (await get(`/cadre-votes/by-voter/${y}?company_id=${s.companyId}&vote_type_id=${s.voteTypes[1]!.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('deleting a voter needs advanced mode, is audited, and the statistics follow', async () => {
    const y = await voterKeyOf(ctx, 'voter-y-02');
    const url = `/cadre-votes/voter/${y}?company_id=${s.companyId}&vote_type_id=${s.voteTypes[0]!.id}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`;
    const before = await json(`/cadre-results/statistics?company_id=${s.companyId}`);
    const subject = (b: typeof before) => b.newly_promoted.subjects[0];
    expect(subject(before)).toMatchObject({
      counts: { 认同: 1, 不认同: 2 },
      shares: { 认同: 33.33, 不认同: 66.67 },
      flagged: true,
    });
    expect(before.newly_promoted.reasons).toEqual(['资历不够']);
    expect(before.cadre.questions[2].options[2]).toEqual({
      option: '任人唯亲、拉帮结派',
      count: 2,
      share: 66.67,
    });
    expect(before.cadre.questions[3]).toMatchObject({ type: 'text_area', answered: 1, texts: ['继续保持'] });

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `${ADMIN}${url}`, headers: bearer(token) })).statusCode,
    ).toBe(403);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${ADMIN}${url}`,
      headers: bearer(await elevate(ctx.app, token)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ voter_key: y, deleted_ballots: 2 });
    expect(await ctx.database.db.select().from(cadreVotes)).toHaveLength(4);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'votes.voter.delete'));
    expect(audit!.detail).toMatchObject({ form_category: 'democratic_evaluation', voter_key: y });
    expect(audit!.detail).not.toHaveProperty('voter_identifier');

    const after = await json(`/cadre-results/statistics?company_id=${s.companyId}`);
    expect(subject(after)).toMatchObject({
      counts: { 认同: 1, 不认同: 1 },
      shares: { 认同: 50, 不认同: 50 },
      flagged: true,
    });
    expect(after.newly_promoted.reasons).toEqual([]);
    expect(after.cadre.questions[2].options[2]).toEqual({
      option: '任人唯亲、拉帮结派',
      count: 1,
      share: 50,
    });
  });
});

describe('GET /votes/turnout', () => {
  it('ballots received against expected voters, per vote type', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: `${ADMIN}/vote-types/${s.voteTypes[0]!.id}`,
      headers: bearer(token),
      payload: { expected_voters: 3 },
    });
    const body = await json(`/votes/turnout?company_id=${s.companyId}`);
    expect(
      body.vote_types.map((v: Record<string, unknown>) => [v.name, v.received, v.expected_voters, v.rate]),
    ).toEqual([
      ['评议组1', 2, 3, 66.67],
      ['评议组2', 1, null, null],
    ]);
    expect(body).toMatchObject({ company_id: s.companyId, received: 3, expected: 3 });
    expect(
      (await json(`/votes/turnout?company_id=${s.companyId}&form_category=democratic_appraisal`)).vote_types,
    ).toEqual([]);
    expect((await get(`/votes/turnout?company_id=${s.companyId + 3}`)).statusCode).toBe(404);
    expect((await get(`/votes/turnout`)).statusCode).toBe(400);
  });
});
