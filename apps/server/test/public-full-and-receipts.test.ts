import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { elevate } from './helpers/factories';
import { PUBLIC, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { adminCalls } from './helpers/vote-control';

let ctx: TestContext;
let token: string;
let f: BallotFixture;
const api = () => adminCalls(ctx.app, () => token);
const FULL = '本投票已达到应到人数';
const CAP = '本投票已达到应到人数，无法继续投票';

const w = useBallotWorld();
beforeEach(() => ({ ctx, token, f } = w));

const view = async (link: string, voter?: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${PUBLIC}/vote-type/${link}${voter ? `?voter_identifier=${voter}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stored = async (body: unknown) => {
  const res = await submit(ctx.app, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe("GET /public/polls/vote-type/{link}: status 'full'", () => {
  it('is open with the ballot below 应到人数, full without it once the formal ballots reach it', async () => {
    await api().update(f.appraisal.id, { expected_voters: 2 });
    const first = submission(f);
    await stored(first);
    const below = await view(f.appraisal.link_id);
    expect(below.vote_type.status).toBe('open');
    expect(below).toMatchObject({ ready: true, notice: null });
    expect(below.targets.length).toBeGreaterThan(0);

    await stored(submission(f));
    const full = await view(f.appraisal.link_id);
    expect(full.vote_type.status).toBe('full');
    // Nothing to fill in: the page shows the status before the cover and the ballot.
    expect(full).toMatchObject({ ready: false, notice: FULL, polls: [], targets: [], subjects: [] });
    expect(full.already_voted).toBe(false);

    // A voter who already voted still learns so (the page shows their receipt, not the full page).
    const mine = await view(f.appraisal.link_id, first.voter_identifier);
    expect(mine).toMatchObject({ vote_type: { status: 'full' }, already_voted: true });

    // The race stays the submission's: the next voter is refused with 409, nothing stored.
    const late = await submit(ctx.app, submission(f));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: CAP, code: 'CAP_REACHED' });

    // Never stale: raising 应到人数 opens the link again at once.
    await api().update(f.appraisal.id, { expected_voters: 3 });
    expect((await view(f.appraisal.link_id)).vote_type.status).toBe('open');
    // Another vote type of the unit is not affected.
    expect((await view(f.evaluation.link_id)).vote_type.status).toBe('open');
  });

  it('is never full without 应到人数, and a closed link says closed rather than full', async () => {
    for (let i = 0; i < 3; i++) await stored(submission(f));
    expect((await view(f.appraisal.link_id)).vote_type.status).toBe('open');
    await api().update(f.appraisal.id, { expected_voters: 3 });
    expect((await view(f.appraisal.link_id)).vote_type.status).toBe('full');
    expect((await api().close(f.appraisal.id)).statusCode).toBe(200);
    expect((await view(f.appraisal.link_id)).vote_type.status).toBe('closed');
  });

  it('counts test ballots in test mode only: go-formal starts the count again', async () => {
    await api().update(f.appraisal.id, { expected_voters: 1, test_mode: true });
    await stored(submission(f));
    const rehearsal = await view(f.appraisal.link_id);
    expect(rehearsal.vote_type).toMatchObject({ status: 'full', test_mode: true });
    expect((await submit(ctx.app, submission(f))).json()).toEqual({ detail: CAP, code: 'CAP_REACHED' });

    const formal = await api().goFormal(f.appraisal.id, await elevate(ctx.app, token));
    expect(formal.statusCode, formal.body).toBe(200);
    const open = await view(f.appraisal.link_id);
    expect(open.vote_type).toMatchObject({ status: 'open', test_mode: false });
    expect(open.ready).toBe(true);
    await stored(submission(f));
    expect((await view(f.appraisal.link_id)).vote_type.status).toBe('full');
  });

  it('counts the ballots of its own link only', async () => {
    await api().update(f.appraisal.id, { expected_voters: 1 });
    // Ballots of the evaluation link do not count against the appraisal link's cap.
    await stored(submission(f, 'evaluation'));
    expect((await view(f.appraisal.link_id)).vote_type.status).toBe('open');
  });

  it('is never full in codes mode, whatever 应到人数 says', async () => {
    await api().update(f.appraisal.id, { access_mode: 'codes', expected_voters: 1 });
    const codes = await api().codes(f.appraisal.id, 3);
    await stored(submission(f, 'appraisal', { code: codes[0] }));
    await stored(submission(f, 'appraisal', { code: codes[1] }));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${PUBLIC}/vote-type/${f.appraisal.link_id}?code=${codes[2]}`,
    });
    expect(res.json()).toMatchObject({ vote_type: { status: 'open' }, ready: true, code_state: 'usable' });
  });
});

describe('GET /public/polls/receipts/{receipt_code}', () => {
  let n = 0;
  // Each test its own address: the lookup is limited per address per minute.
  const lookup = (code: string, address = `10.0.0.${++n}`) =>
    ctx.app.inject({
      method: 'GET',
      url: `${PUBLIC}/receipts/${encodeURIComponent(code)}`,
      remoteAddress: address,
    });

  it('answers the receipt of that code, as the receipt link does: never a choice', async () => {
    const receipt = await stored(submission(f, 'evaluation'));
    expect(receipt.receipt_code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const address = '10.1.0.1';
    const res = await lookup(receipt.receipt_code, address);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(receipt);
    const byId = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/votes/${receipt.receipt_id}` });
    expect(res.json()).toEqual(byId.json());
    expect(Object.keys(res.json()).sort()).toEqual([
      'ballot_count',
      'company',
      'is_test',
      'receipt_code',
      'receipt_id',
      'vote_type',
      'voted_on',
    ]);
    // As a voter may type it: lower case, no dash, spaces.
    const typed = receipt.receipt_code.toLowerCase().replace('-', ' ');
    expect((await lookup(typed, address)).json()).toEqual(receipt);
  });

  it('finds each of several ballots by its own code, test ballots included', async () => {
    const a = await stored(submission(f));
    await api().update(f.evaluation.id, { test_mode: true });
    const b = await stored(submission(f, 'evaluation'));
    expect(b.is_test).toBe(true);
    expect((await lookup(a.receipt_code)).json()).toMatchObject({ receipt_id: a.receipt_id });
    expect((await lookup(b.receipt_code)).json()).toMatchObject({ receipt_id: b.receipt_id, is_test: true });
  });

  it('answers 404 with a Chinese detail for a code no ballot has, 400 for what cannot be a code', async () => {
    const receipt = await stored(submission(f));
    // Another well-formed code: the receipt's code with its first letter changed.
    const first = receipt.receipt_code[0] === '2' ? '3' : '2';
    const wrong = await lookup(`${first}${receipt.receipt_code.slice(1)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({
      detail: '未找到该回执码对应的投票回执，请核对后重新输入',
      code: 'RECEIPT_NOT_FOUND',
    });
    for (const bad of ['ABC', 'ABCD-EFGH-JK', 'O0O0-IIII', '中文回执码一二三四']) {
      const res = await lookup(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail, bad).toContain('回执码为 8 位字母和数字');
    }
  });

  it('refuses the 11th lookup of a minute from one address with 429, and not another address', async () => {
    const receipt = await stored(submission(f));
    const address = '10.2.0.1';
    for (let i = 0; i < 10; i++) expect((await lookup(receipt.receipt_code, address)).statusCode).toBe(200);
    const refused = await lookup(receipt.receipt_code, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: '查询过于频繁，请稍后再试', code: 'TOO_MANY_LOOKUPS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await lookup(receipt.receipt_code, '10.2.0.2')).statusCode).toBe(200);
  });
});
