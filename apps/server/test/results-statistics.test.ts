// Evaluation statistics recounted from the stored rows with plain code of the test's own.
import { cadreQuestions } from '@kaoping/contracts/cadre-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { cadreVotes } from '../src/db/schema';
import { bearer, createEvaluationSubject } from './helpers/factories';
import {
  ADMIN,
  castEvaluation,
  prng,
  randomCadre,
  randomNewlyPromoted,
  setActive,
  setupEvaluation,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import { endVotes } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

const OPINIONS = ['认同', '基本认同', '不认同', '不了解'] as const;
const div2 = (a: number, b: number) => {
  const n = a * 100;
  let q = Math.floor(n / b);
  if (2 * (n - q * b) >= b) q += 1;
  return q / 100;
};
/** Each count's share in percent: the exact fraction rounded half up, never nudged to make 100. */
function shares(counts: number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total ? div2(c * 100, total) : 0));
}

let ctx: TestContext;
let token: string;
let s: EvaluationSetup;
let inactiveNamed: number;
const w = useAdminWorld({ reset: false });
beforeAll(async () => {
  ({ ctx, token } = w);
  s = await setupEvaluation(ctx.app, token, { subjects: 4, voteTypes: 3 });
  const off = await createEvaluationSubject(ctx.app, token, s.companyId, { name: '后停用' });
  await createEvaluationSubject(ctx.app, token, s.companyId, { name: '无人评', is_active: false });
  inactiveNamed = off.id;
  const rnd = prng(777);
  // A ballot answers exactly the active subjects: 后停用 is switched off after ten voters, and the last
  // six vote with no subject active at all, so their ballots carry the cadre poll only.
  let ids = [...s.subjects.map((x) => x.id), off.id];
  for (let v = 0; v < 37; v++) {
    if (v === 10) {
      await setActive(ctx.app, token, 'evaluation-subjects', off.id, false);
      ids = ids.slice(0, -1);
    }
    if (v === 31) {
      for (const id of ids) await setActive(ctx.app, token, 'evaluation-subjects', id, false);
      ids = [];
    }
    const vt = s.voteTypes[v % 3]!;
    await castEvaluation(ctx, s, vt.id, `ev-${String(v).padStart(5, '0')}`, {
      cadre: randomCadre(s.cadre.schema, rnd),
      newlyPromoted: ids.length ? randomNewlyPromoted(ids, rnd) : undefined,
    });
  }
  // Figures are read after 结束投票 (decision 0041: while open, counts only).
  await endVotes(
    ctx.app,
    token,
    s.voteTypes.map((v) => v.id),
  );
}, 120_000);

const get = async (url: string) => {
  const res = await ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function expected(voteTypeId: number | undefined, threshold: number) {
  const rows = (await ctx.database.db.select().from(cadreVotes)).filter(
    (r) => voteTypeId === undefined || r.voteTypeId === voteTypeId,
  );
  rows.sort((a, b) => a.id - b.id);
  const cadre = rows.filter((r) => r.pollKind === 'cadre').map((r) => r.answers as Record<string, unknown>);
  const np = rows
    .filter((r) => r.pollKind === 'newly_promoted')
    .map((r) => r.answers as Record<string, string>);
  const questions = cadreQuestions(s.cadre.schema).map((q) => {
    const given = cadre.map((a) => a[q.id]).filter((v) => v !== undefined);
    if (q.type === 'text_area') return { id: q.id, answered: given.length, options: [], texts: given };
    const counts = q.options.map(
      (o) => given.filter((v) => (Array.isArray(v) ? v.includes(o) : v === o)).length,
    );
    const sh = q.type === 'single_choice' ? shares(counts) : counts.map((c) => div2(c * 100, cadre.length));
    return {
      id: q.id,
      answered: given.length,
      options: q.options.map((o, i) => ({ option: o, count: counts[i], share: sh[i] })),
      texts: [],
    };
  });
  const ids = [...s.subjects.map((x) => x.id), inactiveNamed];
  const subjects = ids.map((id) => {
    const counts = OPINIONS.map((o) => np.filter((a) => a[`subject_${id}`] === o).length);
    const total = counts.reduce((a, b) => a + b, 0);
    const sh = shares(counts);
    return {
      subject_id: id,
      count: total,
      counts: Object.fromEntries(OPINIONS.map((o, i) => [o, counts[i]])),
      shares: Object.fromEntries(OPINIONS.map((o, i) => [o, sh[i]])),
      approval_rate: sh[0],
      approval_or_basic_rate: total ? div2((counts[0]! + counts[1]!) * 100, total) : 0,
      // Compared on counts: 不认同 / total > threshold.
      flagged: total > 0 && counts[2]! > threshold * total,
    };
  });
  const reasons = np.map((a) => a.reason).filter((r): r is string => !!r);
  return { cadreCount: cadre.length, npCount: np.length, questions, subjects, reasons };
}

const project = (body: {
  cadre: { ballot_count: number; questions: Record<string, unknown>[] };
  newly_promoted: { ballot_count: number; subjects: Record<string, unknown>[]; reasons: string[] };
}) => ({
  cadreCount: body.cadre.ballot_count,
  npCount: body.newly_promoted.ballot_count,
  questions: body.cadre.questions.map((q) => ({
    id: q.id,
    answered: q.answered,
    options: q.options,
    texts: q.texts,
  })),
  subjects: body.newly_promoted.subjects.map((x) => {
    const { subject_id, count, counts, shares: sh, approval_rate, approval_or_basic_rate, flagged } = x;
    return { subject_id, count, counts, shares: sh, approval_rate, approval_or_basic_rate, flagged };
  }),
  reasons: body.newly_promoted.reasons,
});

describe('GET /cadre-results/statistics equals a recount', () => {
  it('over all vote types, default threshold one third; each share rounded half up, never nudged', async () => {
    const body = await get(`/cadre-results/statistics?company_id=${s.companyId}`);
    expect(project(body)).toEqual(await expected(undefined, 1 / 3));
    expect(body).toMatchObject({
      vote_type_id: null,
      threshold: 1 / 3,
      form_category: 'democratic_evaluation',
    });
    // A row of rounded shares comes within a hundredth per share of 100, and is not forced onto it.
    for (const x of body.newly_promoted.subjects) {
      const sum = Object.values(x.shares as Record<string, number>).reduce((a, b) => a + b, 0);
      if (x.count) expect(Math.abs(Math.round(sum * 100) - 10000)).toBeLessThanOrEqual(2);
    }
    // The inactive subject some ballots named is shown; the one nobody named is not.
    expect(body.newly_promoted.subjects.map((x: { name: string }) => x.name)).toEqual([
      '新干部1',
      '新干部2',
      '新干部3',
      '新干部4',
      '后停用',
    ]);
    expect(body.vote_types.map((v: { received: number }) => v.received)).toEqual([13, 12, 12]);
  });

  it('per vote type and with another threshold', async () => {
    for (const vt of s.voteTypes) {
      const body = await get(
        `/cadre-results/statistics?company_id=${s.companyId}&vote_type_id=${vt.id}&threshold=0.2`,
      );
      expect(project(body)).toEqual(await expected(vt.id, 0.2));
      expect(body.vote_types).toHaveLength(1);
    }
  });

  it('GET /companies/{id}/results?form_category=democratic_evaluation is the same figures', async () => {
    const body = await get(
      `/companies/${s.companyId}/results?form_category=democratic_evaluation&threshold=0.25`,
    );
    expect(project(body)).toEqual(await expected(undefined, 0.25));
  });

  it('400 for a bad threshold or missing company, 404 for an unknown company or vote type', async () => {
    const call = (q: string) =>
      ctx.app.inject({ url: `${ADMIN}/cadre-results/statistics?${q}`, headers: bearer(token) });
    expect((await call(`company_id=${s.companyId}&threshold=2`)).statusCode).toBe(400);
    expect((await call('')).statusCode).toBe(400);
    expect((await call(`company_id=${s.companyId + 9}`)).json()).toEqual({
      detail: '单位不存在',
      code: 'COMPANY_NOT_FOUND',
    });
    expect((await call(`company_id=${s.companyId}&vote_type_id=99999`)).json()).toEqual({
      detail: '投票类型不存在',
      code: 'VOTE_TYPE_NOT_FOUND',
    });
  });
});
