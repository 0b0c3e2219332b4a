// Figures of 民主评议 (results/cadre-results.routes.ts, GET /cadre-results/statistics, and the evaluation
// answer of the company results). The figures are those of scoring.ts (DESIGN.md "Scoring and results").
import { z } from 'zod';
import { agree, companyRef as company, idSchema, int, type Same } from './common';
import { subjectRef } from './records';
import type { NewlyPromotedSubjectResult } from './scoring';
import { openVoteType, turnoutRow } from './turnout';

const opinions = z.object({ 认同: z.number(), 基本认同: z.number(), 不认同: z.number(), 不了解: z.number() });
export const subjectResult = subjectRef.extend({
  subject_id: int,
  is_active: z.boolean(),
  count: int,
  counts: opinions,
  shares: opinions,
  approval_rate: z.number(),
  approval_or_basic_rate: z.number(),
  flagged: z.boolean(),
});
export const cadreQuestionResult = z.object({
  id: z.string(),
  type: z.enum(['single_choice', 'multiple_choice', 'text_area']),
  text: z.string(),
  answered: int,
  options: z.array(z.object({ option: z.string(), count: int, share: z.number() })),
  texts: z.array(z.string()),
});
const pollRef = z.object({ id: int, title: z.string() }).nullable();
export const evaluationResults = z.object({
  company,
  form_category: z.literal('democratic_evaluation'),
  vote_type_id: int.nullable(),
  vote_types: z.array(turnoutRow),
  /** Still open (投票中, formal): left out of vote_types and of every figure here until 结束投票. */
  open_vote_types: z.array(openVoteType),
  /** Share of 不认同 (0-1) above which a subject is flagged. */
  threshold: z.number(),
  cadre: z.object({ poll: pollRef, ballot_count: int, questions: z.array(cadreQuestionResult) }),
  newly_promoted: z.object({
    poll: pollRef,
    reason_question: z.string(),
    ballot_count: int,
    subjects: z.array(subjectResult),
    reasons: z.array(z.string()),
  }),
  generated_at: z.string(),
});
export type EvaluationResults = z.infer<typeof evaluationResults>;

export const threshold = z.coerce
  .number({ error: '阈值必须是数字' })
  .min(0, { error: '阈值必须在 0 到 1 之间' })
  .max(1, { error: '阈值必须在 0 到 1 之间' });
export const statisticsQuery = z.object({
  company_id: idSchema,
  vote_type_id: idSchema.optional(),
  threshold: threshold.optional(),
  /** An archived round of the unit (测评批次); absent = the current round. */
  round_id: idSchema.optional(),
});

// The figures above and those of scoring.ts are the same shapes; the compiler checks it.
agree<
  Same<Pick<z.output<typeof subjectResult>, keyof NewlyPromotedSubjectResult>, NewlyPromotedSubjectResult>
>();
