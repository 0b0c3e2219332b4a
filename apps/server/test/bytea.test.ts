// bytea between the server and its database (db/pglite-bytea.ts on PGlite, node-postgres on PostgreSQL):
// the bytes PostgreSQL stores are exactly the bytes given, and the bytes read back are exactly those, for
// a view into a larger buffer too (Node hands small Buffers out of a shared pool, at an offset).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
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
