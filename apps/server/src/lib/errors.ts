import {
  type ErrorBody,
  type ErrorCode,
  type ErrorParams,
  ERRORS,
  errorDetail,
} from '@kaoping/contracts/errors';

export type { ErrorCode };

/**
 * The one error type services throw: a code of the contracts' table (packages/contracts/src/errors.ts),
 * whose status it answers with; the error handler sends `{ detail, code }`. The detail is always Chinese
 * and safe to show.
 */
export class AppError extends Error {
  readonly status: number;
  readonly detail: string;
  constructor(
    readonly code: ErrorCode,
    params?: ErrorParams,
  ) {
    const detail = errorDetail(code, params);
    super(detail);
    this.detail = detail;
    this.status = ERRORS[code].status;
  }
}

/** The refusal of a code, with the values its detail names: `throw fail('CODE_USED')`. */
export const fail = (code: ErrorCode, params?: ErrorParams) => new AppError(code, params);

/** The body of a refusal sent without throwing (hooks that answer the reply themselves). */
export const errorBody = (code: ErrorCode, params?: ErrorParams): ErrorBody => ({
  detail: errorDetail(code, params),
  code,
});

/** The status of a code, for a reply sent with errorBody. */
export const errorStatus = (code: ErrorCode) => ERRORS[code].status;

/** True when a PostgreSQL error is a unique-constraint violation (works for pg and PGlite). */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** True when a PostgreSQL error is a foreign-key violation. */
export function isForeignKeyViolation(err: unknown): boolean {
  return findPgError(err)?.code === '23503';
}

function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the error or on its cause.
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string };
    cur = c.cause;
  }
  return undefined;
}

/**
 * True when an error comes from a full disk: Node's ENOSPC (or EDQUOT, a quota), or PostgreSQL's
 * 53100 disk_full (PGlite too: "could not extend file …: No space left on device"), on the error or on
 * a cause Drizzle wrapped it in.
 */
export function isDiskFull(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (c.code === 'ENOSPC' || c.code === 'EDQUOT' || c.code === '53100') return true;
    if (typeof c.message === 'string' && /No space left on device|could not extend file/.test(c.message))
      return true;
    cur = c.cause;
  }
  return false;
}
