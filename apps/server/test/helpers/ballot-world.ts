// The setups the server test files share: one app and database for the file, the admin signed in once,
// and before each test an emptied database (the admin's account survives every reset: test-app.ts), with
// a unit (useUnitWorld) or the whole ballot fixture (useBallotWorld) built anew. Call one at the top of a
// test file; read the fields inside tests and hooks (they change before each test). A file adds its own
// beforeAll / beforeEach after this call for more (they run in order).
//
// A file written with module-level variables binds them once per test instead of reading `w.`:
//   const w = useBallotWorld();
//   let ctx: TestContext, token: string, f: BallotFixture;
//   beforeEach(() => ({ ctx, token, f } = w));
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildBallotFixture, type BallotFixture } from './ballot-fixtures';
import { createAdmin, createCompany, elevate } from './factories';
import { createTestContext, type TestContext } from './test-app';

export interface WorldOptions {
  /** The app's settings (createTestContext's env), e.g. { PUBLIC_URL: … }. */
  env?: Record<string, string>;
  /** createTestContext's build options (e.g. onRoute, to collect the routes). */
  build?: Parameters<typeof createTestContext>[1];
  /** false: no reset before each test (a file that builds its data once in its own beforeAll). */
  reset?: boolean;
  /** Also the same admin in advanced mode, in `elevated` (made anew before each test: it lasts a while). */
  elevated?: boolean;
}

export interface AdminWorld {
  ctx: TestContext;
  /** The admin's token (the account is made before the first reset, so it survives every reset). */
  token: string;
  /** With `elevated: true`: the same admin in advanced mode. */
  elevated: string;
}

/** The app, the database and the signed-in admin; the database emptied before each test. */
export function useAdminWorld(opts: WorldOptions = {}): AdminWorld {
  const w = {} as AdminWorld;
  beforeAll(async () => {
    w.ctx = await createTestContext(opts.env, opts.build);
    w.token = await createAdmin(w.ctx.app);
    if (opts.elevated) w.elevated = await elevate(w.ctx.app, w.token);
  });
  afterAll(() => w.ctx?.close());
  if (opts.reset !== false) {
    beforeEach(async () => {
      await w.ctx.reset();
      if (opts.elevated) w.elevated = await elevate(w.ctx.app, w.token);
    });
  }
  return w;
}

export interface UnitWorld extends AdminWorld {
  /** A unit (测评单位) made before each test, with its current round and nothing else. */
  companyId: number;
}

/** useAdminWorld and one empty unit, made anew before each test. */
export function useUnitWorld(opts: WorldOptions & { name?: string } = {}): UnitWorld {
  const w = useAdminWorld(opts) as UnitWorld;
  beforeEach(async () => {
    w.companyId = (await createCompany(w.ctx.app, w.token, opts.name)).id;
  });
  return w;
}

export interface BallotWorld extends AdminWorld {
  f: BallotFixture;
}

type FixtureOptions = NonNullable<Parameters<typeof buildBallotFixture>[2]>;

/**
 * useAdminWorld and buildBallotFixture (`name`, `persons`: its options), built before each test, or once
 * with `reset: false`.
 */
export function useBallotWorld(opts: FixtureOptions & WorldOptions = {}): BallotWorld {
  const w = useAdminWorld(opts) as BallotWorld;
  const build = async () => {
    w.f = await buildBallotFixture(w.ctx.app, w.token, { name: opts.name, persons: opts.persons });
  };
  if (opts.reset === false) beforeAll(build);
  else beforeEach(build);
  return w;
}
