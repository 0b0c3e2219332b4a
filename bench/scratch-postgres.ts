// A scratch database on a PostgreSQL server for one benchmark run, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates a fresh database beside `adminUrl`'s, runs `run` with its URL and name, then drops it (even on
 * error).
 */
export async function withScratchDatabase<T>(
  adminUrl: string,
  prefix: string,
  run: (url: string, name: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString(), name);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
