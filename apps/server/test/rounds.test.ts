// Issue 14: a unit's rounds (测评批次). A new unit has its first round; 开始新一轮测评 archives the current
// round and copies its setup (no ballots, new links); every spec route acts on the current round; bad
// input is a 4xx with a Chinese detail and writes nothing.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VoteType } from '@kaoping/contracts/vote-type';
import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { PNG } from './helpers/cover-fixtures';
import {
  buildBallotFixture,
  countRows,
  PUBLIC,
  submission,
  submit,
  type BallotFixture,
} from './helpers/ballot-fixtures';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, multipartFile } from './helpers/factories';
import { closeVoteTypes, get, listRounds, newRound, startRound } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';

let ctx: TestContext;
let token: string;
let elevated: string;
const w = useAdminWorld({ elevated: true });
beforeEach(() => ({ ctx, token, elevated } = w));

const thisYear = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();

async function tableCounts() {
  const res = (await ctx.database.db.execute(sql`SELECT
      (SELECT count(*) FROM rounds)::int AS rounds, (SELECT count(*) FROM polls)::int AS polls,
      (SELECT count(*) FROM vote_types)::int AS vote_types, (SELECT count(*) FROM vote_targets)::int AS targets,
      (SELECT count(*) FROM evaluation_subjects)::int AS subjects, (SELECT count(*) FROM covers)::int AS covers,
      (SELECT count(*) FROM ballot_codes)::int AS codes, (SELECT count(*) FROM audit_log)::int AS audit`)) as unknown as {
    rows: Record<string, number>[];
  };
  const rows: Record<string, number> = { ...res.rows[0]!, ...(await countRows(ctx.database.db)) };
  return rows;
}

async function uploadCover(f: BallotFixture, voteTypeId: number) {
  const form = multipartFile(PNG, 'cover.png', 'image/png');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/covers/?company_id=${f.company.id}&vote_type_id=${voteTypeId}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  expect(res.statusCode).toBe(201);
}

/** A unit with a full setup, a cover, codes, and one formal ballot of each family; its votes closed. */
async function votedAndClosed() {
  const f = await buildBallotFixture(ctx.app, token);
  await uploadCover(f, f.appraisal.id);
  expect((await submit(ctx.app, submission(f, 'appraisal'))).statusCode).toBe(201);
  expect((await submit(ctx.app, submission(f, 'evaluation'))).statusCode).toBe(201);
  await closeVoteTypes(ctx.app, token, [f.appraisal.id, f.evaluation.id]);
  return f;
}

describe('a new unit', () => {
  it('starts with its first round, named after this year', async () => {
    const c = await createCompany(ctx.app, token, '甲');
    const items = await listRounds(ctx.app, token, c.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      company_id: c.id,
      name: `${thisYear}年度`,
      year: thisYear,
      state: 'current',
      archived_at: null,
      vote_types: 0,
      targets: 0,
      subjects: 0,
      ballots: 0,
    });
  });

  it('answers 404 for the rounds of an unknown unit', async () => {
    const res = await get(ctx.app, token, '/companies/9999/rounds');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
  });
});

describe('开始新一轮测评', () => {
  it('archives the current round and copies its setup with new links, test mode on, no codes, no ballots', async () => {
    const f = await votedAndClosed();
    const before = await tableCounts();
    const round = await newRound(ctx.app, elevated, f.company.id, '2027年度', 2027);
    expect(round).toMatchObject({ company_id: f.company.id, name: '2027年度', year: 2027, state: 'current' });

    const items = await listRounds(ctx.app, token, f.company.id);
    expect(items.map((r) => [r.name, r.state])).toEqual([
      ['2027年度', 'current'],
      [`${thisYear}年度`, 'archived'],
    ]);
    expect(items[1]!.archived_at).not.toBeNull();
    expect(items[1]).toMatchObject({ vote_types: 2, targets: 5, subjects: 3, ballots: 2 });
    expect(items[0]).toMatchObject({ vote_types: 2, targets: 5, subjects: 3, ballots: 0 });

    const after = await tableCounts();
    expect(after).toEqual({
      ...before,
      rounds: before.rounds! + 1,
      polls: before.polls! * 2,
      vote_types: before.vote_types! * 2,
      targets: before.targets! * 2,
      subjects: before.subjects! * 2,
      covers: before.covers! * 2,
      audit: before.audit! + 1,
    });

    // The spec's lists now show the new round: new links, 试投票 on, open again.
    const types = (await get(ctx.app, token, `/vote-types/?company_id=${f.company.id}`)).json<VoteType[]>();
    expect(types.map((t) => t.name)).toEqual(['班子成员', '中层干部']);
    for (const t of types) {
      expect([f.appraisal.link_id, f.evaluation.link_id]).not.toContain(t.link_id);
      expect(t.test_mode).toBe(true);
      expect(t.closed_at).toBeNull();
      expect(t.status).toBe('open');
      const codes = (await get(ctx.app, token, `/vote-types/${t.id}/codes`)).json<{ issued: number }>();
      expect(codes.issued).toBe(0);
    }
    const targets = (await get(ctx.app, token, `/vote-targets/?company_id=${f.company.id}`)).json<
      { id: number; name: string; is_active: boolean }[]
    >();
    expect(targets.map((t) => [t.name, t.is_active])).toEqual([
      ['领导班子', true],
      ['王建国', true],
      ['李红梅', true],
      ['张志强', true],
      ['已调离', false],
    ]);
    expect(targets.map((t) => t.id)).not.toContain(f.companyTarget.id);
    const polls = (await get(ctx.app, token, `/polls/?company_id=${f.company.id}`)).json<{ id: number }[]>();
    expect(polls).toHaveLength(4);
    expect(polls.map((p) => p.id)).not.toContain(f.polls.company.id);
    const cover = await get(ctx.app, token, `/covers/${f.company.id}/${types[0]!.id}`);
    expect(cover.statusCode).toBe(200);
    expect(cover.json<{ sha256: string } | null>()).not.toBeNull();

    // No ballots in the new round: records and turnout are empty; the old round still has its own.
    const records = (await get(ctx.app, token, `/votes/?company_id=${f.company.id}`)).json<{
      total: number;
    }>();
    expect(records.total).toBe(0);
    const old = items[1]!.id;
    const oldRecords = (
      await get(ctx.app, token, `/votes/?company_id=${f.company.id}&round_id=${old}`)
    ).json<{ total: number }>();
    expect(oldRecords.total).toBe(4);

    // The new round's links take ballots (test mode), the old ones show 本轮测评已结束.
    const audit = (await ctx.database.db.execute(
      sql`SELECT action, detail FROM audit_log WHERE action = 'round.create'`,
    )) as unknown as { rows: { detail: Record<string, unknown> }[] };
    expect(audit.rows[0]!.detail).toMatchObject({
      company_id: f.company.id,
      name: '2027年度',
      copied: { polls: 4, vote_types: 2, targets: 5, subjects: 3, covers: 1 },
    });
  });

  it('shows an archived round’s link as ended and refuses its ballots, storing nothing', async () => {
    const f = await buildBallotFixture(ctx.app, token);
    await newRound(ctx.app, elevated, f.company.id, '2027年度', 2027);
    const view = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/${f.appraisal.link_id}` });
    expect(view.statusCode).toBe(200);
    const body = view.json<PublicVoteTypeView>();
    expect(body).toMatchObject({
      round_archived: true,
      notice: '本轮测评已结束',
      ready: false,
      polls: [],
      targets: [],
    });
    expect(body.vote_type.status).toBe('closed');
    const before = await countRows(ctx.database.db);
    for (const family of ['appraisal', 'evaluation'] as const) {
      const res = await submit(ctx.app, submission(f, family));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: '本轮测评已结束', code: 'ROUND_ARCHIVED' });
    }
    expect(await countRows(ctx.database.db)).toEqual(before);
    // The current round's link is a normal one.
    const types = (await get(ctx.app, token, `/vote-types/?company_id=${f.company.id}`)).json<VoteType[]>();
    const current = await ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/${types[0]!.link_id}` });
    expect(current.json<PublicVoteTypeView>()).toMatchObject({ round_archived: false, ready: true });
  });

  it('takes ballots in flight into the old round or refuses them, never into the new one', async () => {
    const f = await buildBallotFixture(ctx.app, token);
    // 试投票: test ballots do not hold the new round back.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/vote-types/${f.appraisal.id}`,
      headers: bearer(token),
      payload: { test_mode: true },
    });
    expect(put.statusCode).toBe(200);
    const ballots = Array.from({ length: 12 }, () => submission(f, 'appraisal'));
    const [round, ...answers] = await Promise.all([
      startRound(ctx.app, elevated, f.company.id, { name: '2027年度', year: 2027 }),
      ...ballots.map((b) => submit(ctx.app, b)),
    ]);
    expect(round.statusCode).toBe(201);
    const stored = answers.filter((r) => r.statusCode === 201).length;
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ detail: '本轮测评已结束', code: 'ROUND_ARCHIVED' });
    }
    const rows = (await ctx.database.db.execute(
      sql`SELECT r.state, count(*)::int AS n FROM submissions s JOIN rounds r ON r.id = s.round_id GROUP BY r.state`,
    )) as unknown as { rows: { state: string; n: number }[] };
    expect(rows.rows).toEqual(stored ? [{ state: 'archived', n: stored }] : []);
  });

  it('is refused with 409 while a vote type is open with formal ballots, and nothing changes', async () => {
    const f = await buildBallotFixture(ctx.app, token);
    expect((await submit(ctx.app, submission(f, 'appraisal'))).statusCode).toBe(201);
    const before = await tableCounts();
    const res = await startRound(ctx.app, elevated, f.company.id, { name: '2027年度', year: 2027 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: '请先结束正在进行的投票：班子成员', code: 'ROUND_VOTES_OPEN' });
    expect(await tableCounts()).toEqual(before);
    // Once closed it goes through (the evaluation vote type, open without formal ballots, is closed with it).
    await closeVoteTypes(ctx.app, token, [f.appraisal.id]);
    expect(
      (await startRound(ctx.app, elevated, f.company.id, { name: '2027年度', year: 2027 })).statusCode,
    ).toBe(201);
  });

  it('refuses a duplicate name (409), a year outside 2000-2100 and a bad body (400), without advanced mode (403), writing nothing', async () => {
    const c = await createCompany(ctx.app, token, '甲');
    const before = await tableCounts();
    const cases: [unknown, number, string | RegExp][] = [
      [{ name: `${thisYear}年度`, year: thisYear + 1 }, 409, '批次名称已存在'],
      [{ name: '1999年度', year: 1999 }, 400, /年度必须在 2000-2100 之间/],
      [{ name: '2101年度', year: 2101 }, 400, /年度必须在 2000-2100 之间/],
      [{ name: '2027年度', year: 2027.5 }, 400, /年度必须是整数/],
      [{ name: '', year: 2027 }, 400, /批次名称/],
      [{ year: 2027 }, 400, /批次名称/],
      [{ name: '2027年度', year: 2027, extra: 1 }, 400, /参数校验失败/],
    ];
    for (const [body, status, detail] of cases) {
      const res = await startRound(ctx.app, elevated, c.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    const plain = await startRound(ctx.app, token, c.id, { name: '2027年度', year: 2027 });
    expect(plain.statusCode).toBe(403);
    const unknown = await startRound(ctx.app, elevated, 9999, { name: '2027年度', year: 2027 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
    expect(await tableCounts()).toEqual(before);
  });
});

describe('round_id on the reads', () => {
  it('answers 404 测评批次不存在 for a round of another unit or an unknown one, on every read', async () => {
    const a = await createCompany(ctx.app, token, '甲');
    const b = await createCompany(ctx.app, token, '乙');
    const other = (await listRounds(ctx.app, token, b.id))[0]!.id;
    const reads = [
      `/companies/${a.id}/results?round_id=R`,
      `/companies/${a.id}/results?form_category=democratic_evaluation&round_id=R`,
      `/companies/${a.id}/results/export.xlsx?round_id=R`,
      `/companies/${a.id}/results/ballots.csv?round_id=R`,
      `/vote-targets/results?company_id=${a.id}&round_id=R`,
      `/cadre-results/statistics?company_id=${a.id}&round_id=R`,
      `/votes/turnout?company_id=${a.id}&round_id=R`,
      `/votes/?company_id=${a.id}&round_id=R`,
      `/votes/count?company_id=${a.id}&round_id=R`,
      `/votes/voter-results?company_id=${a.id}&round_id=R`,
      `/votes/voter-results/count?company_id=${a.id}&round_id=R`,
      `/votes/by-voter/someone-1?company_id=${a.id}&round_id=R`,
      `/cadre-votes/?company_id=${a.id}&round_id=R`,
      `/cadre-votes/count?company_id=${a.id}&round_id=R`,
      `/cadre-votes/voter-results?company_id=${a.id}&round_id=R`,
    ];
    for (const id of [other, 99999]) {
      for (const url of reads) {
        const res = await get(ctx.app, token, url.replace('R', String(id)));
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ detail: '测评批次不存在', code: 'ROUND_NOT_FOUND' });
      }
    }
    const bad = await get(ctx.app, token, `/votes/turnout?company_id=${a.id}&round_id=abc`);
    expect(bad.statusCode).toBe(400);
  });
});
