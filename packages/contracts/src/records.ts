// Shapes of the admin records API (records/record-routes.ts and voter-routes.ts, the same under /votes,
// /cadre-votes and /recommendation-votes): ballot records, read-only ballots and per-voter results.
import { z } from 'zod';
import { idSchema, int, pagedOf, pagingQuery, scoringKind } from './common';
import { evaluationSubject } from './evaluation-subject';
import { formCategory } from './vote-type';

const order = z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).default('desc');
/**
 * The 随机编号 of a ballot (a submission): made by the server for each ballot, unrelated to anything the
 * voter's browser, code or receipt holds (issue 26). The "voter" of the records and the per-voter routes.
 */
const voterKey = z
  .string({ error: '随机编号必须是文本' })
  .trim()
  .toUpperCase()
  .min(1, { error: '请填写随机编号' })
  .max(64, { error: '随机编号最多 64 个字符' });
/** The day a ballot was cast, 'YYYY-MM-DD' in Beijing time: ballots keep no time of day. */
const votedOn = z.string();
const answers = z.record(z.string(), z.unknown());
/** Where a ballot came from: 线上 (a phone or browser) or 纸质 (a paper sheet keyed by an admin). */
const source = z.enum(['online', 'paper'], { error: '来源只能是 online 或 paper' });
const evaluationKind = z.enum(['cadre', 'newly_promoted'], {
  error: '问卷类型只能是 cadre 或 newly_promoted',
});

/**
 * The id of one ballot record (GET /votes/{id}, /cadre-votes/{id}): random, up to 52 bits, so that no id
 * rises with the order of arrival (issue 26); a safe JavaScript integer.
 */
export const ballotIdParams = z.object({
  id: z.coerce
    .number({ error: 'ID 必须是数字' })
    .int({ error: 'ID 必须是整数' })
    .min(1, { error: 'ID 必须是正整数' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'ID 超出范围' }),
});

/** A poll as a read-only ballot needs it. */
export const pollForm = z.object({
  id: int,
  title: z.string(),
  description: z.string(),
  target_type: z.enum(['company', 'person', 'cadre', 'newly_promoted']),
  form_schema: answers,
});
export type PollForm = z.infer<typeof pollForm>;

// ---- the records filter: one schema, extended where a list filters on more ----

/**
 * The one filter of the records screens; the ballot lists add the family's own field, and every list adds
 * paging and its order. No filter takes anything a voter holds (their browser's id): only the 随机编号.
 */
export const recordsFilterQuery = z.object({
  company_id: idSchema.optional(),
  vote_type_id: idSchema.optional(),
  voter_key: voterKey.optional(),
  /** An archived round of the unit (测评批次); absent = the current round. */
  round_id: idSchema.optional(),
  /** 线上 or 纸质 only. */
  source: source.optional(),
});
/** Per voter (/voter-results, /voter-results/count): the records filter as it is. */
export const voterFilterQuery = recordsFilterQuery;
export type VoterFilterQuery = z.infer<typeof voterFilterQuery>;

/** The ballot lists' filter: the records filter (ballots keep no time, so there is no time window). */
const ballotFilterQuery = recordsFilterQuery;

/**
 * A sorted list of a filter: paging, the sort field (the first one by default, the 随机编号, an order
 * unrelated to arrival; else `排序字段只能是 voter_key 或 score`) and the order.
 */
const sortedList = <S extends z.ZodRawShape, const T extends readonly [string, ...string[]]>(
  filter: z.ZodObject<S>,
  fields: T,
) =>
  pagingQuery.extend({
    ...filter.shape,
    sort_by: z.enum(fields, { error: `排序字段只能是 ${fields.join(' 或 ')}` }).default(fields[0]),
    order,
  });

// ---- ballot records: GET /votes/, /votes/count, /votes/{id}, the same under /cadre-votes/ ----

export const voteFilterQuery = ballotFilterQuery.extend({ target_id: idSchema.optional() });
export type VoteFilterQuery = z.infer<typeof voteFilterQuery>;
export const voteListQuery = sortedList(voteFilterQuery, ['voter_key', 'score']);
export type VoteListQuery = z.infer<typeof voteListQuery>;

/**
 * What every ballot record shows, whatever its family: never the voter's identifier, the submission id or a
 * time of day (issue 26). `id` is random (it does not rise with arrival); `voter_key` is the 随机编号.
 */
const ballotRecord = z.object({
  id: int,
  voter_key: z.string(),
  /** Cast in test mode (试投票): shown apart, never counted. */
  is_test: z.boolean(),
  company_id: int,
  vote_type_id: int,
  vote_type_name: z.string().nullable(),
  poll_id: int,
  source,
  answers,
  voted_on: votedOn,
});

/** One appraisal ballot: one voter's answers on one target. */
export const voteRecord = ballotRecord.extend({
  target_id: int,
  /** null when the target was deleted afterwards. */
  target_name: z.string().nullable(),
  target_type: scoringKind.nullable(),
  target_title: z.string().nullable(),
  score: z.number(),
});
export type VoteRecord = z.infer<typeof voteRecord>;
export const voteRecordList = pagedOf(voteRecord);
export const voteDetail = voteRecord.extend({ poll: pollForm.nullable() });
export type VoteDetail = z.infer<typeof voteDetail>;

export const cadreVoteFilterQuery = ballotFilterQuery.extend({ poll_kind: evaluationKind.optional() });
export type CadreVoteFilterQuery = z.infer<typeof cadreVoteFilterQuery>;
export const cadreVoteListQuery = pagingQuery.extend({ ...cadreVoteFilterQuery.shape, order });
export type CadreVoteListQuery = z.infer<typeof cadreVoteListQuery>;

/** One evaluation ballot: one voter's answers on the cadre or the newly promoted poll. */
export const cadreVoteRecord = ballotRecord.extend({ poll_kind: evaluationKind });
export type CadreVoteRecord = z.infer<typeof cadreVoteRecord>;
export const cadreVoteRecordList = pagedOf(cadreVoteRecord);
/** A newly promoted cadre named by `subject_{id}` keys. */
export const subjectRef = evaluationSubject.pick({
  id: true,
  name: true,
  birth_date: true,
  previous_position: true,
  current_position: true,
});
export type SubjectRef = z.infer<typeof subjectRef>;
export const cadreVoteDetail = cadreVoteRecord.extend({
  poll: pollForm.nullable(),
  subjects: z.array(subjectRef),
});
export type CadreVoteDetail = z.infer<typeof cadreVoteDetail>;

// ---- per voter: /voter-results, /voter-results/count, /by-voter/{voter}, DELETE /voter/{voter} ----

export const voterResultsQuery = sortedList(voterFilterQuery, ['voter_key', 'total_score']);
export type VoterResultsQuery = z.infer<typeof voterResultsQuery>;

/** One voter's submission (one ballot, by its 随机编号): counted from its stored ballots. */
export const voterResult = z.object({
  voter_key: z.string(),
  /** Cast in test mode (试投票): shown apart, never counted. */
  is_test: z.boolean(),
  /** 线上 or 纸质. */
  source,
  company_id: int,
  vote_type_id: int,
  vote_type_name: z.string(),
  form_category: formCategory,
  voted_on: votedOn,
  ballot_count: int,
  /**
   * Appraisal: the sum of the ballot scores; null for evaluation. Kept for the API (and its sort) only:
   * it adds one voter's scores of different people, so no screen shows it (they show target_scores).
   */
  total_score: z.number().nullable(),
  /** Appraisal: this voter's score of each target, in the roster's order; empty for evaluation. */
  target_scores: z.array(z.object({ target_id: int, target_name: z.string().nullable(), score: z.number() })),
});
export type VoterResult = z.infer<typeof voterResult>;
export const voterResultList = pagedOf(voterResult);

export const voterParams = z.object({ voter: voterKey });
export const voterBallotsQuery = z.object({
  company_id: idSchema,
  vote_type_id: idSchema.optional(),
  round_id: idSchema.optional(),
});
/** A round_id of an archived round answers 409 (archives never change). */
export const voterDeleteQuery = z.object({
  company_id: idSchema,
  vote_type_id: idSchema,
  round_id: idSchema.optional(),
  /** Why the ballots are deleted: kept in the audit log (required). */
  reason: z
    .string({ error: '请填写删除原因' })
    .trim()
    .min(2, { error: '请填写删除原因（至少 2 个字）' })
    .max(200, { error: '删除原因最多 200 个字' }),
});
export const voterBallots = z.object({
  voter_key: z.string(),
  submissions: z.array(voterResult),
  ballots: z.array(voteRecord),
  polls: z.array(pollForm),
});
export type VoterBallots = z.infer<typeof voterBallots>;
export const cadreVoterBallots = voterBallots.extend({
  ballots: z.array(cadreVoteRecord),
  subjects: z.array(subjectRef),
});
export type CadreVoterBallots = z.infer<typeof cadreVoterBallots>;
export const voterDeleteResult = z.object({
  voter_key: z.string(),
  /** Cast in test mode (试投票): shown apart, never counted. */
  is_test: z.boolean(),
  vote_type_id: int,
  deleted_ballots: int,
});
export type VoterDeleteResult = z.infer<typeof voterDeleteResult>;

// ---- 民主推荐 ballots: GET /recommendation-votes/, /count, /{id}, /by-voter/{voter}, the per-voter routes ----

/** 有效 (names chosen or written in), 弃权 (the post left empty) or 无效 (over- or under-marked on paper). */
export const recommendationVoteStatus = z.enum(['valid', 'abstained', 'invalid'], {
  error: '状态只能是 valid、abstained 或 invalid',
});
export const recommendationVoteFilterQuery = ballotFilterQuery.extend({
  /** One 推荐职位. */
  post_id: idSchema.optional(),
  status: recommendationVoteStatus.optional(),
});
export type RecommendationVoteFilterQuery = z.infer<typeof recommendationVoteFilterQuery>;
export const recommendationVoteListQuery = pagingQuery.extend({
  ...recommendationVoteFilterQuery.shape,
  order,
});
export type RecommendationVoteListQuery = z.infer<typeof recommendationVoteListQuery>;

/**
 * One 民主推荐 ballot row: one ballot's (随机编号's) answer on one post, with the names it recommended (the
 * listed candidates it chose, in the list's order) and the names written in (另提名, as stored). No poll.
 */
export const recommendationVoteRecord = ballotRecord.omit({ poll_id: true, answers: true }).extend({
  post_id: int,
  post_name: z.string(),
  status: recommendationVoteStatus,
  choices: z.array(z.object({ candidate_id: int, name: z.string() })),
  write_ins: z.array(z.string()),
});
export type RecommendationVoteRecord = z.infer<typeof recommendationVoteRecord>;
export const recommendationVoteRecordList = pagedOf(recommendationVoteRecord);
/** A whole 民主推荐 ballot (every post it answered), by its 随机编号. */
export const recommendationVoterBallots = z.object({
  voter_key: z.string(),
  submissions: z.array(voterResult),
  ballots: z.array(recommendationVoteRecord),
});
export type RecommendationVoterBallots = z.infer<typeof recommendationVoterBallots>;
