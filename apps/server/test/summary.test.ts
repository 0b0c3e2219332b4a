// Issue 15: the official 汇总表 (GET /admin/companies/{id}/summary) against a hand count: 5 voters in two
// weighted voter groups; rows per group, 合计 and 加权合计; the rates; the flags exactly at the thresholds;
// the team ranked apart from the persons; the thresholds' API (422 in Chinese, 409 for an archived round).
import type { ScoringAnswers } from '@kaoping/contracts/answers';
import type { AppraisalSummaryTarget, UnitSummary } from '@kaoping/contracts/summary-tables';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, elevate } from './helpers/factories';
import { ADMIN, castAppraisal, setupAppraisal, type AppraisalSetup } from './helpers/results-fixtures';
import { endVotes, get, newRound } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
let s: AppraisalSetup;
/** The score every ballot's items add (each item answered with its first option, no reverse mark). */
let itemsScore: number;

const summaryOf = async (companyId: number, query = '') => {
  const res = await get(ctx.app, token, `/companies/${companyId}/summary${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UnitSummary>();
};
const putThresholds = (companyId: number, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${ADMIN}/companies/${companyId}/summary/thresholds`,
    headers: bearer(token),
    payload: payload as object,
  });

/** Each voter's overall grade per target (the items all take their first option). */
const TEAM = { A: ['good', 'fairly_good', 'poor'], B: ['good', 'good'] };
const P1 = { A: ['incompetent', 'incompetent', 'excellent'], B: ['incompetent', 'competent'] };
const P2 = { A: ['basically_competent', 'basically_competent', 'excellent'], B: ['competent', 'competent'] };
const P3 = { A: ['excellent', 'competent', 'basically_competent'], B: ['excellent', 'competent'] };

const w = useAdminWorld({ reset: false });
beforeAll(async () => {
  ({ ctx, token } = w);
  // 班子成员 weight 60, 中层干部 weight 40; 应到 4 each: 3 of 4 returned, and 2 of 4 (not more than half).
  s = await setupAppraisal(ctx.app, token, { weights: [60, 40], persons: 3, expected: 4 });
  const [items] = [s.person.schema.evaluationGroups[1]];
  itemsScore = items.items.length * items.options[0]!.score;
  const teamItems = s.company.schema.evaluationGroups[1];
  const answer = (schema: typeof s.person.schema, overall: string): ScoringAnswers => ({
    overall,
    items: Object.fromEntries(
      schema.evaluationGroups[1].items.map((i) => [i.id, schema.evaluationGroups[1].options[0]!.value]),
    ),
    reverse: {},
  });
  expect(teamItems.options[0]!.value).toBe('good');
  const [team, p1, p2, p3] = s.targets;
  for (const [g, vt] of [
    ['A', s.voteTypes[0]!],
    ['B', s.voteTypes[1]!],
  ] as const) {
    for (let i = 0; i < TEAM[g].length; i++) {
      const answers = new Map([
        [team!.id, answer(s.company.schema, TEAM[g][i]!)],
        [p1!.id, answer(s.person.schema, P1[g][i]!)],
        [p2!.id, answer(s.person.schema, P2[g][i]!)],
        [p3!.id, answer(s.person.schema, P3[g][i]!)],
      ]);
      await castAppraisal(ctx, s, vt.id, `voter-${g}-${i}`, answers);
    }
  }
  // Figures are read after 结束投票 (decision 0041: while open, counts only).
  await endVotes(
    ctx.app,
    token,
    s.voteTypes.map((v) => v.id),
  );
});

describe('the 民主测评 汇总表 against a hand count', () => {
  let summary: UnitSummary;
  let persons: AppraisalSummaryTarget[];
  beforeAll(async () => {
    summary = await summaryOf(s.companyId);
    persons = summary.appraisal.sections.find((x) => x.kind === 'person')!.targets;
  });

  it('has the team first, then the persons in rank order, each ranked within its kind', () => {
    expect(summary.appraisal.sections.map((x) => x.kind)).toEqual(['company', 'person']);
    const team = summary.appraisal.sections[0]!.targets;
    expect(team.map((t) => [t.name, t.rank])).toEqual([['领导班子', 1]]);
    expect(persons.map((t) => [t.name, t.rank])).toEqual([
      ['干部3', 1],
      ['干部2', 2],
      ['干部1', 3],
    ]);
    // Weighted score = 0.6 × group A mean + 0.4 × group B mean (items add the same to every ballot).
    expect(persons.map((t) => t.weighted_score)).toEqual([31 + itemsScore, 26 + itemsScore, 14 + itemsScore]);
  });

  it('counts 干部1 per group, in total and weighted, and flags it on both thresholds', () => {
    const p1 = persons.find((t) => t.name === '干部1')!;
    expect(p1.rows.map((r) => [r.kind, r.label, r.voters])).toEqual([
      ['vote_type', '班子成员', 3],
      ['vote_type', '中层干部', 2],
      ['total', '合计', 5],
      ['weighted', '加权合计', 5],
    ]);
    const [a, b, total, weighted] = p1.rows;
    expect(a!.grades).toEqual([
      { count: 1, share: 33.33 },
      { count: 0, share: 0 },
      { count: 0, share: 0 },
      { count: 2, share: 66.67 },
    ]);
    expect([a!.excellent_rate, a!.top_two_rate, a!.bottom_rate]).toEqual([33.33, 33.33, 66.67]);
    expect(b!.grades.map((g) => g.count)).toEqual([0, 1, 0, 1]);
    expect([b!.excellent_rate, b!.top_two_rate, b!.bottom_rate]).toEqual([0, 50, 50]);
    expect(total!.grades).toEqual([
      { count: 1, share: 20 },
      { count: 1, share: 20 },
      { count: 0, share: 0 },
      { count: 3, share: 60 },
    ]);
    expect([total!.excellent_rate, total!.top_two_rate, total!.bottom_rate]).toEqual([20, 40, 60]);
    // 优秀: 0.6 × 1/3 + 0.4 × 0 = 20 %; 称职: 0.4 × 1/2 = 20 %; 不称职: 0.6 × 2/3 + 0.4 × 1/2 = 60 %.
    expect(weighted!.grades).toEqual([
      { count: null, share: 20 },
      { count: null, share: 20 },
      { count: null, share: 0 },
      { count: null, share: 60 },
    ]);
    expect(weighted!.score).toBe(14 + itemsScore);
    expect(a!.score).toBe(Math.round((40 / 3 + itemsScore) * 100) / 100);
    expect(p1.flags).toEqual({ top_two_low: true, bottom_high: true });
    for (const r of p1.rows) expect(r.flags).toEqual({ top_two_low: true, bottom_high: true });
  });

  it('flags 干部2 only for 称职及以上率 under two thirds', () => {
    const p2 = persons.find((t) => t.name === '干部2')!;
    const total = p2.rows.find((r) => r.kind === 'total')!;
    expect(total.grades.map((g) => g.count)).toEqual([1, 2, 2, 0]);
    expect([total.top_two_rate, total.bottom_rate]).toEqual([60, 0]);
    // 0.6 × 1/3 + 0.4 × 1 = 60 %.
    expect(p2.rows.find((r) => r.kind === 'weighted')!.top_two_rate).toBe(60);
    expect(p2.flags).toEqual({ top_two_low: true, bottom_high: false });
  });

  it('does not flag a row that sits exactly on a threshold', () => {
    const p3 = persons.find((t) => t.name === '干部3')!;
    // Group A: 优秀, 称职, 基本称职: 称职及以上 exactly 2/3.
    expect(p3.rows[0]!.top_two_rate).toBe(66.67);
    expect(p3.rows[0]!.flags).toEqual({ top_two_low: false, bottom_high: false });
    const team = summary.appraisal.sections[0]!.targets[0]!;
    // Group A: 好, 较好, 差: 差 exactly 1/3, top two exactly 2/3.
    expect([team.rows[0]!.top_two_rate, team.rows[0]!.bottom_rate]).toEqual([66.67, 33.33]);
    expect(team.rows[0]!.flags).toEqual({ top_two_low: false, bottom_high: false });
    expect(team.rows.find((r) => r.kind === 'weighted')!.grades.map((g) => g.share)).toEqual([60, 20, 0, 20]);
  });

  it('names the grades of each rate and carries the validity block', () => {
    expect(summary.appraisal.sections[0]!.rate_labels).toEqual({
      excellent: '优秀率（好）',
      top_two: '称职及以上率（好+较好）',
      bottom: '不称职率（差）',
    });
    expect(summary.appraisal.sections[1]!.rate_labels.top_two).toBe('称职及以上率（优秀+称职）');
    expect(summary.empty).toBe(false);
    expect(
      summary.validity.vote_types.map((v) => [v.name, v.issued, v.received, v.rate, v.under_half]),
    ).toEqual([
      ['班子成员', 4, 3, 75, false],
      ['中层干部', 4, 2, 50, true],
    ]);
    expect(summary.validity.under_half).toBe(true);
    // Both groups ended (结束投票, read after it): the block carries the last close and no open group.
    expect(summary.validity.closed_at).toBe(summary.validity.vote_types.map((v) => v.closed_at!).sort()[1]);
    expect(summary.validity.open_note).toBeNull();
    expect(summary.validity.thresholds).toEqual({ flag_top_two_min: 2 / 3, flag_bottom_max: 1 / 3 });
    expect(summary.validity.rounding_note).toContain('未作调整');
  });
});

describe('shares', () => {
  it('shows 5 of 62 as 8.06 % in every row', async () => {
    const c = await setupAppraisal(ctx.app, token, { name: '六十二人单位', weights: [100], persons: 0 });
    const good = c.company.schema.evaluationGroups[0].options;
    const items = c.company.schema.evaluationGroups[1];
    for (let i = 0; i < 62; i++) {
      const answers: ScoringAnswers = {
        overall: good[i < 5 ? 3 : 0]!.value,
        items: Object.fromEntries(items.items.map((it) => [it.id, items.options[0]!.value])),
        reverse: {},
      };
      await castAppraisal(
        ctx,
        c,
        c.voteTypes[0]!.id,
        `voter-62-${i}`,
        new Map([[c.targets[0]!.id, answers]]),
      );
    }
    await endVotes(
      ctx.app,
      token,
      c.voteTypes.map((v) => v.id),
    );
    const team = (await summaryOf(c.companyId)).appraisal.sections[0]!.targets[0]!;
    for (const row of team.rows) {
      expect(row.grades[3]!.share, row.label).toBe(8.06);
      expect(row.grades[0]!.share, row.label).toBe(91.94);
      expect(row.bottom_rate, row.label).toBe(8.06);
    }
  });
});

describe('an empty round and the thresholds', () => {
  it('answers a round without ballots with every table empty (200)', async () => {
    const c = await setupAppraisal(ctx.app, token, { name: '空白单位', persons: 2 });
    const summary = await summaryOf(c.companyId);
    expect(summary.empty).toBe(true);
    const [team, persons] = summary.appraisal.sections;
    expect(team!.targets[0]!.rows.every((r) => r.voters === 0 && r.top_two_rate === null)).toBe(true);
    expect(persons!.targets.map((t) => t.rank)).toEqual([null, null]);
    expect(summary.cadre.voters_total).toBe(0);
    expect(summary.newly_promoted.subjects).toEqual([]);
    expect(summary.validity.vote_types.every((v) => v.received === 0)).toBe(true);
  });

  it('refuses thresholds outside 0-1 or top-two below bottom with a Chinese 422, and stores good ones', async () => {
    const c = (await createCompany(ctx.app, token, '阈值单位')).id;
    for (const payload of [
      { flag_top_two_min: 1.2, flag_bottom_max: 0.3 },
      { flag_top_two_min: 0.6, flag_bottom_max: -0.1 },
    ]) {
      const res = await putThresholds(c, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ detail: string }>().detail).toContain('阈值必须在 0 到 1 之间');
    }
    const order = await putThresholds(c, { flag_top_two_min: 0.3, flag_bottom_max: 0.4 });
    expect(order.statusCode).toBe(422);
    expect(order.json<{ detail: string }>().detail).toContain('称职及以上率阈值不能低于不称职率阈值');
    expect((await summaryOf(c)).validity.thresholds).toEqual({
      flag_top_two_min: 2 / 3,
      flag_bottom_max: 1 / 3,
    });

    const ok = await putThresholds(c, { flag_top_two_min: 0.7, flag_bottom_max: 0.2 });
    expect(ok.statusCode).toBe(200);
    expect((await summaryOf(c)).validity.thresholds).toEqual({ flag_top_two_min: 0.7, flag_bottom_max: 0.2 });
  });

  it('flags by the round thresholds once changed', async () => {
    // 干部3 in total: 优秀 2, 称职 2, 基本称职 1: 称职及以上 80 %; at 0.85 it is flagged.
    const res = await putThresholds(s.companyId, { flag_top_two_min: 0.85, flag_bottom_max: 0.5 });
    expect(res.statusCode).toBe(200);
    const persons = (await summaryOf(s.companyId)).appraisal.sections[1]!.targets;
    const p3 = persons.find((t) => t.name === '干部3')!;
    expect(p3.rows.find((r) => r.kind === 'total')!.flags.top_two_low).toBe(true);
    // 干部1 weighted 不称职 60 % > 50 %; 干部2 0 %.
    expect(persons.map((t) => [t.name, t.flags.bottom_high])).toEqual([
      ['干部3', false],
      ['干部2', false],
      ['干部1', true],
    ]);
    await putThresholds(s.companyId, { flag_top_two_min: 2 / 3, flag_bottom_max: 1 / 3 });
  });

  it('refuses thresholds of an archived round (409) and reads its summary', async () => {
    const c = (await createCompany(ctx.app, token, '归档单位')).id;
    const first = (await summaryOf(c)).round.id;
    await newRound(ctx.app, await elevate(ctx.app, token), c, '2027 年度', 2027);
    const res = await putThresholds(c, { round_id: first, flag_top_two_min: 0.7, flag_bottom_max: 0.2 });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe('该测评批次已归档，不能修改');
    const archived = await summaryOf(c, `?round_id=${first}`);
    expect(archived.round.state).toBe('archived');
    expect(archived.validity.thresholds.flag_top_two_min).toBeCloseTo(2 / 3, 12);
    const other = await get(ctx.app, token, `/companies/${s.companyId}/summary?round_id=${first}`);
    expect(other.statusCode).toBe(404);
  });
});
