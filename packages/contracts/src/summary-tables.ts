// The official 汇总表 of one unit and round (issue 15): GET /admin/companies/{id}/summary?round_id=.
// Built by the pure functions of summary-appraisal.ts and summary-evaluation.ts from counts the database
// makes (modules/summary). Every share is percent, the exact fraction rounded half up to two decimals on
// its own, never nudged (SHARE_ROUNDING_NOTE); every rate says in its label which grades it covers.
import { z } from 'zod';
import { companyRef, int } from './common';
import { ROUND_STATES } from './rounds';
import { summaryThresholds } from './summary-thresholds';
import { countStage } from './vote-type';

/** A count and its share (percent, two decimals) of the row's base. */
export const countShare = z.object({ count: int, share: z.number() });
export type CountShare = z.infer<typeof countShare>;
/** A grade cell: the 加权合计 row has a share and no count (it is a weighted mean of shares). */
export const gradeCell = z.object({ count: int.nullable(), share: z.number() });
export type GradeCell = z.infer<typeof gradeCell>;

export const summaryFlags = z.object({ top_two_low: z.boolean(), bottom_high: z.boolean() });

/** vote_type: one voter group (票类); total: 合计 of all groups; weighted: 加权合计 by the group weights. */
export const SUMMARY_ROW_KINDS = ['vote_type', 'total', 'weighted'] as const;
export type SummaryRowKind = (typeof SUMMARY_ROW_KINDS)[number];
export const TOTAL_ROW_LABEL = '合计';
export const WEIGHTED_ROW_LABEL = '加权合计';

export const appraisalRow = z.object({
  kind: z.enum(SUMMARY_ROW_KINDS),
  vote_type_id: int.nullable(),
  /** The voter group's name, 合计 or 加权合计. */
  label: z.string(),
  /** The group's weight (percent); null on the total rows. */
  weight: z.number().nullable(),
  /** 参评人数: ballots for this target (all groups on the total rows). */
  voters: int,
  /** One cell per overall grade, in the questionnaire's order. */
  grades: z.array(gradeCell),
  /** 优秀率 (the first grade), 称职及以上率 (the first two), 不称职率 (the lowest-scored); null without voters. */
  excellent_rate: z.number().nullable(),
  top_two_rate: z.number().nullable(),
  bottom_rate: z.number().nullable(),
  /** Mean score of the group (合计: of all ballots); 加权合计: the weighted score. Null without voters. */
  score: z.number().nullable(),
  flags: summaryFlags,
});
export type AppraisalRow = z.infer<typeof appraisalRow>;

export const appraisalSummaryTarget = z.object({
  target_id: int,
  name: z.string(),
  title: z.string(),
  type: z.enum(['company', 'person']),
  weighted_score: z.number().nullable(),
  /** Competition rank (1, 2, 2, 4) by weighted score among its kind (the team apart from persons). */
  rank: int.nullable(),
  /** The flags of its 加权合计 row: the row that stands for the target. */
  flags: summaryFlags,
  /** One row per voter group, then 合计, then 加权合计. */
  rows: z.array(appraisalRow),
  /** Per item, all groups together: answers and each option's count and share of them. */
  items: z.array(z.object({ id: z.string(), name: z.string(), answered: int, options: z.array(countShare) })),
  /** Per reverse item: voters who marked it and their share of all the target's voters. */
  reverse: z.array(z.object({ id: z.string(), description: z.string(), count: int, share: z.number() })),
});
export type AppraisalSummaryTarget = z.infer<typeof appraisalSummaryTarget>;

/** One table: the team (company) or the persons, with the header its questionnaire gives. */
export const appraisalSection = z.object({
  kind: z.enum(['company', 'person']),
  poll: z.object({ id: int, title: z.string() }).nullable(),
  grades: z.array(z.object({ value: z.string(), label: z.string(), score: z.number() })),
  /** The labels of the three rates, naming their grades: 优秀率（优秀） … */
  rate_labels: z.object({ excellent: z.string(), top_two: z.string(), bottom: z.string() }),
  item_options: z.array(z.object({ value: z.string(), label: z.string() })),
  reverse_title: z.string(),
  /** In rank order; targets without ballots last, in the roster's order. */
  targets: z.array(appraisalSummaryTarget),
});
export type AppraisalSection = z.infer<typeof appraisalSection>;

export const summaryVoteType = z.object({ vote_type_id: int, name: z.string(), weight: z.number() });
export type SummaryVoteType = z.infer<typeof summaryVoteType>;

export const appraisalSummary = z.object({
  vote_types: z.array(summaryVoteType),
  /** The team's section first, then the persons'; a kind without a questionnaire and targets is left out. */
  sections: z.array(appraisalSection),
});
export type AppraisalSummary = z.infer<typeof appraisalSummary>;

/** 选人用人: per question and option, per voter group and in total. */
export const cadreSummaryQuestion = z.object({
  id: z.string(),
  type: z.enum(['single_choice', 'multiple_choice']),
  text: z.string(),
  /** Base of the shares per group (in vote_types order) and in total: answers (single) or voters (multiple). */
  bases: z.array(int),
  base_total: int,
  options: z.array(z.object({ option: z.string(), by_vote_type: z.array(countShare), total: countShare })),
});
export type CadreSummaryQuestion = z.infer<typeof cadreSummaryQuestion>;

export const cadreSummary = z.object({
  poll: z.object({ id: int, title: z.string() }).nullable(),
  vote_types: z.array(summaryVoteType),
  /** Voters (ballots of the 选人用人 poll) per group and in total. */
  voters: z.array(int),
  voters_total: int,
  questions: z.array(cadreSummaryQuestion),
  /** The text questions' answers (意见建议), in ballot order, blanks left out. */
  suggestions: z.array(z.object({ question_id: z.string(), text: z.string(), answers: z.array(z.string()) })),
});
export type CadreSummary = z.infer<typeof cadreSummary>;

export const newlyPromotedRow = z.object({
  kind: z.enum(['vote_type', 'total']),
  vote_type_id: int.nullable(),
  label: z.string(),
  /** Voters who gave an opinion on the cadre. */
  count: int,
  /** 认同 / 基本认同 / 不认同 / 不了解, in that order. */
  opinions: z.array(countShare),
  /** 认同率 and 认同+基本认同率 (of the exact sum, not two rounded shares); null without voters. */
  approval_rate: z.number().nullable(),
  approval_or_basic_rate: z.number().nullable(),
});
export type NewlyPromotedRow = z.infer<typeof newlyPromotedRow>;

export const newlyPromotedSummarySubject = z.object({
  subject_id: int,
  name: z.string(),
  current_position: z.string(),
  previous_position: z.string(),
  /** Competition rank by 认同率 within the unit; null without voters. */
  rank: int.nullable(),
  /** 认同率 minus the unit's average (percentage points, two decimals); null without voters. */
  above_average: z.number().nullable(),
  /** 不认同 above the newly promoted threshold (one third), as on the results screen. */
  flagged: z.boolean(),
  rows: z.array(newlyPromotedRow),
});
export type NewlyPromotedSummarySubject = z.infer<typeof newlyPromotedSummarySubject>;

export const newlyPromotedSummary = z.object({
  poll: z.object({ id: int, title: z.string() }).nullable(),
  vote_types: z.array(summaryVoteType),
  /** The four opinions, in order. */
  opinions: z.array(z.string()),
  /** The unit's average 认同率: the mean of its cadres' 认同率 (exact fractions), null without voters. */
  average_approval_rate: z.number().nullable(),
  flag_threshold: z.number(),
  /** In rank order; cadres without voters last, in the roster's order. */
  subjects: z.array(newlyPromotedSummarySubject),
  reasons: z.array(z.string()),
});
export type NewlyPromotedSummary = z.infer<typeof newlyPromotedSummary>;

export const validityRow = z.object({
  vote_type_id: int,
  name: z.string(),
  form_category: z.enum(['democratic_appraisal', 'democratic_evaluation']),
  /** 发出数 (codes handed out, or 应到人数 in link mode); null when unknown. */
  issued: int.nullable(),
  /** 收回数: formal ballots. */
  received: int,
  /** 参评率 in percent, null when 发出数 is unknown. */
  rate: z.number().nullable(),
  /** 收回数 not more than half of 发出数: 未超过半数. */
  under_half: z.boolean(),
  closed_at: z.string().nullable(),
  /** 投票中 / 投票结束 / 已完成计票: the figures of this group are final only once counted. */
  count_stage: countStage,
  /** Formal ballots deleted after the vote ended (advanced mode); the tables say so for the group. */
  deleted_ballots: int,
  /** '经高级模式删除 N 张选票（见审计日志）' when any were deleted, else null. */
  deleted_note: z.string().nullable(),
});
export type ValidityRow = z.infer<typeof validityRow>;

export const validity = z.object({
  vote_types: z.array(validityRow),
  /** Any voter group under half: the report carries the 未超过半数 warning. */
  under_half: z.boolean(),
  thresholds: summaryThresholds,
  newly_promoted_threshold: z.number(),
  /** When the last voter group closed, null while any is still open. */
  closed_at: z.string().nullable(),
  rounding_note: z.string(),
  /** Every voter group has finished counting (完成计票): the figures are final. */
  count_finished: z.boolean(),
  /** '计票未完成' until then (every printed page says it), else null. */
  count_note: z.string().nullable(),
  /**
   * Voter groups still open (投票中, formal): counted above (收回数), left out of every table below until
   * 结束投票; `open_note` says so (openVoteTypesNote), null when none is open.
   */
  open_vote_types: z.array(z.object({ vote_type_id: int, name: z.string() })),
  open_note: z.string().nullable(),
});
export type Validity = z.infer<typeof validity>;

export const unitSummary = z.object({
  company: companyRef,
  round: z.object({ id: int, name: z.string(), year: int, state: z.enum(ROUND_STATES) }),
  /** No formal ballot in the round yet: every table is there, with zero voters. */
  empty: z.boolean(),
  validity,
  appraisal: appraisalSummary,
  cadre: cadreSummary,
  newly_promoted: newlyPromotedSummary,
  generated_at: z.string(),
});
export type UnitSummary = z.infer<typeof unitSummary>;
