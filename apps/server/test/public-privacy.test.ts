import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import type { TestContext } from './helpers/test-app';
import { PUBLIC, submission, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';

// DESIGN.md "Voting": nothing but the voter identifier is kept with a ballot, and the server's own
// request log must not put a voter's address next to the moment a ballot arrived.

let ctx: TestContext;
let f: BallotFixture;
let logged: string[];
let logging: App;

const w = useBallotWorld();
beforeAll(async () => {
  ({ ctx } = w);
  // A second app on the same database, logging at info like a production server.
  const stream = new Writable({
    write(chunk, _enc, done) {
      logged.push(String(chunk));
      done();
    },
  });
  logging = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
    database: ctx.database,
    jwtSecret: 'test-secret-test-secret-test-secret-1234',
    logger: { level: 'info', stream },
  });
  await logging.ready();
});
afterAll(() => logging.close());
beforeEach(async () => {
  ({ f } = w);
  logged = [];
});

const VOTER_IP = '198.51.100.23';
const FORWARDED = '203.0.113.77';
const AGENT = 'Mozilla/5.0 (iPhone) UniqueAgent/9.9';
const fromPhone = { 'x-forwarded-for': FORWARDED, 'user-agent': AGENT };

describe('privacy of voters', () => {
  it('stores nothing about the voter beyond the identifier: no IP address, no user agent', async () => {
    const body = submission(f);
    const res = await logging.inject({
      method: 'POST',
      url: `${PUBLIC}/votes/`,
      payload: body,
      headers: fromPhone,
      remoteAddress: VOTER_IP,
    });
    expect(res.statusCode).toBe(201);
    const rows = (await ctx.database.db.execute(
      sql`SELECT row_to_json(s)::text AS s, (SELECT json_agg(v)::text FROM votes v) AS v FROM submissions s`,
    )) as unknown as { rows: unknown[] };
    const stored = JSON.stringify(rows.rows);
    for (const secret of [VOTER_IP, FORWARDED, 'UniqueAgent']) expect(stored).not.toContain(secret);
    // The receipt does not repeat the identifier either (it is the voter's own secret).
    expect(JSON.stringify(res.json())).not.toContain(body.voter_identifier);
  });

  it('writes no request log line for the public voting calls, while other calls are logged', async () => {
    const calls = [
      { method: 'GET' as const, url: `${PUBLIC}/vote-type/${f.appraisal.link_id}` },
      { method: 'POST' as const, url: `${PUBLIC}/votes/`, payload: submission(f) },
      { method: 'POST' as const, url: `${PUBLIC}/votes/`, payload: { bad: true } },
    ];
    for (const call of calls) {
      const res = await logging.inject({ ...call, headers: fromPhone, remoteAddress: VOTER_IP });
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(logged.join('')).not.toContain(VOTER_IP);
    expect(logged.join('')).not.toContain(FORWARDED);
    await logging.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: VOTER_IP });
    expect(logged.join('')).toContain('incoming request');
  });
});
