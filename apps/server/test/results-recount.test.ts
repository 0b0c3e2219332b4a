// Random ballots over several targets and vote types; every figure of the results API is recomputed here
// from the raw stored rows with plain code of its own (exact integer arithmetic, no contracts functions).
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { submissions, votes } from '../src/db/schema';
import { bearer, createVoteTarget } from './helpers/factories';
import {
  ADMIN,
  castAppraisal,
  prng,
  randomScoring,
  saveSchema,
  setActive,
  setupAppraisal,
  type AppraisalSetup,
} from './helpers/results-fixtures';
import { div2 } from './helpers/exact-math';
import { endVotes } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

type Row = typeof votes.$inferSelect;
type Answers = { overall: string; items: Record<string, string>; reverse: Record<string, string> };

/** Each count's share in percent: the exact fraction rounded half up, never nudged to make 100. */
function shares(counts: number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total ? div2(BigInt(c * 100), BigInt(total)) : 0));
}
const tenths = (x: number) => Math.round(x * 10);

function recount(schema: ScoringFormSchema, rows: Row[]) {
  const [og, ig] = schema.evaluationGroups;
  const rev = schema.reverseEvaluation;
  const answers = rows.map((r) => r.answers as Answers);
  const scoreOf = (opts: { value: string; score: number }[], v?: string) =>
    tenths(opts.find((o) => o.value === v)?.score ?? 0);
  const scores = answers.map(
    (a) =>
      scoreOf(og.options, a.overall) +
      ig.items.reduce((s, i) => s + scoreOf(ig.options, a.items[i.id]), 0) +
      rev.items.reduce((s, i) => s + scoreOf(rev.options, a.reverse[i.id]), 0),
  );
  rows.forEach((r, i) => expect(tenths(r.score)).toBe(scores[i]));
  const n = rows.length;
  const sum = scores.reduce((a, b) => a + b, 0);
  const dist = (opts: { value: string; label: string }[], chosen: (string | undefined)[]) => {
    const counts = opts.map((o) => chosen.filter((v) => v === o.value).length);
    const sh = shares(counts);
    return opts.map((o, i) => ({ value: o.value, label: o.label, count: counts[i], share: sh[i] }));
  };
  const overall = dist(
    og.options,
    answers.map((a) => a.overall),
  );
  const top = og.options.findIndex((o) => o.score === Math.max(...og.options.map((x) => x.score)));
  return {
    sum,
    fig: {
      count: n,
      total: sum / 10,
      mean: n ? div2(BigInt(sum), BigInt(n * 10)) : null,
      min: n ? Math.min(...scores) / 10 : null,
      max: n ? Math.max(...scores) / 10 : null,
      overall,
      good_rate: n ? overall[top]!.share : null,
      items: ig.items.map((item) => {
        const chosen = answers.map((a) => a.items[item.id]).filter((v) => v !== undefined);
        const s = chosen.reduce((acc, v) => acc + scoreOf(ig.options, v), 0);
        const mean = chosen.length ? div2(BigInt(s), BigInt(chosen.length * 10)) : null;
        return {
          id: item.id,
          name: item.name,
          answered: chosen.length,
          mean,
          distribution: dist(ig.options, chosen),
        };
      }),
      reverse: rev.items.map((item) => {
        const marked = answers.map((a) => a.reverse[item.id]);
        const options = rev.options.map((o) => {
          const count = marked.filter((v) => v === o.value).length;
          return {
            value: o.value,
            label: o.label,
            count,
            share: n ? div2(BigInt(count * 100), BigInt(n)) : 0,
          };
        });
        const count = options.reduce((a, o) => a + o.count, 0);
        return {
          id: item.id,
          description: item.description,
          count,
          share: n ? div2(BigInt(count * 100), BigInt(n)) : 0,
          options,
        };
      }),
    },
  };
}

/** Σ w·mean / Σ w over weighted vote types with ballots, exactly; pooled mean when none is weighted. */
function weighted(parts: { w: number; n: number; sum: number }[]): number | null {
  const voted = parts.filter((p) => p.n > 0);
  if (!voted.length) return null;
  const ws = voted.filter((p) => p.w > 0);
  if (!ws.length) {
    const n = voted.reduce((a, p) => a + p.n, 0);
    return div2(BigInt(voted.reduce((a, p) => a + p.sum, 0)), BigInt(n * 10));
  }
  const prod = ws.reduce((a, p) => a * BigInt(p.n), 1n);
  const num = ws.reduce((a, p) => a + BigInt(p.w) * BigInt(p.sum) * (prod / BigInt(p.n)), 0n);
  return div2(num, 10n * prod * BigInt(ws.reduce((a, p) => a + p.w, 0)));
}

let ctx: TestContext;
let token: string;
let s: AppraisalSetup;
let inactiveId: number;
const w = useAdminWorld({ reset: false });
beforeAll(async () => {
  ({ ctx, token } = w);
  s = await setupAppraisal(ctx.app, token, { persons: 4, weights: [40, 35, 25, 0], expected: 20 });
  // Two reverse options on the person poll, so per-option shares are recounted too.
  const schema = structuredClone(s.person.schema);
  schema.reverseEvaluation.options = [
    { label: '较轻', value: 'minor', score: -2.5 },
    { label: '严重', value: 'severe', score: -5 },
  ];
  s.person = await saveSchema(ctx.app, token, s.person.id, schema);
  const inactive = await createVoteTarget(ctx.app, token, s.companyId, { name: '已停用', is_active: true });
  s.targets.push({ id: inactive.id, type: 'person', name: inactive.name });
  inactiveId = inactive.id;
  const rnd = prng(20250301);
  // A ballot answers exactly the active targets; switching two of them off for a while makes the
  // counts differ between targets.
  const off = new Set<number>();
  const toggle = async (i: number, on: boolean) => {
    const id = s.targets[i]!.id;
    await setActive(ctx.app, token, 'vote-targets', id, on);
    if (on) off.delete(id);
    else off.add(id);
  };
  for (let v = 0; v < 46; v++) {
    if (v === 15) await toggle(3, false);
    if (v === 30) await Promise.all([toggle(3, true), toggle(1, false)]);
    const vt = s.voteTypes[Math.floor(rnd() * s.voteTypes.length)]!;
    const answers = new Map(
      s.targets
        .filter((t) => !off.has(t.id))
        .map((t) => [t.id, randomScoring(t.type === 'company' ? s.company.schema : s.person.schema, rnd)]),
    );
    await castAppraisal(ctx, s, vt.id, `rv-${String(v).padStart(5, '0')}`, answers);
  }
  await toggle(1, true);
  await setActive(ctx.app, token, 'vote-targets', inactiveId, false);
  // Another company's ballots must not leak in.
  const other = await setupAppraisal(ctx.app, token, { name: '另一单位', persons: 1, weights: [50] });
  const map = new Map(
    other.targets.map((t) => [
      t.id,
      randomScoring(t.type === 'company' ? other.company.schema : other.person.schema, rnd),
    ]),
  );
  await castAppraisal(ctx, other, other.voteTypes[0]!.id, 'other-0001', map);
  // Figures are read after 结束投票 (decision 0041: while open, counts only).
  await endVotes(
    ctx.app,
    token,
    [...s.voteTypes, ...other.voteTypes].map((v) => v.id),
  );
}, 120_000);

const get = async (url: string) => {
  const res = await ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function expected(filter: { voteTypeId?: number } = {}) {
  const rows = (await ctx.database.db.select().from(votes)).filter((r) => r.companyId === s.companyId);
  const types = s.voteTypes.filter((v) => filter.voteTypeId === undefined || v.id === filter.voteTypeId);
  const targets = s.targets.map((t) => {
    const schema = t.type === 'company' ? s.company.schema : s.person.schema;
    const mine = rows.filter((r) => r.targetId === t.id && types.some((v) => v.id === r.voteTypeId));
    const per = types.map((v) =>
      recount(
        schema,
        mine.filter((r) => r.voteTypeId === v.id),
      ),
    );
    const w = weighted(per.map((p, i) => ({ w: types[i]!.weight, n: p.fig.count, sum: p.sum })));
    return {
      target_id: t.id,
      type: t.type,
      weighted_score: w,
      combined: recount(schema, mine).fig,
      by_vote_type: per.map((p, i) => ({ ...p.fig, vote_type_id: types[i]!.id })),
    };
  });
  return targets.map((t) => {
    const better = targets.filter(
      (o) => o.type === t.type && o.weighted_score !== null && o.weighted_score > t.weighted_score!,
    );
    return { ...t, rank: t.weighted_score === null ? null : better.length + 1 };
  });
}

const project = (t: Record<string, unknown>) => ({
  target_id: t.target_id,
  type: t.type,
  weighted_score: t.weighted_score,
  combined: t.combined,
  by_vote_type: t.by_vote_type,
  rank: t.rank,
});

describe('every figure equals a recount from the stored ballots', () => {
  it('GET /companies/{id}/results', async () => {
    const body = await get(`/companies/${s.companyId}/results`);
    const want = await expected();
    expect(body.targets.map(project)).toEqual(want);
    expect(body.targets.find((t: { target_id: number }) => t.target_id === inactiveId)).toMatchObject({
      is_active: false,
    });
    const subs = (await ctx.database.db.select().from(submissions)).filter(
      (r) => r.companyId === s.companyId,
    );
    expect(body.vote_types.map((v: { received: number }) => v.received)).toEqual(
      s.voteTypes.map((v) => subs.filter((x) => x.voteTypeId === v.id).length),
    );
    expect(body.vote_types[0].rate).toBe(div2(BigInt(body.vote_types[0].received * 100), 20n));
  });

  it('GET /vote-targets/results per vote type, per target and per type', async () => {
    for (const vt of s.voteTypes) {
      const body = await get(`/vote-targets/results?company_id=${s.companyId}&vote_type_id=${vt.id}`);
      const want = (await expected({ voteTypeId: vt.id })).filter(
        (t) => t.combined.count > 0 || t.target_id !== inactiveId,
      );
      expect(body.targets.map(project)).toEqual(want);
    }
    const one = s.targets[2]!;
    const body = await get(`/vote-targets/results?company_id=${s.companyId}&target_id=${one.id}`);
    const full = (await expected()).find((t) => t.target_id === one.id)!;
    expect(body.targets.map(project)).toEqual([full]);
    const persons = await get(`/vote-targets/results?company_id=${s.companyId}&target_type=person`);
    expect(persons.targets.every((t: { type: string }) => t.type === 'person')).toBe(true);
    expect(persons.targets).toHaveLength(s.targets.length - 1);
  });

  it('GET /votes/voter-results: ballots and totals per voter', async () => {
    const body = await get(`/votes/voter-results?company_id=${s.companyId}&limit=500`);
    const rows = await ctx.database.db.select().from(votes);
    // A voter row is one ballot, named by its 随机编号 (issue 26): the submission's voter_key.
    const keys = new Map(
      (await ctx.database.db.select({ id: submissions.id, key: submissions.voterKey }).from(submissions)).map(
        (x) => [x.id, x.key],
      ),
    );
    expect(body.total).toBe(46);
    expect(new Set(body.items.map((r: { voter_key: string }) => r.voter_key)).size).toBe(46);
    for (const r of body.items) {
      const mine = rows.filter((x) => keys.get(x.submissionId) === r.voter_key);
      expect(r.ballot_count).toBe(mine.length);
      expect(r.total_score).toBe(mine.reduce((a, x) => a + tenths(x.score), 0) / 10);
    }
  });
});
