import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp, type App, type BuildOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { freshPostgres } from './fresh-postgres';

export interface TestContext {
  app: App;
  database: Database;
  /** The PostgreSQL database's address (undefined on PGlite), for a second instance on it. */
  url: string | undefined;
  /**
   * Empties every table but the accounts made before the first reset; call it in beforeEach so no test
   * depends on another.
   */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite databases a closed context gave back, for the next file of this worker (the files of the `app`
 * project share a worker, vitest.config.ts). Emptied, a migrated database is the same as a fresh copy of
 * the migrated image (the migrations insert no rows), and emptying it takes a few milliseconds where
 * starting PGlite from the image takes about a second.
 */
const idle: Database[] = [];

async function pgliteDatabase(): Promise<Database> {
  const kept = idle.pop();
  if (kept) {
    try {
      await emptyTables(kept, { handover: true });
      return kept;
    } catch {
      await kept.close().catch(() => undefined);
    }
  }
  return openDatabase({ image: new Blob([readFileSync(inject('pgliteImage'))]) });
}

/**
 * Every table of the public schema emptied, identities back to where they start: the same as
 * `TRUNCATE <every table> RESTART IDENTITY CASCADE`, but only the tables that hold a row are emptied and
 * only the identities that were drawn from are set back. A truncated table gets new files for itself and
 * each of its indexes, and every other session is told to forget it: about 45 ms a reset on PGlite for
 * the few tables a test fills, and on PostgreSQL more than half of the server's CPU in the server suite.
 * Between tests the few rows are deleted instead (about 18 ms on PGlite; PostgreSQL's CPU in the suite
 * 107 → 50 s), with triggers and foreign keys off for the delete (`session_replication_role`, as a
 * restore does). A table of many rows is still truncated, and when a PGlite database passes to the next
 * file (`handover`), so is every table a delete left dead rows in: no file inherits another's.
 */
async function emptyTables(database: Database, { handover = false } = {}) {
  const { tables, identities } = await schemaOf(database);
  if (!tables.length) return;
  const dead = deletedFrom(database);
  const counts = tables.map(
    (t) =>
      `SELECT ${literal(t)} AS name, (SELECT count(*) FROM (SELECT FROM ${ident(t)} LIMIT ${MANY}) s)::int AS n`,
  );
  const filled = (
    (await database.db.execute(sql.raw(counts.join(' UNION ALL ')))) as unknown as {
      rows: { name: string; n: number }[];
    }
  ).rows.filter((r) => r.n > 0 || (handover && dead.has(r.name)));
  const truncate = filled.filter((r) => handover || r.n >= MANY).map((r) => ident(r.name));
  const remove = filled.filter((r) => !handover && r.n < MANY).map((r) => r.name);
  if (handover) dead.clear();
  if (truncate.length || remove.length) {
    await database.db.transaction(async (tx) => {
      if (truncate.length) await tx.execute(sql.raw(`TRUNCATE ${truncate.join(', ')} CASCADE`));
      if (!remove.length) return;
      await tx.execute(sql.raw('SET LOCAL session_replication_role = replica'));
      for (const t of remove) await tx.execute(sql.raw(`DELETE FROM ${ident(t)}`));
    });
    for (const t of remove) dead.add(t);
  }
  // pg_sequences.last_value is null until a value is drawn (and again after setval(…, false)).
  if (identities.length) {
    await database.db.execute(
      sql.raw(
        `SELECT setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false) FROM pg_sequences
          WHERE last_value IS NOT NULL AND schemaname || '.' || sequencename IN (${identities.map(literal).join(', ')})`,
      ),
    );
  }
}

/** From this many rows on, a table is truncated rather than deleted from between tests. */
const MANY = 1000;
const deleted = new WeakMap<Database, Set<string>>();
function deletedFrom(database: Database) {
  let tables = deleted.get(database);
  if (!tables) deleted.set(database, (tables = new Set()));
  return tables;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The public schema's tables, and the sequences they own (identity and serial columns), read once. */
const schemas = new WeakMap<Database, Promise<{ tables: string[]; identities: string[] }>>();
function schemaOf(database: Database) {
  let known = schemas.get(database);
  if (!known) {
    known = (async () => {
      const read = async (q: string) =>
        ((await database.db.execute(sql.raw(q))) as unknown as { rows: { name: string }[] }).rows.map(
          (r) => r.name,
        );
      return {
        tables: await read(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`),
        identities: await read(
          `SELECT n.nspname || '.' || s.relname AS name FROM pg_class s
             JOIN pg_namespace n ON n.oid = s.relnamespace
             JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid
               AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
             JOIN pg_class t ON t.oid = d.refobjid AND t.relkind IN ('r', 'p')
           WHERE s.relkind = 'S' AND n.nspname = 'public' ORDER BY 1`,
        ),
      };
    })();
    schemas.set(database, known);
  }
  return known;
}

/**
 * One real, migrated database per test file: PGlite in memory, or, when TEST_DATABASE_URL is set,
 * a fresh database created on that PostgreSQL server and dropped afterwards. Both start as a copy of
 * the database test/global-setup.ts migrated once (a PGlite dump, a PostgreSQL template).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opts: Pick<BuildOptions, 'onRoute'> = {},
): Promise<TestContext> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (adminUrl) {
    const fresh = await freshPostgres(adminUrl, {
      prefix: 'kaoping_test',
      template: inject('templateDatabase') || undefined,
    });
    url = fresh.url;
    dropDatabase = fresh.drop;
  }
  const database = url ? await openDatabase({ url, poolSize: 10 }) : await pgliteDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REGISTER_RATE_LIMIT: '10000',
    LOGIN_RATE_LIMIT: '10000',
    // Tests send many ballots from one address; test/overload.test.ts checks the real limits.
    PUBLIC_SUBMIT_LIMIT: '1000000',
    PUBLIC_READ_LIMIT: '1000000',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'test-secret-test-secret-test-secret-1234',
    ...opts,
  });
  await app.ready();

  // Accounts made before the first reset (in beforeAll) survive every reset, and so do their sign-in
  // sessions (seen anew), those of later sign-ins too, so their tokens keep working: the server refuses a
  // token whose account or session is gone.
  let kept: { users: { id: number }[] } | undefined;
  const reset = async () => {
    const rows = async (q: string) =>
      ((await database.db.execute(sql.raw(q))) as unknown as { rows: unknown[] }).rows;
    kept ??= { users: (await rows('SELECT * FROM users')) as { id: number }[] };
    const ids = new Set(kept.users.map((u) => u.id));
    const sessions = ((await rows('SELECT * FROM admin_sessions')) as { user_id: number }[]).filter((r) =>
      ids.has(r.user_id),
    );
    await emptyTables(database);
    if (kept.users.length) {
      const json = JSON.stringify(kept.users);
      await database.db.execute(
        sql`INSERT INTO users SELECT * FROM json_populate_recordset(NULL::users, ${json}::json)`,
      );
      await database.db.execute(sql`SELECT setval('users_id_seq', (SELECT max(id) FROM users))`);
    }
    if (sessions.length) {
      const json = JSON.stringify(sessions);
      await database.db.execute(
        sql`INSERT INTO admin_sessions SELECT * FROM json_populate_recordset(NULL::admin_sessions, ${json}::json)`,
      );
      await database.db.execute(sql`UPDATE admin_sessions SET last_seen_at = now()`);
    }
  };

  return {
    app,
    database,
    url,
    reset,
    async close() {
      await app.close();
      if (url) {
        await database.close();
        await dropDatabase();
      } else {
        idle.push(database);
      }
    },
  };
}
