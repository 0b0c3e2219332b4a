import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, cadreVotes, polls, submissions, voteTypes, votes } from '../src/db/schema';
import type { TestContext } from './helpers/test-app';
import { useUnitWorld } from './helpers/ballot-world';
import { bearer, createCompany, currentRoundId, elevate } from './helpers/factories';

let ctx: TestContext;
let token: string;
let companyId: number;
const w = useUnitWorld();
beforeEach(() => ({ ctx, token, companyId } = w));

const api = '/api/v1/admin/polls';
const importPoll = async (target_type: string, company_id = companyId) =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: `${api}/copy-from-template`,
      headers: bearer(token),
      payload: { company_id, target_type },
    })
  ).json<{ id: number; title: string }>();
const remove = (id: number | string, t: string) =>
  ctx.app.inject({ method: 'DELETE', url: `${api}/${id}`, headers: bearer(t) });

/** Stores ballots the way voting does: one submission per voter, then its rows (voting is another issue). */
async function vote(pollId: number, family: 'appraisal' | 'evaluation', voters: number, targets = [1]) {
  const db = ctx.database.db;
  const roundId = await currentRoundId(db, companyId);
  const [vt] = await db
    .insert(voteTypes)
    .values({
      companyId,
      roundId,
      name: `组${randomUUID()}`,
      formCategory: `democratic_${family}`,
      linkId: randomUUID(),
    })
    .returning();
  for (let i = 0; i < voters; i++) {
    const sub = { id: randomUUID(), companyId, roundId, voteTypeId: vt!.id, voterIdentifier: `v${i}` };
    await db
      .insert(submissions)
      .values({ ...sub, formCategory: vt!.formCategory, ballotCount: targets.length });
    const base = {
      submissionId: sub.id,
      companyId,
      roundId,
      voteTypeId: vt!.id,
      pollId,
      voterIdentifier: sub.voterIdentifier,
    };
    if (family === 'appraisal') {
      for (const targetId of targets)
        await db.insert(votes).values({ ...base, targetId, answers: {}, score: 90 });
    } else {
      await db.insert(cadreVotes).values({ ...base, pollKind: 'cadre', answers: {} });
    }
  }
}

describe('DELETE /polls/{id}', () => {
  it('needs advanced mode', async () => {
    const poll = await importPoll('company');
    const res = await remove(poll.id, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      detail: '此操作需要高级模式，请先验证管理员密码',
      code: 'ADVANCED_MODE_REQUIRED',
    });
    expect((await ctx.app.inject({ url: `${api}/${poll.id}`, headers: bearer(token) })).statusCode).toBe(200);
  });

  it('deletes a poll without ballots and writes the audit log', async () => {
    const poll = await importPoll('person');
    const res = await remove(poll.id, await elevate(ctx.app, token));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await ctx.app.inject({ url: `${api}/${poll.id}`, headers: bearer(token) })).statusCode).toBe(404);
    const log = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'poll.delete'));
    expect(log).toEqual([
      expect.objectContaining({
        username: 'admin',
        action: 'poll.delete',
        detail: {
          poll_id: poll.id,
          company_id: companyId,
          target_type: 'person',
          title: '领导人员民主测评表',
        },
      }),
    ]);
    // Gone means importable again.
    expect((await importPoll('person')).title).toBe('领导人员民主测评表');
  });

  it('refuses a poll that has ballots in votes or cadre_votes, keeping it and logging nothing', async () => {
    const elevated = await elevate(ctx.app, token);
    const scored = await importPoll('company');
    await vote(scored.id, 'appraisal', 2, [7, 8]);
    const res = await remove(scored.id, elevated);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: '该问卷已有 4 份投票记录，不能删除', code: 'POLL_HAS_BALLOTS' });

    const cadre = await importPoll('cadre');
    await vote(cadre.id, 'evaluation', 1);
    const res2 = await remove(cadre.id, elevated);
    expect(res2.statusCode).toBe(409);
    expect(res2.json()).toEqual({ detail: '该问卷已有 1 份投票记录，不能删除', code: 'POLL_HAS_BALLOTS' });

    expect(await ctx.database.db.select().from(polls).where(eq(polls.companyId, companyId))).toHaveLength(2);
    expect(await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'poll.delete'))).toEqual(
      [],
    );
  });

  it('answers 404 for an unknown poll and 400 for a bad id', async () => {
    const elevated = await elevate(ctx.app, token);
    const res = await remove(31337, elevated);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '问卷不存在', code: 'POLL_NOT_FOUND' });
    expect((await remove('abc', elevated)).statusCode).toBe(400);
  });
});

describe('GET /polls/1/stats', () => {
  it('counts ballots and voters per poll of the company', async () => {
    const company = await importPoll('company');
    const person = await importPoll('person');
    const cadre = await importPoll('cadre');
    await vote(company.id, 'appraisal', 3, [11, 12]);
    await vote(cadre.id, 'evaluation', 2);
    const other = (await createCompany(ctx.app, token, '乙公司')).id;
    const otherPoll = await importPoll('newly_promoted', other);

    const res = await ctx.app.inject({
      url: `${api}/1/stats?company_id=${companyId}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: company.id,
        company_id: companyId,
        target_type: 'company',
        title: '领导班子民主测评表',
        ballot_count: 6,
        voter_count: 3,
      },
      {
        id: person.id,
        company_id: companyId,
        target_type: 'person',
        title: '领导人员民主测评表',
        ballot_count: 0,
        voter_count: 0,
      },
      {
        id: cadre.id,
        company_id: companyId,
        target_type: 'cadre',
        title: '选人用人工作民主评议表',
        ballot_count: 2,
        voter_count: 2,
      },
    ]);

    const all = await ctx.app.inject({ url: `${api}/1/stats/`, headers: bearer(token) });
    expect(all.json().map((r: { id: number }) => r.id)).toEqual([
      company.id,
      person.id,
      cadre.id,
      otherPoll.id,
    ]);
  });

  it('answers 404 for an unknown company and 400 for bad query or path', async () => {
    const missing = await ctx.app.inject({ url: `${api}/1/stats?company_id=999`, headers: bearer(token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
    expect(
      (await ctx.app.inject({ url: `${api}/1/stats?company_id=x`, headers: bearer(token) })).statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ url: `${api}/abc/stats`, headers: bearer(token) })).statusCode).toBe(400);
    const empty = await ctx.app.inject({
      url: `${api}/1/stats?company_id=${companyId}`,
      headers: bearer(token),
    });
    expect(empty.json()).toEqual([]);
  });
});
