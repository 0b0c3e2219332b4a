import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';

export interface TestContext {
  app: App;
  database: Database;
  /** Empties every table; call it in beforeEach so no test depends on another. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One real, migrated database per test file: PGlite in memory, or, when TEST_DATABASE_URL is set,
 * a fresh database created on that PostgreSQL server and dropped afterwards.
 */
export async function createTestContext(
  env: Record<string, string> = {},
  build: Pick<BuildOptions, 'onRoute'> = {},
): Promise<TestContext> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (adminUrl) {
    const name = `kaoping_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const database = await openDatabase({ url, poolSize: 10 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REGISTER_RATE_LIMIT: '10000',
    LOGIN_RATE_LIMIT: '10000',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'test-secret-test-secret-test-secret-1234',
    ...build,
  });
  await app.ready();

  const reset = async () => {
    const tables = (await database.db.execute(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
    )) as unknown as { rows: { tablename: string }[] };
    const names = tables.rows.map((r) => `"${r.tablename}"`).join(', ');
    if (names) await database.db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
  };

  return {
    app,
    database,
    reset,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}
