// Pure helpers of the scoring ballot. Type-only imports from contracts: the voter bundle must not load zod.
import type { ScoringAnswers } from '@kaoping/contracts/answers';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';

export type { ScoringAnswers, ScoringFormSchema };

export interface BallotOption {
  label: string;
  value: string;
  score: number;
}

/** A ballot nobody has touched yet ('' overall means "not chosen"). */
export function emptyScoringAnswers(): ScoringAnswers {
  return { overall: '', items: {}, reverse: {} };
}

/** Scores are multiples of 0.1; summing integer tenths keeps 0.1 + 0.2 exact. */
const tenths = (score: number) => (Number.isFinite(score) ? Math.round(score * 10) : 0);

const scoreOf = (options: readonly BallotOption[], value: string | undefined) => {
  const found = value ? options.find((o) => o.value === value) : undefined;
  return found ? tenths(found.score) : 0;
};

const topOf = (options: readonly BallotOption[]) =>
  options.length ? Math.max(...options.map((o) => tenths(o.score))) : 0;

export interface ScoringProgress {
  /** Current score in tenths (the sum of the chosen options; reverse marks subtract). */
  totalTenths: number;
  /** Best possible score in tenths: top overall option plus the top option on every item. */
  bestTenths: number;
  /** Required choices made (overall + every item) and how many there are. */
  answered: number;
  required: number;
  overallMissing: boolean;
  /** Ids of items not yet answered, in schema order. */
  missingItems: string[];
}

/** The figures shown under the ballot; the same sum as scoreBallot in contracts/scoring. */
export function scoringProgress(schema: ScoringFormSchema, answers: ScoringAnswers): ScoringProgress {
  const [overall, itemGroup] = schema.evaluationGroups;
  const reverse = schema.reverseEvaluation;
  const overallMissing = !overall.options.some((o) => o.value === answers.overall);
  const missingItems = itemGroup.items
    .filter((item) => !itemGroup.options.some((o) => o.value === answers.items[item.id]))
    .map((item) => item.id);
  let total = scoreOf(overall.options, answers.overall);
  for (const item of itemGroup.items) total += scoreOf(itemGroup.options, answers.items[item.id]);
  for (const item of reverse.items) total += scoreOf(reverse.options, answers.reverse[item.id]);
  const required = 1 + itemGroup.items.length;
  return {
    totalTenths: total,
    bestTenths: topOf(overall.options) + itemGroup.items.length * topOf(itemGroup.options),
    answered: required - (overallMissing ? 1 : 0) - missingItems.length,
    required,
    overallMissing,
    missingItems,
  };
}

/** 86 → '8.6'; always one decimal, as scores are kept in steps of 0.1. */
export function formatTenths(t: number): string {
  return (t / 10).toFixed(1);
}

/** '+10', '-5', '9.6': how an option's score is shown next to its label. */
export function formatScore(score: number): string {
  const t = tenths(score);
  const text = t % 10 === 0 ? String(t / 10) : formatTenths(t);
  return t > 0 ? `+${text}` : text;
}

/** Immutable updates: a choice replaces the previous one; undefined removes a reverse mark. */
export function withOverall(answers: ScoringAnswers, value: string): ScoringAnswers {
  return { ...answers, overall: value };
}

export function withItem(answers: ScoringAnswers, itemId: string, value: string): ScoringAnswers {
  return { ...answers, items: { ...answers.items, [itemId]: value } };
}

export function withReverse(
  answers: ScoringAnswers,
  itemId: string,
  value: string | undefined,
): ScoringAnswers {
  const reverse = { ...answers.reverse };
  if (value === undefined) delete reverse[itemId];
  else reverse[itemId] = value;
  return { ...answers, reverse };
}
