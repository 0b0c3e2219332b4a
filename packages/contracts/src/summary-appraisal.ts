// The 民主测评 汇总表 (issue 15) from counts: per target and voter group, how many ballots chose each grade.
// Pure: the server counts in SQL and calls these; the tests recount from raw ballots and compare.
import { competitionRanks, rankOrder } from './ranking';
import { round2, roundRatio, weightedScore } from './scoring';
import type { ScoringFormSchema } from './scoring-schema';
import type {
  AppraisalRow,
  AppraisalSection,
  AppraisalSummaryTarget,
  GradeCell,
  SummaryVoteType,
} from './summary-tables';
import { TOTAL_ROW_LABEL, WEIGHTED_ROW_LABEL } from './summary-tables';
import { flagsOf, type SummaryThresholds } from './summary-thresholds';

/** What the database counts for one target and one voter group. */
export interface AppraisalCounts {
  voters: number;
  /** Sum of the ballot scores in whole tenths (exact). */
  tenths: number;
  /** overall grade value → ballots */
  overall: Record<string, number>;
  /** item id → answers, and option value → ballots */
  items: Record<string, { answered: number; values: Record<string, number> }>;
  /** reverse item id → option value → ballots that marked it so */
  reverse: Record<string, Record<string, number>>;
}

export interface AppraisalTargetInput {
  target_id: number;
  name: string;
  title: string;
  type: 'company' | 'person';
  /** One entry per voter group, in the order of the vote types given (undefined: no ballots). */
  counts: readonly (AppraisalCounts | undefined)[];
}

export const emptyAppraisalCounts = (): AppraisalCounts => ({
  voters: 0,
  tenths: 0,
  overall: {},
  items: {},
  reverse: {},
});

/** Several groups' counts added up (the 合计 row). */
export function addAppraisalCounts(parts: readonly (AppraisalCounts | undefined)[]): AppraisalCounts {
  const sum = emptyAppraisalCounts();
  const add = (into: Record<string, number>, from: Record<string, number>) => {
    for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
  };
  for (const p of parts) {
    if (!p) continue;
    sum.voters += p.voters;
    sum.tenths += p.tenths;
    add(sum.overall, p.overall);
    for (const [id, item] of Object.entries(p.items)) {
      const mine = (sum.items[id] ??= { answered: 0, values: {} });
      mine.answered += item.answered;
      add(mine.values, item.values);
    }
    for (const [id, values] of Object.entries(p.reverse)) add((sum.reverse[id] ??= {}), values);
  }
  return sum;
}

/** Which grades the three rates cover: the first, the first two, and the lowest-scored (the last of a tie). */
export function rateGrades(schema: ScoringFormSchema) {
  const grades = schema.evaluationGroups[0].options;
  const bottom = grades.reduce((low, g, i) => (g.score <= grades[low]!.score ? i : low), 0);
  return { excellent: [0], topTwo: grades.length > 1 ? [0, 1] : [0], bottom: [bottom] };
}

/** 优秀率（优秀） / 称职及以上率（优秀+称职） / 不称职率（不称职）: each label names its grades. */
export function rateLabels(schema: ScoringFormSchema) {
  const grades = schema.evaluationGroups[0].options;
  const names = (idx: number[]) => idx.map((i) => grades[i]!.label).join('+');
  const r = rateGrades(schema);
  return {
    excellent: `优秀率（${names(r.excellent)}）`,
    top_two: `称职及以上率（${names(r.topTwo)}）`,
    bottom: `不称职率（${names(r.bottom)}）`,
  };
}

const NO_FLAGS = { top_two_low: false, bottom_high: false };

function plainRow(
  schema: ScoringFormSchema,
  c: AppraisalCounts,
  head: Pick<AppraisalRow, 'kind' | 'vote_type_id' | 'label' | 'weight'>,
  thresholds: SummaryThresholds,
): AppraisalRow {
  const grades = schema.evaluationGroups[0].options;
  const n = c.voters;
  const counts = grades.map((g) => c.overall[g.value] ?? 0);
  const sumOf = (idx: number[]) => idx.reduce((a, i) => a + counts[i]!, 0);
  const r = rateGrades(schema);
  const rate = (idx: number[]) => (n ? roundRatio(sumOf(idx) * 100, n) : null);
  return {
    ...head,
    voters: n,
    grades: counts.map((count) => ({ count, share: n ? roundRatio(count * 100, n) : 0 })),
    excellent_rate: rate(r.excellent),
    top_two_rate: rate(r.topTwo),
    bottom_rate: rate(r.bottom),
    score: n ? roundRatio(c.tenths, n * 10) : null,
    flags: n ? flagsOf(sumOf(r.topTwo) / n, sumOf(r.bottom) / n, thresholds) : NO_FLAGS,
  };
}

/**
 * 加权合计: each grade's share is Σ weight × (count / voters) / Σ weight over the groups with voters and a
 * weight, rounded half up; the score is the weighted score. Without any weight it is the 合计.
 */
function weightedRow(
  schema: ScoringFormSchema,
  parts: readonly { vt: SummaryVoteType; c: AppraisalCounts | undefined }[],
  total: AppraisalRow,
  thresholds: SummaryThresholds,
): AppraisalRow {
  const head = { kind: 'weighted' as const, vote_type_id: null, label: WEIGHTED_ROW_LABEL, weight: null };
  const score = weightedScore(
    parts.map((p) => ({ weight: p.vt.weight, count: p.c?.voters ?? 0, total: (p.c?.tenths ?? 0) / 10 })),
  );
  const weighted = parts.filter((p) => p.c && p.c.voters > 0 && p.vt.weight > 0);
  if (weighted.length === 0) {
    const grades: GradeCell[] = total.grades.map((g) => ({ count: null, share: g.share }));
    return { ...total, ...head, grades, score };
  }
  const den = weighted.reduce((a, p) => a + p.vt.weight, 0);
  const options = schema.evaluationGroups[0].options;
  const fractionOf = (idx: number[]) =>
    weighted.reduce(
      (a, p) =>
        a + (p.vt.weight * idx.reduce((s, i) => s + (p.c!.overall[options[i]!.value] ?? 0), 0)) / p.c!.voters,
      0,
    ) / den;
  const pct = (f: number) => round2(f * 100);
  const r = rateGrades(schema);
  return {
    ...head,
    voters: total.voters,
    grades: options.map((_, i) => ({ count: null, share: pct(fractionOf([i])) })),
    excellent_rate: pct(fractionOf(r.excellent)),
    top_two_rate: pct(fractionOf(r.topTwo)),
    bottom_rate: pct(fractionOf(r.bottom)),
    score,
    flags: flagsOf(fractionOf(r.topTwo), fractionOf(r.bottom), thresholds),
  };
}

/** The rows of one target: one per voter group, 合计 and 加权合计. */
export function appraisalRows(
  schema: ScoringFormSchema,
  voteTypes: readonly SummaryVoteType[],
  counts: readonly (AppraisalCounts | undefined)[],
  thresholds: SummaryThresholds,
): AppraisalRow[] {
  const rows = voteTypes.map((vt, i) =>
    plainRow(
      schema,
      counts[i] ?? emptyAppraisalCounts(),
      { kind: 'vote_type', vote_type_id: vt.vote_type_id, label: vt.name, weight: vt.weight },
      thresholds,
    ),
  );
  const total = plainRow(
    schema,
    addAppraisalCounts(counts),
    { kind: 'total', vote_type_id: null, label: TOTAL_ROW_LABEL, weight: null },
    thresholds,
  );
  const parts = voteTypes.map((vt, i) => ({ vt, c: counts[i] }));
  return [...rows, total, weightedRow(schema, parts, total, thresholds)];
}

function targetTables(schema: ScoringFormSchema, c: AppraisalCounts) {
  const [, itemGroup] = schema.evaluationGroups;
  const rev = schema.reverseEvaluation;
  return {
    items: itemGroup.items.map((item) => {
      const got = c.items[item.id];
      const answered = got?.answered ?? 0;
      return {
        id: item.id,
        name: item.name,
        answered,
        options: itemGroup.options.map((o) => {
          const count = got?.values[o.value] ?? 0;
          return { count, share: answered ? roundRatio(count * 100, answered) : 0 };
        }),
      };
    }),
    reverse: rev.items.map((item) => {
      const count = Object.values(c.reverse[item.id] ?? {}).reduce((a, n) => a + n, 0);
      return {
        id: item.id,
        description: item.description,
        count,
        share: c.voters ? roundRatio(count * 100, c.voters) : 0,
      };
    }),
  };
}

/** One section of the 汇总表: every target of one kind with its rows, ranked by weighted score. */
export function appraisalSection(
  kind: 'company' | 'person',
  poll: { id: number; title: string; schema: ScoringFormSchema },
  voteTypes: readonly SummaryVoteType[],
  targets: readonly AppraisalTargetInput[],
  thresholds: SummaryThresholds,
): AppraisalSection {
  const { schema } = poll;
  const built: AppraisalSummaryTarget[] = targets.map((t) => {
    const rows = appraisalRows(schema, voteTypes, t.counts, thresholds);
    const weighted = rows[rows.length - 1]!;
    return {
      target_id: t.target_id,
      name: t.name,
      title: t.title,
      type: t.type,
      weighted_score: weighted.score,
      rank: null,
      flags: weighted.flags,
      rows,
      ...targetTables(schema, addAppraisalCounts(t.counts)),
    };
  });
  const ranks = competitionRanks(built.map((t) => t.weighted_score));
  built.forEach((t, i) => (t.rank = ranks[i]!));
  return {
    kind,
    poll: { id: poll.id, title: poll.title },
    grades: schema.evaluationGroups[0].options.map((g) => ({
      value: g.value,
      label: g.label,
      score: g.score,
    })),
    rate_labels: rateLabels(schema),
    item_options: schema.evaluationGroups[1].options.map((o) => ({ value: o.value, label: o.label })),
    reverse_title: schema.reverseEvaluation.title,
    targets: rankOrder(ranks).map((i) => built[i]!),
  };
}
