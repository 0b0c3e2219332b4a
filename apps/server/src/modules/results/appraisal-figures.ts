// The figures of contracts' aggregateScoring, computed from counts instead of from a list of ballots: the
// database counts each answer value per target and vote type once (modules/figures), so 100,000 ballots
// never travel to the server. test/results-figures.test.ts checks both give the same figures.
import type { ScoringFormSchema, ScoringOption } from '@kaoping/contracts/scoring-schema';
import {
  halfUpShares,
  roundRatio,
  type OptionShare,
  type ScoringAggregate,
} from '@kaoping/contracts/scoring';
import type { Bucket } from '../figures/figure-counts';

const addCounts = (into: Map<string, number>, from: Map<string, number>) => {
  for (const [k, n] of from) into.set(k, (into.get(k) ?? 0) + n);
};
const pick = (f: (a: number, b: number) => number, a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : f(a, b);

/** Adds `from` into `into` (pooling vote types). */
export function mergeBucket(into: Bucket, from: Bucket): Bucket {
  into.count += from.count;
  into.tenths += from.tenths;
  into.min = pick(Math.min, into.min, from.min);
  into.max = pick(Math.max, into.max, from.max);
  addCounts(into.overall, from.overall);
  for (const [id, item] of from.items) {
    const mine = into.items.get(id) ?? { answered: 0, values: new Map<string, number>() };
    mine.answered += item.answered;
    addCounts(mine.values, item.values);
    into.items.set(id, mine);
  }
  for (const [id, values] of from.reverse) {
    const mine = into.reverse.get(id) ?? new Map<string, number>();
    addCounts(mine, values);
    into.reverse.set(id, mine);
  }
  return into;
}

const tenths = (x: number) => Math.round(x * 10);

function distribution(
  opts: readonly ScoringOption[],
  counts: Map<string, number> | undefined,
): OptionShare[] {
  const list = opts.map((o) => counts?.get(o.value) ?? 0);
  const shares = halfUpShares(list);
  return opts.map((o, i) => ({ value: o.value, label: o.label, count: list[i]!, share: shares[i]! }));
}

/**
 * aggregateScoring's figures from a bucket. count/total/mean/min/max come from the stored ballot scores,
 * which equal a recount from the answers because a poll's options and scores are locked once ballots exist.
 */
export function scoringFigures(schema: ScoringFormSchema, b: Bucket): ScoringAggregate {
  const [overallGroup, itemGroup] = schema.evaluationGroups;
  const rev = schema.reverseEvaluation;
  const n = b.count;
  const overall = distribution(overallGroup.options, b.overall);
  const topIndex = overallGroup.options.reduce(
    (best, o, i, all) => (o.score > all[best]!.score ? i : best),
    0,
  );
  return {
    count: n,
    total: b.tenths / 10,
    mean: n ? roundRatio(b.tenths, n * 10) : null,
    min: n ? b.min : null,
    max: n ? b.max : null,
    overall,
    good_rate: n ? (overall[topIndex]?.share ?? 0) : null,
    items: itemGroup.items.map((item) => {
      const counted = b.items.get(item.id);
      const answered = counted?.answered ?? 0;
      // A value the schema no longer has scores 0, as in scoreBallot.
      const sum = itemGroup.options.reduce(
        (acc, o) => acc + (counted?.values.get(o.value) ?? 0) * tenths(o.score),
        0,
      );
      return {
        id: item.id,
        name: item.name,
        answered,
        mean: answered ? roundRatio(sum, answered * 10) : null,
        distribution: distribution(itemGroup.options, counted?.values),
      };
    }),
    reverse: rev.items.map((item) => {
      const counted = b.reverse.get(item.id);
      const options = rev.options.map((o) => {
        const count = counted?.get(o.value) ?? 0;
        return { value: o.value, label: o.label, count, share: n ? roundRatio(count * 100, n) : 0 };
      });
      const marked = options.reduce((a, o) => a + o.count, 0);
      return {
        id: item.id,
        description: item.description,
        count: marked,
        share: n ? roundRatio(marked * 100, n) : 0,
        options,
      };
    }),
  };
}
