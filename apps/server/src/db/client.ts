import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverPath } from '../lib/paths';
import { requestScopedDb } from '../lib/request-transaction';
import { claimDataDir } from './data-dir-lock';
import { secureDataDir } from './data-dir';
import { useCodecs } from './pglite-codecs';
import { statementsTakeTurns } from './pglite-turns';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and PostgreSQL share it, and so does a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Rows of a raw statement; node-postgres and PGlite both answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Database {
  /** Inside an admin write's handler, that write's transaction (lib/request-transaction.ts). */
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = serverPath('drizzle');
// Any constant works; it only has to be the same for every instance of this product.
const MIGRATION_LOCK_KEY = 727_001;

/** Opens PostgreSQL when a URL is given, else PGlite in dataDir (or in memory for tests), and migrates it. */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /**
   * In memory only: start from this dump of a data folder (PGlite `dumpDataDir`) instead of an empty
   * cluster. Tests start every file from one migrated dump, which spares initdb and the migrations.
   */
  image?: Blob;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 20);
  return openPglite(opts.dataDir, opts.image);
}

// PostgreSQL's default 128 MB of shared buffers is resident in the embedded server from the start
// (about 120 MB more than 16 MB); pages beyond them are read from the operating system's file cache,
// which a 100,000-ballot results read or export hardly notices (bench/README.md, issue 18).
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

async function openPglite(dataDir?: string, image?: Blob): Promise<Database> {
  let client: PGlite;
  let release = () => {};
  if (dataDir) {
    secureDataDir(dataDir);
    release = claimDataDir(dataDir);
    try {
      client = await PGlite.create(path.resolve(dataDir, 'pglite'), PGLITE_OPTIONS);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create(image ? { ...PGLITE_OPTIONS, loadDataDir: image } : PGLITE_OPTIONS);
  }
  const db = drizzlePglite(statementsTakeTurns(useCodecs(client)), { schema });
  await migratePglite(db, { migrationsFolder });
  const close = async () => {
    await client.close();
    release();
  };
  return { db: requestScopedDb(db as unknown as Db), kind: 'pglite', close };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    // Several instances may start at once: one migrates, the others wait and then find nothing to do.
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  return { db: requestScopedDb(db as unknown as Db), kind: 'postgres', close: () => pool.end() };
}
