// Company results: hand-computed weighting edge cases, ranking ties, which targets show, errors.
import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, createVoteTarget, elevate } from './helpers/factories';
import {
  ADMIN,
  castAppraisal,
  endVoting,
  setActive,
  setupAppraisal,
  type AppraisalSetup,
} from './helpers/results-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const json = async (url: string) => {
  const res = await ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
type Target = {
  name: string;
  weighted_score: number | null;
  rank: number | null;
  combined: { count: number; mean: number | null };
};

/** Person ballot with one overall option and every item 'good' (12): excellent → 100, competent → 90. */
const person = (s: AppraisalSetup, overall: string) => ({
  overall,
  items: Object.fromEntries(s.person.schema.evaluationGroups[1].items.map((i) => [i.id, 'good'])),
  reverse: {},
});

/** One voter rating only the targets given: the others are switched off for the ballot, then back on. */
async function vote(s: AppraisalSetup, vt: number, voter: string, byTarget: [number, string][]) {
  const others = s.targets.filter((_, i) => !byTarget.some(([t]) => t === i));
  for (const t of others) await setActive(ctx.app, token, 'vote-targets', t.id, false);
  const answers = new Map(byTarget.map(([t, o]) => [s.targets[t]!.id, person(s, o)]));
  await castAppraisal(ctx, s, s.voteTypes[vt]!.id, voter, answers);
  for (const t of others) await setActive(ctx.app, token, 'vote-targets', t.id, true);
}

describe('GET /companies/{id}/results', () => {
  it('without weights the weighted score is the plain mean of all ballots', async () => {
    const s = await setupAppraisal(ctx.app, token, { persons: 1, weights: [0, 0] });
    await vote(s, 0, 'voter-0001', [[1, 'excellent']]); // 100
    await vote(s, 0, 'voter-0002', [[1, 'excellent']]); // 100
    await vote(s, 1, 'voter-0003', [[1, 'competent']]); // 90
    // Figures are read once the votes have ended (decision 0041).
    await endVoting(ctx, token, s.voteTypes);
    const body = await json(`/companies/${s.companyId}/results`);
    const [company, p] = body.targets as Target[];
    // Pooled: 290 / 3 = 96.67 (the mean of the two means would be 95).
    expect(p).toMatchObject({
      name: '干部1',
      weighted_score: 96.67,
      rank: 1,
      combined: { count: 3, mean: 96.67 },
    });
    // The company target has no ballots: listed (it is active), no score, no rank.
    expect(company).toMatchObject({
      name: '领导班子',
      weighted_score: null,
      rank: null,
      combined: { count: 0, mean: null },
    });
    expect(body.polls.map((x: { target_type: string }) => x.target_type)).toEqual(['company', 'person']);
  });

  it('a vote type without ballots does not count; weighted over those with ballots only', async () => {
    const s = await setupAppraisal(ctx.app, token, { persons: 1, weights: [70, 30] });
    await vote(s, 1, 'voter-0001', [[1, 'competent']]);
    // Both have ended: the one without ballots still does not count.
    await endVoting(ctx, token, s.voteTypes);
    const [, p] = (await json(`/companies/${s.companyId}/results`)).targets as Target[];
    expect(p!.weighted_score).toBe(90);
  });

  it('ranks persons by weighted score, ties sharing a rank; inactive targets without ballots are left out', async () => {
    const s = await setupAppraisal(ctx.app, token, { persons: 3, weights: [50, 50] });
    const off = await createVoteTarget(ctx.app, token, s.companyId, { name: '停用无票', is_active: false });
    await vote(s, 0, 'voter-0001', [
      [1, 'excellent'],
      [2, 'excellent'],
      [3, 'competent'],
    ]);
    await endVoting(ctx, token, s.voteTypes);
    const body = await json(`/companies/${s.companyId}/results`);
    const ranks = (body.targets as Target[]).map((t) => [t.name, t.weighted_score, t.rank]);
    expect(ranks).toEqual([
      ['领导班子', null, null],
      ['干部1', 100, 1],
      ['干部2', 100, 1],
      ['干部3', 90, 3],
    ]);
    expect(body.targets.some((t: { target_id: number }) => t.target_id === off.id)).toBe(false);
  });

  it('a person target with no person poll is listed without figures', async () => {
    const s = await setupAppraisal(ctx.app, token, { persons: 1 });
    const polls = await json(`/polls/company/${s.companyId}`);
    const personPoll = polls.find((p: { target_type: string }) => p.target_type === 'person');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `${ADMIN}/polls/${personPoll.id}`,
      headers: bearer(await elevate(ctx.app, token)),
    });
    expect(res.statusCode).toBe(204);
    const body = await json(`/companies/${s.companyId}/results`);
    expect(body.targets[1]).toMatchObject({
      name: '干部1',
      poll_id: null,
      weighted_score: null,
      combined: { count: 0, overall: [] },
    });
  });

  it('404 for an unknown company, vote type or target; 400 for a bad family', async () => {
    const s = await setupAppraisal(ctx.app, token, { persons: 1 });
    const call = (url: string) => ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(token) });
    expect((await call('/companies/9999/results')).json()).toEqual({
      detail: '单位不存在',
      code: 'COMPANY_NOT_FOUND',
    });
    expect((await call(`/companies/${s.companyId}/results?form_category=all`)).statusCode).toBe(400);
    expect((await call(`/vote-targets/results?company_id=${s.companyId}&vote_type_id=9999`)).json()).toEqual({
      detail: '投票类型不存在',
      code: 'VOTE_TYPE_NOT_FOUND',
    });
    expect((await call(`/vote-targets/results?company_id=${s.companyId}&target_id=9999`)).json()).toEqual({
      detail: '测评对象不存在',
      code: 'VOTE_TARGET_NOT_FOUND',
    });
    expect((await call('/vote-targets/results')).statusCode).toBe(400);
    // The companies and vote-targets routes still answer beside these.
    expect((await call('/companies/')).statusCode).toBe(200);
    expect((await call(`/vote-targets/?company_id=${s.companyId}`)).statusCode).toBe(200);
  });
});
