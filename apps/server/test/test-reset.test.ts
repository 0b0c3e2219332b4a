// The reset every test file runs before each test (helpers/test-app.ts): the tables are empty again but
// for the accounts made before the first reset and their sign-in sessions, the identities start over,
// and the triggers and foreign keys it turns off for its delete are on again for the test that follows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { createAdmin, createCompany, createVoteType } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

async function rowCounts() {
  const tables = await rowsOf<{ name: string }>(
    ctx.database.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ n: number }>(
      ctx.database.db,
      sql.raw(`SELECT count(*)::int AS n FROM "${name}"`),
    );
    counts[name] = row!.n;
  }
  return counts;
}

it('empties every table but the accounts and their sessions, and starts the identities over', async () => {
  await ctx.reset();
  const company = await createCompany(ctx.app, token, '甲');
  await createVoteType(ctx.app, token, company.id);
  const second = await createCompany(ctx.app, token, '乙');
  expect(second.id).toBeGreaterThan(company.id);
  const filled = await rowCounts();
  expect(filled.companies).toBe(2);
  expect(filled.audit_log).toBeGreaterThan(0);

  await ctx.reset();
  const emptied = await rowCounts();
  const left = Object.entries(emptied)
    .filter(([, n]) => n > 0)
    .map(([name]) => name);
  expect(left.sort()).toEqual(['admin_sessions', 'users']);
  // The account made before the first reset still signs requests in.
  const again = await createCompany(ctx.app, token, '甲');
  expect(again.id).toBe(company.id);
});

it('leaves the foreign keys on after it: a row naming a missing unit is refused', async () => {
  await ctx.reset();
  const err = (await ctx.database.db
    .execute(
      sql`INSERT INTO vote_types (company_id, round_id, name, form_category, link_id)
          VALUES (999999, 999999, 'x', 'democratic_appraisal', 'no-such-unit')`,
    )
    .then(
      () => null,
      (e: unknown) => e,
    )) as (Error & { cause?: Error }) | null;
  expect(`${err?.message} ${err?.cause?.message}`).toMatch(/foreign key/);
});
