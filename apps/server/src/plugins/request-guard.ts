import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { AppError } from '../lib/errors';

/** Deeper than any body this API takes (a ballot's answers are three levels below its entries). */
export const MAX_DEPTH = 32;

export const NUL_DETAIL = '请求中含有不可见控制字符（NUL），请删除后重试';
export const DEPTH_DETAIL = `请求内容嵌套层级过深（最多 ${MAX_DEPTH} 层）`;

/**
 * What no route can store or compare safely, whatever its schema says: a NUL character (PostgreSQL text
 * and jsonb refuse it, so the database would answer 500) and nesting deeper than MAX_DEPTH (recursive
 * code such as the replay comparison would overflow the stack). Walks without recursion.
 */
export function findUnsafe(data: unknown): string | undefined {
  const stack: [unknown, number][] = [[data, 0]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return NUL_DETAIL;
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_DEPTH) return DEPTH_DETAIL;
      if (Buffer.isBuffer(value)) continue;
      for (const [k, v] of Object.entries(value)) {
        if (k.includes('\u0000')) return NUL_DETAIL;
        stack.push([v, depth + 1]);
      }
    }
  }
  return undefined;
}

/**
 * Wraps the schema validator of every route part (body, query string, path, headers), so the check
 * above runs for every route that declares a schema, a future one included, after multipart fields are
 * attached and before any handler sees the data.
 */
export function guardedValidatorCompiler(
  inner: FastifySchemaCompiler<FastifySchema>,
): FastifySchemaCompiler<FastifySchema> {
  return (route) => {
    const validate = inner(route);
    return (data: unknown) => {
      const unsafe = findUnsafe(data);
      if (unsafe) return { error: new AppError('BAD_REQUEST', unsafe) };
      return validate(data);
    };
  };
}
