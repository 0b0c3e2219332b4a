import type { Db } from '../../db/client';
import { type ErrorCode, fail } from '../../lib/errors';
import { countAttempt, pruneAttempts } from './auth-attempts.repository';

let calls = 0;

/**
 * Refuses with 429 once `key` has been tried more than `max` times in the current minute. Counted in the
 * database, so several instances share the limit (DESIGN "Admin accounts").
 */
export async function limitAttempts(db: Db, key: string, max: number, code: ErrorCode) {
  if (++calls % 200 === 0) await pruneAttempts(db);
  const hits = await countAttempt(db, key, 60);
  if (hits > max) throw fail(code);
}
