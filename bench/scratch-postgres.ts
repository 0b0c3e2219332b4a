// A scratch database on a PostgreSQL server for one benchmark run, dropped afterwards: the server tests'
// freshPostgres (plain pg, no test runner), used for the length of one call.
import { freshPostgres } from '../apps/server/test/helpers/fresh-postgres';

/** Creates a fresh database beside `adminUrl`'s, runs `run` with its URL and name, then drops it (even on error). */
export async function withScratchDatabase<T>(
  adminUrl: string,
  prefix: string,
  run: (url: string, name: string) => Promise<T>,
): Promise<T> {
  const db = await freshPostgres(adminUrl, { prefix });
  try {
    return await run(db.url, db.name);
  } finally {
    await db.drop();
  }
}
