// 民主推荐 (issue 30): zod schemas of the posts (推荐职位) and their candidates (参考人选), the ballot entry,
// the voter's view of a post and the results. The rules are in recommendation-rules.ts (zod-free, for the
// voter pages), the counting in recommendation-count.ts, the 按姓氏笔画 order in strokes.ts.
import { z } from 'zod';
import {
  agree,
  bodyId,
  companyRef,
  idSchema,
  int,
  missingOr,
  optionalText,
  requiredText,
  strict,
  type Same,
} from './common';
import type { RecommendationCandidateResult, RecommendationPostResult } from './recommendation-count';
import {
  CANDIDATE_ORDERS,
  nameKey,
  postNumbersProblems,
  RECOMMENDATION_LIMITS as LIMITS,
  RECOMMENDATION_MODES,
  type PostNumbersInput,
  type PublicRecommendationCandidate,
  type PublicRecommendationPost,
  type RecommendationAnswers,
  type RecommendationBallotEntry,
} from './recommendation-rules';
import { sortOrder } from './vote-type';

export const recommendationMode = z.enum(RECOMMENDATION_MODES, {
  error: '推荐方式只能是 meeting（会议推荐）或 talk（谈话调研推荐）',
});
export const candidateOrder = z.enum(CANDIDATE_ORDERS, {
  error: '人选排序只能是 typed（按录入顺序）或 surname_strokes（按姓氏笔画）',
});

const count = (label: string, min: number, max: number) =>
  z
    .number({ error: missingOr(label, `${label}必须是数字`) })
    .int({ error: `${label}必须是整数` })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(max, { error: `${label}不能大于 ${max}` });

const isActive = z.boolean({ error: '启用状态必须是布尔值' });
const postName = requiredText('推荐职位名称', 100);
const seats = count('职数', 1, LIMITS.seatsMax);
const maxChoices = count('最多推荐人数', 1, LIMITS.candidatesMax + LIMITS.writeInSlotsMax);
const minChoices = count('最少推荐人数', 1, LIMITS.candidatesMax + LIMITS.writeInSlotsMax);
const writeInSlots = count('另提名栏数', 0, LIMITS.writeInSlotsMax);

export const candidateName = requiredText('人选姓名', LIMITS.nameMax);
const candidateFields = {
  name: candidateName,
  current_position: optionalText('现任职务', 200).default(''),
  birth_date: optionalText('出生年月', 50).default(''),
  note: optionalText('备注', 200).default(''),
};

/** A 参考人选 in a create body. */
export const recommendationCandidateInput = strict('参考人选', candidateFields);
/** A 参考人选 in an update body: with the id of one kept (ballots name it), without for a new one. */
export const recommendationCandidateUpdateInput = strict('参考人选', {
  id: bodyId('参考人选 ID（id）').optional(),
  ...candidateFields,
});

const candidateList = <T extends z.ZodType<{ name: string }>>(item: T) =>
  z
    .array(item, { error: '参考人选必须是数组' })
    .max(LIMITS.candidatesMax, { error: `每个推荐职位最多 ${LIMITS.candidatesMax} 名参考人选` })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      for (const c of list) {
        const key = nameKey(c.name);
        if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `参考人选“${c.name}”重复` });
        seen.add(key);
      }
    });

/** postNumbersProblems on what a body sends (an update checks only what it sends; the server checks the merged post). */
function checkNumbers(v: PostNumbersInput, ctx: z.core.$RefinementCtx) {
  for (const p of postNumbersProblems(v))
    ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
}

/**
 * POST /api/v1/admin/recommendation-posts: a post with its candidates. max_choices defaults to seats,
 * write_in_slots to 0 (no 另提名), min_choices to none, candidate_order to the order typed.
 */
export const recommendationPostCreateBody = strict('推荐职位', {
  company_id: idSchema,
  name: postName,
  seats,
  max_choices: maxChoices.optional(),
  min_choices: minChoices.nullish(),
  write_in_slots: writeInSlots.default(0),
  candidate_order: candidateOrder.default('typed'),
  candidates: candidateList(recommendationCandidateInput).default([]),
  is_active: isActive.default(true),
  /** Omitted: after the company's last post. */
  sort_order: sortOrder.optional(),
})
  .superRefine(checkNumbers)
  .transform((v) => ({ ...v, max_choices: v.max_choices ?? v.seats, min_choices: v.min_choices ?? null }));
export type RecommendationPostCreateBody = z.output<typeof recommendationPostCreateBody>;
/** What a client sends to create one (the server fills the defaults). */
export type RecommendationPostCreateInput = z.input<typeof recommendationPostCreateBody>;

/**
 * PUT /api/v1/admin/recommendation-posts/{id}: any field. `candidates`, when sent, is the whole new list:
 * entries with an id keep that candidate (renamed or moved), entries without one are added, candidates
 * left out are removed (refused once ballots name them, outside 高级模式). null clears min_choices.
 */
export const recommendationPostUpdateBody = strict('推荐职位', {
  /** Only guards scope: the post must belong to this company, else 404. */
  company_id: idSchema.optional(),
  name: postName.optional(),
  seats: seats.optional(),
  max_choices: maxChoices.optional(),
  min_choices: minChoices.nullish(),
  write_in_slots: writeInSlots.optional(),
  candidate_order: candidateOrder.optional(),
  candidates: candidateList(recommendationCandidateUpdateInput)
    .refine((list) => {
      const ids = list.flatMap((c) => (c.id === undefined ? [] : [c.id]));
      return new Set(ids).size === ids.length;
    }, '参考人选 ID 重复')
    .optional(),
  is_active: isActive.optional(),
  sort_order: sortOrder.optional(),
})
  .refine((v) => Object.keys(v).some((k) => k !== 'company_id'), { error: '没有要修改的内容' })
  .superRefine(checkNumbers);
export type RecommendationPostUpdateBody = z.output<typeof recommendationPostUpdateBody>;

export const recommendationPostListQuery = z.object({ company_id: idSchema });

export const recommendationCandidate = z.object({
  id: int,
  post_id: int,
  name: z.string(),
  current_position: z.string(),
  birth_date: z.string(),
  note: z.string(),
  sort_order: int,
});
export type RecommendationCandidate = z.infer<typeof recommendationCandidate>;

/** A post as the admin API answers it (POST, PUT, GET list), candidates in the post's order. */
export const recommendationPost = z.object({
  id: int,
  company_id: int,
  name: z.string(),
  seats: int,
  max_choices: int,
  min_choices: int.nullable(),
  write_in_slots: int,
  candidate_order: candidateOrder,
  /** More candidates than seats: 差额. */
  differential: z.boolean(),
  is_active: z.boolean(),
  sort_order: int,
  candidates: z.array(recommendationCandidate),
  created_at: z.string(),
});
export type RecommendationPost = z.infer<typeof recommendationPost>;
export const recommendationPostList = z.array(recommendationPost);

// —— The ballot ——

/** One post's answers: candidate ids chosen and names written in; both empty = 弃权. */
export const recommendationAnswersInput = strict('推荐答案', {
  choices: z
    .array(bodyId('参考人选 ID'), { error: missingOr('所选人选（choices）', '所选人选必须是数组') })
    .max(LIMITS.candidatesMax, { error: '所选人选过多' }),
  write_ins: z
    .array(
      z
        .string({ error: '另提名人选姓名必须是文本' })
        .max(LIMITS.nameMax * 4, { error: '另提名人选姓名过长' }),
      {
        error: missingOr('另提名人选（write_ins）', '另提名人选必须是数组'),
      },
    )
    .max(LIMITS.writeInSlotsMax, { error: `另提名人选最多 ${LIMITS.writeInSlotsMax} 人` }),
});

/** An entry of `ballots` for this family: `{ post_id, answers: { choices, write_ins } }`. */
export const recommendationBallotEntryInput = strict('推荐答卷', {
  post_id: bodyId('推荐职位 ID（post_id）'),
  answers: recommendationAnswersInput,
});

export const publicRecommendationCandidate = recommendationCandidate.pick({
  id: true,
  name: true,
  current_position: true,
  birth_date: true,
  note: true,
});
/** An active post in GET /public/polls/vote-type/{link_id}. */
export const publicRecommendationPost = recommendationPost
  .pick({
    id: true,
    name: true,
    seats: true,
    max_choices: true,
    min_choices: true,
    write_in_slots: true,
    differential: true,
    sort_order: true,
  })
  .extend({ candidates: z.array(publicRecommendationCandidate) });

// —— 姓名校改 ——

/**
 * 姓名校改 of a post's write-ins: these spellings count as `name` (an audited action; the ballots keep the
 * raw names). `name` may be a listed candidate's name: those votes go to the candidate.
 */
export const recommendationNameMergeBody = strict('姓名校改', {
  company_id: idSchema,
  post_id: bodyId('推荐职位 ID（post_id）'),
  spellings: z
    .array(requiredText('原填写姓名', LIMITS.nameMax * 4), {
      error: missingOr('原填写姓名（spellings）', '原填写姓名必须是数组'),
    })
    .min(1, { error: '请至少选择一个要校改的姓名' })
    .max(100, { error: '一次最多校改 100 个姓名' }),
  name: requiredText('校改后的姓名', LIMITS.nameMax),
});
export type RecommendationNameMergeBody = z.infer<typeof recommendationNameMergeBody>;

// —— Results ——

export const recommendationCandidateResult = z.object({
  candidate_id: int.nullable().meta({ description: '参考人选 ID；另提名人选为 null' }),
  name: z.string(),
  votes: int,
  share: z.number().meta({ description: '得票率（%）= 得票数 ÷ 该职位有效票数，四舍五入保留两位小数' }),
  rank: int.meta({ description: '按得票数排名，票数相同名次并列（1、1、3）' }),
  write_in: z.boolean(),
  above_half: z.boolean().meta({ description: '得票数超过该职位有效票数的一半' }),
});

export const recommendationPostResult = z.object({
  post_id: int,
  name: z.string(),
  seats: int,
  max_choices: int,
  expected: int.nullable().meta({ description: '应到人数；未设置时为 null' }),
  received: int.meta({ description: '收回票数 = 有效 + 无效' }),
  valid: int.meta({ description: '该职位有效票数（含弃权）' }),
  invalid: int.meta({ description: '该职位无效票数（超过最多推荐人数等）' }),
  abstained: int.meta({ description: '该职位弃权票数（未推荐任何人）' }),
  quorum_met: z
    .boolean()
    .nullable()
    .meta({ description: '收回票数 ≥ 应到人数的三分之二；应到人数未设置时为 null' }),
  warning: z.string().nullable(),
  candidates: z.array(recommendationCandidateResult),
});

/** A voter group (vote type) of the family and its posts' figures. */
export const recommendationGroupResult = z.object({
  vote_type_id: int,
  name: z.string(),
  recommendation_mode: recommendationMode,
  posts: z.array(recommendationPostResult),
});

/**
 * GET /api/v1/admin/companies/{id}/recommendation-results (closed vote types only): per voter group and in
 * total, side by side; `total.posts[j]` and every `groups[i].posts[j]` are the same post.
 */
export const recommendationResults = z.object({
  company: companyRef,
  groups: z.array(recommendationGroupResult),
  total: z.object({ posts: z.array(recommendationPostResult) }),
  /** RECOMMENDATION_SHARE_NOTE: the 口径 under every table. */
  share_note: z.string(),
  /** The family's vote types still open, left out (openVoteTypesNote); null when none. */
  open_note: z.string().nullable(),
  generated_at: z.string(),
});
export type RecommendationResults = z.infer<typeof recommendationResults>;

// The plain types of recommendation-rules.ts and recommendation-count.ts and these schemas agree.
agree<Same<z.output<typeof recommendationAnswersInput>, RecommendationAnswers>>();
agree<Same<z.output<typeof recommendationBallotEntryInput>, RecommendationBallotEntry>>();
agree<Same<z.output<typeof publicRecommendationCandidate>, PublicRecommendationCandidate>>();
agree<Same<z.output<typeof publicRecommendationPost>, PublicRecommendationPost>>();
agree<Same<z.output<typeof recommendationCandidateResult>, RecommendationCandidateResult>>();
agree<Same<z.output<typeof recommendationPostResult>, RecommendationPostResult>>();

// —— Import ——

/**
 * The columns of the 推荐职位 Excel import: one row per 参考人选; consecutive rows of one 推荐职位 make one
 * post, whose numbers are read from its first row (最多推荐人数 blank: = 职数; 另提名栏数 blank: 0). A row
 * without 参考人选 adds a post without listed candidates (另提名 only).
 */
export const RECOMMENDATION_IMPORT_COLUMNS = [
  '推荐职位',
  '职数',
  '最多推荐人数',
  '另提名栏数',
  '参考人选',
  '现任职务',
  '出生年月',
  '备注',
] as const;

/** GET /recommendation-results?company_id=&round_id= */
export const recommendationResultsQuery = z.object({ round_id: idSchema.optional() });
