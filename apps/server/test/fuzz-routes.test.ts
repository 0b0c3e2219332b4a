// Property-based fuzzing (issue 18): generated malformed path ids, query strings and bodies against every
// public route and every admin write route, taken from the server's own route table, so a new route is
// covered without editing this file. No answer may be a 5xx, and a refused request writes nothing; its body
// is `{ detail, code }` with a code of the contracts' table whose status is the answer's (issue 25).
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { createTestContext, type TestContext } from './helpers/test-app';
import { bearer, createAdmin, elevate } from './helpers/factories';
import { buildBallotFixture, submission, submit } from './helpers/ballot-fixtures';
import { codeProblem } from './helpers/error-codes';
import { requestArb, type KnownValues } from './helpers/fuzz-arbitraries';

/** Generated requests per route; about 45 routes, so a few thousand requests in all. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

const routes: RouteOptions[] = [];
let ctx: TestContext;
let token: string;
const known: KnownValues = { ids: [1, 2, 3], strings: [] };

// The audit trail and the sign-in limits' counters record a refused attempt (a failed sign-in) by design:
// every other table must not move.
// A refused password is counted on purpose (auth_attempts per address, account_locks per account), and the
// audit chain's head is anchored every minute on its own (audit_anchors), whatever request is in flight.
const UNCOUNTED = new Set([
  'audit_log',
  'audit_anchors',
  'auth_attempts',
  'account_locks',
  '__drizzle_migrations',
]);
let countQuery: ReturnType<typeof sql.raw>;

async function rowCounts() {
  return (await rowsOf<Record<string, number>>(ctx.database.db, countQuery))[0]!;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { onRoute: (r) => routes.push(r) });
  token = await elevate(ctx.app, await createAdmin(ctx.app));
  const f = await buildBallotFixture(ctx.app, token);
  const body = submission(f);
  const receipt = (await submit(ctx.app, body)).json<{ receipt_id: string }>();
  known.ids.push(f.company.id, f.polls.cadre.id, f.persons[0]!.id, f.subjects[0]!.id, f.appraisal.id);
  known.strings.push(f.appraisal.link_id, f.evaluation.link_id, receipt.receipt_id, body.voter_identifier);
  const tables = await rowsOf<{ tablename: string }>(
    ctx.database.db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counted = tables.map((t) => t.tablename).filter((t) => !UNCOUNTED.has(t));
  countQuery = sql.raw(
    `SELECT ${counted.map((t) => `(SELECT count(*) FROM "${t}")::int AS "${t}"`).join(', ')}`,
  );
});
afterAll(() => ctx?.close());

const isWrite = (m: string) => m === 'POST' || m === 'PUT' || m === 'PATCH' || m === 'DELETE';
// Deletes last, so the seeded rows are there for the other routes first; logout after them, as it ends the
// session of the token every request carries.
const fuzzed = () =>
  routes
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })))
    .filter(
      (r) =>
        r.method !== 'HEAD' &&
        (r.url.startsWith('/api/v1/public/') || (r.url.startsWith('/api/v1/admin/') && isWrite(r.method))),
    )
    .sort((a, b) => rank(a) - rank(b));
const rank = (r: { method: string; url: string }) =>
  r.url.endsWith('/auth/logout') ? 2 : Number(r.method === 'DELETE');

describe('generated requests to every public route and admin write route', () => {
  it('finds the routes in the route table', () => {
    const names = fuzzed().map((r) => `${r.method} ${r.url}`);
    expect(names).toContain('POST /api/v1/public/polls/votes');
    expect(names).toContain('POST /api/v1/admin/auth/login');
    expect(names).toContain('DELETE /api/v1/admin/companies/:id');
    expect(names.length).toBeGreaterThan(40);
  });

  it('answers every one below 500, and a refused one writes nothing', { timeout: 600_000 }, async () => {
    // Every bad answer is listed (not only the first), with the request that caused it.
    const failures: string[] = [];
    // The counts after a refused request are those before the next one (nothing else writes meanwhile):
    // read again only after an accepted one, which may have written. Half the count queries of the run.
    let counted: Record<string, number> | undefined;
    for (const route of fuzzed()) {
      await fc.assert(
        fc.asyncProperty(requestArb(route, known), async (req) => {
          const before = counted ?? (await rowCounts());
          counted = undefined;
          const res = await ctx.app.inject({
            method: route.method as 'GET',
            url: req.url,
            headers: { ...bearer(token), ...req.headers },
            payload: req.payload,
          });
          const where = `${route.method} ${req.url.slice(0, 300)} [${req.headers['content-type'] ?? ''}] ${req.payload?.slice(0, 200) ?? ''}`;
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${res.body} ← ${where}`);
          else if (res.statusCode >= 400) {
            const detail = (JSON.parse(res.body) as { detail?: string }).detail ?? '';
            if (!/[\u4e00-\u9fff]/.test(detail)) failures.push(`detail not Chinese: ${res.body} ← ${where}`);
            const problem = codeProblem(res.statusCode, res.body);
            if (problem) failures.push(`${problem} ← ${where}`);
            const after = await rowCounts();
            if (JSON.stringify(after) !== JSON.stringify(before))
              failures.push(`refused but wrote ← ${where}`);
            counted = after;
          }
        }),
        { numRuns: RUNS },
      );
    }
    expect(failures, failures.join('\n')).toEqual([]);
    // Still up and answering.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});
