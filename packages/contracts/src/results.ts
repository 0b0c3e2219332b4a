// Shapes of the admin results API: ballot records, per-voter results, turnout, company and target results,
// evaluation statistics. The figures are those of scoring.ts (DESIGN.md "Scoring and results").
import { z } from 'zod';
import { idSchema, pagedOf, pagingQuery } from './common';
import type { NewlyPromotedSubjectResult, ScoringAggregate } from './scoring';
import { formCategory } from './vote-type';

const int = z.number().int();
const instant = z.iso.datetime({
  offset: true,
  error: '时间必须是 ISO 8601 格式，例如 2025-01-01T09:00:00+08:00',
});
const order = z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).default('desc');
const voter = z.string().min(1).max(128);
const company = z.object({ id: int, name: z.string() });
const answers = z.record(z.string(), z.unknown());
const scoringKind = z.enum(['company', 'person']);
const evaluationKind = z.enum(['cadre', 'newly_promoted'], {
  error: '问卷类型只能是 cadre 或 newly_promoted',
});

/** A poll as a read-only ballot needs it. */
export const pollForm = z.object({
  id: int,
  title: z.string(),
  description: z.string(),
  target_type: z.enum(['company', 'person', 'cadre', 'newly_promoted']),
  form_schema: answers,
});

// ---- ballot records: GET /votes/, /votes/count, /votes/{id}, the same under /cadre-votes/ ----

const recordFilters = {
  company_id: idSchema.optional(),
  vote_type_id: idSchema.optional(),
  voter_identifier: voter.optional(),
  /** Stored at or after this instant. */
  from: instant.optional(),
  /** Stored at or before this instant. */
  to: instant.optional(),
};
export const voteFilterQuery = z.object({ ...recordFilters, target_id: idSchema.optional() });
export type VoteFilterQuery = z.infer<typeof voteFilterQuery>;
export const voteListQuery = pagingQuery.extend({
  ...voteFilterQuery.shape,
  sort_by: z
    .enum(['created_at', 'score'], { error: '排序字段只能是 created_at 或 score' })
    .default('created_at'),
  order,
});
export type VoteListQuery = z.infer<typeof voteListQuery>;

/** One appraisal ballot: one voter's answers on one target. */
export const voteRecord = z.object({
  id: int,
  submission_id: z.string(),
  /** Cast in test mode (试投票): shown apart, never counted. */
  is_test: z.boolean(),
  company_id: int,
  vote_type_id: int,
  vote_type_name: z.string().nullable(),
  poll_id: int,
  target_id: int,
  /** null when the target was deleted afterwards. */
  target_name: z.string().nullable(),
  target_type: scoringKind.nullable(),
  target_title: z.string().nullable(),
  voter_identifier: z.string(),
  score: z.number(),
  answers,
  created_at: z.string(),
});
export type VoteRecord = z.infer<typeof voteRecord>;
export const voteRecordList = pagedOf(voteRecord);
export const voteDetail = voteRecord.extend({ poll: pollForm.nullable() });

export const cadreVoteFilterQuery = z.object({ ...recordFilters, poll_kind: evaluationKind.optional() });
export type CadreVoteFilterQuery = z.infer<typeof cadreVoteFilterQuery>;
export const cadreVoteListQuery = pagingQuery.extend({ ...cadreVoteFilterQuery.shape, order });
export type CadreVoteListQuery = z.infer<typeof cadreVoteListQuery>;

/** One evaluation ballot: one voter's answers on the cadre or the newly promoted poll. */
export const cadreVoteRecord = z.object({
  id: int,
  submission_id: z.string(),
  /** Cast in test mode (试投票): shown apart, never counted. */
  is_test: z.boolean(),
  company_id: int,
  vote_type_id: int,
  vote_type_name: z.string().nullable(),
  poll_id: int,
  poll_kind: evaluationKind,
  voter_identifier: z.string(),
  answers,
  created_at: z.string(),
});
export type CadreVoteRecord = z.infer<typeof cadreVoteRecord>;
export const cadreVoteRecordList = pagedOf(cadreVoteRecord);
/** A newly promoted cadre named by `subject_{id}` keys. */
export const subjectRef = z.object({
  id: int,
  name: z.string(),
  birth_date: z.string(),
  previous_position: z.string(),
  current_position: z.string(),
});
export const cadreVoteDetail = cadreVoteRecord.extend({
  poll: pollForm.nullable(),
  subjects: z.array(subjectRef),
});

// ---- per voter: /voter-results, /voter-results/count, /by-voter/{voter}, DELETE /voter/{voter} ----

export const voterFilterQuery = z.object({
  company_id: idSchema.optional(),
  vote_type_id: idSchema.optional(),
  voter_identifier: voter.optional(),
});
export type VoterFilterQuery = z.infer<typeof voterFilterQuery>;
export const voterResultsQuery = pagingQuery.extend({
  ...voterFilterQuery.shape,
  sort_by: z
    .enum(['created_at', 'total_score'], { error: '排序字段只能是 created_at 或 total_score' })
    .default('created_at'),
  order,
});
export type VoterResultsQuery = z.infer<typeof voterResultsQuery>;

/** One voter's submission: counted from its stored ballots. */
export const voterResult = z.object({
  submission_id: z.string(),
  /** Cast in test mode (试投票): shown apart, never counted. */
  is_test: z.boolean(),
  voter_identifier: z.string(),
  company_id: int,
  vote_type_id: int,
  vote_type_name: z.string(),
  form_category: formCategory,
  created_at: z.string(),
  ballot_count: int,
  /** Appraisal: the sum of the ballot scores; null for evaluation. */
  total_score: z.number().nullable(),
});
export type VoterResult = z.infer<typeof voterResult>;
export const voterResultList = pagedOf(voterResult);

export const voterParams = z.object({ voter });
export const voterBallotsQuery = z.object({ company_id: idSchema, vote_type_id: idSchema.optional() });
export const voterDeleteQuery = z.object({ company_id: idSchema, vote_type_id: idSchema });
export const voterBallots = z.object({
  voter_identifier: z.string(),
  submissions: z.array(voterResult),
  ballots: z.array(voteRecord),
  polls: z.array(pollForm),
});
export const cadreVoterBallots = voterBallots.extend({
  ballots: z.array(cadreVoteRecord),
  subjects: z.array(subjectRef),
});
export const voterDeleteResult = z.object({
  submission_id: z.string(),
  /** Cast in test mode (试投票): shown apart, never counted. */
  is_test: z.boolean(),
  voter_identifier: z.string(),
  vote_type_id: int,
  deleted_ballots: int,
});

// ---- turnout: GET /votes/turnout ----

export const turnoutQuery = z.object({ company_id: idSchema, form_category: formCategory.optional() });
export const turnoutRow = z.object({
  vote_type_id: int,
  name: z.string(),
  form_category: formCategory,
  weight: z.number(),
  is_active: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  expected_voters: int.nullable(),
  access_mode: z.enum(['link', 'codes']),
  test_mode: z.boolean(),
  closed_at: z.string().nullable(),
  /** Formal submissions (voters) received: 收回数. */
  received: int,
  /** 发出数: codes handed out (codes mode) or expected_voters (link mode); null when unknown. */
  issued: int.nullable(),
  /** received / issued in percent, rounded half-up to two decimals; null when issued is null or 0. */
  rate: z.number().nullable(),
  /** over: above 100 %; under: below half (未超过半数); null otherwise or when unknown. */
  rate_warning: z.enum(['over', 'under']).nullable(),
  /** Test ballots (试投票) kept apart, never part of the figures. */
  test_received: int,
});
export type TurnoutRow = z.infer<typeof turnoutRow>;
export const turnout = z.object({
  company_id: int,
  vote_types: z.array(turnoutRow),
  received: int,
  expected: int.nullable(),
  /** Σ issued over vote types whose 发出数 is known; null when none is. */
  issued: int.nullable(),
  generated_at: z.string(),
});

// ---- figures ----

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
});
export type TargetResult = z.infer<typeof targetResult>;
export const appraisalResults = z.object({
  company,
  form_category: z.literal('democratic_appraisal'),
  vote_types: z.array(turnoutRow),
  polls: z.array(
    z.object({ id: int, title: z.string(), target_type: scoringKind, reverse_title: z.string() }),
  ),
  targets: z.array(targetResult),
  generated_at: z.string(),
});
export type AppraisalResults = z.infer<typeof appraisalResults>;

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

const threshold = z.coerce
  .number({ error: '阈值必须是数字' })
  .min(0, { error: '阈值必须在 0 到 1 之间' })
  .max(1, { error: '阈值必须在 0 到 1 之间' });
export const companyResultsQuery = z.object({
  form_category: formCategory.default('democratic_appraisal'),
  threshold: threshold.optional(),
});
export const companyResults = z.discriminatedUnion('form_category', [appraisalResults, evaluationResults]);
export const targetResultsQuery = z.object({
  company_id: idSchema,
  vote_type_id: idSchema.optional(),
  target_id: idSchema.optional(),
  target_type: scoringKind.optional(),
});
export type TargetResultsQuery = z.infer<typeof targetResultsQuery>;
export const statisticsQuery = z.object({
  company_id: idSchema,
  vote_type_id: idSchema.optional(),
  threshold: threshold.optional(),
});

// The figures above and those of scoring.ts are the same shapes; the compiler checks it.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(): T | undefined => undefined;
agree<Same<z.output<typeof scoringAggregate>, ScoringAggregate>>();
agree<
  Same<Pick<z.output<typeof subjectResult>, keyof NewlyPromotedSubjectResult>, NewlyPromotedSubjectResult>
>();
