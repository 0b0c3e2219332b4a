// zod schemas of the public voting API (server validation and the OpenAPI document). The voter pages
// import the plain types of public-vote-types.ts instead, so their bundle never loads zod.
import { z } from 'zod';
import { agree, bodyId, companyRef as company, idSchema, missingOr, strict, type Same } from './common';
import { normalizeReceiptCode } from './ballot-codes';
import { evaluationSubject } from './evaluation-subject';
import { pollTargetType as pollKind } from './poll';
import { publicRecommendationPost, recommendationBallotEntryInput } from './recommendation';
import type { RecommendationBallotEntry } from './recommendation-rules';
import { POLL_TARGET_TYPES, type FormSchemaOf } from './poll-kinds';
import {
  MAX_BALLOT_ENTRIES,
  PUBLIC_VOTE_DETAILS,
  VOTER_IDENTIFIER_MAX,
  VOTER_IDENTIFIER_MIN,
  VOTER_IDENTIFIER_PATTERN,
  type BallotEntryInput,
  type PublicCadrePoll,
  type PublicCompanyPolls,
  type PublicPoll,
  type PublicPollKind,
  type PublicPollStats,
  type PublicPollSummary,
  type PublicVoteTypeStats,
  type PublicSubject,
  type PublicTarget,
  type PublicVoteTypeView,
  type SubmissionBody,
  type SubmissionReceipt,
} from './public-vote-types';
import { targetType } from './vote-target';
import { formCategory } from './vote-type';

/** A vote type link as it appears in /vote/type/{link_id}. */
export const linkId = z
  .string({ error: missingOr('投票链接（link_id）', '投票链接必须是文本') })
  .min(1, { error: '投票链接不能为空' })
  .max(100, { error: '投票链接无效' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: '投票链接无效' });

export const voterIdentifier = z
  .string({ error: missingOr('投票人标识（voter_identifier）', '投票人标识必须是文本') })
  .min(VOTER_IDENTIFIER_MIN, { error: `投票人标识至少 ${VOTER_IDENTIFIER_MIN} 个字符` })
  .max(VOTER_IDENTIFIER_MAX, { error: `投票人标识不能超过 ${VOTER_IDENTIFIER_MAX} 个字符` })
  .regex(VOTER_IDENTIFIER_PATTERN, { error: '投票人标识只能包含字母、数字和 - _ . ~' });

export const submissionId = z.uuid({
  error: missingOr('提交编号（submission_id）', '提交编号必须是 UUID'),
});

export const ballotEntryInput = strict('答卷', {
  poll_id: bodyId('问卷 ID（poll_id）'),
  target_id: bodyId('测评对象 ID（target_id）').nullish(),
  answers: z.record(z.string(), z.unknown(), {
    error: missingOr('答案（answers）', '答案必须是对象'),
  }),
});

const isPostEntry = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'post_id' in v;

/**
 * An entry of `ballots`: `{ poll_id, target_id?, answers }` (民主测评, 民主评议), or `{ post_id, answers: {
 * choices, write_ins } }` (民主推荐, recommendation.ts). Told apart by `post_id`, then checked by that one
 * schema, so that a broken entry gets its own schema's messages (a union would answer "Invalid input").
 */
export const submissionEntryInput = z
  .unknown()
  .transform((v, ctx): BallotEntryInput | RecommendationBallotEntry => {
    const r = isPostEntry(v) ? recommendationBallotEntryInput.safeParse(v) : ballotEntryInput.safeParse(v);
    if (r.success) return r.data;
    for (const i of r.error.issues)
      ctx.addIssue({ code: 'custom', message: i.message, path: i.path, input: v });
    return z.NEVER;
  })
  .meta({
    description:
      '民主测评、民主评议：{ poll_id, target_id?, answers }；民主推荐：{ post_id, answers: { choices: [参考人选 ID], write_ins: [另提名姓名] } }',
  });

/** POST /public/polls/votes/ : unknown keys anywhere in the envelope are refused. */
export const submissionBody = strict('请求体', {
  link_id: linkId,
  voter_identifier: voterIdentifier,
  submission_id: submissionId,
  code: z.string({ error: '测评码必须是文本' }).max(40, { error: '测评码无效，请核对后重新输入' }).optional(),
  ballots: z
    .array(submissionEntryInput, { error: missingOr('答卷列表（ballots）', '答卷列表必须是数组') })
    .min(1, { error: '答卷列表不能为空' })
    .max(MAX_BALLOT_ENTRIES, { error: `答卷列表不能超过 ${MAX_BALLOT_ENTRIES} 份` }),
});

export const linkParams = z.object({ linkId });
export const coverParams = z.object({
  linkId,
  kind: z.enum(['front', 'back'], { error: '封面类型只能是 front 或 back' }),
});
/** ?v=: the start of the cover's hash the page was given, so a replaced cover is never served stale. */
export const coverVersionQuery = z.object({ v: z.string().max(64).optional() });
export const voterQuery = z.object({ voter_identifier: voterIdentifier.optional() });
export const voteTypeViewQuery = voterQuery.extend({
  code: z.string({ error: '测评码必须是文本' }).max(40, { error: '测评码无效，请核对后重新输入' }).optional(),
});
/**
 * The same two values as request headers, which the product's own voter page sends instead of the query:
 * a query string is kept by proxies' and servers' access logs, a header is not. Other headers pass.
 */
export const voteTypeViewHeaders = z.looseObject({
  'x-voter-id': voterIdentifier
    .optional()
    .meta({ description: '本浏览器的投票人标识（同查询参数 voter_identifier）' }),
  'x-ballot-code': z
    .string({ error: '测评码必须是文本' })
    .max(40, { error: '测评码无效，请核对后重新输入' })
    .optional()
    .meta({ description: '测评码（同查询参数 code）' }),
});
/** A receipt id made by the server (base64url). */
export const receiptId = z
  .string()
  .min(8, { error: '回执编号无效' })
  .max(64, { error: '回执编号无效' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: '回执编号无效' });
export const receiptParams = z.object({ receiptId });
/** A receipt code (回执码) as typed: XXXX-XXXX, case, spaces and dashes ignored. */
export const receiptCodeParams = z.object({
  receiptCode: z
    .string()
    .max(32, { error: PUBLIC_VOTE_DETAILS.receiptCodeInvalid })
    .refine((s) => normalizeReceiptCode(s) !== null, { error: PUBLIC_VOTE_DETAILS.receiptCodeInvalid }),
});
export const companyPollKindParams = z.object({
  companyId: idSchema,
  type: z.enum(POLL_TARGET_TYPES, { error: '问卷类型只能是 company、person、cadre 或 newly_promoted' }),
});
export const targetsQuery = z.object({ target_type: targetType.optional() });

/** A poll of one kind; its form_schema was checked when it was saved and is not checked again here. */
const pollOf = <K extends PublicPollKind>(kind: K, schema: string) =>
  z.object({
    id: z.number().int(),
    company_id: z.number().int(),
    title: z.string(),
    description: z.string(),
    target_type: z.literal(kind),
    form_schema: z.custom<FormSchemaOf<K>>().meta({ description: schema }),
  });
const scoringSchema = '评分问卷：evaluationGroups（总体评价、分项评价）与 reverseEvaluation（反向测评）';
const scoringPoll = [pollOf('company', scoringSchema), pollOf('person', scoringSchema)] as const;
const cadrePoll = pollOf('cadre', '选人用人工作问卷：title 与 pages（每页 questions、footer_text）');
const newlyPromotedPoll = pollOf(
  'newly_promoted',
  '新提拔任用干部问卷：title、reason_question、reason_placeholder、footer_note',
);
export const publicPoll = z.discriminatedUnion('target_type', [...scoringPoll, cadrePoll, newlyPromotedPoll]);
export const publicTarget = z.object({
  id: z.number().int(),
  name: z.string(),
  type: targetType,
  title: z.string(),
  sort_order: z.number().int(),
});
export const publicSubject = evaluationSubject.pick({
  id: true,
  name: true,
  birth_date: true,
  previous_position: true,
  current_position: true,
  sort_order: true,
});
const publicCover = z.object({
  url: z.string(),
  content_type: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const publicVoteTypeView = z.object({
  link_id: z.string(),
  company,
  vote_type: z.object({
    name: z.string(),
    form_category: formCategory,
    opens_at: z.string().nullable(),
    closes_at: z.string().nullable(),
    status: z.enum(['open', 'not_started', 'closed', 'inactive', 'full']).meta({
      description: 'full：公开链接方式设了应到人数，且已收回的选票（试投票期间为试投票）已达到应到人数',
    }),
    access_mode: z.enum(['link', 'codes']),
    test_mode: z.boolean(),
  }),
  code_state: z.enum(['usable', 'used', 'voided', 'unknown']).nullable(),
  ready: z.boolean(),
  notice: z.string().nullable(),
  round_archived: z.boolean(),
  polls: z.array(publicPoll),
  targets: z.array(publicTarget),
  subjects: z.array(publicSubject),
  /** 民主推荐: the active posts with their candidates, in order (empty for the other families and when not open). */
  posts: z.array(publicRecommendationPost),
  covers: z.object({ front: publicCover.nullable(), back: publicCover.nullable() }),
  already_voted: z.boolean(),
});

export const submissionReceipt = z.object({
  receipt_id: z.string(),
  receipt_code: z.string(),
  voted_on: z.string(),
  company,
  vote_type: z.object({ name: z.string(), form_category: formCategory }),
  ballot_count: z.number().int(),
  is_test: z.boolean(),
});

export const publicCompanyPolls = z.object({
  company,
  polls: z.array(z.discriminatedUnion('target_type', [...scoringPoll])),
  has_voted: z.boolean(),
});
export const publicCadrePoll = z.object({ company, poll: cadrePoll, has_voted: z.boolean() });
export const publicPollSummaryList = z.array(
  z.object({ id: z.number().int(), title: z.string(), target_type: pollKind, company }),
);

/** The figures are those of contracts/scoring (aggregateScoring, aggregateCadre, aggregateNewlyPromoted). */
export const publicPollStats = z.object({
  poll: z.object({ id: z.number().int(), title: z.string(), target_type: pollKind }),
  company,
  vote_types: z.array(
    z.custom<PublicVoteTypeStats>().meta({
      description:
        '{name, ballot_count} 及 targets（评分问卷：每个对象的汇总，不含最高分、最低分）、questions（选人用人：每题的选项统计，不含文字答案）或 subjects（新提拔：每人的认同情况，不含原因）',
    }),
  ),
});

// The plain types of public-vote-types.ts and these schemas describe the same shapes; the compiler checks it.
agree<Same<z.output<typeof submissionBody>, SubmissionBody>>();
agree<Same<z.output<typeof publicPoll>, PublicPoll>>();
agree<Same<z.output<typeof publicTarget>, PublicTarget>>();
agree<Same<z.output<typeof publicSubject>, PublicSubject>>();
agree<Same<z.output<typeof publicCompanyPolls>, PublicCompanyPolls>>();
agree<Same<z.output<typeof publicCadrePoll>, PublicCadrePoll>>();
agree<Same<z.output<typeof publicPollSummaryList>[number], PublicPollSummary>>();
agree<Same<z.output<typeof publicVoteTypeView>, PublicVoteTypeView>>();
agree<Same<z.output<typeof submissionReceipt>, SubmissionReceipt>>();
agree<Same<z.output<typeof publicPollStats>, PublicPollStats>>();
