import { z } from 'zod';

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

export const countResponse = z.object({ count: z.number().int() });

/** Every API error body: `{ "detail": "<中文说明>" }`. */
export const errorResponse = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Trimmed, non-empty text with a Chinese message naming the field. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .min(1, { error: `${label}不能为空` })
    .max(max, { error: `${label}不能超过 ${max} 个字符` });

/** Optional free text, trimmed, '' when absent. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` });

/** An integer in a response shape. */
export const int = z.number().int();

/** An instant with its offset, as query strings and bodies send it. */
export const instant = z.iso.datetime({
  offset: true,
  error: '时间必须是 ISO 8601 格式，例如 2025-01-01T09:00:00+08:00',
});

/** A company named in a response: id and name. */
export const companyRef = z.object({ id: int, name: z.string() });

/** The two scored poll kinds (民主测评), in response shapes and filters. */
export const scoringKind = z.enum(['company', 'person']);

/** True when A and B are the same type; `agree<Same<A, B>>()` lets the compiler check two shapes agree. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const agree = <T extends true>(): T | undefined => undefined;
