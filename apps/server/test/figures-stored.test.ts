// Issue 29 (decision 0052): the figures of a vote type are counted once when it ends and stored. Over seeded
// random ballots of every family (民主测评, 选人用人, 新提拔) the stored figures equal a recount made here from
// the raw ballot rows (plain code, no server function): after 结束投票, after a reopen + more ballots + a
// close, after a voter's ballot is deleted, after a paper sheet keyed after the close, after the migration's
// fill, and for a vote type ended by its window (counted at the first read). 重新核算 finds no difference,
// then the one a tampered row holds, and is audited. A ranking over several units equals the ranks computed
// from each unit's own 汇总表.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { competitionRanks } from '@kaoping/contracts/ranking';
import type { ScoringAnswers } from '@kaoping/contracts/answers';
import type { FiguresRecount } from '@kaoping/contracts/figures-recount';
import type { Rankings } from '@kaoping/contracts/rankings';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { serverPath } from '../src/lib/paths';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createVoteType } from './helpers/factories';
import { paperCalls } from './helpers/paper';
import { castRandomAppraisal, castRandomEvaluation } from './helpers/random-ballots';
import {
  prng,
  randomScoring,
  setupAppraisal,
  setupEvaluation,
  voterKeyOf,
  type AppraisalSetup,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import { endVotes, get } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';
import { adminCalls } from './helpers/vote-control';

type Counts = Record<string, number>;
interface Figures {
  ballots: number;
  /** 民主推荐's posts (migration 0017): none in these 民主测评 and 民主评议 vote types. */
  recommendation: Record<string, unknown>;
  scoring: Record<
    string,
    {
      n: number;
      tenths: number;
      min: number | null;
      max: number | null;
      overall: Counts;
      items: Record<string, Counts>;
      reverse: Record<string, Counts>;
    }
  >;
  cadre: { voters: number; answered: Counts; options: Record<string, Counts> };
  newly_promoted: { voters: number; subjects: Record<string, Counts> };
}

let ctx: TestContext;
let token: string;
let elevated: string;
let s: AppraisalSetup;
let e: EvaluationSetup;
const rnd = prng(2929);
const w = useAdminWorld({ reset: false, elevated: true });

const db = () => ctx.database.db;
const api = () => adminCalls(ctx.app, () => token);
const add = (o: Counts, k: string, n = 1) => (o[k] = (o[k] ?? 0) + n);

/** The figures of a vote type recounted here from its raw formal ballot rows. */
async function recountHere(voteTypeId: number): Promise<Figures> {
  const [counted] = await rowsOf<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM submissions WHERE vote_type_id = ${voteTypeId} AND NOT is_test`,
  );
  const votes = await rowsOf<{ poll_id: number; target_id: number; score: number; answers: ScoringAnswers }>(
    db(),
    sql`SELECT poll_id, target_id, score, answers FROM votes WHERE vote_type_id = ${voteTypeId} AND NOT is_test`,
  );
  const cadre = await rowsOf<{ poll_kind: string; answers: Record<string, unknown> }>(
    db(),
    sql`SELECT poll_kind, answers FROM cadre_votes WHERE vote_type_id = ${voteTypeId} AND NOT is_test`,
  );
  const f: Figures = {
    ballots: Number(counted!.n),
    recommendation: {},
    scoring: {},
    cadre: { voters: 0, answered: {}, options: {} },
    newly_promoted: { voters: 0, subjects: {} },
  };
  for (const v of votes) {
    const c = (f.scoring[`${v.poll_id}:${v.target_id}`] ??= {
      n: 0,
      tenths: 0,
      min: null,
      max: null,
      overall: {},
      items: {},
      reverse: {},
    });
    const score = Number(v.score);
    c.n++;
    c.tenths += Math.round(score * 10);
    c.min = c.min === null ? score : Math.min(c.min, score);
    c.max = c.max === null ? score : Math.max(c.max, score);
    add(c.overall, v.answers.overall);
    for (const [id, x] of Object.entries(v.answers.items ?? {})) add((c.items[id] ??= {}), String(x));
    for (const [id, x] of Object.entries(v.answers.reverse ?? {})) add((c.reverse[id] ??= {}), String(x));
  }
  const textIds = new Set(
    e.cadre.schema.pages
      .flatMap((p) => p.questions)
      .filter((q) => q.type === 'text_area')
      .map((q) => q.id),
  );
  for (const b of cadre) {
    if (b.poll_kind === 'cadre') {
      f.cadre.voters++;
      for (const [q, x] of Object.entries(b.answers)) {
        if ((typeof x === 'string' && x.trim()) || (Array.isArray(x) && x.length)) add(f.cadre.answered, q);
        if (typeof x === 'string' && !textIds.has(q)) add((f.cadre.options[q] ??= {}), x);
        if (Array.isArray(x)) for (const o of x) add((f.cadre.options[q] ??= {}), String(o));
      }
    } else {
      f.newly_promoted.voters++;
      for (const [k, x] of Object.entries(b.answers)) {
        if (/^subject_\d+$/.test(k) && typeof x === 'string')
          add((f.newly_promoted.subjects[k.slice(8)] ??= {}), x);
      }
    }
  }
  return f;
}

/** The figures stored for a vote type (null: none). */
async function stored(voteTypeId: number): Promise<Figures | null> {
  const [row] = await rowsOf<{ figures: Figures }>(
    db(),
    sql`SELECT figures FROM vote_type_figures WHERE vote_type_id = ${voteTypeId}`,
  );
  return row?.figures ?? null;
}

const allVoteTypes = () => [...s.voteTypes, ...e.voteTypes].map((v) => v.id);

async function expectStoredEqualsRecount(ids = allVoteTypes()) {
  for (const id of ids) {
    const f = await stored(id);
    expect(f, `vote type ${id} has figures`).not.toBeNull();
    expect(f).toEqual(await recountHere(id));
  }
}

async function castSome(n: number) {
  for (const vt of s.voteTypes)
    for (let i = 0; i < n; i++) await castRandomAppraisal(ctx, s, vt.id, `a-${vt.id}-${rnd()}`, rnd);
  for (const vt of e.voteTypes)
    for (let i = 0; i < n; i++) await castRandomEvaluation(ctx, e, vt.id, `e-${vt.id}-${rnd()}`, rnd);
}

const recount = (companyId: number, as = token) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/companies/${companyId}/figures/recount`,
    headers: bearer(as),
  });

beforeAll(async () => {
  ({ ctx, token, elevated } = w);
  s = await setupAppraisal(ctx.app, token, { weights: [50, 30, 20], persons: 3 });
  e = await setupEvaluation(ctx.app, token, { companyId: s.companyId, subjects: 3, voteTypes: 2 });
  await castSome(4);
  // A numbered paper sheet printed while the vote runs, keyed after the close below.
  const printed = await paperCalls(ctx.app, () => s.voteTypes[2]!.id).pdf(token, '?copies=1');
  expect(printed.statusCode, printed.body).toBe(200);
  await endVotes(ctx.app, token, allVoteTypes());
}, 120_000);

describe('figures counted once, when a vote type ends', () => {
  it('stores every family’s figures at 结束投票, equal to a recount of the raw ballots', async () => {
    await expectStoredEqualsRecount();
    const f = (await stored(s.voteTypes[0]!.id))!;
    expect(f.ballots).toBe(4);
    expect(Object.keys(f.scoring)).toHaveLength(s.targets.length);
    expect((await stored(e.voteTypes[0]!.id))!.cadre.voters).toBe(4);
  });

  it('drops them at a reopen and counts them again, with the new ballots, at the next close', async () => {
    const [a] = s.voteTypes;
    const [v] = e.voteTypes;
    for (const id of [a!.id, v!.id]) expect((await api().reopen(id, elevated)).statusCode).toBe(200);
    expect(await stored(a!.id)).toBeNull();
    expect(await stored(v!.id)).toBeNull();
    for (let i = 0; i < 3; i++) {
      await castRandomAppraisal(ctx, s, a!.id, `more-a-${i}`, rnd);
      await castRandomEvaluation(ctx, e, v!.id, `more-e-${i}`, rnd);
    }
    await endVotes(ctx.app, token, [a!.id, v!.id]);
    expect((await stored(a!.id))!.ballots).toBe(7);
    await expectStoredEqualsRecount();
  });

  it('drops them when a voter’s ballot is deleted after the end, and counts them at the next read', async () => {
    const a = s.voteTypes[1]!;
    const [victim] = await rowsOf<{ voter_identifier: string }>(
      db(),
      sql`SELECT voter_identifier FROM submissions WHERE vote_type_id = ${a.id} LIMIT 1`,
    );
    const key = await voterKeyOf(ctx, victim!.voter_identifier);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/votes/voter/${key}?company_id=${s.companyId}&vote_type_id=${a.id}&reason=${encodeURIComponent('重复投票')}`,
      headers: bearer(elevated),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(a.id)).toBeNull();
    const summary = (await get(ctx.app, token, `/companies/${s.companyId}/summary`)).json<UnitSummary>();
    expect(summary.validity.vote_types.find((v) => v.vote_type_id === a.id)!.received).toBe(3);
    await expectStoredEqualsRecount();
  });

  it('drops them when a paper sheet is keyed after the close; 完成计票 counts them again, and only then', async () => {
    const a = s.voteTypes[2]!;
    const paper = paperCalls(ctx.app, () => a.id);
    const ballots = s.targets.map((t) => ({
      poll_id: t.type === 'company' ? s.company.id : s.person.id,
      target_id: t.id,
      answers: { ...randomScoring(t.type === 'company' ? s.company.schema : s.person.schema, rnd) },
    }));
    const before = (await stored(a.id))!.ballots;
    const res = await paper.enter(token, '1', ballots);
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(a.id)).toBeNull();
    const computedAt = async (id: number) =>
      (
        await rowsOf<{ t: string }>(
          db(),
          sql`SELECT computed_at::text AS t FROM vote_type_figures WHERE vote_type_id = ${id}`,
        )
      )[0]?.t;
    // 完成计票 of an unchanged vote type keeps what 结束投票 stored; of the changed one, counts it again.
    const unchanged = s.voteTypes[0]!.id;
    const kept = await computedAt(unchanged);
    for (const id of [unchanged, a.id]) expect((await api().finishCount(id)).statusCode).toBe(200);
    expect(await computedAt(unchanged)).toBe(kept);
    expect((await stored(a.id))!.ballots).toBe(before + 1);
    const results = await get(ctx.app, token, `/companies/${s.companyId}/results`);
    expect(results.statusCode).toBe(200);
    await expectStoredEqualsRecount();
  });

  it('counts a vote type ended by its window at the first read (stored once the minute after has passed)', async () => {
    const vt = await createVoteType(ctx.app, token, s.companyId, {
      name: '评议组（按时截止）',
      form_category: 'democratic_evaluation',
    });
    const fresh = { id: vt.id, name: '评议组（按时截止）', linkId: vt.link_id };
    const one: EvaluationSetup = { ...e, voteTypes: [fresh] };
    for (let i = 0; i < 3; i++) await castRandomEvaluation(ctx, one, fresh.id, `window-voter-${i}`, rnd);
    await db().execute(
      sql`UPDATE vote_types SET closes_at = now() - interval '5 seconds' WHERE id = ${fresh.id}`,
    );
    const read = async () =>
      (await get(ctx.app, token, `/companies/${s.companyId}/summary`)).json<UnitSummary>().cadre.voters;
    const shown = await read();
    expect(shown[shown.length - 1]).toBe(3);
    // Within the minute after the window a ballot statement begun before it might still be running.
    expect(await stored(fresh.id)).toBeNull();
    await db().execute(
      sql`UPDATE vote_types SET closes_at = now() - interval '5 minutes' WHERE id = ${fresh.id}`,
    );
    await read();
    expect(await stored(fresh.id)).toEqual(await recountHere(fresh.id));
    e.voteTypes.push(fresh);
  });

  it('fills the figures of every ended vote type as migration 0016 does', async () => {
    const file = readdirSync(serverPath('drizzle')).find((n) => n.startsWith('0016_'))!;
    const statements = readFileSync(path.join(serverPath('drizzle'), file), 'utf8').split(
      '--> statement-breakpoint',
    );
    const fill = statements[statements.length - 1]!;
    expect(fill).toMatch(/INSERT INTO vote_type_figures/);
    await db().execute(sql`DELETE FROM vote_type_figures`);
    await db().execute(sql.raw(fill));
    await expectStoredEqualsRecount();
  });
});

describe('重新核算', () => {
  it('finds no difference, then the one a tampered figure holds, and audits each run', async () => {
    const clean = await recount(s.companyId);
    expect(clean.statusCode, clean.body).toBe(200);
    const body = clean.json<FiguresRecount>();
    expect(body.vote_types.map((v) => v.vote_type_id).sort()).toEqual(allVoteTypes().sort());
    expect(body.vote_types.every((v) => v.ok && v.differences.length === 0)).toBe(true);

    const a = s.voteTypes[0]!;
    const team = s.targets.find((t) => t.type === 'company')!;
    const key = `${s.company.id}:${team.id}`;
    const before = (await stored(a.id))!.scoring[key]!;
    const n = before.n;
    const good = Number((before.overall as Record<string, number> | undefined)?.good ?? 0);
    await db().execute(
      sql`UPDATE vote_type_figures SET figures = jsonb_set(
            jsonb_set(figures, ${`{scoring,${key},n}`}::text[], ${String(n + 2)}::jsonb),
            ${`{scoring,${key},overall,good}`}::text[], ${String(good + 1)}::jsonb)
          WHERE vote_type_id = ${a.id}`,
    );
    const found = (await recount(s.companyId)).json<FiguresRecount>();
    const bad = found.vote_types.filter((v) => !v.ok);
    expect(bad.map((v) => v.vote_type_id)).toEqual([a.id]);
    // Told in the form's words: the option's label (好), not its stored value (good).
    expect(bad[0]!.differences).toEqual(
      expect.arrayContaining([
        { what: `「${team.name}」的选票数`, stored: n + 2, recounted: n },
        { what: `「${team.name}」总体评价“好”的票数`, stored: good + 1, recounted: good },
      ]),
    );
    expect(bad[0]!.differences).toHaveLength(2);

    const audit = await rowsOf<{ action: string; company_id: number; detail: Record<string, unknown> }>(
      db(),
      sql`SELECT action, company_id, detail FROM audit_log WHERE action = 'figures.recount' ORDER BY id`,
    );
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ company_id: s.companyId, detail: { differences: 0 } });
    expect(audit[1]!.detail).toMatchObject({ differences: 2, mismatched: a.name });
    // Put right for the ranking below (the next close or read does not count a stored row again).
    await db().execute(sql`DELETE FROM vote_type_figures WHERE vote_type_id = ${a.id}`);
  });

  it('answers 404 for a unit the caller does not see', async () => {
    const res = await recount(999_999);
    expect(res.statusCode).toBe(404);
  });
});

describe('跨单位排名 from the stored figures', () => {
  it('ranks several units as their own 汇总表 rank them', async () => {
    const units = [s.companyId];
    for (const [i, name] of ['北方燃气有限公司', '南方水务有限公司'].entries()) {
      const u = await setupAppraisal(ctx.app, token, { name, weights: [60, 40], persons: 2 });
      for (const vt of u.voteTypes)
        for (let k = 0; k < 3 + i; k++)
          await castRandomAppraisal(ctx, u, vt.id, `ranking-${i}-${vt.id}-${k}`, rnd);
      await endVotes(
        ctx.app,
        token,
        u.voteTypes.map((v) => v.id),
      );
      units.push(u.companyId);
    }
    const year = (await get(ctx.app, token, `/companies/${s.companyId}/summary`)).json<UnitSummary>().round
      .year;
    const ranking = (await get(ctx.app, token, `/rankings?year=${year}`)).json<Rankings>();
    const summaries = await Promise.all(
      units.map(async (id) => (await get(ctx.app, token, `/companies/${id}/summary`)).json<UnitSummary>()),
    );
    const team = (x: UnitSummary) =>
      x.appraisal.sections.find((t) => t.kind === 'company')!.targets[0]!.weighted_score;
    const ranks = competitionRanks(summaries.map(team));
    const persons = summaries.flatMap((x) => x.appraisal.sections.find((t) => t.kind === 'person')!.targets);
    const personRanks = competitionRanks(persons.map((p) => p.weighted_score));
    expect(ranking.units.map((u) => [u.company.id, u.team_weighted_score, u.team_rank]).sort()).toEqual(
      summaries.map((x, i) => [x.company.id, team(x), ranks[i]]).sort(),
    );
    expect(ranking.leaders.map((l) => [l.target_id, l.weighted_score, l.score_rank]).sort()).toEqual(
      persons.map((p, i) => [p.target_id, p.weighted_score, personRanks[i]]).sort(),
    );
  });
});
