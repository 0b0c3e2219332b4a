import { ERRORS, isErrorCode } from '@kaoping/contracts/errors';

/**
 * What is wrong with an error answer, or undefined: every 4xx/5xx body is `{ detail, code }` with a code of
 * the contracts' table (packages/contracts/src/errors.ts) whose status is the answer's status.
 */
export function codeProblem(status: number, body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 80)}`;
  }
  const { detail, code } = (parsed ?? {}) as { detail?: unknown; code?: unknown };
  if (!isErrorCode(code)) return `code ${JSON.stringify(code)} is not in the table: ${body.slice(0, 120)}`;
  if (ERRORS[code].status !== status) return `${code} is a ${ERRORS[code].status}, answered as ${status}`;
  if (typeof detail !== 'string' || detail === '') return `${code} without a detail`;
  return undefined;
}
