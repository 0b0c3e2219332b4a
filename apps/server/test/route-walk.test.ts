// Every admin route of the server's route table, called by each role in and out of its units (issue 17
// item 3). A route that is not classified in access/route-access.ts, or has no recipe, fails the walk.
// Every refusal met on the way carries a code of the contracts' table with its status (issue 25).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf, routeKey, ROUTE_ACCESS } from '../src/modules/access/route-access';
import { codeProblem } from './helpers/error-codes';
import { bearer } from './helpers/factories';
import { RECIPES, type Unit, type World } from './helpers/route-recipes';
import { createTestContext, type TestContext } from './helpers/test-app';
import { buildWalkWorld, type WalkWorld } from './helpers/walk-world';

let ctx: TestContext;
let world: World;
let inUnit: Unit;
let outUnit: Unit;
let tokens: WalkWorld['tokens'];

beforeAll(async () => {
  ctx = await createTestContext({ REGISTRATION_CODE: 'walk-code' });
  ({ world, inUnit, outUnit, tokens } = await buildWalkWorld(ctx));
}, 300_000);
afterAll(() => ctx.close());

const OK = [200, 201, 204];
/** Refusals whose body is not `{ detail, code }` with a code of the table and the answer's status. */
const uncoded: string[] = [];
let refusals = 0;

async function run(key: string, token: string, u: Unit, inScope: boolean) {
  const c = await RECIPES[key]!(world, u, inScope);
  const res = await ctx.app.inject({
    method: c.method,
    url: c.url,
    payload: c.payload as string,
    headers: { ...bearer(token), ...c.headers },
  });
  if (res.statusCode >= 400) {
    refusals++;
    const problem = codeProblem(res.statusCode, res.body);
    if (problem) uncoded.push(`${key}: ${problem}`);
  }
  return { status: res.statusCode, body: res.body };
}

describe('route walk', () => {
  const walked: Record<string, number> = {};
  const routes = () =>
    ctx.app.adminRouteList
      .map((r) => ({ key: routeKey(r.method, r.url), rule: accessOf(r.method, r.url) }))
      .filter(({ rule }) => rule?.kind !== 'public' && rule?.kind !== 'self');

  it('classifies every admin route and has a recipe for each', () => {
    const keys = ctx.app.adminRouteList.map((r) => routeKey(r.method, r.url));
    expect(keys.length).toBeGreaterThan(70);
    expect(keys.filter((k) => !accessOf(k.split(' ')[0]!, k.split(' ')[1]!))).toEqual([]);
    // No stale entries either: every classified route exists.
    const known = new Set(keys);
    expect(
      Object.keys(ROUTE_ACCESS)
        .map((k) => k.replace(/\/$/, ''))
        .filter((k) => !known.has(k)),
    ).toEqual([]);
    expect(
      routes()
        .filter(({ key }) => !RECIPES[key])
        .map(({ key }) => key),
    ).toEqual([]);
  });

  it('lets the system admin call every route', async () => {
    const wrong: string[] = [];
    for (const { key } of routes()) {
      const res = await run(key, world.sys, inUnit, false);
      if (!OK.includes(res.status)) wrong.push(`${key}: ${res.status} ${res.body.slice(0, 120)}`);
      walked.system_admin = (walked.system_admin ?? 0) + 1;
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('lets a unit admin do everything in its units, nothing outside (404) and no system work (403)', async () => {
    const wrong: string[] = [];
    for (const { key, rule } of routes()) {
      const inside = await run(key, tokens.unit_admin, inUnit, true);
      const want = rule!.kind === 'system' ? [403] : OK;
      if (!want.includes(inside.status))
        wrong.push(`in ${key}: ${inside.status} ${inside.body.slice(0, 120)}`);
      if (rule!.kind !== 'system' && !rule!.global) {
        const outside = await run(key, tokens.unit_admin, outUnit, false);
        if (outside.status !== 404) wrong.push(`out ${key}: ${outside.status} ${outside.body.slice(0, 120)}`);
      }
      walked.unit_admin = (walked.unit_admin ?? 0) + 1;
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('lets an auditor read in its units (404 outside) and refuses every write with 403', async () => {
    const wrong: string[] = [];
    for (const { key, rule } of routes()) {
      const read = rule!.kind === 'read';
      const inside = await run(key, tokens.auditor, inUnit, true);
      if (!(read ? OK : [403]).includes(inside.status))
        wrong.push(`in ${key}: ${inside.status} ${inside.body.slice(0, 120)}`);
      if (!rule!.global || !read) {
        const outside = await run(key, tokens.auditor, outUnit, false);
        if (outside.status !== (read ? 404 : 403)) wrong.push(`out ${key}: ${outside.status}`);
      }
      walked.auditor = (walked.auditor ?? 0) + 1;
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('refuses every route to an account without a role (403)', async () => {
    const wrong: string[] = [];
    for (const { key } of routes()) {
      const res = await run(key, tokens.no_role, inUnit, false);
      if (res.status !== 403) wrong.push(`${key}: ${res.status}`);
      walked.no_role = (walked.no_role ?? 0) + 1;
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('walked every route with every role', () => {
    const n = routes().length;
    console.log(`route walk: ${JSON.stringify(walked)} of ${n} signed-in admin routes`);
    expect(walked).toEqual({ system_admin: n, unit_admin: n, auditor: n, no_role: n });
  });

  it('answered every refusal with a code of the table and its status', () => {
    expect(refusals).toBeGreaterThan(100);
    expect(uncoded).toEqual([]);
  });
});
