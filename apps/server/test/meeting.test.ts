import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MeetingBoard } from '@kaoping/contracts/meeting';
import { submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { createCompany, elevate } from './helpers/factories';
import { closeVoteTypes, newRound } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';
import { adminCalls, plain } from './helpers/vote-control';

let ctx: TestContext;
let token: string;
let f: BallotFixture;
const admin = () => adminCalls(ctx.app, () => token);
const board = async (companyId: number) => {
  const res = await admin().call('GET', `/meeting/${companyId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MeetingBoard>();
};
const publicGet = (url: string) => ctx.app.inject({ url: `/api/v1/public/meeting${url}` });

const w = useBallotWorld();
beforeEach(() => ({ ctx, token, f } = w));

describe('the meeting screen board', () => {
  it('shows how to vote and how many voted per vote type, and nothing of any ballot', async () => {
    await admin().call('PUT', '/settings', { public_url: 'http://192.168.1.20:8000' });
    await admin().update(f.evaluation.id, { access_mode: 'codes' });
    const codes = await admin().codes(f.evaluation.id, 12);
    await admin().void(f.evaluation.id, { codes: [codes[11]] });

    let b = await board(f.company.id);
    expect(b.company).toEqual({ id: f.company.id, name: '华东能源有限公司' });
    expect(b.has_public_url).toBe(true);
    const [link, coded] = b.vote_types;
    expect(link).toMatchObject({
      name: '班子成员',
      access_mode: 'link',
      status: 'open',
      issued: null,
      voted: 0,
      vote_url: `http://192.168.1.20:8000/vote/type/${f.appraisal.link_id}`,
    });
    expect(link!.qr_svg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    // Codes mode: 凭测评码投票, no QR; 发出数 counts the codes handed out and not voided.
    expect(coded).toMatchObject({ access_mode: 'codes', issued: 11, voted: 0, vote_url: null, qr_svg: null });

    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    const withCode = submission(f, 'evaluation', { code: plain(codes[0]!) });
    expect((await submit(ctx.app, withCode)).statusCode).toBe(201);
    b = await board(f.company.id);
    expect(b.vote_types.map((v) => [v.name, v.voted, v.issued])).toEqual([
      ['班子成员', 1, null],
      ['中层干部', 1, 11],
    ]);
    // Counts only: no field of the board carries a score, an answer, a voter or a grade's share (`share`
    // is 已投票 of 应到).
    expect(Object.keys(b.vote_types[0]!).sort()).toEqual(
      [
        'access_mode',
        'closed_at',
        'codes_issued',
        'count_stage',
        'deleted_ballots',
        'expected',
        'form_category',
        'issued',
        'name',
        'opens_at',
        'qr_svg',
        // 民主推荐's 会议推荐 or 谈话调研推荐 (null here): how the group votes, not what it voted.
        'recommendation_mode',
        'share',
        'status',
        'test_mode',
        'vote_type_id',
        'vote_url',
        'voted',
      ].sort(),
    );
  });

  it('leaves out switched-off vote types, shows 已结束 after closing, and no QR without a public address', async () => {
    await admin().update(f.evaluation.id, { is_active: false });
    await admin().close(f.appraisal.id);
    const b = await board(f.company.id);
    expect(b.has_public_url).toBe(false);
    expect(b.vote_types).toHaveLength(1);
    expect(b.vote_types[0]).toMatchObject({ status: 'closed', vote_url: null, qr_svg: null });
    expect(b.vote_types[0]!.closed_at).not.toBeNull();
  });

  it('counts rehearsal ballots while a vote type is in test mode', async () => {
    await admin().update(f.appraisal.id, { test_mode: true });
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    const b = await board(f.company.id);
    expect(b.vote_types[0]).toMatchObject({ test_mode: true, voted: 1 });
  });

  it("shows the current round only: after 开始新一轮测评 the old round's ballots are not counted", async () => {
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    await closeVoteTypes(ctx.app, token, [f.appraisal.id, f.evaluation.id]);
    // A second unit first, so that the new round's id is not the unit's id.
    await createCompany(ctx.app, token, '另一单位');
    await newRound(ctx.app, await elevate(ctx.app, token), f.company.id, '2027年度', 2027);
    const b = await board(f.company.id);
    expect(b.vote_types.map((v) => [v.name, v.voted, v.test_mode, v.status])).toEqual([
      ['班子成员', 0, true, 'open'],
      ['中层干部', 0, true, 'open'],
    ]);
    expect(b.vote_types.map((v) => v.vote_type_id)).not.toContain(f.appraisal.id);
  });

  it("shows 应到 whatever the mode, shares rounded half up, each group's step and deleted ballots", async () => {
    await admin().update(f.appraisal.id, { expected_voters: 14 });
    await admin().update(f.evaluation.id, { access_mode: 'codes', expected_voters: 10 });
    const codes = await admin().codes(f.evaluation.id, 12);
    for (let i = 0; i < 12; i++) expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    const withCode = submission(f, 'evaluation', { code: plain(codes[0]!) });
    expect((await submit(ctx.app, withCode)).statusCode).toBe(201);

    let b = await board(f.company.id);
    const pick = (v: MeetingBoard['vote_types'][number]) => ({
      name: v.name,
      expected: v.expected,
      codes_issued: v.codes_issued,
      voted: v.voted,
      share: v.share,
      count_stage: v.count_stage,
      deleted_ballots: v.deleted_ballots,
    });
    expect(b.vote_types.map(pick)).toEqual([
      // 12 of 14 = 85.71 %: 86, rounded half up, not cut to 85.
      {
        name: '班子成员',
        expected: 14,
        codes_issued: null,
        voted: 12,
        share: 86,
        count_stage: 'voting',
        deleted_ballots: 0,
      },
      // Codes mode keeps its 应到人数 10 beside the 12 codes handed out; the share is of 应到.
      {
        name: '中层干部',
        expected: 10,
        codes_issued: 12,
        voted: 1,
        share: 10,
        count_stage: 'voting',
        deleted_ballots: 0,
      },
    ]);

    // The three steps, and ballots deleted in advanced mode (set here as the delete action records it).
    expect((await admin().close(f.appraisal.id)).statusCode).toBe(200);
    expect((await admin().close(f.evaluation.id)).statusCode).toBe(200);
    expect((await admin().finishCount(f.evaluation.id)).statusCode).toBe(200);
    await ctx.database.db.execute(
      sql`UPDATE vote_types SET deleted_ballots = 2 WHERE id = ${f.appraisal.id}`,
    );
    b = await board(f.company.id);
    expect(b.vote_types.map((v) => [v.name, v.status, v.count_stage, v.deleted_ballots])).toEqual([
      ['班子成员', 'closed', 'counting', 2],
      ['中层干部', 'closed', 'counted', 0],
    ]);
    expect(b).toMatchObject({ all_closed: true, all_counted: false, not_counted: ['班子成员'] });
    // The projector's link carries the same.
    const { path } = (await admin().call('POST', `/meeting/${f.company.id}/share`)).json<{ path: string }>();
    const shared = (await publicGet(path.slice('/meeting'.length))).json<MeetingBoard>();
    expect(shared.vote_types.map(pick)).toEqual(b.vote_types.map(pick));
  });

  it('without 应到人数 a link group has no share, a codes group counts against the codes handed out', async () => {
    await admin().update(f.evaluation.id, { access_mode: 'codes' });
    const codes = await admin().codes(f.evaluation.id, 3);
    expect((await submit(ctx.app, submission(f, 'evaluation', { code: plain(codes[0]!) }))).statusCode).toBe(
      201,
    );
    const b = await board(f.company.id);
    expect(b.vote_types.map((v) => [v.expected, v.codes_issued, v.voted, v.share])).toEqual([
      [null, null, 0, null],
      // 1 of 3 = 33.33 %: 33.
      [null, 3, 1, 33],
    ]);
  });

  it('answers 404 for an unknown unit', async () => {
    const res = await admin().call('GET', '/meeting/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('单位不存在');
  });
});

describe('the share link for a projector', () => {
  it('opens the board without signing in; a new link ends the old one, revoking ends both', async () => {
    expect((await admin().call('GET', `/meeting/${f.company.id}/share`)).json()).toEqual({ share: null });
    const first = await admin().call('POST', `/meeting/${f.company.id}/share`);
    expect(first.statusCode).toBe(201);
    const { path } = first.json<{ path: string; url: string }>();
    expect(path).toMatch(/^\/meeting\/[A-Za-z0-9_-]{24}$/);
    const tokenOf = (p: string) => p.split('/').pop()!;

    const open = await publicGet(`/${tokenOf(path)}`);
    expect(open.statusCode).toBe(200);
    expect(open.json<MeetingBoard>().vote_types.map((v) => v.name)).toEqual(['班子成员', '中层干部']);
    expect((await admin().call('GET', `/meeting/${f.company.id}/share`)).json().share.path).toBe(path);

    const second = (await admin().call('POST', `/meeting/${f.company.id}/share`)).json<{ path: string }>();
    expect(second.path).not.toBe(path);
    const gone = await publicGet(`/${tokenOf(path)}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ detail: '大屏链接无效或已撤销', code: 'MEETING_LINK_GONE' });
    expect((await publicGet(`/${tokenOf(second.path)}`)).statusCode).toBe(200);

    expect((await admin().call('DELETE', `/meeting/${f.company.id}/share`)).statusCode).toBe(204);
    expect((await publicGet(`/${tokenOf(second.path)}`)).statusCode).toBe(404);
    expect((await admin().call('GET', `/meeting/${f.company.id}/share`)).json()).toEqual({ share: null });
  });

  it('says nothing for a wrong token, and the share calls need an administrator', async () => {
    for (const bad of ['x', 'A'.repeat(24), `${'A'.repeat(23)}%`, 'A'.repeat(100)]) {
      const res = await publicGet(`/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(404);
    }
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/meeting/${f.company.id}/share`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('streams the board as server-sent events: at once, after a ballot, and `gone` when revoked', async () => {
    const { path } = (await admin().call('POST', `/meeting/${f.company.id}/share`)).json<{ path: string }>();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/v1/public${path}/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    /** The next complete event: its name and data. */
    const nextEvent = async () => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue;
          const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          return { name, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    };
    const first = await nextEvent();
    expect(first.name).toBe('message');
    expect((first.data as MeetingBoard).vote_types[0]!.voted).toBe(0);

    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    const second = await nextEvent();
    expect((second.data as MeetingBoard).vote_types[0]!.voted).toBe(1);

    await admin().call('DELETE', `/meeting/${f.company.id}/share`);
    expect((await nextEvent()).name).toBe('gone');
    await reader.cancel();
  });
});
