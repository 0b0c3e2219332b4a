import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MeetingBoard } from '@kaoping/contracts/meeting';
import { buildBallotFixture, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { createAdmin, createCompany, elevate } from './helpers/factories';
import { closeVoteTypes, newRound } from './helpers/round-fixtures';
import { createTestContext, type TestContext } from './helpers/test-app';
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

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.reset();
  token = await createAdmin(ctx.app);
  f = await buildBallotFixture(ctx.app, token);
});

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
    // Figures only: no field of the board carries a score, an answer, a voter or a share.
    expect(Object.keys(b.vote_types[0]!).sort()).toEqual(
      [
        'access_mode',
        'closed_at',
        'form_category',
        'issued',
        'name',
        'opens_at',
        'qr_svg',
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
    expect(gone.json()).toEqual({ detail: '大屏链接无效或已撤销' });
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
