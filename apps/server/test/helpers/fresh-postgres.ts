// A scratch database on the test PostgreSQL server (TEST_DATABASE_URL), for a test file, a test or the
// suite's migrated template. Plain pg only: test/global-setup.ts imports it outside the test workers.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshPostgres {
  name: string;
  url: string;
  /** Drops the database, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

async function onServer(adminUrl: string, statement: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A new database named `<prefix>_<random>`, empty or a copy of `template`. */
export async function freshPostgres(
  adminUrl: string,
  opts: { prefix?: string; template?: string } = {},
): Promise<FreshPostgres> {
  const name = `${opts.prefix ?? 'kaoping_proc'}_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: () => onServer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
