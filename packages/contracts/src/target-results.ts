// Figures of 民主测评 (results/target-results.routes.ts, GET /vote-targets/results, and the appraisal
// answer of the company results). The figures are those of scoring.ts (DESIGN.md "Scoring and results").
import { z } from 'zod';
import { agree, companyRef as company, idSchema, int, scoringKind, type Same } from './common';
import type { ScoringAggregate } from './scoring';
import { targetComparison } from './rounds';
import { openVoteType, turnoutRow } from './turnout';

const optionShare = z.object({ value: z.string(), label: z.string(), count: int, share: z.number() });
export const scoringAggregate = z.object({
  count: int,
  total: z.number(),
  mean: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  overall: z.array(optionShare),
  good_rate: z.number().nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      answered: int,
      mean: z.number().nullable(),
      distribution: z.array(optionShare),
    }),
  ),
  reverse: z.array(
    z.object({
      id: z.string(),
      description: z.string(),
      count: int,
      share: z.number(),
      options: z.array(optionShare),
    }),
  ),
});
export const targetResult = z.object({
  target_id: int,
  name: z.string(),
  type: scoringKind,
  title: z.string(),
  is_active: z.boolean(),
  sort_order: int,
  poll_id: int.nullable(),
  /** Σ weight × mean / Σ weight over vote types with ballots (plain mean without weights); null without ballots. */
  weighted_score: z.number().nullable(),
  /** 1 = best weighted score among targets of the same type (ties share a rank); null without ballots. */
  rank: int.nullable(),
  /** Every vote type pooled. */
  combined: scoringAggregate,
  by_vote_type: z.array(scoringAggregate.extend({ vote_type_id: int })),
  /** The previous round's figures of the target it was copied from, and the change (issue 14). */
  comparison: targetComparison,
});
export type TargetResult = z.infer<typeof targetResult>;
export const appraisalResults = z.object({
  company,
  form_category: z.literal('democratic_appraisal'),
  vote_types: z.array(turnoutRow),
  /** Still open (投票中, formal): left out of vote_types and of every figure here until 结束投票. */
  open_vote_types: z.array(openVoteType),
  polls: z.array(
    z.object({ id: int, title: z.string(), target_type: scoringKind, reverse_title: z.string() }),
  ),
  targets: z.array(targetResult),
  generated_at: z.string(),
});
export type AppraisalResults = z.infer<typeof appraisalResults>;

export const targetResultsQuery = z.object({
  company_id: idSchema,
  vote_type_id: idSchema.optional(),
  target_id: idSchema.optional(),
  target_type: scoringKind.optional(),
  /** An archived round of the unit (测评批次); absent = the current round. */
  round_id: idSchema.optional(),
});
export type TargetResultsQuery = z.infer<typeof targetResultsQuery>;

// The figures above and those of scoring.ts are the same shapes; the compiler checks it.
agree<Same<z.output<typeof scoringAggregate>, ScoringAggregate>>();
