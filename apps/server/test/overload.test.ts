// Issue 18: a whole hall of phones behind one venue address gets through, a flood from one script gets
// 429 '请求过于频繁，请稍后再试', and an overloaded server answers 503 with Retry-After at once; the
// production limits (the defaults of src/config.ts), with the clock moved instead of waited for.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { createTestContext, type TestContext } from './helpers/test-app';
import { createAdmin } from './helpers/factories';
import {
  buildBallotFixture,
  countRows,
  PUBLIC,
  submission,
  type BallotFixture,
} from './helpers/ballot-fixtures';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';

const defaults = loadConfig({});
let ctx: TestContext;
let token: string;
let f: BallotFixture;

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  ctx = await createTestContext({
    PUBLIC_SUBMIT_LIMIT: String(defaults.PUBLIC_SUBMIT_LIMIT),
    PUBLIC_READ_LIMIT: String(defaults.PUBLIC_READ_LIMIT),
  });
  token = await createAdmin(ctx.app);
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  if (!ctx) return;
  vi.useRealTimers();
  await ctx.reset();
  token = await createAdmin(ctx.app);
  f = await buildBallotFixture(ctx.app, token);
  // Each test starts in windows no earlier test touched.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_600_000 * (1 + Math.random()) });
});

const send = (body: SubmissionBody, address: string) =>
  ctx.app.inject({ method: 'POST', url: `${PUBLIC}/votes/`, payload: body, remoteAddress: address });
const open = (link: string, address: string) =>
  ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/${link}`, remoteAddress: address });

// The limits live in the server's memory, not the database: the PostgreSQL run of the suite skips this file.
const onPglite = !process.env.TEST_DATABASE_URL;

describe.runIf(onPglite)('per address and per link', () => {
  it('lets 3,000 phones behind one venue address vote within five minutes, in bursts of 50', async () => {
    const venue = '203.0.113.7';
    let stored = 0;
    for (let burst = 0; burst < 60; burst++) {
      // The ballots only (the reads have their own limit, below): 3,000 real ballots stored.
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => send(submission(f, 'evaluation'), venue)),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(201);
      stored += answers.length;
      vi.setSystemTime(Date.now() + 5_000);
    }
    expect(stored).toBe(3000);
    expect((await countRows(ctx.database.db)).submissions).toBe(3000);
  }, 600_000);

  it('answers a flood from one address with 429 and Retry-After, storing only what it let through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => send(submission(f, 'evaluation'), '198.51.100.9')),
    );
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(1000 - defaults.PUBLIC_SUBMIT_LIMIT);
    expect(limited[0]!.json()).toEqual({ detail: '请求过于频繁，请稍后再试', code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await countRows(ctx.database.db)).submissions).toBe(defaults.PUBLIC_SUBMIT_LIMIT);
    // Another address is not held back, and the flooder gets through again in the next window.
    expect((await send(submission(f, 'evaluation'), '192.0.2.1')).statusCode).toBe(201);
    vi.setSystemTime(Date.now() + 10_000);
    expect((await send(submission(f, 'evaluation'), '198.51.100.9')).statusCode).toBe(201);
  }, 120_000);

  it('limits one link over many addresses, and public reads too', async () => {
    const perLink = defaults.PUBLIC_SUBMIT_LIMIT * 2;
    const answers = await Promise.all(
      Array.from({ length: perLink + 50 }, (_, i) =>
        send({ ...submission(f, 'evaluation'), ballots: [] }, `10.1.${i >> 8}.${i & 255}`),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(50);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(perLink);
    const reads = [];
    for (let i = 0; i < defaults.PUBLIC_READ_LIMIT + 5; i++)
      reads.push((await open('nolink', '10.2.0.1')).statusCode);
    expect(reads.filter((s) => s === 429)).toHaveLength(5);
    expect(reads.filter((s) => s === 404)).toHaveLength(defaults.PUBLIC_READ_LIMIT);
  }, 120_000);
});

describe.runIf(onPglite)('under overload', () => {
  it('answers 503 with Retry-After beyond the requests in progress, and the retried ballots are stored once', async () => {
    const busy = await createTestContext({ MAX_IN_FLIGHT: '4' });
    try {
      const admin = await createAdmin(busy.app);
      const g = await buildBallotFixture(busy.app, admin);
      const bodies = Array.from({ length: 40 }, () => submission(g, 'evaluation'));
      const sendTo = (b: SubmissionBody) =>
        busy.app.inject({ method: 'POST', url: `${PUBLIC}/votes/`, payload: b });
      const first = await Promise.all(bodies.map(sendTo));
      const refused = first.filter((r) => r.statusCode === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(first.every((r) => r.statusCode === 201 || r.statusCode === 503)).toBe(true);
      expect(refused[0]!.json()).toEqual({ detail: '服务器繁忙，请稍后重试', code: 'SERVER_BUSY' });
      expect(refused[0]!.headers['retry-after']).toBe('2');
      // The voter page sends the same ballot again after Retry-After: each is stored once.
      for (const b of bodies) expect((await sendTo(b)).statusCode).toBe(201);
      expect((await countRows(busy.database.db)).submissions).toBe(40);
    } finally {
      await busy.close();
    }
  }, 120_000);
});
