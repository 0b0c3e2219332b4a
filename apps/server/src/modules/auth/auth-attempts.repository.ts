import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authAttempts } from '../../db/schema';

/**
 * Counts one attempt under `key` in a fixed window of `windowSeconds` and answers the attempts counted
 * in the current window, this one included. One atomic upsert, so every instance on one database
 * shares the count.
 */
export async function countAttempt(db: Db, key: string, windowSeconds: number): Promise<number> {
  const stale = sql`${authAttempts.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(authAttempts)
    .values({ key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        hits: sql`CASE WHEN ${stale} THEN 1 ELSE ${authAttempts.hits} + 1 END`,
        windowStart: sql`CASE WHEN ${stale} THEN now() ELSE ${authAttempts.windowStart} END`,
      },
    })
    .returning({ hits: authAttempts.hits });
  return row?.hits ?? 1;
}

/** Drops windows that ended long ago. */
export async function pruneAttempts(db: Db) {
  await db.delete(authAttempts).where(lt(authAttempts.windowStart, sql`now() - interval '1 hour'`));
}
