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
      await emptyTables(kept);
      return kept;
    } catch {
      await kept.close().catch(() => undefined);
    }
  }
  return openDatabase({ image: new Blob([readFileSync(inject('pgliteImage'))]) });
}

/**
 * Every table of the public schema emptied, identities back to where they start: the same as
 * `TRUNCATE <every table> RESTART IDENTITY CASCADE`, but only the tables that hold a row are truncated and
 * only the identities that were drawn from are set back. A truncated table gets new files for itself and
 * each of its indexes; truncating all of them (about 40 tables) took about 50 ms a reset, most tests
 * touch a few, and a test file resets before each test (516 resets in the server suite).
 */
async function emptyTables(database: Database) {
  const { tables, identities } = await schemaOf(database);
  if (!tables.length) return;
  const filled = tables.map((t) => `SELECT ${literal(t)} AS name WHERE EXISTS (SELECT 1 FROM ${ident(t)})`);
  const full = (
    (await database.db.execute(sql.raw(filled.join(' UNION ALL ')))) as unknown as {
      rows: { name: string }[];
    }
  ).rows.map((r) => ident(r.name));
  if (full.length) await database.db.execute(sql.raw(`TRUNCATE ${full.join(', ')} CASCADE`));
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
