import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { bearer, createVoteTarget } from './helpers/factories';
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

const admin = async (method: 'PUT', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api/v1/admin${url}`, headers: bearer(token), payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
};
const setVoteType = (fields: object) => admin('PUT', `/vote-types/${f.appraisal.id}`, fields);
const hourFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('the vote window and the active switch', () => {
  it('refuses with 403 and a clear detail when closed, not yet open or switched off', async () => {
    // A first ballot warms this instance's cached definition; refusals must not rely on it.
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    for (const [fields, detail, code] of [
      [{ opens_at: hourFromNow(-2), closes_at: hourFromNow(-1) }, '投票已结束', 'VOTE_CLOSED'],
      [{ opens_at: hourFromNow(1), closes_at: hourFromNow(2) }, '投票尚未开始', 'VOTE_NOT_STARTED'],
      [{ opens_at: null, closes_at: null, is_active: false }, '该投票已停用', 'VOTE_INACTIVE'],
    ] as const) {
      await setVoteType(fields);
      const res = await submit(ctx.app, submission(f));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail, code });
    }
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
    await setVoteType({ is_active: true });
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
  });

  it('the window is checked by the database clock at the moment of storing', async () => {
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    // Closed behind the server's back (no admin call): the cached definition still says open.
    await ctx.database.db.execute(
      sql`UPDATE vote_types SET closes_at = now() - interval '1 second' WHERE id = ${f.appraisal.id}`,
    );
    const res = await submit(ctx.app, submission(f));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: '投票已结束', code: 'VOTE_CLOSED' });
  });

  it('a retry of a ballot stored before the close still answers its receipt', async () => {
    const body = submission(f);
    const first = await submit(ctx.app, body);
    await setVoteType({ closes_at: hourFromNow(-0.001), opens_at: hourFromNow(-1) });
    const retry = await submit(ctx.app, body);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
  });
});

describe('changes to the roster and the polls while voting', () => {
  it('a deactivated target is refused at once, and the ballot without it is accepted', async () => {
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    await admin('PUT', `/vote-targets/${f.persons[2]!.id}`, { is_active: false });
    const stale = await submit(ctx.app, submission(f));
    expect(stale.statusCode).toBe(422);
    expect(stale.json().detail).toMatch(/不存在或未启用/);
    const body = submission(f);
    body.ballots = body.ballots.filter((b) => b.target_id !== f.persons[2]!.id);
    const res = await submit(ctx.app, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().ballot_count).toBe(3);
  });

  it('a renamed target or vote type is picked up at once: the next receipt names the new vote type', async () => {
    // (Receipts name no target since issue 12; the vote type's name is part of the same definition.)
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    await admin('PUT', `/vote-targets/${f.persons[0]!.id}`, { name: '王建国（常务）' });
    await admin('PUT', `/vote-types/${f.appraisal.id}`, { name: '班子成员（扩大）' });
    const res = await submit(ctx.app, submission(f));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().vote_type.name).toBe('班子成员（扩大）');
  });

  it('an edited poll is checked in its new form at once', async () => {
    // Opening the link caches the definition on this instance (polls with ballots cannot be restructured).
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/${f.appraisal.link_id}` })).statusCode,
    ).toBe(200);
    const poll = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/polls/${f.polls.company.id}`,
        headers: bearer(token),
      })
    ).json();
    poll.form_schema.evaluationGroups[1].items.pop();
    await admin('PUT', `/polls/${poll.id}`, { form_schema: poll.form_schema });
    const old = await submit(ctx.app, submission(f));
    expect(old.statusCode).toBe(422);
    expect(old.json().detail).toMatch(/未知的题目：integrity/);
    const body = submission(f);
    const answers = scoringAnswers('company');
    delete (answers.items as Record<string, string>).integrity;
    body.ballots[0]!.answers = answers;
    const res = await submit(ctx.app, body);
    expect(res.statusCode, res.body).toBe(201);
    // The records show the score once the vote has ended (decision 0041).
    await endVotes(ctx.app, token, [f.appraisal.id]);
    const records = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/votes/?company_id=${f.company.id}&target_id=${f.companyTarget.id}`,
      headers: bearer(token),
    });
    expect(records.json().items.map((v: { score: number }) => v.score)).toContain(90);
  });

  it('a roster the polls cannot answer is a 409 naming the setup problem', async () => {
    // (The admin call needs advanced mode; the outcome is the same.)
    await ctx.database.db.execute(sql`DELETE FROM polls WHERE id = ${f.polls.person.id}`);
    const res = await submit(ctx.app, submission(f));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/该投票尚未配置完成（缺少个人民主测评问卷）/);
    const view = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/${f.appraisal.link_id}` });
    expect(view.json()).toMatchObject({
      ready: false,
      polls: [],
      notice: expect.stringMatching(/尚未配置完成/),
    });
  });

  it('an appraisal vote type without any active target cannot be voted', async () => {
    for (const t of [f.companyTarget, ...f.persons])
      await admin('PUT', `/vote-targets/${t.id}`, { is_active: false });
    const res = await submit(ctx.app, submission(f));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/暂无测评对象/);
    await createVoteTarget(ctx.app, token, f.company.id, { name: '新领导' });
    const view = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/${f.appraisal.link_id}` });
    expect(view.json().targets.map((t: { name: string }) => t.name)).toEqual(['新领导']);
  });
});
