// The figures of contracts' aggregateCadre and aggregateNewlyPromoted, computed from the stored counts
// (modules/figures) instead of from a list of ballots; the text answers come in ballot order beside them.
// test/figures-stored.test.ts checks both give the same figures over random ballots.
import { cadreQuestions, type CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import { NEWLY_PROMOTED_OPINIONS, type NewlyPromotedOpinion } from '@kaoping/contracts/newly-promoted-schema';
import {
  halfUpShares,
  roundRatio,
  type CadreQuestionResult,
  type NewlyPromotedSubjectResult,
} from '@kaoping/contracts/scoring';
import type { CadreCounts, NewlyPromotedCounts } from '@kaoping/contracts/summary-evaluation';

/** Several vote types' 选人用人 counts added up. */
export function addCadreCounts(parts: readonly CadreCounts[]): CadreCounts {
  const sum: CadreCounts = { voters: 0, answered: {}, options: {} };
  for (const p of parts) {
    sum.voters += p.voters;
    for (const [q, n] of Object.entries(p.answered)) sum.answered[q] = (sum.answered[q] ?? 0) + n;
    for (const [q, opts] of Object.entries(p.options)) {
      const into = (sum.options[q] ??= {});
      for (const [o, n] of Object.entries(opts)) into[o] = (into[o] ?? 0) + n;
    }
  }
  return sum;
}

/** Several vote types' 新提拔 counts added up. */
export function addPromotedCounts(parts: readonly NewlyPromotedCounts[]): NewlyPromotedCounts {
  const sum: NewlyPromotedCounts = {};
  for (const p of parts) {
    for (const [id, ops] of Object.entries(p)) {
      const into = (sum[Number(id)] ??= {});
      for (const [op, n] of Object.entries(ops)) into[op] = (into[op] ?? 0) + n;
    }
  }
  return sum;
}

/** aggregateCadre from counts: per question in schema order; `texts` the text answers by question. */
export function cadreFigures(
  schema: CadreFormSchema,
  counts: CadreCounts,
  texts: Readonly<Record<string, readonly string[]>>,
): { ballot_count: number; questions: CadreQuestionResult[] } {
  const total = counts.voters;
  const questions = cadreQuestions(schema).map((q): CadreQuestionResult => {
    const base = { id: q.id, type: q.type, text: q.text, answered: counts.answered[q.id] ?? 0 };
    if (q.type === 'text_area') return { ...base, options: [], texts: [...(texts[q.id] ?? [])] };
    const list = q.options.map((o) => counts.options[q.id]?.[o] ?? 0);
    const shares =
      q.type === 'single_choice'
        ? halfUpShares(list)
        : list.map((c) => (total ? roundRatio(c * 100, total) : 0));
    return {
      ...base,
      options: q.options.map((o, i) => ({ option: o, count: list[i]!, share: shares[i]! })),
      texts: [],
    };
  });
  return { ballot_count: total, questions };
}

/** aggregateNewlyPromoted from counts, per subject in the order given. */
export function promotedFigures(
  subjectIds: readonly number[],
  counts: NewlyPromotedCounts,
  threshold: number,
): NewlyPromotedSubjectResult[] {
  return subjectIds.map((id) => {
    const list = NEWLY_PROMOTED_OPINIONS.map((op) => counts[id]?.[op] ?? 0);
    const shares = halfUpShares(list);
    const count = list.reduce((a, b) => a + b, 0);
    const byOpinion = <T>(values: T[]) =>
      Object.fromEntries(NEWLY_PROMOTED_OPINIONS.map((op, i) => [op, values[i]!])) as Record<
        NewlyPromotedOpinion,
        T
      >;
    return {
      subject_id: id,
      count,
      counts: byOpinion(list),
      shares: byOpinion(shares),
      approval_rate: shares[0] ?? 0,
      approval_or_basic_rate: count ? roundRatio((list[0]! + list[1]!) * 100, count) : 0,
      flagged: count > 0 && list[2]! > threshold * count + 1e-9,
    };
  });
}
