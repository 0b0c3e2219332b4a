import { API_BASE, REQUEST_TIMEOUT_MS } from '@kaoping/contracts/constants';
import type { ErrorCode } from '@kaoping/contracts/errors';
import { clearToken, getToken, setLoginNotice } from './auth-token';

/**
 * A failed call: `status` 0 means the server was never reached (network down or timeout). The app decides
 * by `code` (contracts/errors.ts), never by the text; `detail` is only shown.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
    /** The refusal's code from the body; undefined without an answer or for a code the table lacks. */
    readonly code: ErrorCode | undefined = undefined,
    /** Seconds the server asked to wait before trying again (Retry-After of a 429 or 503). */
    readonly retryAfter?: number,
  ) {
    super(detail ?? `请求失败（${status}）`);
  }
  /** True when the server answered (as opposed to a network failure or timeout). */
  get responded() {
    return this.status > 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Extra request headers: a voter's secrets go here, never in `query` (access logs keep the query). */
  headers?: Record<string, string>;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

async function send(path: string, opts: RequestOptions, withToken: boolean): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const token = withToken ? getToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  // AbortSignal.any is missing on older phones; there the caller's signal simply is not combined.
  const signal =
    opts.signal && typeof AbortSignal.any === 'function'
      ? AbortSignal.any([opts.signal, timeout.signal])
      : timeout.signal;
  try {
    return await fetch(buildUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(
      0,
      timeout.signal.aborted ? '请求超时，请检查网络后重试' : '网络连接失败，请检查网络后重试',
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Retry-After in seconds (1-120), when the server gave one as a number. */
function retryAfterOf(res: Response): number | undefined {
  const n = Number(res.headers.get('retry-after'));
  return res.headers.has('retry-after') && Number.isFinite(n)
    ? Math.min(120, Math.max(1, Math.ceil(n)))
    : undefined;
}

async function parse<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page: keep the status, drop the body.
  }
  if (!res.ok) throw refusal(res, data);
  return data as T;
}

/**
 * A code as the server sends them (UPPER_SNAKE). Checked by its shape, not against the table: the table
 * with its Chinese details would add 2.5 KB (gzip) to every voter page; an unknown code simply matches
 * no branch of the app.
 */
const asCode = (v: unknown): ErrorCode | undefined =>
  typeof v === 'string' && /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/.test(v) ? (v as ErrorCode) : undefined;

/** The ApiError of a refused call, from its parsed body `{ detail, code }` (anything else: status only). */
export function refusal(res: Response, body: unknown): ApiError {
  const { detail, code } = (typeof body === 'object' && body !== null ? body : {}) as {
    detail?: unknown;
    code?: unknown;
  };
  return new ApiError(
    res.status,
    typeof detail === 'string' ? detail : undefined,
    asCode(code),
    retryAfterOf(res),
  );
}

/** Raw response of an admin call (for downloads); applies the same 401 rule. */
export async function adminFetch(path: string, opts: RequestOptions = {}): Promise<Response> {
  const res = await send(path, opts, true);
  if (res.status === 401 && window.location.pathname.startsWith('/admin')) {
    // Spec §4: a 401 on an admin page ends the session and goes to the login page; a session that timed
    // out (SESSION_IDLE, issue 27) says so there.
    const body = (await res
      .clone()
      .json()
      .catch(() => null)) as { code?: unknown; detail?: unknown } | null;
    if (body?.code === 'SESSION_IDLE' && typeof body.detail === 'string') setLoginNotice(body.detail);
    clearToken();
    window.location.assign('/login');
  }
  return res;
}

/** Calls the admin API with the bearer token. */
export async function adminRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return parse<T>(await adminFetch(path, opts));
}

/** Calls the public API (no token, never redirects). */
export async function publicRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return parse<T>(await send(path, opts, false));
}

/** The message to show for a failed call: the server's detail, else the fallback. */
/** The server's own explanation of a failure; undefined for a network failure or a bare status. */
export function serverDetail(err: unknown): string | undefined {
  return err instanceof ApiError && err.responded ? err.detail : undefined;
}

export function errorDetail(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.detail) return err.detail;
  return fallback;
}
