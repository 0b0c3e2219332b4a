import { z } from 'zod';
import { type ErrorCode, ERRORS } from './errors';

/** Largest value of a PostgreSQL integer column; ids beyond it can never exist. */
export const MAX_INT = 2_147_483_647;

/** A database id from a path or query string. */
export const idSchema = z.coerce
  .number({ error: 'ID 必须是数字' })
  .int({ error: 'ID 必须是整数' })
  .min(1, { error: 'ID 必须是正整数' })
  .max(MAX_INT, { error: 'ID 超出范围' });

export const idParams = z.object({ id: idSchema });
export const companyIdParams = z.object({ companyId: idSchema });

/** skip/limit paging of lists that can grow large. */
export const pagingQuery = z.object({
  skip: z.coerce.number().int().min(0).max(MAX_INT).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(20),
});

export const pagedOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });
/** A page of a paged list, as pagedOf describes it. */
export type Paged<T> = { items: T[]; total: number };

export const countResponse = z.object({ count: z.number().int() });

/** Every API error body: `{ "detail": "<中文说明>" }`. */
/** Every refusal: the Chinese detail to show and its code of the table in errors.ts (decide by the code). */
export const errorResponse = z.object({
  detail: z.string().describe('中文说明，可直接展示给用户'),
  code: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]).describe('错误码（见文档开头的错误码表）'),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** An error message for a field that may be missing: '缺少<label>' when absent, else `wrong`. */
export const missingOr = (label: string, wrong: string) => (iss: { input?: unknown }) =>
  iss.input === undefined ? `缺少${label}` : wrong;

/** An object that refuses unknown keys, with Chinese messages naming it. */
export const strict = <T extends z.ZodRawShape>(label: string, shape: T) =>
  z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `${label}不支持字段：${iss.keys.join('、')}`
        : missingOr(label, `${label}必须是对象`)(iss),
  });

/** An id inside a JSON body: a real number, never a numeric string. */
export const bodyId = (label: string) =>
  z
    .number({ error: missingOr(label, `${label}必须是数字`) })
    .int({ error: `${label}必须是整数` })
    .min(1, { error: `${label}必须是正整数` })
    .max(MAX_INT, { error: `${label}超出范围` });

const nonEmptyText = (label: string, max: number, notText: z.core.$ZodErrorMap | string) =>
  z
    .string({ error: notText })
    .trim()
    .min(1, { error: `${label}不能为空` })
    .max(max, { error: `${label}不能超过 ${max} 个字符` });

/** Trimmed, non-empty text with a Chinese message naming the field. */
export const requiredText = (label: string, max: number) => nonEmptyText(label, max, `${label}必须是文本`);

/** Like requiredText, for a field the body must carry: an absent one says '缺少<label>'. */
export const fieldText = (label: string, max: number) =>
  nonEmptyText(label, max, missingOr(label, `${label}必须是文本`));

/** Optional free text, trimmed, '' when absent. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` });

/** An integer in a response shape. */
export const int = z.number().int();

// In UTC: the database gets the instant as an ISO string, and PostgreSQL has no year 0 (and no year 10000).
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** An instant with its offset, as query strings and bodies send it; years 0001-9999 in UTC. */
export const instant = z.iso
  .datetime({
    offset: true,
    error: '时间必须是 ISO 8601 格式，例如 2025-01-01T09:00:00+08:00',
  })
  .refine(
    (s) => {
      const t = Date.parse(s);
      return t >= FIRST_INSTANT && t <= LAST_INSTANT;
    },
    { error: '时间超出范围（年份须在 0001 到 9999 之间）' },
  );

/** A company named in a response: id and name. */
export const companyRef = z.object({ id: int, name: z.string() });

/** The two scored poll kinds (民主测评), in response shapes and filters. */
export const scoringKind = z.enum(['company', 'person']);

/** True when A and B are the same type; `agree<Same<A, B>>()` lets the compiler check two shapes agree. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const agree = <T extends true>(): T | undefined => undefined;
