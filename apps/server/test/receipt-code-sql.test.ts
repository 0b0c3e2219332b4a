// The 回执码 lookup reads an index on kp_receipt_code(receipt_id) (migration 0010): the SQL function must
// give exactly the code the receipt shows (voting/receipt.ts receiptCode), and the lookup must use
// the index rather than hash every ballot.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { receiptCode } from '../src/modules/voting/receipt';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('kp_receipt_code', () => {
  it('is the receipt code the voter reads, for every kind of receipt id', async () => {
    const ids = [
      ...Array.from({ length: 200 }, () => randomBytes(16).toString('base64url')),
      'short',
      'a-b_c',
      '0000000000000000000000',
    ];
    const rows = await rowsOf<{ id: string; code: string }>(
      ctx.database.db,
      sql`SELECT id, kp_receipt_code(id) AS code FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) AS id`,
    );
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) expect(r.code).toBe(receiptCode(r.id).replace('-', ''));
  });

  it('is looked up through its index', async () => {
    await ctx.database.db.execute(sql`SET enable_seqscan = off`);
    try {
      const plan = await rowsOf<Record<string, string>>(
        ctx.database.db,
        sql`EXPLAIN SELECT receipt_id FROM submissions WHERE kp_receipt_code(receipt_id) = 'ABCDEFGH'`,
      );
      expect(plan.map((r) => Object.values(r)[0]).join('\n')).toContain('submissions_receipt_code_idx');
    } finally {
      await ctx.database.db.execute(sql`SET enable_seqscan = on`);
    }
  });
});
