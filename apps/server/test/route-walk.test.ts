// Every admin route of the server's route table, called by each role in and out of its units (issue 17
// item 3). A route that is not classified in access/route-access.ts, or has no recipe, fails the walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf, routeKey, ROUTE_ACCESS } from '../src/modules/access/route-access';
import { createAccount } from './helpers/accounts';
import { buildBallotFixture, submission, submit } from './helpers/ballot-fixtures';
import { bearer, createAdmin, createCompany, elevate } from './helpers/factories';
import { RECIPES, type Unit, type World } from './helpers/route-recipes';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let world: World;
let inUnit: Unit;
let outUnit: Unit;
const tokens: Record<'unit_admin' | 'auditor' | 'no_role', string> = {
  unit_admin: '',
  auditor: '',
  no_role: '',
};
const scopedIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ REGISTRATION_CODE: 'walk-code' });
  const sys = await elevate(ctx.app, await createAdmin(ctx.app, 'root'));
  const castBallot = async (u: Unit, family: 'appraisal' | 'evaluation') => {
    const body = submission(u.f, family);
    const res = await submit(ctx.app, body);
    if (res.statusCode !== 201) throw new Error(`ballot: ${res.statusCode} ${res.body}`);
    return body.voter_identifier;
  };
  const unitIds = [] as number[];
  world = {
    app: ctx.app,
    db: ctx.database.db,
    sys,
    castBallot,
    freshCompany: async (inScope) => {
      const company = await createCompany(ctx.app, sys, `单位${Math.random().toString(36).slice(2, 8)}`);
      if (inScope) {
        unitIds.push(company.id);
        for (const id of scopedIds) {
          const res = await ctx.app.inject({
            method: 'PATCH',
            url: `/api/v1/admin/users/${id}`,
            headers: bearer(sys),
            payload: { unit_ids: unitIds },
          });
          if (res.statusCode !== 200) throw new Error(`units: ${res.body}`);
        }
      }
      return company;
    },
  };
  const unit = async (name: string): Promise<Unit> => {
    const f = await buildBallotFixture(ctx.app, sys, { name });
    const u = { f, appraisalVoter: '', evaluationVoter: '' };
    u.appraisalVoter = await castBallot(u, 'appraisal');
    u.evaluationVoter = await castBallot(u, 'evaluation');
    return u;
  };
  inUnit = await unit('甲单位');
  outUnit = await unit('乙单位');
  unitIds.push(inUnit.f.company.id);
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/',
    headers: bearer(sys),
    payload: { public_url: 'https://kp.example.cn' },
  });
  for (const role of ['unit_admin', 'auditor'] as const) {
    const acc = await createAccount(ctx.app, sys, { username: `walk-${role}`, role, unit_ids: unitIds });
    scopedIds.push(acc.id);
    tokens[role] = await elevate(ctx.app, acc.token);
  }
  // A later registration with the code: signed in, but no role until a system admin gives one.
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/register',
    payload: { username: 'newcomer', password: 'password123', registration_code: 'walk-code' },
  });
  tokens.no_role = reg.json().access_token;
}, 300_000);
afterAll(() => ctx.close());

const OK = [200, 201, 204];

async function run(key: string, token: string, u: Unit, inScope: boolean) {
  const c = await RECIPES[key]!(world, u, inScope);
  const res = await ctx.app.inject({
    method: c.method,
    url: c.url,
    payload: c.payload as string,
    headers: { ...bearer(token), ...c.headers },
  });
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
});
