import { sql } from 'drizzle-orm';
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
const get = (path: string) => ctx.app.inject({ method: 'GET', url: `${PUBLIC}${path}` });

const w = useBallotWorld();
beforeEach(() => ({ ctx, token, f } = w));

describe('public lists of a unit’s people', () => {
  it('answer only while a vote of their family is open or in test mode', async () => {
    expect((await get(`/company/${f.company.id}/targets`)).statusCode).toBe(200);
    expect((await get(`/evaluation-subjects/${f.company.id}`)).statusCode).toBe(200);
    await api().close(f.appraisal.id);
    const targets = await get(`/company/${f.company.id}/targets`);
    expect(targets.statusCode).toBe(404);
    expect(targets.json()).toEqual({ detail: '该单位当前没有进行中的投票', code: 'NO_OPEN_VOTE' });
    // The evaluation vote still runs.
    expect((await get(`/evaluation-subjects/${f.company.id}`)).statusCode).toBe(200);
    await api().update(f.evaluation.id, { is_active: false });
    expect((await get(`/evaluation-subjects/${f.company.id}`)).statusCode).toBe(404);
    // A rehearsal shows them again.
    await api().update(f.evaluation.id, { is_active: true, test_mode: true });
    await ctx.database.db.execute(
      sql`UPDATE vote_types SET opens_at = now() + interval '1 day' WHERE id = ${f.evaluation.id}`,
    );
    expect((await get(`/evaluation-subjects/${f.company.id}`)).statusCode).toBe(200);
  });
});

describe('public results', () => {
  const publish = async (id: number) => api().update(id, { results_public: true });

  it('are shown only after the vote is closed', async () => {
    for (let i = 0; i < 5; i++) await submit(ctx.app, submission(f));
    await publish(f.appraisal.id);
    const open = await get(`/${f.polls.person.id}/stats`);
    expect(open.statusCode).toBe(403);
    expect(open.json()).toEqual({ detail: '投票结束后才公开结果', code: 'RESULTS_NOT_ENDED' });
    await api().close(f.appraisal.id);
    expect((await get(`/${f.polls.person.id}/stats`)).statusCode).toBe(200);
  });

  it('never for fewer than 5 ballots, and never with test ballots', async () => {
    await api().update(f.appraisal.id, { test_mode: true });
    for (let i = 0; i < 5; i++) await submit(ctx.app, submission(f));
    await api()
      .update(f.appraisal.id, { test_mode: false })
      .catch(() => undefined);
    await ctx.database.db.execute(sql`UPDATE vote_types SET test_mode = false WHERE id = ${f.appraisal.id}`);
    for (let i = 0; i < 4; i++) await submit(ctx.app, submission(f));
    await publish(f.appraisal.id);
    await api().close(f.appraisal.id);
    const four = await get(`/${f.polls.person.id}/stats`);
    expect(four.statusCode).toBe(404);
    expect(four.json()).toEqual({ detail: '参与人数不足，结果不予公开', code: 'RESULTS_TOO_FEW' });
    // A fifth ballot after a reopen publishes nothing either: a reopened vote type never publishes again
    // (issue 26; public-results-secrecy.test.ts).
    await api().reopen(f.appraisal.id, await elevate(ctx.app, token));
    await submit(ctx.app, submission(f));
    await api().close(f.appraisal.id);
    const five = await get(`/${f.polls.person.id}/stats`);
    expect(five.statusCode).toBe(404);
    expect(five.json()).toMatchObject({ code: 'RESULTS_REOPENED' });
  });
});
