import { TOKEN_STORAGE_KEY } from '@kaoping/contracts/constants';

/** The admin bearer token lives in local storage under `access_token` (spec §9). */
export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

const NOTICE_KEY = 'kp-login-notice';

/** A message for the login page to show once (the server ended the session: 会话已超时). */
export function setLoginNotice(text: string): void {
  try {
    sessionStorage.setItem(NOTICE_KEY, text);
  } catch {
    // Storage refused (private mode): the login page simply shows no notice.
  }
}

/** The login page's one-time notice, removed as it is read. */
export function takeLoginNotice(): string | undefined {
  try {
    const text = sessionStorage.getItem(NOTICE_KEY) ?? undefined;
    sessionStorage.removeItem(NOTICE_KEY);
    return text;
  } catch {
    return undefined;
  }
}

interface Claims {
  sub?: string;
  username?: string;
  exp?: number;
  elevated_until?: number;
}

/** Reads the token's claims without verifying them: only for display and for skipping needless prompts. */
export function readClaims(token = getToken()): Claims | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(decodeURIComponent(escape(json))) as Claims;
  } catch {
    return null;
  }
}

/** True while the stored token carries a live advanced-mode elevation (with a little slack). */
export function isElevated(now = Date.now()): boolean {
  const until = readClaims()?.elevated_until ?? 0;
  return until * 1000 - 15_000 > now;
}
