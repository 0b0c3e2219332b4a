// The setup most ballot test files share: one app and database for the file, and before each test an
// emptied database with the admin signed in and buildBallotFixture built. Call it at the top of a test
// file; read the fields inside tests and hooks (they change before each test). A file adds its own
// beforeEach after this call for more (they run in order).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildBallotFixture, type BallotFixture } from './ballot-fixtures';
import { createAdmin } from './factories';
import { createTestContext, type TestContext } from './test-app';

export interface BallotWorld {
  ctx: TestContext;
  /** The admin's token (the account is made before the first reset, so it survives every reset). */
  token: string;
  f: BallotFixture;
}

/** `fixture`: the options of buildBallotFixture (how many persons, the unit's name). */
export function useBallotWorld(fixture?: Parameters<typeof buildBallotFixture>[2]): BallotWorld {
  const w = {} as BallotWorld;
  beforeAll(async () => {
    w.ctx = await createTestContext();
    w.token = await createAdmin(w.ctx.app);
  });
  afterAll(() => w.ctx.close());
  beforeEach(async () => {
    await w.ctx.reset();
    w.token = await createAdmin(w.ctx.app);
    w.f = await buildBallotFixture(w.ctx.app, w.token, fixture);
  });
  return w;
}
