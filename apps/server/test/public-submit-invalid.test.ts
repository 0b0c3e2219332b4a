import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { createVoteTarget } from './helpers/factories';
import {
  appraisalEntries,
  buildBallotFixture,
  countRows,
  PUBLIC,
  scoringAnswers,
  submission,
  submit,
  type BallotFixture,
} from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
let f: BallotFixture;

const w = useBallotWorld();
beforeEach(() => ({ ctx, token, f } = w));

const NOTHING = { submissions: 0, votes: 0, cadre_votes: 0 };

/** Sends the body, expects the status and a detail matching `detail`, and that nothing was stored. */
async function refused(body: unknown, status: number, detail: RegExp) {
  const res = await submit(ctx.app, body);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().detail).toMatch(detail);
  expect(await countRows(ctx.database.db)).toEqual(NOTHING);
}

describe('the envelope', () => {
  it('refuses missing fields, naming them', async () => {
    const { link_id, voter_identifier, submission_id, ballots } = submission(f);
    await refused({ voter_identifier, submission_id, ballots }, 422, /link_id/);
    await refused({ link_id, submission_id, ballots }, 422, /voter_identifier/);
    await refused({ link_id, voter_identifier, ballots }, 422, /submission_id/);
    await refused({ link_id, voter_identifier, submission_id }, 422, /ballots/);
    await refused({ link_id, voter_identifier, submission_id, ballots: [] }, 422, /答卷列表不能为空/);
  });

  it('refuses extra fields, in the envelope and in an entry', async () => {
    await refused({ ...submission(f), ip: '1.2.3.4' }, 422, /不支持字段：ip/);
    const body = submission(f);
    (body.ballots[0] as unknown as Record<string, unknown>).score = 100;
    await refused(body, 422, /不支持字段：score/);
  });

  it('refuses wrong types', async () => {
    await refused({ ...submission(f), ballots: 'all good' }, 422, /答卷列表必须是数组/);
    const body = submission(f);
    (body.ballots[0] as unknown as Record<string, unknown>).poll_id = String(f.polls.company.id);
    await refused(body, 422, /poll_id.*必须是数字/);
    const arr = submission(f);
    (arr.ballots[0] as unknown as Record<string, unknown>).answers = ['good'];
    await refused(arr, 422, /答案必须是对象/);
    await refused({ ...submission(f), submission_id: 'abc' }, 422, /提交编号必须是 UUID/);
    await refused({ ...submission(f), voter_identifier: 'short' }, 422, /至少 8 个字符/);
    await refused({ ...submission(f), voter_identifier: '张三的手机号码12345' }, 422, /只能包含/);
    await refused({ ...submission(f), voter_identifier: 'x'.repeat(100_000) }, 422, /不能超过 128/);
  });

  it('answers 404 for an unknown link and 400 for malformed JSON', async () => {
    await refused({ ...submission(f), link_id: 'no-such-link-000000000' }, 404, /投票链接无效或已失效/);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${PUBLIC}/votes/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"link_id": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/JSON/);
  });
});

describe('the appraisal ballot', () => {
  it('refuses options that do not exist, naming the target and the question', async () => {
    const body = submission(f);
    body.ballots[1]!.answers = { ...scoringAnswers('person'), overall: 'superb' };
    await refused(body, 422, /“王建国”：总体评价的选项不存在/);
    const item = submission(f);
    item.ballots[0]!.answers = scoringAnswers('company');
    (item.ballots[0]!.answers.items as Record<string, string>).unity = 'perfect';
    await refused(item, 422, /“领导班子”：分项评价“团结协作”的选项不存在/);
    const rev = submission(f);
    rev.ballots[0]!.answers = scoringAnswers('company', 'good', { formalism: 'yes' });
    await refused(rev, 422, /反向测评“形式主义、官僚主义问题”的选项不存在/);
    const extra = submission(f);
    extra.ballots[0]!.answers = { ...scoringAnswers('company'), comment: '很好' };
    await refused(extra, 422, /未知的题目：comment/);
  });

  it('refuses a target of another company, an inactive target and a target with the wrong poll', async () => {
    const other = await buildBallotFixture(ctx.app, token, { name: '其他单位' });
    const foreign = submission(f);
    foreign.ballots.push({
      poll_id: f.polls.person.id,
      target_id: other.persons[0]!.id,
      answers: scoringAnswers('person'),
    });
    await refused(foreign, 422, new RegExp(`测评对象（ID ${other.persons[0]!.id}）不存在或未启用`));
    const inactive = submission(f);
    inactive.ballots.push({
      poll_id: f.polls.person.id,
      target_id: f.inactiveTarget.id,
      answers: scoringAnswers('person'),
    });
    await refused(inactive, 422, /不存在或未启用/);
    const wrongPoll = submission(f);
    wrongPoll.ballots[1] = {
      poll_id: f.polls.company.id,
      target_id: f.persons[0]!.id,
      answers: scoringAnswers('company'),
    };
    await refused(wrongPoll, 422, /测评对象“王建国”应使用个人民主测评问卷作答/);
    const otherPoll = submission(f);
    otherPoll.ballots[0]!.poll_id = other.polls.company.id;
    await refused(otherPoll, 422, /不属于本次投票/);
  });

  it('refuses a half ballot, a duplicated target and a missing target_id', async () => {
    await refused(
      submission(f, 'appraisal', { ballots: appraisalEntries(f).slice(0, 2) }),
      422,
      /尚未作答：“李红梅”、“张志强”/,
    );
    const twice = submission(f);
    twice.ballots.push(twice.ballots[1]!);
    await refused(twice, 422, /对“王建国”重复作答/);
    const noTarget = submission(f);
    delete noTarget.ballots[0]!.target_id;
    await refused(noTarget, 422, /需要指定测评对象/);
    const blank = submission(f);
    blank.ballots[2]!.answers = { overall: '', items: {}, reverse: {} };
    await refused(blank, 422, /“李红梅”：请选择总体评价/);
  });

  it('a target added after the page loaded must be answered too', async () => {
    await createVoteTarget(ctx.app, token, f.company.id, { name: '新任领导' });
    await refused(submission(f), 422, /尚未作答：“新任领导”/);
  });
});

describe('the evaluation ballot', () => {
  it('refuses duplicate multiple-choice values, unknown options and 100 KB of text', async () => {
    const dup = submission(f, 'evaluation');
    dup.ballots[0]!.answers.problems = ['任人唯亲、拉帮结派', '任人唯亲、拉帮结派'];
    await refused(dup, 422, /第 3 题.*的选项重复/);
    const unknown = submission(f, 'evaluation');
    unknown.ballots[0]!.answers.overall = '很好';
    await refused(unknown, 422, /第 1 题“对本单位选人用人工作的总体评价”的选项不存在/);
    const long = submission(f, 'evaluation');
    long.ballots[0]!.answers.suggestions = '建'.repeat(100_000);
    await refused(long, 422, /不能超过 2000 个字/);
    const reason = submission(f, 'evaluation');
    reason.ballots[1]!.answers.reason = 'x'.repeat(100_000);
    await refused(reason, 422, /不认同的原因不能超过 2000 个字/);
  });

  it('refuses text PostgreSQL cannot store (NUL, an unpaired surrogate) with 422, not 500', async () => {
    for (const text of ['建议\u0000加强', '半个字符\uD83D']) {
      const body = submission(f, 'evaluation');
      body.ballots[0]!.answers.suggestions = text;
      await refused(body, 422, /答案包含无法保存的字符/);
    }
    const ok = submission(f, 'evaluation');
    ok.ballots[0]!.answers.suggestions = '完整的表情👍可以保存';
    expect((await submit(ctx.app, ok)).statusCode).toBe(201);
  });

  it('refuses a missing subject, an inactive subject, an unknown opinion and a target_id', async () => {
    const missing = submission(f, 'evaluation');
    delete missing.ballots[1]!.answers[`subject_${f.subjects[1]!.id}`];
    await refused(missing, 422, /请对“吴敏”选择认同/);
    const inactive = submission(f, 'evaluation');
    inactive.ballots[1]!.answers[`subject_${f.inactiveSubject.id}`] = '认同';
    await refused(inactive, 422, new RegExp(`未知的题目：subject_${f.inactiveSubject.id}`));
    const opinion = submission(f, 'evaluation');
    opinion.ballots[1]!.answers[`subject_${f.subjects[0]!.id}`] = '支持';
    await refused(opinion, 422, /对“周明”的评议只能是认同、基本认同、不认同或不了解/);
    const target = submission(f, 'evaluation');
    target.ballots[0]!.target_id = f.persons[0]!.id;
    await refused(target, 422, /不需要测评对象/);
    const half = submission(f, 'evaluation');
    half.ballots.pop();
    await refused(half, 422, /尚未作答：“新提拔任用干部民主评议表”/);
  });

  it('refuses an appraisal poll in an evaluation ballot', async () => {
    const mixed = submission(f, 'evaluation');
    mixed.ballots.push(appraisalEntries(f)[0]!);
    await refused(mixed, 422, /不属于本次投票/);
  });
});
