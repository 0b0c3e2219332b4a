import { z } from 'zod';
import { cadreFormSchema } from './cadre-schema';
import { bodyId, fieldText, idSchema, missingOr, optionalText } from './common';
import { errorDetail } from './errors';
import { newlyPromotedFormSchema } from './newly-promoted-schema';
import { POLL_TARGET_TYPES, type FormSchemaOf, type PollTargetType } from './poll-kinds';
import { scoringFormSchema } from './scoring-schema';

export const pollTargetType = z.enum(POLL_TARGET_TYPES, {
  error: missingOr('问卷类型（target_type）', '问卷类型只能是 company、person、cadre 或 newly_promoted'),
});

/** A poll as the API answers it. form_schema follows the kind: see parseFormSchema. */
export const poll = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  form_schema: z
    .record(z.string(), z.unknown())
    .meta({ description: '按 target_type：评分问卷、选人用人工作问卷或新提拔任用干部问卷的结构' }),
  target_type: pollTargetType,
  company_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Poll = z.infer<typeof poll>;
export const pollList = z.array(poll);

const title = fieldText('问卷标题', 200);
const description = optionalText('问卷说明', 2000);

/** form_schema as sent: an object, or the same object as a JSON string (spec §3). */
export const formSchemaInput = z.union([z.string().max(500_000), z.record(z.string(), z.unknown())], {
  error: missingOr('问卷内容（form_schema）', '问卷内容必须是对象或 JSON 字符串'),
});

/** POST /admin/polls/ */
export const pollCreateBody = z.strictObject({
  company_id: bodyId('单位 ID'),
  target_type: pollTargetType,
  title,
  description: description.default(''),
  form_schema: formSchemaInput,
});
export type PollCreateBody = z.infer<typeof pollCreateBody>;

/** PUT /admin/polls/{id}: any of the three; what is left out stays as it is. */
export const pollUpdateBody = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    form_schema: formSchemaInput.optional(),
  })
  .refine((b) => b.title !== undefined || b.description !== undefined || b.form_schema !== undefined, {
    error: '请至少提供问卷标题、问卷说明或问卷内容中的一项',
  });
export type PollUpdateBody = z.infer<typeof pollUpdateBody>;

/** POST /admin/polls/copy-from-template */
export const copyFromTemplateBody = z.strictObject({
  company_id: bodyId('单位 ID'),
  target_type: pollTargetType,
});
export type CopyFromTemplateBody = z.infer<typeof copyFromTemplateBody>;

export const pollListQuery = z.object({
  company_id: idSchema.optional(),
  target_type: pollTargetType.optional(),
});
export type PollListQuery = z.infer<typeof pollListQuery>;
export const companyPollsQuery = z.object({ target_type: pollTargetType.optional() });

/** GET /admin/polls/{pollId}/stats?company_id= : ballots and voters per poll. */
export const pollStatsParams = z.object({ pollId: idSchema });
export const pollStatsQuery = z.object({ company_id: idSchema.optional() });
export const pollStatsRow = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  target_type: pollTargetType,
  title: z.string(),
  /** Stored ballot rows: one per voter and target for scoring polls, one per voter otherwise. */
  ballot_count: z.number().int(),
  /** Distinct submissions (voters) with a ballot on this poll. */
  voter_count: z.number().int(),
});
export type PollStatsRow = z.infer<typeof pollStatsRow>;
export const pollStatsList = z.array(pollStatsRow);

/** Why a form_schema was refused: `error` is the Chinese detail of `code` (the API answers it as such). */
type FormSchemaCode = 'FORM_SCHEMA_NOT_JSON' | 'FORM_SCHEMA_NOT_OBJECT' | 'FORM_SCHEMA_INVALID';
export type FormSchemaResult<T> =
  | { success: true; data: T }
  | { success: false; error: string; code: FormSchemaCode; params?: { issues: string } };

const refusedSchema = (code: FormSchemaCode, params?: { issues: string }) => ({
  success: false as const,
  error: errorDetail(code, params),
  code,
  params,
});

const SCHEMAS = {
  company: scoringFormSchema,
  person: scoringFormSchema,
  cadre: cadreFormSchema,
  newly_promoted: newlyPromotedFormSchema,
} as const;

const INDEXED: Record<string, string> = { options: '个选项', items: '个题目', pages: '页', questions: '题' };

/** A Chinese location for an issue path: ['reverseEvaluation','options',0,'score'] → 反向测评第 1 个选项. */
export function describeSchemaPath(path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const next = path[i + 1];
    if (seg === 'reverseEvaluation') parts.push('反向测评');
    else if (seg === 'evaluationGroups' && typeof next === 'number') {
      parts.push(next === 0 ? '总体评价' : next === 1 ? '分项评价' : `第 ${next + 1} 个评价分组`);
      i++;
    } else if (typeof seg === 'string' && INDEXED[seg] && typeof next === 'number') {
      parts.push(`第 ${next + 1} ${INDEXED[seg]}`);
      i++;
    }
    // Leaf field names (score, label, …) are named by the message itself.
  }
  return parts.join('');
}

/**
 * Checks a form_schema (object or JSON string) against the schema of the poll kind, with defaults
 * filled in. The error names where and what, in Chinese, e.g. '反向测评第 1 个选项：分值不能小于 -100'.
 */
export function parseFormSchema<K extends PollTargetType>(
  kind: K,
  raw: unknown,
): FormSchemaResult<FormSchemaOf<K>> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return refusedSchema('FORM_SCHEMA_NOT_JSON');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return refusedSchema('FORM_SCHEMA_NOT_OBJECT');
  }
  const result = SCHEMAS[kind].safeParse(value);
  if (result.success) return { success: true, data: result.data as FormSchemaOf<K> };
  const messages = result.error.issues.slice(0, 3).map((issue) => {
    const where = describeSchemaPath(issue.path);
    return where ? `${where}：${issue.message}` : issue.message;
  });
  return refusedSchema('FORM_SCHEMA_INVALID', { issues: messages.join('；') });
}
