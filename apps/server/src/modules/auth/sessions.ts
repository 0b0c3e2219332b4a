import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminSessions } from '../../db/schema';
import { fail } from '../../lib/errors';

// Sign-in sessions (issue 27): a token's `sid` names a row of admin_sessions, made at sign-in and deleted at
// logout. Every authenticated request checks it in the database (so a logout or an idle session ends on
// every instance) and moves last_seen_at on, at most once a minute per session. Times are the database's.

const s = adminSessions;
const minutes = (n: number) => sql.raw(`interval '${Math.trunc(n)} minutes'`);
/** Rows nobody can use any more (older than the longest token, TOKEN_TTL_HOURS ≤ 30 days) are pruned. */
const PRUNE_AFTER = sql.raw(`interval '31 days'`);

let starts = 0;

/** A new session for a sign-in (or a registration, which signs in). */
export async function startSession(db: Db, userId: number, sid: string | undefined) {
  if (!sid) throw new Error('a session needs an id');
  if (++starts % 100 === 0) await db.delete(s).where(lt(s.lastSeenAt, sql`now() - ${PRUNE_AFTER}`));
  await db.insert(s).values({ id: sid, userId, lastSeenAt: sql`now()` });
}

/**
 * The session of a request, or 401: SESSION_EXPIRED when there is none (logged out, an older token
 * without a session), SESSION_IDLE when it had no request for `idleMinutes`. A live one is marked seen,
 * written at most once a minute; the write never revives a session that went idle meanwhile.
 */
export async function touchSession(db: Db, userId: number, sid: string | undefined, idleMinutes: number) {
  if (!sid) throw fail('SESSION_EXPIRED');
  const mine = and(eq(s.id, sid), eq(s.userId, userId));
  const [row] = await db
    .select({
      idle: sql<boolean>`${s.lastSeenAt} <= now() - ${minutes(idleMinutes)}`,
      due: sql<boolean>`${s.lastSeenAt} <= now() - interval '1 minute'`,
    })
    .from(s)
    .where(mine);
  if (!row) throw fail('SESSION_EXPIRED');
  if (row.idle) throw fail('SESSION_IDLE');
  if (row.due) {
    await db
      .update(s)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(
          mine,
          sql`${s.lastSeenAt} > now() - ${minutes(idleMinutes)}`,
          sql`${s.lastSeenAt} <= now() - interval '1 minute'`,
        ),
      );
  }
}

/** Logout: the session ends on every instance. */
export async function endSession(db: Db, userId: number, sid: string | undefined) {
  if (sid) await db.delete(s).where(and(eq(s.id, sid), eq(s.userId, userId)));
}
