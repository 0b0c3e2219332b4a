import { and, eq, gt, sql } from 'drizzle-orm';
import type { LockKind } from '@kaoping/contracts/accounts';
import type { Db } from '../../db/client';
import { accountLocks } from '../../db/schema';

/** Wrong passwords within one window that lock the check. */
export const LOCK_MAX_FAILURES = 5;
/** The window the failures are counted in, and how long a lock lasts (minutes). */
export const LOCK_WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;

const t = accountLocks;
const minutes = (n: number) => sql.raw(`interval '${n} minutes'`);
const locked = sql`coalesce(${t.lockedUntil} > now(), false)`;
// A new window: the old one is over, or a lock in it ran out (or was never set and the window is over).
const fresh = sql`(${t.windowStart} <= now() - ${minutes(LOCK_WINDOW_MINUTES)} OR coalesce(${t.lockedUntil} <= now(), false))`;

/**
 * Claims one password attempt for the account's `kind` BEFORE the password is checked: one atomic upsert
 * on the (user, kind) row, so parallel guesses, on any instance, are counted one by one. The attempt is
 * counted as a failure until `clearAttempts` (it was right). Answers the lock's end when the check is
 * locked (then the password must not be checked at all): a live lock, or the sixth attempt of a window
 * whose first five are still in flight, which locks it now.
 */
export async function claimAttempt(db: Db, userId: number, kind: LockKind): Promise<Date | null> {
  const [row] = await db
    .insert(t)
    .values({ userId, kind, failures: 1, windowStart: sql`now()`, lockedUntil: null })
    .onConflictDoUpdate({
      target: [t.userId, t.kind],
      set: {
        failures: sql`CASE WHEN ${locked} THEN ${t.failures} WHEN ${fresh} THEN 1 ELSE ${t.failures} + 1 END`,
        windowStart: sql`CASE WHEN ${locked} THEN ${t.windowStart} WHEN ${fresh} THEN now() ELSE ${t.windowStart} END`,
        lockedUntil: sql`CASE WHEN ${locked} THEN ${t.lockedUntil}
          WHEN NOT ${fresh} AND ${t.failures} >= ${sql.raw(String(LOCK_MAX_FAILURES))}
            THEN now() + ${minutes(LOCK_MINUTES)}
          ELSE NULL END`,
      },
    })
    .returning({ lockedUntil: t.lockedUntil });
  return row?.lockedUntil ?? null;
}

/**
 * The claimed attempt was wrong: when the window now holds LOCK_MAX_FAILURES of them, the check locks for
 * LOCK_MINUTES (a live lock stays as it is). Answers the lock's end, or null while not locked.
 */
export async function confirmFailure(db: Db, userId: number, kind: LockKind): Promise<Date | null> {
  const [row] = await db
    .update(t)
    .set({
      lockedUntil: sql`CASE WHEN ${locked} THEN ${t.lockedUntil} ELSE now() + ${minutes(LOCK_MINUTES)} END`,
    })
    .where(
      and(
        eq(t.userId, userId),
        eq(t.kind, kind),
        sql`${t.failures} >= ${sql.raw(String(LOCK_MAX_FAILURES))}`,
      ),
    )
    .returning({ lockedUntil: t.lockedUntil });
  return row?.lockedUntil ?? null;
}

/** The password was right: the count starts again. */
export async function clearAttempts(db: Db, userId: number, kind: LockKind) {
  await db.delete(t).where(and(eq(t.userId, userId), eq(t.kind, kind)));
}

/** A system admin lifts every lock and count of an account; answers the locks that were live. */
export async function clearAccount(db: Db, userId: number): Promise<number> {
  const rows = await db
    .delete(t)
    .where(eq(t.userId, userId))
    .returning({ live: sql<boolean>`coalesce(${t.lockedUntil} > now(), false)` });
  return rows.filter((r) => r.live).length;
}

/** Every live lock, for the accounts screen. */
export async function liveLocks(db: Db, userId?: number) {
  return db
    .select({ userId: t.userId, kind: t.kind, lockedUntil: t.lockedUntil })
    .from(t)
    .where(and(gt(t.lockedUntil, sql`now()`), userId === undefined ? undefined : eq(t.userId, userId)))
    .orderBy(t.userId, t.kind);
}
