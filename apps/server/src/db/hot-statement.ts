import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client';

// The ballot submission is the one query on the hot path, so it runs as a prepared statement straight
// on the driver instead of through the ORM (the one exception to "SQL through Drizzle"; its text is
// still written with Drizzle's `sql`). Parsing and planning a 2 KB statement on every ballot cost more
// than executing it, on PostgreSQL and even more so on PGlite (PostgreSQL compiled to WebAssembly).

/** A statement whose text never changes; `params` holds Drizzle placeholders and constants in $n order. */
export interface HotStatement {
  name: string;
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

export function hotStatement(prefix: string, query: SQL): HotStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return { name, text, params };
}

/**
 * A value as an SQL literal for EXECUTE. Only strings, finite numbers and null reach here (validated
 * ids, identifiers, hex digests and JSON text); quotes are doubled, which is complete escaping under
 * standard_conforming_strings (on by default, and never changed by this application).
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return `'${value}'`;
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  throw new Error('hot statement: unsupported parameter');
}

// PGlite is one session per instance: PREPARE once (a promise, so concurrent first calls share it).
const preparedOn = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

async function runOnPglite<T>(client: PGlite, st: HotStatement, values: unknown[]): Promise<T[]> {
  let names = preparedOn.get(client);
  if (!names) preparedOn.set(client, (names = new Map()));
  let ready = names.get(st.name);
  if (!ready) {
    ready = client.exec(`PREPARE ${st.name} AS ${st.text}`);
    names.set(st.name, ready);
    ready.catch(() => names.delete(st.name));
  }
  await ready;
  // PGlite's extended protocol plans every query afresh; EXECUTE reuses the prepared plan.
  return (await client.query<T>(`EXECUTE ${st.name}(${values.map(literal).join(', ')})`)).rows;
}

/** Runs the statement with these parameter values on a pg pool or a PGlite client. */
export async function runHotOn<T>(
  client: pg.Pool | PGlite,
  st: HotStatement,
  values: unknown[],
): Promise<T[]> {
  // pg prepares a named statement once per pooled connection.
  if (client instanceof pg.Pool)
    return (await client.query({ name: st.name, text: st.text, values })).rows as T[];
  return runOnPglite<T>(client, st, values);
}

/** The driver's client under the application's Drizzle database. */
const clientOf = (db: Db) => (db as unknown as { $client?: unknown }).$client;

/**
 * Whether a statement runs in another process (PostgreSQL, through the pg pool) while this one goes on,
 * rather than inside this process's own turn (PGlite).
 */
export const inBackground = (db: Db) => clientOf(db) instanceof pg.Pool;

/** Runs the statement with these parameter values on the application's pg pool or PGlite client. */
export async function runHot<T>(db: Db, st: HotStatement, values: unknown[]): Promise<T[]> {
  const client = clientOf(db);
  if (client instanceof pg.Pool || client instanceof PGlite) return runHotOn<T>(client, st, values);
  // Only ever called with the application's database, never inside a transaction.
  throw new Error('hot statement: expected the pg pool or the PGlite client');
}
