// Issue 15: every figure of the 汇总表 equals a recount from the raw stored ballots, on seeded random data
// with several voter groups (plain code here, exact integer arithmetic, no contracts functions): the
// 民主测评 rows of every target, the 选人用人 table and the 新提拔 table.
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { beforeAll, describe, expect, it } from 'vitest';
import { cadreVotes, votes } from '../src/db/schema';
import {
  prng,
  setupAppraisal,
  setupEvaluation,
  type AppraisalSetup,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import { castRandomAppraisal, castRandomEvaluation } from './helpers/random-ballots';
import { endVotes, get } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

/** a / b to two decimals, half away from zero, exactly (a ≥ 0, b > 0 integers). */
function div2(a: number, b: number): number {
  const n = BigInt(a) * 100n;
  const d = BigInt(b);
  let q = n / d;
  if (2n * (n - q * d) >= d) q += 1n;
  return Number(q) / 100;
}
const pct = (a: number, b: number) => (b ? div2(a * 100, b) : 0);

let ctx: TestContext;
let s: AppraisalSetup;
let e: EvaluationSetup;
let summary: UnitSummary;
const rnd = prng(1515);

const w = useAdminWorld({ reset: false });
beforeAll(async () => {
  ({ ctx } = w);
  const { token } = w;
  s = await setupAppraisal(ctx.app, token, { weights: [50, 30, 20], persons: 4 });
  e = await setupEvaluation(ctx.app, token, { companyId: s.companyId, subjects: 3, voteTypes: 2 });
  for (const [k, vt] of s.voteTypes.entries()) {
    for (let i = 0; i < 4 + 3 * k; i++) {
      await castRandomAppraisal(ctx, s, vt.id, `voter-a${vt.id}-${i}`, rnd);
    }
  }
  for (const [k, vt] of e.voteTypes.entries()) {
    for (let i = 0; i < 5 + 2 * k; i++) {
      await castRandomEvaluation(ctx, e, vt.id, `voter-e${vt.id}-${i}`, rnd);
    }
  }
  // Figures are read after 结束投票 (decision 0041: while open, counts only).
  await endVotes(
    ctx.app,
    token,
    [...s.voteTypes, ...e.voteTypes].map((v) => v.id),
  );
  const res = await get(ctx.app, token, `/companies/${s.companyId}/summary`);
  expect(res.statusCode).toBe(200);
  summary = res.json<UnitSummary>();
}, 120_000);

describe('the 汇总表 recounted from the raw ballots', () => {
  it('has every 民主测评 row of every target as a recount', async () => {
    const rows = await ctx.database.db.select().from(votes);
    let checked = 0;
    for (const section of summary.appraisal.sections) {
      const grades = section.grades;
      for (const t of section.targets) {
        const mine = rows.filter((r) => r.targetId === t.target_id);
        const groups = [...s.voteTypes.map((vt) => mine.filter((r) => r.voteTypeId === vt.id)), mine];
        groups.forEach((list, i) => {
          const row = t.rows[i]!;
          const n = list.length;
          const counts = grades.map(
            (g) => list.filter((r) => (r.answers as { overall: string }).overall === g.value).length,
          );
          expect(row.voters).toBe(n);
          expect(row.grades).toEqual(counts.map((c) => ({ count: c, share: pct(c, n) })));
          const bottom = grades.reduce((low, g, k) => (g.score <= grades[low]!.score ? k : low), 0);
          expect(row.excellent_rate).toBe(n ? pct(counts[0]!, n) : null);
          expect(row.top_two_rate).toBe(n ? pct(counts[0]! + counts[1]!, n) : null);
          expect(row.bottom_rate).toBe(n ? pct(counts[bottom]!, n) : null);
          expect(row.flags).toEqual({
            top_two_low: n > 0 && 3 * (counts[0]! + counts[1]!) < 2 * n,
            bottom_high: n > 0 && 3 * counts[bottom]! > n,
          });
          checked++;
        });
        // Shares of a row need not add up to 100, but each is within half a hundredth per grade of it.
        const total = t.rows.find((r) => r.kind === 'total')!;
        if (total.voters) {
          const sum = total.grades.reduce((a, g) => a + Math.round(g.share * 100), 0);
          expect(Math.abs(sum - 10_000)).toBeLessThanOrEqual(grades.length);
        }
      }
    }
    expect(checked).toBe(5 * 4);
  });

  it('has the 分项评价 and 反向测评 tables of every target as a recount', async () => {
    type Answers = { items: Record<string, string>; reverse: Record<string, string> };
    const rows = await ctx.database.db.select().from(votes);
    let items = 0;
    let marked = 0;
    for (const section of summary.appraisal.sections) {
      for (const t of section.targets) {
        const mine = rows.filter((r) => r.targetId === t.target_id).map((r) => r.answers as Answers);
        expect(t.items.length).toBeGreaterThan(0);
        for (const item of t.items) {
          const given = mine.map((a) => a.items[item.id]).filter((v) => v !== undefined);
          expect(item.answered).toBe(given.length);
          expect(item.options).toEqual(
            section.item_options.map((o) => {
              const c = given.filter((v) => v === o.value).length;
              return { count: c, share: pct(c, given.length) };
            }),
          );
          items++;
        }
        expect(t.reverse.length).toBeGreaterThan(0);
        for (const r of t.reverse) {
          const c = mine.filter((a) => a.reverse[r.id] !== undefined).length;
          expect(r).toMatchObject({ count: c, share: pct(c, mine.length) });
          marked += c;
        }
      }
    }
    expect(items).toBeGreaterThan(0);
    // The random ballots mark a reverse item three times in ten: a table of zeros would not pass.
    expect(marked).toBeGreaterThan(0);
  });

  it('has the 选人用人 table as a recount', async () => {
    const rows = (await ctx.database.db.select().from(cadreVotes)).filter((r) => r.pollKind === 'cadre');
    const byGroup = e.voteTypes.map((vt) => rows.filter((r) => r.voteTypeId === vt.id));
    expect(summary.cadre.voters).toEqual(byGroup.map((l) => l.length));
    expect(summary.cadre.questions.length).toBeGreaterThan(0);
    for (const q of summary.cadre.questions) {
      const answersOf = (list: typeof rows) =>
        list.map((r) => (r.answers as Record<string, unknown>)[q.id]).filter((v) => v !== undefined);
      const bases = byGroup.map((l) => (q.type === 'single_choice' ? answersOf(l).length : l.length));
      expect(q.bases).toEqual(bases);
      for (const o of q.options) {
        const per = byGroup.map(
          (l) =>
            answersOf(l).filter((v) => (Array.isArray(v) ? v.includes(o.option) : v === o.option)).length,
        );
        expect(o.by_vote_type).toEqual(per.map((c, i) => ({ count: c, share: pct(c, bases[i]!) })));
        const all = per.reduce((a, b) => a + b, 0);
        expect(o.total).toEqual({
          count: all,
          share: pct(
            all,
            bases.reduce((a, b) => a + b, 0),
          ),
        });
      }
    }
    const texts = rows.flatMap((r) =>
      Object.entries(r.answers as Record<string, unknown>)
        .filter(([, v]) => typeof v === 'string' && String(v).startsWith('建议'))
        .map(([, v]) => v),
    );
    expect(summary.cadre.suggestions.flatMap((x) => x.answers).sort()).toEqual(texts.sort());
  });

  it('has the 新提拔 table as a recount, ranked by 认同率', async () => {
    const rows = (await ctx.database.db.select().from(cadreVotes)).filter(
      (r) => r.pollKind === 'newly_promoted',
    );
    const ops = ['认同', '基本认同', '不认同', '不了解'];
    const rates: number[] = [];
    for (const subj of summary.newly_promoted.subjects) {
      const key = `subject_${subj.subject_id}`;
      const lists = [...e.voteTypes.map((vt) => rows.filter((r) => r.voteTypeId === vt.id)), rows];
      lists.forEach((list, i) => {
        const counts = ops.map(
          (op) => list.filter((r) => (r.answers as Record<string, string>)[key] === op).length,
        );
        const n = counts.reduce((a, b) => a + b, 0);
        const row = subj.rows[i]!;
        expect(row.opinions).toEqual(counts.map((c) => ({ count: c, share: pct(c, n) })));
        expect(row.approval_rate).toBe(n ? pct(counts[0]!, n) : null);
        expect(row.approval_or_basic_rate).toBe(n ? pct(counts[0]! + counts[1]!, n) : null);
        if (i === lists.length - 1) expect(subj.flagged).toBe(3 * counts[2]! > n);
      });
      rates.push(subj.rows[subj.rows.length - 1]!.approval_rate!);
    }
    // In rank order: 认同率 never rises down the table.
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    expect(summary.newly_promoted.subjects[0]!.rank).toBe(1);
    const reasons = rows.map((r) => (r.answers as { reason?: string }).reason).filter((x) => x);
    expect(summary.newly_promoted.reasons.sort()).toEqual(reasons.sort());
  });
});
