/**
 * Application error codes. Each maps to one HTTP status; the detail is always Chinese and safe to show.
 * - BAD_REQUEST (400): the request cannot be understood (bad JSON, bad id).
 * - UNAUTHORIZED (401): no valid sign-in, or wrong credentials.
 * - FORBIDDEN (403): signed in but not allowed (advanced mode needed, registration closed).
 * - NOT_FOUND (404): the thing does not exist, or belongs to another company.
 * - CONFLICT (409): the change clashes with existing data (duplicate name, already voted).
 * - PAYLOAD_TOO_LARGE (413), UNSUPPORTED_MEDIA (415): body too big or of the wrong kind.
 * - VALIDATION (422): well-formed but breaks a rule; the detail names the field.
 * - RATE_LIMITED (429): too many attempts.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  VALIDATION: 422,
  RATE_LIMITED: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type services throw; the error handler turns it into `{ detail }` with its status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
  ) {
    super(detail);
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (detail: string) => new AppError('BAD_REQUEST', detail);
export const unauthorized = (detail = '请先登录') => new AppError('UNAUTHORIZED', detail);
export const forbidden = (detail: string) => new AppError('FORBIDDEN', detail);
export const notFound = (detail: string) => new AppError('NOT_FOUND', detail);
export const conflict = (detail: string) => new AppError('CONFLICT', detail);
export const invalid = (detail: string) => new AppError('VALIDATION', detail);

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
