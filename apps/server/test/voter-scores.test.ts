// Issue 24: the per-voter list (GET /votes/voter-results) gives one voter's score of each target, in the
// roster's order, beside the old total (kept for the API): the screens show the scores, never the sum of
// one voter's marks for different people. Evaluation rows have none.
import { beforeAll, describe, expect, it } from 'vitest';
import type { VoterResult } from '@kaoping/contracts/records';
import { bearer } from './helpers/factories';
import {
  ADMIN,
  castAppraisal,
  castEvaluation,
  endVoting,
  prng,
  randomCadre,
  randomNewlyPromoted,
  randomScoring,
  setupAppraisal,
  setupEvaluation,
  voterKeyOf,
  type AppraisalSetup,
} from './helpers/results-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
let s: AppraisalSetup;

const w = useAdminWorld({ reset: false, elevated: true });
beforeAll(async () => {
  ({ ctx, elevated: token } = w);
  s = await setupAppraisal(ctx.app, token, { persons: 3, weights: [60, 40] });
  const rnd = prng(7);
  for (const [i, voter] of ['voter-aaaa', 'voter-bbbb'].entries())
    await castAppraisal(
      ctx,
      s,
      s.voteTypes[i]!.id,
      voter,
      new Map(
        s.targets.map((t) => [
          t.id,
          randomScoring(t.type === 'company' ? s.company.schema : s.person.schema, rnd),
        ]),
      ),
    );
  const e = await setupEvaluation(ctx.app, token, { companyId: s.companyId, subjects: 1 });
  await castEvaluation(ctx, e, e.voteTypes[0]!.id, 'voter-eeee', {
    cadre: randomCadre(e.cadre.schema, rnd),
    newlyPromoted: randomNewlyPromoted(
      e.subjects.map((x) => x.id),
      rnd,
    ),
  });
  // The figures are read after 结束投票 (issue 26: while open, counts only).
  await endVoting(ctx, token, [...s.voteTypes, ...e.voteTypes]);
});

const get = (url: string) => ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(token) });

describe('GET /votes/voter-results: each target’s score', () => {
  it('lists the voter’s score of every target in roster order, equal to the stored ballots', async () => {
    const res = await get(`/votes/voter-results?company_id=${s.companyId}`);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: VoterResult[] }>().items;
    expect(items).toHaveLength(2);
    for (const row of items) {
      const ballots = await get(
        `/votes/by-voter/${row.voter_key}?company_id=${s.companyId}&vote_type_id=${row.vote_type_id}`,
      );
      const stored = ballots.json<{ ballots: { target_id: number; score: number }[] }>().ballots;
      const byTarget = new Map(stored.map((b) => [b.target_id, b.score]));
      expect(row.target_scores.map((t) => t.target_name)).toEqual(s.targets.map((t) => t.name));
      for (const t of row.target_scores) expect(t.score).toBe(byTarget.get(t.target_id));
      // The old total is still the sum (kept for the API), but no longer the figure the screens show.
      const sum = row.target_scores.reduce((a, t) => a + t.score, 0);
      expect(row.total_score).toBeCloseTo(sum, 1);
    }
  });

  it('has no target scores for an evaluation voter', async () => {
    const res = await get(`/cadre-votes/voter-results?company_id=${s.companyId}`);
    expect(res.statusCode).toBe(200);
    const [row] = res.json<{ items: VoterResult[] }>().items;
    expect(row).toMatchObject({
      voter_key: await voterKeyOf(ctx, 'voter-eeee'),
      total_score: null,
      target_scores: [],
    });
  });
});
