// Issue 27: every admin write and its audit row are one transaction (decision 0043). With the audit row
// refused by the database (a trigger on audit_log stands in for a failing append), every write route of
// the route walk answers 500 and leaves every other table as it was; allowed again, the same call
// succeeds with exactly one row (services that write their own row included). A write refused after its
// first statement (4xx) keeps nothing and no row; parallel writes each keep their row.
import { sql, type SQL } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail } from '../src/lib/errors';
import { accessOf, routeKey } from '../src/modules/access/route-access';
import { bearer } from './helpers/factories';
import { RECIPES } from './helpers/route-recipes';
import { createTestContext, type TestContext } from './helpers/test-app';
import { buildWalkWorld, type WalkWorld } from './helpers/walk-world';

/** When set, POST /vote-targets/ is refused (404) when its handler answers, after it stored the target. */
let refuseAfterWrite = false;
function onRoute(route: RouteOptions) {
  if (routeKey(String(route.method), route.url) !== 'POST /vote-targets') return;
  const handler = route.handler;
  route.handler = function (this: unknown, request, reply) {
    if (!refuseAfterWrite) return handler.call(this as never, request, reply);
    const refusing: typeof reply = new Proxy(reply, {
      get(target, prop) {
        if (prop === 'send') {
          return () => {
            throw fail('COMPANY_NOT_FOUND');
          };
        }
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const out: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return out === target ? refusing : out;
        };
      },
    });
    return handler.call(this as never, request, refusing);
  };
}

let ctx: TestContext;
let w: WalkWorld;
beforeAll(async () => {
  ctx = await createTestContext({ REGISTRATION_CODE: 'walk-code' }, { onRoute });
  w = await buildWalkWorld(ctx);
  await ctx.database.db.execute(sql`
    CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit_log refused by the test'; END $$`);
  await ctx.database.db.execute(sql`
    CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log
    FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`);
  await refuseAudit(false);
}, 300_000);
afterAll(() => ctx.close());

const exec = async <T>(q: SQL) => ((await ctx.database.db.execute(q)) as unknown as { rows: T[] }).rows;
const refuseAudit = (on: boolean) =>
  ctx.database.db.execute(
    sql.raw(`ALTER TABLE audit_log ${on ? 'ENABLE' : 'DISABLE'} TRIGGER test_refuse_audit`),
  );
const lastId = async () =>
  (await exec<{ id: number }>(sql`SELECT coalesce(max(id), 0)::int AS id FROM audit_log`))[0]!.id;
const rowsAfter = (id: number) =>
  exec<{ action: string; object_id: string | null }>(
    sql`SELECT action, object_id FROM audit_log WHERE id > ${id} ORDER BY id`,
  );

/** A digest of every table but the audit log: what a write changed. */
async function snapshot() {
  const tables = await exec<{ name: string }>(
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'audit_log' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await exec<{ h: string }>(
      sql.raw(`SELECT count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h
               FROM "${name}" x`),
    );
    out[name] = row!.h;
  }
  return out;
}
const changed = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);

describe('audit rows in the write transaction', () => {
  it('keeps nothing of any write whose audit row fails, and exactly one row when it does not', async () => {
    const writes = ctx.app.adminRouteList
      .map((r) => ({ key: routeKey(r.method, r.url), rule: accessOf(r.method, r.url)! }))
      .filter(({ rule }) => rule.action !== undefined && rule.kind !== 'read' && rule.kind !== 'self');
    expect(writes.length).toBeGreaterThanOrEqual(35);
    // Tables every signed-in request touches (sign-in bookkeeping), whatever it does.
    const s0 = await snapshot();
    await ctx.app.inject({ url: '/api/v1/admin/auth/me', headers: bearer(w.world.sys) });
    const everyRequest = new Set(changed(s0, await snapshot()));

    const wrong: string[] = [];
    let wroteSomething = 0;
    for (const { key } of writes) {
      const call = await RECIPES[key]!(w.world, w.inUnit, true);
      const inject = () =>
        ctx.app.inject({
          method: call.method,
          url: call.url,
          payload: call.payload as string,
          headers: { ...bearer(w.world.sys), ...call.headers },
        });
      const before = await snapshot();
      const firstId = await lastId();
      await refuseAudit(true);
      const refused = await inject().finally(() => refuseAudit(false));
      const kept = changed(before, await snapshot()).filter((t) => !everyRequest.has(t));
      if (refused.statusCode !== 500) wrong.push(`${key}: ${refused.statusCode} with the row refused`);
      if (kept.length) wrong.push(`${key}: kept ${kept.join(', ')} without its audit row`);
      if ((await lastId()) !== firstId) wrong.push(`${key}: a row with the row refused`);

      const res = await inject();
      const found = await rowsAfter(firstId);
      if (res.statusCode >= 300) wrong.push(`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (found.length !== 1) wrong.push(`${key}: ${found.length} rows`);
      if (changed(before, await snapshot()).some((t) => !everyRequest.has(t))) wroteSomething++;
    }
    expect(wrong).toEqual([]);
    // The walk really wrote: most write routes change a table.
    expect(wroteSomething).toBeGreaterThan(writes.length / 2);
  }, 300_000);

  it('keeps neither the write nor a row when the write is refused after its first statement', async () => {
    const company = w.inUnit.f.company.id;
    const count = async () =>
      (
        await exec<{ n: number }>(sql`SELECT count(*)::int AS n FROM vote_targets WHERE name = '撤回的对象'`)
      )[0]!.n;
    const firstId = await lastId();
    refuseAfterWrite = true;
    const res = await ctx.app
      .inject({
        method: 'POST',
        url: '/api/v1/admin/vote-targets/',
        headers: bearer(w.world.sys),
        payload: { company_id: company, name: '撤回的对象' },
      })
      .finally(() => (refuseAfterWrite = false));
    expect(res.statusCode).toBe(404);
    expect(await count()).toBe(0);
    expect(await lastId()).toBe(firstId);
  });

  it('keeps each of many parallel writes with its own row, readers going on meanwhile', async () => {
    const company = w.inUnit.f.company.id;
    const firstId = await lastId();
    const creations = Array.from({ length: 12 }, (_, i) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/vote-targets/',
        headers: bearer(w.world.sys),
        payload: { company_id: company, name: `并行${i}` },
      }),
    );
    const reads = Array.from({ length: 12 }, () =>
      ctx.app.inject({
        url: `/api/v1/admin/vote-targets/?company_id=${company}`,
        headers: bearer(w.world.sys),
      }),
    );
    const answers = await Promise.all([...creations, ...reads]);
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(12).fill(201), ...Array(12).fill(200)]);
    const ids = answers.slice(0, 12).map((a) => String(a.json<{ id: number }>().id));
    const found = await rowsAfter(firstId);
    expect(found.map((r) => r.action)).toEqual(Array(12).fill('vote_target.create'));
    expect(found.map((r) => r.object_id).sort()).toEqual([...ids].sort());
  });
});
