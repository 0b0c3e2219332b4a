import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { createVoteType, elevate } from './helpers/factories';
import { PUBLIC, submission, submit } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { adminCalls } from './helpers/vote-control';

// Issue 26, "Public results": published figures never show one ballot. No minimum or maximum (the
// harshest ballot is visible as such), and a vote type reopened after it ended publishes nothing more:
// otherwise reopen + one ballot + close moves the figures by exactly that ballot.

const w = useBallotWorld();
const api = () => adminCalls(w.ctx.app, () => w.token);
const stats = () => w.ctx.app.inject({ method: 'GET', url: `${PUBLIC}/${w.f.polls.person.id}/stats` });

async function publishedAfterFive() {
  for (let i = 0; i < 5; i++) expect((await submit(w.ctx.app, submission(w.f))).statusCode).toBe(201);
  expect((await api().update(w.f.appraisal.id, { results_public: true })).statusCode).toBe(200);
}

describe('public results', () => {
  it('print no minimum and no maximum', async () => {
    await publishedAfterFive();
    await api().close(w.f.appraisal.id);
    const res = await stats();
    expect(res.statusCode).toBe(200);
    const targets = res.json<{ vote_types: { targets: Record<string, unknown>[] }[] }>().vote_types[0]!
      .targets;
    expect(targets.length).toBeGreaterThan(0);
    for (const t of targets) {
      expect(t).toMatchObject({ count: 5 });
      expect(t).not.toHaveProperty('min');
      expect(t).not.toHaveProperty('max');
    }
    expect(res.body).not.toMatch(/"(min|max)"/);
  });

  it('reopen + one ballot + close moves no published figure: after a reopen nothing is published', async () => {
    await publishedAfterFive();
    await api().close(w.f.appraisal.id);
    const before = await stats();
    expect(before.statusCode).toBe(200);
    expect(before.json().vote_types[0]).toMatchObject({ ballot_count: 5 });

    expect((await api().reopen(w.f.appraisal.id, await elevate(w.ctx.app, w.token))).statusCode).toBe(200);
    expect((await submit(w.ctx.app, submission(w.f))).statusCode).toBe(201);
    await api().close(w.f.appraisal.id);
    const after = await stats();
    expect(after.statusCode).toBe(404);
    expect(after.json()).toMatchObject({ code: 'RESULTS_REOPENED' });
    expect(after.body).not.toContain('ballot_count');
    // 完成计票 changes nothing: the vote type was reopened once, for good.
    await api().finishCount(w.f.appraisal.id);
    expect((await stats()).json()).toMatchObject({ code: 'RESULTS_REOPENED' });
  });

  it('moving the deadline of a vote that ended by it is a reopen too', async () => {
    await publishedAfterFive();
    const setDeadline = (when: string) =>
      w.ctx.database.db.execute(
        sql`UPDATE vote_types SET closes_at = ${when}::timestamptz WHERE id = ${w.f.appraisal.id}`,
      );
    await setDeadline(new Date(Date.now() - 60_000).toISOString());
    expect((await stats()).statusCode).toBe(200);

    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await api().update(w.f.appraisal.id, { closes_at: later })).statusCode).toBe(200);
    expect((await submit(w.ctx.app, submission(w.f))).statusCode).toBe(201);
    await setDeadline(new Date(Date.now() - 1_000).toISOString());
    expect((await stats()).json()).toMatchObject({ code: 'RESULTS_REOPENED' });
    // And the audit log says the vote was opened again.
    const rows = await rowsOf<{ action: string }>(
      w.ctx.database.db,
      sql`SELECT action FROM audit_log WHERE object_id = ${String(w.f.appraisal.id)} AND action = 'vote_type.reopen'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('a vote type never reopened is still published beside a reopened one of its family', async () => {
    const other = await createVoteType(w.ctx.app, w.token, w.f.company.id, { name: '职工代表' });
    for (let i = 0; i < 6; i++) {
      const res = await submit(w.ctx.app, submission(w.f, 'appraisal', { link_id: other.link_id }));
      expect(res.statusCode).toBe(201);
    }
    await api().update(other.id, { results_public: true });
    await api().close(other.id);
    await publishedAfterFive();
    await api().close(w.f.appraisal.id);
    expect((await stats()).json().vote_types.map((v: { name: string }) => v.name)).toEqual([
      '班子成员',
      '职工代表',
    ]);
    await api().reopen(w.f.appraisal.id, await elevate(w.ctx.app, w.token));
    await api().close(w.f.appraisal.id);
    const res = await stats();
    expect(res.statusCode).toBe(200);
    expect(res.json().vote_types).toMatchObject([{ name: '职工代表', ballot_count: 6 }]);
  });
});
