// Issue 28: a full disk anywhere in a request answers 503 '服务器存储空间不足，请联系管理员' with
// Retry-After, never 500, and leaves nothing of the request behind. In process, on both databases: a
// trigger makes the database itself raise what PostgreSQL and PGlite raise when a table cannot grow
// (SQLSTATE 53100 disk_full, "could not extend file …: No space left on device"); the real full disk is
// test/disk-faults.test.ts. Node's own ENOSPC comes from writing to /dev/full.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDiskFull } from '../src/lib/errors';
import { createAdmin, bearer } from './helpers/factories';
import {
  buildBallotFixture,
  countRows,
  submission,
  submit,
  type BallotFixture,
} from './helpers/ballot-fixtures';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
let token: string;
let f: BallotFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await createAdmin(ctx.app);
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.reset();
  f = await buildBallotFixture(ctx.app, token);
});

const STORAGE_FULL = { detail: '服务器存储空间不足，请联系管理员', code: 'STORAGE_FULL' };

/** Until `undo`, every insert into `table` fails as a full disk does. */
async function diskFullOn(table: string) {
  const exec = (q: string) => ctx.database.db.execute(sql.raw(q));
  await exec(`CREATE OR REPLACE FUNCTION kp_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'could not extend file "base/5/16385": No space left on device'
        USING ERRCODE = '53100', HINT = 'Check free disk space.';
    END $$`);
  await exec(`CREATE TRIGGER kp_test_disk_full BEFORE INSERT ON ${table}
    FOR EACH ROW EXECUTE FUNCTION kp_test_disk_full()`);
  return async () => {
    await exec(`DROP TRIGGER kp_test_disk_full ON ${table}`);
    await exec('DROP FUNCTION kp_test_disk_full()');
  };
}

describe('a full disk in the database', () => {
  it('answers a ballot 503 with Retry-After and stores nothing of it; the same ballot sent again is stored once', async () => {
    const body = submission(f);
    // The votes are written after the submission row, in the same statement.
    const undo = await diskFullOn('votes');
    let res;
    try {
      res = await submit(ctx.app, body);
    } finally {
      await undo();
    }
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(STORAGE_FULL);
    expect(res.headers['retry-after']).toBe('30');
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 0, votes: 0, cadre_votes: 0 });

    // The voter page keeps the draft and sends it again with the same submission_id.
    const again = await submit(ctx.app, body);
    expect(again.statusCode, again.body).toBe(201);
    expect(await countRows(ctx.database.db)).toEqual({
      submissions: 1,
      votes: body.ballots.length,
      cadre_votes: 0,
    });
  });

  it('answers an administrator’s write the same way', async () => {
    const undo = await diskFullOn('companies');
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/companies',
        headers: bearer(token),
        payload: { name: '西北电力有限公司' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(STORAGE_FULL);
      expect(res.headers['retry-after']).toBe('30');
    } finally {
      await undo();
    }
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/companies',
      headers: bearer(token),
    });
    expect(JSON.stringify(list.json())).not.toContain('西北电力有限公司');
  });
});

describe.runIf(fs.existsSync('/dev/full'))("Node's ENOSPC", () => {
  it('is recognised, and a different failure is not', () => {
    let enospc: unknown;
    try {
      fs.writeFileSync('/dev/full', 'x');
    } catch (err) {
      enospc = err;
    }
    expect((enospc as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(isDiskFull(enospc)).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: enospc }))).toBe(true);
    let missing: unknown;
    try {
      fs.readFileSync('/nonexistent/kaoping');
    } catch (err) {
      missing = err;
    }
    expect(isDiskFull(missing)).toBe(false);
  });
});
