// Values between the server and its database (db/pglite-codecs.ts on PGlite, node-postgres on PostgreSQL).
// bytea: the bytes PostgreSQL stores are exactly the bytes given, and the bytes read back are exactly
// those, for a view into a larger buffer too (Node hands small Buffers out of a shared pool, at an offset).
// Dates, timestamps and intervals: read as PostgreSQL's text, in a transaction too, though on PGlite the
// statements no longer carry Drizzle's parsers (the instance reads these types as text itself).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../src/db/client';
import { useCodecs, withoutTextParsers } from '../src/db/pglite-codecs';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function roundTrip(bytes: Uint8Array) {
  const [row] = await rowsOf<{ data: Uint8Array; size: number; sha: string }>(
    ctx.database.db,
    sql`SELECT ${bytes}::bytea AS data, length(${bytes}::bytea) AS size,
               encode(sha256(${bytes}::bytea), 'hex') AS sha`,
  );
  return row!;
}

it('stores and reads back every byte value, from a view at an offset into a larger buffer', async () => {
  const whole = Buffer.concat([
    Buffer.from('before'),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    Buffer.from('after'),
  ]);
  const view = whole.subarray(6, 6 + 256);
  expect(view.byteOffset).toBeGreaterThan(0);
  const row = await roundTrip(view);
  expect(Number(row.size)).toBe(256);
  expect(row.sha).toBe(sha256(view));
  expect(Buffer.from(row.data).equals(view)).toBe(true);
});

it('stores an empty value as empty, and a large one whole', async () => {
  const empty = await roundTrip(new Uint8Array(0));
  expect(Number(empty.size)).toBe(0);
  expect(Buffer.from(empty.data).length).toBe(0);
  const large = randomBytes(3 * 1024 * 1024 + 7);
  const row = await roundTrip(large);
  expect(Number(row.size)).toBe(large.length);
  expect(row.sha).toBe(sha256(large));
  expect(Buffer.from(row.data).equals(large)).toBe(true);
});

const TEXT_SQL = sql`SELECT '2026-11-26'::date AS day, '2026-11-26 08:30:00+08'::timestamptz AS at,
  '2026-11-26 08:30:00'::timestamp AS local, interval '90 minutes' AS span,
  12.50::numeric AS score`;

async function textRow(db: Db) {
  const [row] = await rowsOf<Record<string, unknown>>(db, TEXT_SQL);
  return row!;
}

describe('dates, timestamps and intervals', () => {
  it('are read as PostgreSQL writes them, in and out of a transaction', async () => {
    const db = ctx.database.db;
    for (const row of [await textRow(db), await db.transaction((tx) => textRow(tx as unknown as Db))]) {
      expect(row.day).toBe('2026-11-26');
      expect(row.at).toBe('2026-11-26 00:30:00+00');
      expect(row.local).toBe('2026-11-26 08:30:00');
      expect(row.span).toBe('01:30:00');
      expect(String(row.score)).toBe('12.50');
    }
  });
});

describe('the parsers Drizzle gives each statement on PGlite', () => {
  /** A stand-in for PGlite that keeps the options each statement came with (no database is involved). */
  function recordingClient() {
    const seen: unknown[] = [];
    const answer = async (_text: string, _params?: unknown[], options?: unknown) => {
      seen.push(options);
      return { rows: [], fields: [], affectedRows: 0 };
    };
    const client = {
      parsers: {},
      serializers: {},
      query: answer,
      transaction: async <T>(callback: (tx: Transaction) => Promise<T>) =>
        callback({ query: answer } as unknown as Transaction),
    };
    return { client: client as unknown as PGlite, seen };
  }

  it('are left off once the instance reads their types as text, in a transaction too', async () => {
    const { client, seen } = recordingClient();
    const db = drizzle(useCodecs(client));
    await db.execute(sql`SELECT now()`);
    await db.transaction((tx) => tx.execute(sql`SELECT current_date`));
    expect(seen).toHaveLength(2);
    for (const options of seen) expect(options).not.toHaveProperty('parsers');
  });

  it('are kept when one reads a type otherwise, or reads another type', () => {
    const keep = (v: string) => v;
    const drizzleLike = { rowMode: 'array' as const, parsers: { 1082: keep, 1184: keep } };
    expect(withoutTextParsers(drizzleLike)).toEqual({ rowMode: 'array' });
    const asDate = { parsers: { 1082: (v: string) => new Date(v) } };
    expect(withoutTextParsers(asDate)).toBe(asDate);
    const otherType = { parsers: { 1082: keep, 23: keep } };
    expect(withoutTextParsers(otherType)).toBe(otherType);
    expect(withoutTextParsers(undefined)).toBeUndefined();
  });
});
