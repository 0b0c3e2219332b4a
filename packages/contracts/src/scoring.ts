import type { CadreAnswers, NewlyPromotedAnswers, ScoringAnswers } from './answers';
import { cadreQuestions, type CadreFormSchema, type CadreQuestionType } from './cadre-schema';
import { NEWLY_PROMOTED_OPINIONS, type NewlyPromotedOpinion } from './newly-promoted-schema';
import type { ScoringFormSchema, ScoringOption } from './scoring-schema';

// Conventions: scores are multiples of 0.1, so sums are done in integer tenths (exact). Means, rates and
// shares are rounded half away from zero (四舍五入) to two decimals; shares are percentages (33.33 = 33.33%).

/** a / b rounded half away from zero to `digits` decimals, exactly, for integers a and b > 0. */
export function roundRatio(a: number, b: number, digits = 2): number {
  const scale = 10 ** digits;
  const n = Math.abs(a) * scale;
  let q = Math.floor(n / b);
  if (2 * (n - q * b) >= b) q += 1;
  return (Math.sign(a) * q) / scale;
}

/** x rounded half away from zero to two decimals; the nudge absorbs float noise such as 87.87499999. */
export function round2(x: number): number {
  return (Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-7)) / 100;
}

/**
 * Each count's share of the total in percent: the exact fraction rounded half up (四舍五入) to two
 * decimals, every share on its own and never nudged, so anyone can check it with a calculator. A column
 * may then add up to 99.99 or 100.01; the results screens and exports say so once. All 0 when the
 * counts sum to 0.
 */
export function halfUpShares(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total === 0 ? 0 : roundRatio(c * 100, total)));
}

const tenths = (x: number) => Math.round(x * 10);
const scoreOf = (opts: readonly ScoringOption[], value: string | undefined) =>
  tenths(opts.find((o) => o.value === value)?.score ?? 0);

function ballotTenths(schema: ScoringFormSchema, answers: ScoringAnswers): number {
  const [overall, items] = schema.evaluationGroups;
  let sum = scoreOf(overall.options, answers.overall);
  for (const item of items.items) sum += scoreOf(items.options, answers.items[item.id]);
  const rev = schema.reverseEvaluation;
  for (const item of rev.items) sum += scoreOf(rev.options, answers.reverse[item.id]);
  return sum;
}

/**
 * Score of one ballot for one target: overall option + every item option + every marked reverse option.
 * Values the schema no longer has count 0 (answers are validated on submit, so only a later edit causes that).
 */
export function scoreBallot(schema: ScoringFormSchema, answers: ScoringAnswers): number {
  return ballotTenths(schema, answers) / 10;
}

export interface OptionShare {
  value: string;
  label: string;
  count: number;
  /** Percent of the answers, rounded half up to two decimals (halfUpShares). */
  share: number;
}

export interface ScoringAggregate {
  count: number;
  /** Sum of the ballot scores: feed it to weightedScore. */
  total: number;
  mean: number | null;
  min: number | null;
  max: number | null;
  overall: OptionShare[];
  /** 好评率: share of the top-scored overall option (the first one when several tie); null without ballots. */
  good_rate: number | null;
  items: { id: string; name: string; answered: number; mean: number | null; distribution: OptionShare[] }[];
  /** Per problem: how many voters marked it, and their share of all ballots (not adding up to 100). */
  reverse: { id: string; description: string; count: number; share: number; options: OptionShare[] }[];
}

function distribution(
  opts: readonly ScoringOption[],
  chosen: readonly (string | undefined)[],
): OptionShare[] {
  const counts = opts.map((o) => chosen.filter((v) => v === o.value).length);
  const shares = halfUpShares(counts);
  return opts.map((o, i) => ({ value: o.value, label: o.label, count: counts[i]!, share: shares[i]! }));
}

/** Figures for one target and one vote type (DESIGN.md "Scoring and results"), recomputed from answers. */
export function aggregateScoring(
  schema: ScoringFormSchema,
  ballots: readonly ScoringAnswers[],
): ScoringAggregate {
  const [overallGroup, itemGroup] = schema.evaluationGroups;
  const rev = schema.reverseEvaluation;
  const count = ballots.length;
  const scores = ballots.map((b) => ballotTenths(schema, b));
  const sum = scores.reduce((a, b) => a + b, 0);
  const overall = distribution(
    overallGroup.options,
    ballots.map((b) => b.overall),
  );
  const topIndex = overallGroup.options.reduce(
    (best, o, i, all) => (o.score > all[best]!.score ? i : best),
    0,
  );
  return {
    count,
    total: sum / 10,
    mean: count ? roundRatio(sum, count * 10) : null,
    min: count ? Math.min(...scores) / 10 : null,
    max: count ? Math.max(...scores) / 10 : null,
    overall,
    good_rate: count ? (overall[topIndex]?.share ?? 0) : null,
    items: itemGroup.items.map((item) => {
      const chosen = ballots.map((b) => b.items[item.id]).filter((v) => v !== undefined);
      const itemSum = chosen.reduce((a, v) => a + scoreOf(itemGroup.options, v), 0);
      return {
        id: item.id,
        name: item.name,
        answered: chosen.length,
        mean: chosen.length ? roundRatio(itemSum, chosen.length * 10) : null,
        distribution: distribution(itemGroup.options, chosen),
      };
    }),
    reverse: rev.items.map((item) => {
      const marked = ballots.map((b) => b.reverse[item.id]).filter((v) => v !== undefined);
      const options = rev.options.map((o) => ({ value: o.value, label: o.label, count: 0, share: 0 }));
      for (const o of options) {
        o.count = marked.filter((v) => v === o.value).length;
        o.share = count ? roundRatio(o.count * 100, count) : 0;
      }
      const n = options.reduce((a, o) => a + o.count, 0);
      return {
        id: item.id,
        description: item.description,
        count: n,
        share: count ? roundRatio(n * 100, count) : 0,
        options,
      };
    }),
  };
}

export interface WeightedPart {
  /** Weight of the vote type (percent); null or 0 means none set. */
  weight: number | null | undefined;
  count: number;
  total: number;
}

/**
 * Weighted score of one target over vote types: Σ weight × mean / Σ weight, over the vote types that
 * have ballots and a weight. When none of them has a weight, the plain mean of all ballots. Null
 * without ballots.
 */
export function weightedScore(parts: readonly WeightedPart[]): number | null {
  const voted = parts.filter((p) => p.count > 0);
  if (voted.length === 0) return null;
  const weighted = voted.filter((p) => (p.weight ?? 0) > 0);
  if (weighted.length === 0) {
    const count = voted.reduce((a, p) => a + p.count, 0);
    return roundRatio(Math.round(voted.reduce((a, p) => a + p.total * 10, 0)), count * 10);
  }
  const num = weighted.reduce((a, p) => a + p.weight! * (p.total / p.count), 0);
  const den = weighted.reduce((a, p) => a + p.weight!, 0);
  return round2(num / den);
}

/** Default share of 不认同 above which a newly promoted subject is flagged (DESIGN.md: one third). */
export const DISAPPROVAL_FLAG_THRESHOLD = 1 / 3;

export interface NewlyPromotedSubjectResult {
  subject_id: number;
  /** Ballots that gave an opinion on this subject. */
  count: number;
  counts: Record<NewlyPromotedOpinion, number>;
  /** Percentages, rounded half up to two decimals each (all 0 without ballots). */
  shares: Record<NewlyPromotedOpinion, number>;
  /** 认同率 = shares.认同. */
  approval_rate: number;
  /** 认同+基本认同率: (认同 + 基本认同) / count, rounded half up (not the sum of two rounded shares). */
  approval_or_basic_rate: number;
  /** 不认同 share strictly above the threshold (compared on the exact counts, not the rounded share). */
  flagged: boolean;
}

/** Newly promoted results per subject, in the order of subjectIds, and the reasons given. */
export function aggregateNewlyPromoted(
  subjectIds: readonly number[],
  ballots: readonly NewlyPromotedAnswers[],
  threshold = DISAPPROVAL_FLAG_THRESHOLD,
): { ballot_count: number; subjects: NewlyPromotedSubjectResult[]; reasons: string[] } {
  const subjects = subjectIds.map((id) => {
    const key = `subject_${id}` as const;
    const list = NEWLY_PROMOTED_OPINIONS.map((op) => ballots.filter((b) => b[key] === op).length);
    const shares = halfUpShares(list);
    const count = list.reduce((a, b) => a + b, 0);
    const byOpinion = <T>(values: T[]) =>
      Object.fromEntries(NEWLY_PROMOTED_OPINIONS.map((op, i) => [op, values[i]!])) as Record<
        NewlyPromotedOpinion,
        T
      >;
    const [agree = 0] = shares;
    return {
      subject_id: id,
      count,
      counts: byOpinion(list),
      shares: byOpinion(shares),
      approval_rate: agree,
      approval_or_basic_rate: count ? roundRatio((list[0]! + list[1]!) * 100, count) : 0,
      flagged: count > 0 && list[2]! > threshold * count + 1e-9,
    };
  });
  const reasons = ballots.map((b) => b.reason?.trim() ?? '').filter((r) => r !== '');
  return { ballot_count: ballots.length, subjects, reasons };
}

export interface CadreQuestionResult {
  id: string;
  type: CadreQuestionType;
  text: string;
  /** Ballots that answered this question. */
  answered: number;
  /**
   * Single choice: share of the answers (each rounded half up). Multiple choice: share of all voters who
   * ticked the option (not adding up to 100). Empty for text questions.
   */
  options: { option: string; count: number; share: number }[];
  /** Text answers in ballot order, blanks left out. */
  texts: string[];
}

/** Cadre poll results per question, in schema order. */
export function aggregateCadre(
  schema: CadreFormSchema,
  ballots: readonly CadreAnswers[],
): { ballot_count: number; questions: CadreQuestionResult[] } {
  const total = ballots.length;
  const questions = cadreQuestions(schema).map((q) => {
    const answers = ballots
      .map((b) => (typeof b[q.id] === 'string' ? (b[q.id] as string).trim() : b[q.id]))
      .filter((v) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length));
    const base = { id: q.id, type: q.type, text: q.text, answered: answers.length };
    if (q.type === 'text_area') {
      return { ...base, options: [], texts: answers.filter((v): v is string => typeof v === 'string') };
    }
    const counts = q.options.map(
      (o) => answers.filter((v) => (Array.isArray(v) ? v.includes(o) : v === o)).length,
    );
    const shares =
      q.type === 'single_choice'
        ? halfUpShares(counts)
        : counts.map((c) => (total ? roundRatio(c * 100, total) : 0));
    return {
      ...base,
      options: q.options.map((o, i) => ({ option: o, count: counts[i]!, share: shares[i]! })),
      texts: [],
    };
  });
  return { ballot_count: total, questions };
}
