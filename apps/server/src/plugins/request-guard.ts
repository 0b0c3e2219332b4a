import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { errorBody, fail } from '../lib/errors';

/** Deeper than any body this API takes (a ballot's answers are three levels below its entries). */
export const MAX_DEPTH = 32;

/** What is wrong with a value: a NUL character (in a ballot's answers, 答案; anywhere else, 内容) or depth. */
type Unsafe = { nul: '答案' | '内容' } | { deep: true };
const nulIn = (inAnswers: boolean): Unsafe => ({ nul: inAnswers ? '答案' : '内容' });

/**
 * What no route can store or compare safely, whatever its schema says: a NUL character (PostgreSQL text
 * and jsonb refuse it, so the database would answer 500) and nesting deeper than MAX_DEPTH (recursive
 * code such as the replay comparison would overflow the stack). Walks without recursion.
 */
export function findUnsafe(data: unknown): Unsafe | undefined {
  // Parallel stacks, no per-value allocation: this runs on every ballot (about 150 values each).
  const values: unknown[] = [data];
  const depths: number[] = [0];
  const answers: boolean[] = [false];
  while (values.length) {
    const value = values.pop();
    const depth = depths.pop()!;
    const inAnswers = answers.pop()!;
    if (typeof value === 'string') {
      if (value.indexOf('\u0000') !== -1) return nulIn(inAnswers);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return { deep: true };
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        values.push(value[i]);
        depths.push(depth + 1);
        answers.push(inAnswers);
      }
      continue;
    }
    if (Buffer.isBuffer(value)) continue;
    const o = value as Record<string, unknown>;
    for (const k in o) {
      if (k.indexOf('\u0000') !== -1) return nulIn(inAnswers);
      values.push(o[k]);
      depths.push(depth + 1);
      answers.push(inAnswers || k === 'answers');
    }
  }
  return undefined;
}

/**
 * Wraps the schema validator of every route part (body, query string, path, headers), so the check
 * above runs for every route that declares a schema, a future one included, after multipart fields are
 * attached and before any handler sees the data.
 */
export function guardedValidatorCompiler<S>(inner: FastifySchemaCompiler<S>): FastifySchemaCompiler<S> {
  return (route) => {
    const validate = inner(route);
    // A body is refused as every body's validation error is (422), a query string or a path with 400.
    const body = route.httpPart === 'body';
    return (data: unknown) => {
      const unsafe = findUnsafe(data);
      if (unsafe && 'deep' in unsafe)
        return { error: fail(body ? 'TOO_DEEP' : 'TOO_DEEP_QUERY', { max: MAX_DEPTH }) };
      if (unsafe) return { error: fail(body ? 'UNSTORABLE_TEXT' : 'UNSTORABLE_QUERY', { what: unsafe.nul }) };
      return validate(data);
    };
  };
}

/**
 * Errors the router raises before any route runs (a path that is not valid percent-encoding, a path
 * segment longer than maxParamLength): the same `{ detail }` in Chinese as every other answer.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorBody('URL_TOO_LONG'));
    return;
  }
  void reply.status(400).send(errorBody('INVALID_URL'));
}
