import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { bearer } from './helpers/factories';
import {
  countRows,
  PUBLIC,
  scoringAnswers,
  submission,
  submit,
  type BallotFixture,
} from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { endVotes } from './helpers/round-fixtures';

let ctx: TestContext;
let token: string;
let f: BallotFixture;

const w = useBallotWorld();
beforeEach(() => ({ ctx, token, f } = w));

describe('POST /public/polls/votes/ — appraisal', () => {
  it('stores the whole ballot with server-computed scores and answers 201 with the receipt', async () => {
    const body = submission(f);
    body.ballots[1]!.answers = scoringAnswers('person', 'fairly_good', { formalism: 'present' });
    const beijingDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const dayBefore = beijingDay();
    const res = await submit(ctx.app, body);
    const dayAfter = beijingDay();
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json();
    // Proof that the ballot was counted, never how it was cast (issue 12): no choice, no score.
    expect(receipt).toEqual({
      receipt_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      receipt_code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/),
      // The day in Beijing time, never a time of day; no submission id (issue 26).
      voted_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      company: { id: f.company.id, name: '华东能源有限公司' },
      vote_type: { name: '班子成员', form_category: 'democratic_appraisal' },
      ballot_count: 4,
      is_test: false,
    });
    expect(receipt.receipt_id).not.toBe(body.submission_id);
    expect([dayBefore, dayAfter]).toContain(receipt.voted_on);
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });

    // The scores the server computed, as the records screen reads them once the vote has ended (0041).
    // Company: 40 + 6 × 10 = 100; person 1: 30 (称职) + 5 × 9.6 − 5 = 73; persons 2-3: 40 + 5 × 12 = 100.
    await endVotes(ctx.app, token, [f.appraisal.id]);
    const records = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/votes/?company_id=${f.company.id}&limit=10`,
      headers: bearer(token),
    });
    const byTarget = new Map(
      records.json().items.map((v: { target_id: number; score: number }) => [v.target_id, v.score]),
    );
    const targets = [f.companyTarget, ...f.persons].map((t) => t.id);
    expect(targets.map((id) => byTarget.get(id))).toEqual([100, 73, 100, 100]);
    expect(
      records.json().items.find((v: { target_id: number }) => v.target_id === f.persons[0]!.id),
    ).toMatchObject({
      target_name: '王建国',
      answers: { overall: 'competent', reverse: { formalism: 'present' } },
    });

    const again = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/votes/${receipt.receipt_id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(receipt);
    // The client's submission id is an idempotency key, not the receipt's address.
    const bySubmission = await ctx.app.inject({
      method: 'GET',
      url: `${PUBLIC}/votes/${body.submission_id}`,
    });
    expect(bySubmission.statusCode).toBe(404);
  });

  it('a replay of the same submission answers the first receipt and stores nothing new', async () => {
    const body = submission(f);
    const first = await submit(ctx.app, body);
    const replay = await submit(ctx.app, body);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
  });

  it('refuses a second, different ballot of the same voter with 409 您已完成投票', async () => {
    const body = submission(f);
    await submit(ctx.app, body);
    const second = submission(f, 'appraisal', { voter_identifier: body.voter_identifier });
    const res = await submit(ctx.app, second);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: '您已完成投票', code: 'ALREADY_VOTED' });
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
  });

  it('refuses the same submission_id with other answers or from another voter with 409', async () => {
    const body = submission(f);
    await submit(ctx.app, body);
    const changed = structuredClone(body);
    changed.ballots[0]!.answers = scoringAnswers('company', 'average');
    const a = await submit(ctx.app, changed);
    expect(a.statusCode).toBe(409);
    expect(a.json().detail).toMatch(/提交编号/);
    const b = await submit(ctx.app, { ...body, voter_identifier: 'another-voter-1' });
    expect(b.statusCode).toBe(409);
    expect(b.json().detail).toMatch(/提交编号/);
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
  });

  it('lets the same voter identifier vote once in each vote type', async () => {
    const voter = 'shared-voter-01';
    expect((await submit(ctx.app, submission(f, 'appraisal', { voter_identifier: voter }))).statusCode).toBe(
      201,
    );
    expect((await submit(ctx.app, submission(f, 'evaluation', { voter_identifier: voter }))).statusCode).toBe(
      201,
    );
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 2, votes: 4, cadre_votes: 2 });
  });
});

describe('POST /public/polls/votes/ — evaluation', () => {
  it('stores the cadre and newly promoted ballots as cadre votes, with a receipt naming none of them', async () => {
    const body = submission(f, 'evaluation');
    const res = await submit(ctx.app, body);
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json();
    expect(receipt).toMatchObject({ ballot_count: 2, is_test: false });
    expect(Object.keys(receipt).sort()).toEqual([
      'ballot_count',
      'company',
      'is_test',
      'receipt_code',
      'receipt_id',
      'vote_type',
      'voted_on',
    ]);
    // The records show the answers once the vote has ended (decision 0041).
    await endVotes(ctx.app, token, [f.evaluation.id]);
    const records = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/cadre-votes/?company_id=${f.company.id}&limit=10`,
      headers: bearer(token),
    });
    const byKind = new Map(
      records.json().items.map((v: { poll_kind: string; answers: unknown }) => [v.poll_kind, v.answers]),
    );
    expect(byKind.get('cadre')).toEqual({
      overall: '好',
      supervision: '较好',
      problems: ['不存在突出问题'],
      suggestions: '加强培训',
    });
    // The blank reason is dropped; only active subjects are asked.
    expect(byKind.get('newly_promoted')).toEqual({
      [`subject_${f.subjects[0]!.id}`]: '认同',
      [`subject_${f.subjects[1]!.id}`]: '认同',
    });
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 0, cadre_votes: 2 });
    const read = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/votes/${receipt.receipt_id}` });
    expect(read.json()).toEqual(receipt);
  });
});

describe('GET /public/polls/votes/{id}', () => {
  it('answers 404 for an unknown receipt and 400 for a malformed id', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${PUBLIC}/votes/AAAAAAAAAAAAAAAAAAAAAA`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: '投票记录不存在', code: 'RECEIPT_RECORD_NOT_FOUND' });
    const bad = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/votes/not.a.receipt` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/回执编号/);
  });
});
