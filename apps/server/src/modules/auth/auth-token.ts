import { randomBytes } from 'node:crypto';
/** What an administrator's bearer token carries. */
export interface TokenClaims {
  sub: string;
  username: string;
  /** The user's token version when it was signed; a password change or a disable raises it. */
  tv?: number;
  /** Epoch seconds until which advanced mode (destructive actions) is allowed. */
  elevated_until?: number;
  /**
   * The sign-in session: 128 random bits made at sign-in, kept by advanced mode and a password change.
   * Paper double entry tells its two keyers apart by it (docs/ARCHITECTURE.md "Paper ballots").
   */
  sid?: string;
  /** Expiry in epoch seconds, set by the signer; a token without it is refused. */
  exp?: number;
}

/** How long advanced mode lasts once the password was entered again. */
export const ELEVATION_SECONDS = 15 * 60;

/**
 * When the token's advanced-mode elevation ends, or null when it carries none that is still live. The
 * one elevation check: the advanced-mode guard, the deletes that need it only for used rows, and /me.
 */
export function elevatedUntil(claims: TokenClaims | undefined, now = Date.now()): Date | null {
  const until = claims?.elevated_until;
  return until && until * 1000 > now ? new Date(until * 1000) : null;
}

/** A new sign-in session id (the token's `sid`). */
export const newSessionId = () => randomBytes(16).toString('base64url');
