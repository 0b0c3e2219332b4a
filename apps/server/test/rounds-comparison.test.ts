// Issue 14: comparison with the previous round. Ballots cast in a new round change none of the old
// round's figures (every results call compared before and after); each target's comparison equals a
// recount from both rounds' raw ballots; the histories and the xlsx sheet 与上年度比较 show the same.
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import type { AppraisalResults } from '@kaoping/contracts/target-results';
import type { CompanyHistory, TargetHistory } from '@kaoping/contracts/rounds';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { votes } from '../src/db/schema';
import { bearer } from './helpers/factories';
import {
  ADMIN,
  prng,
  setupAppraisal,
  setupEvaluation,
  type AppraisalSetup,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import { castRandomAppraisal, castRandomEvaluation } from './helpers/random-ballots';
import { closeVoteTypes, endVotes, get, listRounds, newRound } from './helpers/round-fixtures';
import { div2 } from './helpers/exact-math';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

/** Percentages summing to 100.00: floors, then the spare hundredths by remainder, count, position. */
function shares(counts: number[]): number[] {
  // Each share its own exact fraction, rounded half up to two decimals (never nudged to make 100).
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total ? Math.floor((c * 20000 + total) / (2 * total)) / 100 : 0));
}
/** Σ w·mean / Σ w over weighted vote types with ballots, exactly. */
function weighted(parts: { w: number; n: number; sum: number }[]): number | null {
  const ws = parts.filter((p) => p.n > 0 && p.w > 0);
  if (!ws.length) return null;
  const prod = ws.reduce((a, p) => a * BigInt(p.n), 1n);
  const num = ws.reduce((a, p) => a + BigInt(p.w) * BigInt(p.sum) * (prod / BigInt(p.n)), 0n);
  return div2(num, 10n * prod * BigInt(ws.reduce((a, p) => a + p.w, 0)));
}

let ctx: TestContext;
let token: string;
let elevated: string;
let s1: AppraisalSetup;
let e1: EvaluationSetup;
let s2: AppraisalSetup;
let e2: EvaluationSetup;
let r1: number;
let r2: number;
const rnd = prng(1414);

async function castRound(s: AppraisalSetup, e: EvaluationSetup, voters: number, tag: string) {
  for (const vt of s.voteTypes) {
    for (let i = 0; i < voters; i++) {
      await castRandomAppraisal(ctx, s, vt.id, `voter-${tag}-${vt.id}-${i}`, rnd);
    }
  }
  for (const vt of e.voteTypes) {
    for (let i = 0; i < voters; i++) {
      await castRandomEvaluation(ctx, e, vt.id, `voter-${tag}-e${vt.id}-${i}`, rnd);
    }
  }
}

/** Every results, records, statistics, turnout and export read of a round, as a client gets them. */
async function everyRead(s: AppraisalSetup, e: EvaluationSetup, roundId?: number) {
  const c = s.companyId;
  const r = roundId === undefined ? '' : `&round_id=${roundId}`;
  // A voter of the first group, by the 随机编号 the records show for it (the same in every read).
  const voter = (
    await get(
      ctx.app,
      token,
      `/votes/voter-results?company_id=${c}&vote_type_id=${s.voteTypes[0]!.id}&limit=1${r}`,
    )
  ).json<{ items: { voter_key: string }[] }>().items[0]!.voter_key;
  const urls = [
    `/companies/${c}/results?form_category=democratic_appraisal${r}`,
    `/companies/${c}/results?form_category=democratic_evaluation${r}`,
    `/vote-targets/results?company_id=${c}${r}`,
    `/vote-targets/results?company_id=${c}&vote_type_id=${s.voteTypes[1]!.id}${r}`,
    `/vote-targets/results?company_id=${c}&target_type=person${r}`,
    `/vote-targets/results?company_id=${c}&target_id=${s.targets[1]!.id}${r}`,
    `/cadre-results/statistics?company_id=${c}${r}`,
    `/cadre-results/statistics?company_id=${c}&vote_type_id=${e.voteTypes[0]!.id}&threshold=0.2${r}`,
    `/votes/turnout?company_id=${c}${r}`,
    `/votes/?company_id=${c}&limit=100${r}`,
    `/votes/count?company_id=${c}${r}`,
    `/votes/voter-results?company_id=${c}&limit=100${r}`,
    `/votes/by-voter/${voter}?company_id=${c}${r}`,
    `/cadre-votes/?company_id=${c}&limit=100${r}`,
    `/cadre-votes/voter-results/count?company_id=${c}${r}`,
    `/companies/${c}/results/ballots.csv?form_category=democratic_appraisal${r}`,
    `/companies/${c}/results/ballots.csv?form_category=democratic_evaluation${r}`,
  ];
  const out: Record<string, unknown> = {};
  for (const url of urls) {
    const res = await get(ctx.app, token, url);
    expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    const key = url.replace(r, '');
    if (url.includes('.csv')) {
      out[key] = res.body;
      continue;
    }
    const { generated_at: _g, ...body } = res.json<Record<string, unknown>>();
    out[key] = body;
  }
  return out;
}

/** A round's setup as the spec's lists show it (the current round). */
async function currentSetup(prev: AppraisalSetup, prevE: EvaluationSetup) {
  const c = prev.companyId;
  const polls = (await get(ctx.app, token, `/polls/?company_id=${c}`)).json<
    { id: number; target_type: string; form_schema: unknown }[]
  >();
  const poll = (k: string) => polls.find((p) => p.target_type === k)!;
  const types = (await get(ctx.app, token, `/vote-types/?company_id=${c}`)).json<
    { id: number; name: string; weight: number; link_id: string; form_category: string }[]
  >();
  for (const t of types) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${ADMIN}/vote-types/${t.id}`,
      headers: bearer(token),
      payload: { test_mode: false },
    });
    expect(res.statusCode).toBe(200);
  }
  const targets = (await get(ctx.app, token, `/vote-targets/?company_id=${c}`)).json<
    { id: number; type: 'company' | 'person'; name: string }[]
  >();
  const subjects = (await get(ctx.app, token, `/evaluation-subjects/company/${c}`)).json<
    { id: number; name: string }[]
  >();
  const s: AppraisalSetup = {
    companyId: c,
    company: { id: poll('company').id, schema: poll('company').form_schema as ScoringFormSchema },
    person: { id: poll('person').id, schema: poll('person').form_schema as ScoringFormSchema },
    voteTypes: types
      .filter((t) => t.form_category === 'democratic_appraisal')
      .map((t) => ({ id: t.id, name: t.name, weight: t.weight, linkId: t.link_id })),
    targets: targets.map((t) => ({ id: t.id, type: t.type, name: t.name })),
  };
  const e: EvaluationSetup = {
    ...prevE,
    cadre: { id: poll('cadre').id, schema: prevE.cadre.schema },
    newlyPromoted: { id: poll('newly_promoted').id, schema: prevE.newlyPromoted.schema },
    voteTypes: types
      .filter((t) => t.form_category === 'democratic_evaluation')
      .map((t) => ({ id: t.id, name: t.name, linkId: t.link_id })),
    subjects,
  };
  return { s, e };
}

let before: Record<string, unknown>;
let archivedRead: Record<string, unknown>;
let after: Record<string, unknown>;
let renamedId: number;
let addedId: number;

const w = useAdminWorld({ reset: false, elevated: true });
beforeAll(async () => {
  ({ ctx, token, elevated } = w);
  s1 = await setupAppraisal(ctx.app, token, { persons: 3, weights: [40, 35, 25] });
  e1 = await setupEvaluation(ctx.app, token, { companyId: s1.companyId, subjects: 2, voteTypes: 1 });
  await castRound(s1, e1, 5, 'r1');
  await closeVoteTypes(ctx.app, token, [...s1.voteTypes.map((v) => v.id), ...e1.voteTypes.map((v) => v.id)]);
  before = await everyRead(s1, e1);
  r1 = (await listRounds(ctx.app, token, s1.companyId))[0]!.id;

  r2 = (await newRound(ctx.app, elevated, s1.companyId, '2027年度', 2027)).id;
  archivedRead = await everyRead(s1, e1, r1);
  ({ s: s2, e: e2 } = await currentSetup(s1, e1));
  // A person's name and title change; a new person joins: the first is still followed, the second is new.
  renamedId = s2.targets[1]!.id;
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `${ADMIN}/vote-targets/${renamedId}`,
    headers: bearer(token),
    payload: { name: '干部1（改名）', title: '总经理' },
  });
  expect(put.statusCode).toBe(200);
  const add = await ctx.app.inject({
    method: 'POST',
    url: `${ADMIN}/vote-targets/`,
    headers: bearer(token),
    payload: { company_id: s1.companyId, name: '新人', type: 'person', title: '副总经理' },
  });
  addedId = add.json<{ id: number }>().id;
  s2.targets.push({ id: addedId, type: 'person', name: '新人' });
  await castRound(s2, e2, 3, 'r2');
  after = await everyRead(s1, e1, r1);
  // The new round's figures are read after its 结束投票 (decision 0041: while open, counts only).
  await endVotes(ctx.app, token, [...s2.voteTypes.map((v) => v.id), ...e2.voteTypes.map((v) => v.id)]);
}, 300_000);

describe('the old round after a new one', () => {
  it('answers every results call exactly as before, through round_id, before and after new ballots', () => {
    expect(Object.keys(before)).toHaveLength(17);
    expect(archivedRead).toEqual(before);
    expect(after).toEqual(before);
  });

  it('shows the new round by default, with its own ballots only', async () => {
    const cur = (await get(ctx.app, token, `/votes/count?company_id=${s1.companyId}`)).json<{
      count: number;
    }>();
    expect(cur.count).toBe(3 * 3 * 5);
    const old = (await get(ctx.app, token, `/votes/count?company_id=${s1.companyId}&round_id=${r1}`)).json<{
      count: number;
    }>();
    expect(old.count).toBe(3 * 5 * 4);
  });
});

describe('comparison', () => {
  /** Weighted score and top share of one target of one round, recounted from the stored ballots. */
  async function recount(s: AppraisalSetup, roundId: number, targetId: number, type: 'company' | 'person') {
    const rows = await ctx.database.db
      .select()
      .from(votes)
      .where(and(eq(votes.roundId, roundId), eq(votes.targetId, targetId), eq(votes.isTest, false)));
    const schema = type === 'company' ? s.company.schema : s.person.schema;
    const parts = s.voteTypes.map((vt) => {
      const mine = rows.filter((r) => r.voteTypeId === vt.id);
      return { w: vt.weight, n: mine.length, sum: mine.reduce((a, r) => a + Math.round(r.score * 10), 0) };
    });
    const overall = schema.evaluationGroups[0].options.map(
      (o) => rows.filter((r) => (r.answers as { overall: string }).overall === o.value).length,
    );
    return { weighted: weighted(parts), top: rows.length ? shares(overall)[0]! : null };
  }

  it('equals a recount from both rounds’ raw ballots, with the change', async () => {
    const res = await get(ctx.app, token, `/companies/${s1.companyId}/results`);
    const r = res.json<AppraisalResults>();
    const old = (
      await get(ctx.app, token, `/companies/${s1.companyId}/results?round_id=${r1}`)
    ).json<AppraisalResults>();
    expect(r.targets).toHaveLength(5);
    for (const t of r.targets) {
      const mine = await recount(s2, r2, t.target_id, t.type);
      expect(t.weighted_score).toBe(mine.weighted);
      if (t.target_id === addedId) {
        expect(t.comparison).toEqual({ previous: null, change: { weighted_score: null, top_share: null } });
        continue;
      }
      const i = s2.targets.findIndex((x) => x.id === t.target_id);
      const source = s1.targets[i]!;
      const prev = await recount(s1, r1, source.id, t.type);
      expect(t.comparison.previous).toEqual({
        round_id: r1,
        round_name: expect.stringMatching(/^\d{4}年度$/),
        target_id: source.id,
        weighted_score: prev.weighted,
        top_share: prev.top,
      });
      const cents = (x: number | null) => Math.round(x! * 100);
      expect(t.comparison.change.weighted_score).toBe((cents(mine.weighted) - cents(prev.weighted)) / 100);
      expect(t.comparison.change.top_share).toBe((cents(mine.top) - cents(prev.top)) / 100);
      // The same figures the old round's own results show.
      const o = old.targets.find((x) => x.target_id === source.id)!;
      expect(t.comparison.previous!.weighted_score).toBe(o.weighted_score);
      expect(t.comparison.previous!.top_share).toBe(o.combined.overall[0]!.share);
    }
    // The renamed person is still followed.
    expect(r.targets.find((t) => t.target_id === renamedId)!.comparison.previous!.target_id).toBe(
      s1.targets[1]!.id,
    );
    // The first round has nothing before it.
    for (const t of old.targets) expect(t.comparison.previous).toBeNull();
  });

  it('follows a target across the rounds, and gives the unit’s own figures per round', async () => {
    const h = (await get(ctx.app, token, `/vote-targets/${renamedId}/history`)).json<TargetHistory>();
    const prev = await recount(s1, r1, s1.targets[1]!.id, 'person');
    const cur = await recount(s2, r2, renamedId, 'person');
    expect(
      h.rounds.map((x) => [x.round_id, x.target_id, x.name, x.title, x.weighted_score, x.top_share]),
    ).toEqual([
      [r1, s1.targets[1]!.id, '干部1', '副总经理', prev.weighted, prev.top],
      [r2, renamedId, '干部1（改名）', '总经理', cur.weighted, cur.top],
    ]);
    expect(h.rounds.map((x) => x.ballots)).toEqual([15, 9]);
    // From the old row too, forward.
    const fromOld = (
      await get(ctx.app, token, `/vote-targets/${s1.targets[1]!.id}/history`)
    ).json<TargetHistory>();
    expect(fromOld.rounds.map((x) => x.target_id)).toEqual([s1.targets[1]!.id, renamedId]);
    expect((await get(ctx.app, token, '/vote-targets/999999/history')).statusCode).toBe(404);

    const ch = (
      await get(ctx.app, token, `/companies/${s1.companyId}/rounds/history`)
    ).json<CompanyHistory>();
    expect(ch.rounds.map((x) => [x.round_id, x.state, x.appraisal_ballots, x.evaluation_ballots])).toEqual([
      [r1, 'archived', 15, 5],
      [r2, 'current', 9, 3],
    ]);
    const team = await recount(s1, r1, s1.targets[0]!.id, 'company');
    expect(ch.rounds[0]!.company_score).toBe(team.weighted);
  });

  it('exports 与上年度比较 in the new round’s workbook, and not in the first round’s', async () => {
    const load = async (url: string) => {
      const res = await ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      return wb;
    };
    const wb = await load(`/companies/${s1.companyId}/results/export.xlsx`);
    // After the official 汇总表 sheets (issue 15), the results' own 汇总表 is followed by the comparison.
    const names = wb.worksheets.map((w) => w.name);
    const at = names.indexOf('汇总表');
    expect(names.slice(0, at)).toEqual([
      '领导班子汇总表',
      '领导干部汇总表',
      '分项评价汇总表',
      '反向测评汇总表',
    ]);
    expect(names.slice(at, at + 2)).toEqual(['汇总表', '与上年度比较']);
    const rows: unknown[][] = [];
    wb.getWorksheet('与上年度比较')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[2]).toEqual([
      '测评对象',
      '类型',
      '职务',
      '上年度批次',
      '上年度加权得分',
      '本年度加权得分',
      '变化',
      '上年度最高等次占比',
      '本年度最高等次占比',
      '变化',
    ]);
    const r = (await get(ctx.app, token, `/companies/${s1.companyId}/results`)).json<AppraisalResults>();
    const arrow = (x: number | null) =>
      x === null ? undefined : x === 0 ? '0.00' : `${x > 0 ? '▲' : '▼'} ${Math.abs(x).toFixed(2)}`;
    expect(rows.slice(3)).toEqual(
      r.targets.map((t) => {
        const p = t.comparison.previous;
        const cells = [
          t.name,
          t.type === 'company' ? '领导班子' : '个人',
          t.title || undefined,
          p?.round_name,
          p?.weighted_score ?? undefined,
          t.weighted_score ?? undefined,
          arrow(t.comparison.change.weighted_score),
          p?.top_share ?? undefined,
          t.combined.count ? t.combined.overall[0]!.share : undefined,
          arrow(t.comparison.change.top_share),
        ];
        while (cells.length && cells[cells.length - 1] === undefined) cells.pop();
        return cells;
      }),
    );
    const first = await load(`/companies/${s1.companyId}/results/export.xlsx?round_id=${r1}`);
    expect(first.worksheets.map((w) => w.name)).not.toContain('与上年度比较');
  });
});
