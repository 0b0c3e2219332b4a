import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { countRows, PUBLIC, submission, submit } from './helpers/ballot-fixtures';
import { adminCalls, plain } from './helpers/vote-control';
import { useBallotWorld } from './helpers/ballot-world';

const w = useBallotWorld();
const api = () => adminCalls(w.ctx.app, () => w.token);

beforeEach(async () => {
  expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
});

const view = (query: string) =>
  w.ctx.app.inject({ method: 'GET', url: `${PUBLIC}/vote-type/${w.f.appraisal.link_id}${query}` });
const withCode = (code: string | undefined, over = {}) => submission(w.f, 'appraisal', { code, ...over });

describe('voting with one-time codes', () => {
  it('accepts a ballot with an unused code, once; the code is then used', async () => {
    const [code] = await api().codes(w.f.appraisal.id, 2);
    const res = await submit(w.ctx.app, withCode(code));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ballot_count: 4, is_test: false });
    const again = await submit(w.ctx.app, withCode(code));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: '该测评码已使用', code: 'CODE_USED' });
    expect(await countRows(w.ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ used: 1, unused: 1, handed_out: 2 });
  });

  it('takes the code as typed: case, spaces and dashes do not matter', async () => {
    const [a, b] = await api().codes(w.f.appraisal.id, 2);
    expect((await submit(w.ctx.app, withCode(` ${a!.toLowerCase()} `))).statusCode).toBe(201);
    const spaced = plain(b!).replace(/(.{2})/g, '$1 ');
    expect((await submit(w.ctx.app, withCode(spaced))).statusCode).toBe(201);
  });

  it('refuses a missing, unknown, voided, other vote type’s or look-alike code, storing nothing', async () => {
    const [, voided] = await api().codes(w.f.appraisal.id, 2);
    await api().void(w.f.appraisal.id, { codes: [voided] });
    const [foreign] = await api().codes(w.f.evaluation.id, 1);
    const cases: [string | undefined, number, string][] = [
      [undefined, 422, '请输入测评码'],
      ['', 422, '请输入测评码'],
      ['ZZZZ-ZZZZ-ZZ', 403, '测评码无效，请核对后重新输入'],
      [foreign!, 403, '测评码无效，请核对后重新输入'],
      [voided!, 403, '该测评码已作废'],
      ['K7QX-M3PD-0O', 422, '测评码中没有数字 0、1 和字母 O、I、L，请对照纸条重新输入'],
      ['K7QX-M3PD', 422, '测评码为 10 位字母和数字，请对照纸条重新输入'],
    ];
    for (const [code, status, detail] of cases) {
      const res = await submit(w.ctx.app, withCode(code));
      expect([code, res.statusCode, res.json().detail]).toEqual([code, status, detail]);
    }
    expect(await countRows(w.ctx.database.db)).toEqual({ submissions: 0, votes: 0, cadre_votes: 0 });
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ used: 0, unused: 1, voided: 1 });
  });

  it('ignores a code in link mode', async () => {
    const [code] = await api().codes(w.f.evaluation.id, 1);
    const res = await submit(w.ctx.app, submission(w.f, 'evaluation', { code: 'whatever' }));
    expect(res.statusCode).toBe(201);
    const withReal = await submit(w.ctx.app, submission(w.f, 'evaluation', { code }));
    expect(withReal.statusCode).toBe(201);
    // The code of a link-mode vote type stays unused.
    expect((await api().list(w.f.evaluation.id)).json()).toMatchObject({ used: 0, unused: 1 });
  });

  it('stores exactly one ballot for 20 concurrent submissions with one code', async () => {
    const [code] = await api().codes(w.f.appraisal.id, 1);
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(w.ctx.app, withCode(code))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().detail)).toEqual(
      Array<string>(19).fill('该测评码已使用'),
    );
    expect(await countRows(w.ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ used: 1, unused: 0 });
  });

  it('answers a replay with the first receipt although the code is used by then', async () => {
    const [code] = await api().codes(w.f.appraisal.id, 1);
    const body = withCode(code);
    const first = await submit(w.ctx.app, body);
    // A retry from another browser id (the stored voter is the server's) is still the same ballot.
    const replay = await submit(w.ctx.app, { ...body, voter_identifier: 'retry-voter-01' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    // The same code and submission id with other answers is refused.
    const changed = structuredClone(body);
    changed.ballots[0]!.answers = { ...changed.ballots[0]!.answers, overall: 'poor' };
    expect((await submit(w.ctx.app, changed)).statusCode).toBe(409);
    expect(await countRows(w.ctx.database.db)).toEqual({ submissions: 1, votes: 4, cadre_votes: 0 });
  });

  it('lets one browser vote once per code: codes, not browsers, count', async () => {
    const [a, b] = await api().codes(w.f.appraisal.id, 2);
    const voter = 'same-browser-01';
    expect((await submit(w.ctx.app, withCode(a, { voter_identifier: voter }))).statusCode).toBe(201);
    expect((await submit(w.ctx.app, withCode(b, { voter_identifier: voter }))).statusCode).toBe(201);
  });
});

describe('GET /public/polls/vote-type/{link}?code=', () => {
  it('tells whether the code can vote and nothing else', async () => {
    const [usable, used, voided] = await api().codes(w.f.appraisal.id, 3);
    await submit(w.ctx.app, withCode(used));
    await api().void(w.f.appraisal.id, { codes: [voided] });
    const stateOf = async (q: string) => (await view(q)).json().code_state;
    expect(await stateOf(`?code=${usable}`)).toBe('usable');
    expect(await stateOf(`?code=${plain(usable!).toLowerCase()}`)).toBe('usable');
    expect(await stateOf(`?code=${used}`)).toBe('used');
    expect(await stateOf(`?code=${voided}`)).toBe('voided');
    expect(await stateOf('?code=ZZZZ-ZZZZ-ZZ')).toBe('unknown');
    expect(await stateOf('?code=0000')).toBe('unknown');
    expect(await stateOf('')).toBeNull();
    const body = (await view(`?code=${usable}`)).json();
    expect(body.vote_type).toMatchObject({ access_mode: 'codes', test_mode: false, status: 'open' });
    expect(JSON.stringify(body)).not.toContain(plain(usable!));
    // Link mode: no code state at all.
    const link = await w.ctx.app.inject({
      method: 'GET',
      url: `${PUBLIC}/vote-type/${w.f.evaluation.link_id}?code=${usable}`,
    });
    expect(link.json().code_state).toBeNull();
  });
});

describe('no link between a code and the ballot it cast', () => {
  it('leaves no column of ballot_codes, submissions or votes that pairs a code with its ballot', async () => {
    const codes = await api().codes(w.f.appraisal.id, 4);
    const receipts = [];
    for (const code of codes.slice(0, 3)) receipts.push((await submit(w.ctx.app, withCode(code))).json());
    const codeRows = await rowsOf<Record<string, unknown>>(
      w.ctx.database.db,
      sql`SELECT * FROM ballot_codes`,
    );
    const subRows = await rowsOf<Record<string, unknown>>(w.ctx.database.db, sql`SELECT * FROM submissions`);
    const voteRows = await rowsOf<Record<string, unknown>>(w.ctx.database.db, sql`SELECT * FROM votes`);
    expect(Object.keys(codeRows[0]!).sort()).toEqual(
      [
        'batch',
        'code',
        'for_paper',
        'id',
        'issued_on',
        'recalled',
        'state',
        'used_in_test',
        'vote_type_id',
      ].sort(),
    );
    const text = (v: unknown) => (v instanceof Date ? v.toISOString() : JSON.stringify(v));
    const ballotValues = [...subRows, ...voteRows].flatMap((r) => Object.values(r).map(text)).join('\n');
    for (const c of codeRows) {
      const code = String(c.code);
      const digests = ['md5', 'sha1', 'sha256'].map((h) => createHash(h).update(code).digest('hex'));
      for (const secret of [code, ...digests]) expect(ballotValues).not.toContain(secret);
      // The day only: no time of use.
      expect(typeof c.issued_on === 'string' ? c.issued_on : text(c.issued_on)).not.toMatch(
        /T\d\d:\d\d:[1-9]/,
      );
    }
    const submissionValues = subRows.flatMap((r) => Object.values(r).map(text));
    // The day is the one value a code and a ballot may share (a code keeps the day it was issued, a ballot
    // the day it was cast, issue 26): every code issued and every ballot cast that day has it, so it pairs
    // nothing.
    const day = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
    for (const s of subRows) expect(day(String(s.created_at))).toBe(true);
    for (const c of codeRows) {
      for (const v of Object.values(c)) {
        if (typeof v === 'string' && v.length > 3 && !day(v))
          expect(submissionValues).not.toContain(JSON.stringify(v));
      }
    }
    // The stored voter is the server's random value, not the code nor the browser's identifier.
    for (const s of subRows) expect(String(s.voter_identifier)).toMatch(/^c-[A-Za-z0-9_-]{22}$/);
    expect(new Set(receipts.map((r) => r.receipt_id)).size).toBe(3);
  });

  it('after 结束投票 no used code row shares its transaction id (xmin) with a ballot', async () => {
    const codes = await api().codes(w.f.appraisal.id, 5);
    for (const code of codes.slice(0, 4)) await submit(w.ctx.app, withCode(code));
    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    const shared = await rowsOf<{ n: number }>(
      w.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM ballot_codes c JOIN submissions s ON s.xmin::text = c.xmin::text`,
    );
    expect(shared[0]!.n).toBe(0);
    // Every used code row now carries one transaction id: the close's.
    const xmins = await rowsOf<{ n: number }>(
      w.ctx.database.db,
      sql`SELECT count(DISTINCT xmin::text)::int AS n FROM ballot_codes WHERE state = 'used'`,
    );
    expect(xmins[0]!.n).toBe(1);
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ used: 4, voided: 1, recalled: 1 });
  });
});

describe('a code and a second vote type', () => {
  it('does not carry a used code over to another vote type', async () => {
    await api().update(w.f.evaluation.id, { access_mode: 'codes' });
    const [code] = await api().codes(w.f.appraisal.id, 1);
    const res = await submit(w.ctx.app, submission(w.f, 'evaluation', { code, submission_id: randomUUID() }));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('测评码无效，请核对后重新输入');
  });
});
