import type { LockKind } from '@kaoping/contracts/accounts';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { claimAttempt, clearAttempts, confirmFailure } from './account-locks.repository';

const LOCK_CODES = {
  login: 'ACCOUNT_LOCKED',
  advanced: 'ADVANCED_LOCKED',
  password: 'PASSWORD_CHANGE_LOCKED',
} as const;

const beijingTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The 423 of a locked check, saying until when (Beijing time, the product is used in China). */
export const lockedError = (kind: LockKind, until: Date) =>
  fail(LOCK_CODES[kind], { until: beijingTime.format(until) });

/**
 * Checks a password of an account under its lock of `kind` (sign-in, advanced mode, password change):
 * 423 while locked, without checking; a wrong password is counted and the fifth within 15 minutes locks
 * for 15 minutes (423 at once); a right one starts the count again. Answers whether it was right.
 * Counted in the database, per account, whatever the address (docs/decisions/0045).
 */
export async function checkPasswordLocked(
  db: Db,
  userId: number,
  kind: LockKind,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const lockedUntil = await claimAttempt(db, userId, kind);
  if (lockedUntil) throw lockedError(kind, lockedUntil);
  if (await check()) {
    await clearAttempts(db, userId, kind);
    return true;
  }
  const nowLocked = await confirmFailure(db, userId, kind);
  if (nowLocked) throw lockedError(kind, nowLocked);
  return false;
}
