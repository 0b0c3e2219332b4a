import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app';
import { createAdmin } from './helpers/factories';
import {
  buildBallotFixture,
  countRows,
  PUBLIC,
  scoringAnswers,
  submission,
  submit,
  type BallotFixture,
} from './helpers/ballot-fixtures';

let ctx: TestContext;
let token: string;
let f: BallotFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  token = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.reset();
  f = await buildBallotFixture(ctx.app, token);
});

describe('POST /public/polls/votes/ — appraisal', () => {
  it('stores the whole ballot with server-computed scores and answers 201 with the receipt', async () => {
    const body = submission(f);
    body.ballots[1]!.answers = scoringAnswers('person', 'fairly_good', { formalism: 'present' });
    const res = await submit(ctx.app, body);
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json();
    expect(receipt).toMatchObject({
      submission_id: body.submission_id,
      company: { id: f.company.id, name: '华东能源有限公司' },
      vote_type: { name: '班子成员', form_category: 'democratic_appraisal' },
      ballot_count: 4,
    });
    // Company: 40 + 6 × 10 = 100; person 1: 30 (称职) + 5 × 9.6 − 5 = 73; persons 2-3: 40 + 5 × 12 = 100.
    expect(receipt.ballots.map((b: { score: number }) => b.score)).toEqual([100, 73, 100, 100]);
    expect(receipt.total_score).toBe(373);
    expect(receipt.ballots[0]).toMatchObject({
      poll_kind: 'company',
      poll_title: '领导班子民主测评表',
      target_id: f.companyTarget.id,
      target_name: '领导班子',
    });
    expect(receipt.ballots[1].lines).toContainEqual({ question: '总体评价', answer: '称职' });
    expect(receipt.ballots[1].lines).toContainEqual({
      question: '反向测评：工作浮躁、搞形式主义',
      answer: '存在',
    });
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });

    const again = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/votes/${body.submission_id}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(receipt);
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
    expect(res.json()).toEqual({ detail: '您已完成投票' });
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
  it('stores the cadre and newly promoted ballots as cadre votes, with a receipt naming subjects', async () => {
    const body = submission(f, 'evaluation');
    const res = await submit(ctx.app, body);
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json();
    expect(receipt).toMatchObject({ ballot_count: 2, total_score: null });
    expect(receipt.ballots.map((b: { poll_kind: string }) => b.poll_kind)).toEqual([
      'cadre',
      'newly_promoted',
    ]);
    expect(receipt.ballots[0].answers).toEqual({
      overall: '好',
      supervision: '较好',
      problems: ['不存在突出问题'],
      suggestions: '加强培训',
    });
    expect(receipt.ballots[0].lines).toContainEqual({
      question: '您认为本单位选人用人工作存在的主要问题是什么（可多选）',
      answer: '不存在突出问题',
    });
    // The blank reason is dropped; only active subjects are asked.
    expect(receipt.ballots[1].answers).toEqual({
      [`subject_${f.subjects[0]!.id}`]: '认同',
      [`subject_${f.subjects[1]!.id}`]: '认同',
    });
    expect(receipt.ballots[1].lines).toEqual([
      { question: '周明', answer: '认同' },
      { question: '吴敏', answer: '认同' },
    ]);
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 0, cadre_votes: 2 });
    const read = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/votes/${body.submission_id}` });
    expect(read.json()).toEqual(receipt);
  });
});

describe('GET /public/polls/votes/{id}', () => {
  it('answers 404 for an unknown submission and 400 for a malformed id', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${PUBLIC}/votes/0b7c4a3e-7f0e-4c65-9d8a-2b1f3c4d5e6f`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: '投票记录不存在' });
    const bad = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/votes/not-a-uuid` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/UUID/);
  });
});
