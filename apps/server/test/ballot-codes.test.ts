import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from '@kaoping/contracts/ballot-codes';
import { rowsOf } from '../src/db/client';
import { createTestContext, type TestContext } from './helpers/test-app';
import { useBallotWorld } from './helpers/ballot-world';
import { createAdmin, createVoteType } from './helpers/factories';
import { buildBallotFixture, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { adminCalls, plain } from './helpers/vote-control';

let ctx: TestContext;
let token: string;
let f: BallotFixture;
const api = () => adminCalls(ctx.app, () => token);

const w = useBallotWorld({ env: { PUBLIC_URL: 'https://kp.example.cn' } });
beforeEach(() => ({ ctx, token, f } = w));

const codeCount = async () =>
  (await rowsOf<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ballot_codes`))[0]!.n;
const audit = async (action: string) =>
  rowsOf<{ detail: Record<string, unknown> }>(
    ctx.database.db,
    sql`SELECT detail FROM audit_log WHERE action = ${action} ORDER BY id`,
  );

describe('POST /vote-types/{id}/codes', () => {
  it('issues random grouped codes without look-alike characters, one batch per call', async () => {
    const res = await api().issue(f.appraisal.id, 50);
    expect(res.statusCode, res.body).toBe(201);
    const { batch, codes } = res.json<{ batch: number; codes: string[] }>();
    expect(batch).toBe(1);
    expect(codes).toHaveLength(50);
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) {
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}$/);
      expect([...plain(code)].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
      expect(code).not.toMatch(/[01OIL]/);
    }
    // 补发: the next call is the next batch, its codes new.
    const again = (await api().issue(f.appraisal.id, 3)).json<{ batch: number; codes: string[] }>();
    expect(again.batch).toBe(2);
    expect(again.codes.some((c) => codes.includes(c))).toBe(false);
    const list = (await api().list(f.appraisal.id)).json();
    expect(list).toMatchObject({ issued: 53, unused: 53, used: 0, voided: 0, batches: 2, total: 53 });
    expect((await audit('ballot_codes.issue')).map((r) => r.detail)).toMatchObject([
      { vote_type_id: f.appraisal.id, batch: 1, count: 50 },
      { vote_type_id: f.appraisal.id, batch: 2, count: 3 },
    ]);
  });

  it('stores the code normalised, the day only and nothing that could point at a ballot', async () => {
    await api().issue(f.appraisal.id, 2);
    const columns = await rowsOf<{ column_name: string; data_type: string }>(
      ctx.database.db,
      sql`SELECT column_name, data_type FROM information_schema.columns
          WHERE table_name = 'ballot_codes' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => `${c.column_name}:${c.data_type}`)).toEqual([
      'id:integer',
      'vote_type_id:integer',
      'code:text',
      'state:text',
      'batch:integer',
      'issued_on:date',
      'used_in_test:boolean',
      'recalled:boolean',
      // Printed on a paper ballot or handed out for phones: a property of the code, never of a ballot.
      'for_paper:boolean',
    ]);
  });

  it.each([
    [0, '数量至少为 1'],
    [-1, '数量至少为 1'],
    [5001, '一次最多发放 5000 个测评码'],
    ['10', '数量必须是数字'],
    [2.5, '数量必须是整数'],
  ])('refuses count %j with 422 and writes nothing', async (count, detail) => {
    const res = await api().issue(f.appraisal.id, count);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain(detail);
    expect(await codeCount()).toBe(0);
    expect(await audit('ballot_codes.issue')).toEqual([]);
  });

  it('answers 404 for an unknown vote type or one of another company, and 409 once the vote is closed', async () => {
    expect((await api().issue(999_999, 5)).statusCode).toBe(404);
    const other = await api().call('POST', `/vote-types/${f.appraisal.id}/codes?company_id=999999`, {
      count: 5,
    });
    expect(other.statusCode).toBe(404);
    expect((await api().close(f.appraisal.id)).statusCode).toBe(200);
    const closed = await api().issue(f.appraisal.id, 5);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toMatch(/投票已结束/);
    expect(await codeCount()).toBe(0);
  });
});

describe('GET /vote-types/{id}/codes', () => {
  type Listed = {
    used_listed: boolean;
    total: number;
    items: { code: string; state: string; batch: number }[];
  } & Record<string, unknown>;
  const listed = async (voteTypeId: number, query = '') => {
    const res = await api().list(voteTypeId, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listed>();
  };
  /** 12 codes of a codes-mode vote type: the first 2 voided, the next 3 used by a ballot each. */
  async function twelve(voteTypeId = f.appraisal.id) {
    expect((await api().update(voteTypeId, { access_mode: 'codes' })).statusCode).toBe(200);
    const codes = await api().codes(voteTypeId, 12);
    await api().void(voteTypeId, { codes: codes.slice(0, 2) });
    for (const code of codes.slice(2, 5)) {
      const res = await submit(ctx.app, submission(f, 'appraisal', { code }));
      expect(res.statusCode, res.body).toBe(201);
    }
    return codes;
  }
  const byCode = (codes: string[]) => [...codes].sort();
  /** The state each of `codes` is listed with. */
  const statesOf = (list: Listed, codes: string[]) =>
    codes.map((c) => list.items.find((i) => i.code === c)!.state);
  const times = (n: number, state: string) => Array<string>(n).fill(state);

  it('while the vote is open lists each code not voided as 已发放 (used or not), by code; counts only say how many are used', async () => {
    const codes = await twelve();
    const all = await listed(f.appraisal.id, '?limit=50');
    expect(all).toMatchObject({ issued: 12, used: 3, unused: 7, voided: 2, recalled: 0, total: 12 });
    expect(all.used_listed).toBe(false);
    // Ordered by the code itself (random), neither in the order issued nor the used ones apart.
    expect(all.items.map((i) => i.code)).toEqual(byCode(codes));
    expect(all.items.map((i) => i.code)).not.toEqual(codes);
    expect(statesOf(all, codes)).toEqual([...times(2, 'voided'), ...times(10, 'issued')]);
    expect(all.items.every((i) => i.batch === 1)).toBe(true);
    // Filtered by the state as listed, and paged.
    const page2 = await listed(f.appraisal.id, '?state=issued&skip=5&limit=5');
    expect(page2.total).toBe(10);
    expect(page2.items.map((i) => i.code)).toEqual(byCode(codes.slice(2)).slice(5, 10));
    expect((await listed(f.appraisal.id, '?state=voided')).items.map((i) => i.code)).toEqual(
      byCode(codes.slice(0, 2)),
    );
    for (const state of ['used', 'unused'])
      expect(await listed(f.appraisal.id, `?state=${state}`)).toMatchObject({ items: [], total: 0 });
    expect((await api().list(f.appraisal.id, '?state=lost')).statusCode).toBe(400);
  });

  it('while open the list does not change with a ballot (only the counts do)', async () => {
    const codes = await twelve();
    const { used: _u, unused: _n, handed_out: _h, ...before } = await listed(f.appraisal.id, '?limit=50');
    const res = await submit(ctx.app, submission(f, 'appraisal', { code: codes[7] }));
    expect(res.statusCode, res.body).toBe(201);
    const { used, unused, handed_out: _h2, ...after } = await listed(f.appraisal.id, '?limit=50');
    expect([used, unused]).toEqual([4, 6]);
    expect(after).toEqual(before);
  });

  it('after 结束投票 lists each code with its state, by code', async () => {
    const codes = await twelve();
    expect((await api().close(f.appraisal.id)).statusCode).toBe(200);
    const all = await listed(f.appraisal.id, '?limit=50');
    expect(all.used_listed).toBe(true);
    expect(all).toMatchObject({ used: 3, unused: 0, voided: 9, recalled: 7 });
    expect(all.items.map((i) => i.code)).toEqual(byCode(codes));
    expect(statesOf(all, codes)).toEqual([...times(2, 'voided'), ...times(3, 'used'), ...times(7, 'voided')]);
    const used = await listed(f.appraisal.id, '?state=used');
    expect(used.items.map((i) => i.code)).toEqual(byCode(codes.slice(2, 5)));
    expect(await listed(f.appraisal.id, '?state=issued')).toMatchObject({ items: [], total: 0 });
  });

  it('in 试投票 (a rehearsal) lists each code with its state while the vote is open', async () => {
    await api().update(f.appraisal.id, { test_mode: true });
    const codes = await twelve();
    const all = await listed(f.appraisal.id, '?limit=50');
    expect(all.used_listed).toBe(true);
    expect(statesOf(all, codes)).toEqual([...times(2, 'voided'), ...times(3, 'used'), ...times(7, 'unused')]);
  });
});

describe('POST /vote-types/{id}/codes/void', () => {
  it('voids the listed unused codes (typed loosely) and then every unused one; audited', async () => {
    const codes = await api().codes(f.appraisal.id, 6);
    const some = await api().void(f.appraisal.id, {
      codes: [codes[0]!.toLowerCase(), ` ${plain(codes[1]!)} `],
    });
    expect(some.statusCode, some.body).toBe(200);
    expect(some.json()).toEqual({ voided: 2 });
    const rest = await api().void(f.appraisal.id, { all_unused: true });
    expect(rest.json()).toEqual({ voided: 4 });
    expect((await api().list(f.appraisal.id)).json()).toMatchObject({ unused: 0, voided: 6, recalled: 0 });
    expect((await audit('ballot_codes.void')).map((r) => r.detail)).toMatchObject([
      { all_unused: false, voided: 2 },
      { all_unused: true, voided: 4 },
    ]);
  });

  it('refuses an unknown code with 404 and a used one with 409, voiding nothing', async () => {
    const codes = await api().codes(f.appraisal.id, 3);
    await ctx.database.db.execute(
      sql`UPDATE ballot_codes SET state = 'used' WHERE code = ${plain(codes[2]!)}`,
    );
    const unknown = await api().void(f.appraisal.id, { codes: [codes[0], 'ZZZZ-ZZZZ-ZZ'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('测评码不存在：ZZZZ-ZZZZ-ZZ');
    const used = await api().void(f.appraisal.id, { codes: [codes[0], codes[2]] });
    expect(used.statusCode).toBe(409);
    expect(used.json().detail).toMatch(/^已使用的测评码不能作废/);
    // Another vote type's code is unknown here.
    const foreign = await api().codes(f.evaluation.id, 1);
    expect((await api().void(f.appraisal.id, { codes: foreign })).statusCode).toBe(404);
    expect((await api().list(f.appraisal.id)).json()).toMatchObject({ unused: 2, used: 1, voided: 0 });
    expect(await audit('ballot_codes.void')).toEqual([]);
  });

  it.each([[{}], [{ codes: [] }], [{ all_unused: false }], [{ codes: 'K7QX' }]])(
    'refuses the body %j with 422',
    async (body) => {
      const res = await api().void(f.appraisal.id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(/[\u4e00-\u9fa5]/);
    },
  );
});

describe('GET /vote-types/{id}/codes.pdf and poster.pdf', () => {
  const download = (url: string) => api().call('GET', url);
  const textOf = async (pdf: Buffer) => {
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      return await parser.getText();
    } finally {
      await parser.destroy();
    }
  };

  it('prints one card per unused code, 10 a page, with the codes and the Chinese text extractable', async () => {
    const codes = await api().codes(f.appraisal.id, 23);
    await api().void(f.appraisal.id, { codes: [codes[22]] });
    const res = await download(`/vote-types/${f.appraisal.id}/codes.pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent('华东能源有限公司-班子成员-测评码.pdf'),
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    const text = await textOf(res.rawPayload);
    expect(text.total).toBe(3);
    const printed = text.text.match(/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}/g) ?? [];
    expect(printed.sort()).toEqual(codes.slice(0, 22).sort());
    expect(
      text.pages.map((p) => (p.text.match(/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}/g) ?? []).length),
    ).toEqual([10, 10, 2]);
    expect(text.text).toContain('华东能源有限公司');
    expect(text.text).toContain('班子成员');
    expect(text.text).toContain('每个测评码只能投票一次');
    // The sentence about opening the link points at a link printed on the card: the vote type's public
    // address, whole (never cut short), under each QR; the code itself stays out of the printed link.
    expect(text.text).toContain('也可在浏览器打开上方链接，再输入测评码');
    const link = `https://kp.example.cn/vote/type/${f.appraisal.link_id}`;
    expect(text.pages.map((p) => p.text.split(link).length - 1)).toEqual([10, 10, 2]);
    expect(text.text).not.toContain('?code=');
  });

  it('prints one batch when asked, and refuses when nothing is left to print', async () => {
    await api().codes(f.appraisal.id, 2);
    const second = await api().codes(f.appraisal.id, 3);
    const res = await download(`/vote-types/${f.appraisal.id}/codes.pdf?batch=2`);
    expect(res.statusCode).toBe(200);
    const printed = (await textOf(res.rawPayload)).text.match(/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}/g);
    expect(printed!.sort()).toEqual([...second].sort());
    const none = await download(`/vote-types/${f.appraisal.id}/codes.pdf?batch=7`);
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toBe('第 7 批没有未使用的测评码');
    const empty = await download(`/vote-types/${f.evaluation.id}/codes.pdf`);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().detail).toBe('没有未使用的测评码可打印');
    expect((await download(`/vote-types/${f.appraisal.id}/codes.pdf?batch=0`)).statusCode).toBe(400);
  });

  const printedCodes = async (url: string) => {
    const res = await download(url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return (await textOf(res.rawPayload)).text.match(/[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}/g) ?? [];
  };

  it('while the vote is open prints the codes as issued, a used one too; after 结束投票 none is left', async () => {
    expect((await api().update(f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const codes = await api().codes(f.appraisal.id, 5);
    await api().void(f.appraisal.id, { codes: [codes[4]] });
    const before = await printedCodes(`/vote-types/${f.appraisal.id}/codes.pdf`);
    // In the order issued (the print order), the voided one left out.
    expect(before).toEqual(codes.slice(0, 4));
    expect((await submit(ctx.app, submission(f, 'appraisal', { code: codes[1] }))).statusCode).toBe(201);
    // The file does not change with a ballot: the used code is still printed.
    expect(await printedCodes(`/vote-types/${f.appraisal.id}/codes.pdf`)).toEqual(before);
    expect(await printedCodes(`/vote-types/${f.appraisal.id}/codes.pdf?batch=1`)).toEqual(before);
    expect((await api().close(f.appraisal.id)).statusCode).toBe(200);
    const after = await download(`/vote-types/${f.appraisal.id}/codes.pdf`);
    expect(after.statusCode).toBe(409);
    expect(after.json().detail).toBe('没有未使用的测评码可打印');
  });

  it('in 试投票 prints the unused codes only', async () => {
    await api().update(f.appraisal.id, { test_mode: true, access_mode: 'codes' });
    const codes = await api().codes(f.appraisal.id, 3);
    expect((await submit(ctx.app, submission(f, 'appraisal', { code: codes[0] }))).statusCode).toBe(201);
    expect(await printedCodes(`/vote-types/${f.appraisal.id}/codes.pdf`)).toEqual(codes.slice(1));
  });

  it('prints the poster of a link-mode vote type, and not of a codes-mode one', async () => {
    const res = await download(`/vote-types/${f.appraisal.id}/poster.pdf`);
    expect(res.statusCode).toBe(200);
    const text = (await textOf(res.rawPayload)).text;
    expect(text).toContain('请用手机扫描二维码参加投票');
    expect(text).toContain(`https://kp.example.cn/vote/type/${f.appraisal.link_id}`);
    const vt = await createVoteType(ctx.app, token, f.company.id, { name: '职工代表', access_mode: 'codes' });
    const refused = await download(`/vote-types/${vt.id}/poster.pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/测评码纸条/);
  });
});

describe('printing without a public address', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestContext();
  });
  afterAll(() => bare.close());

  it('refuses slips and posters with 409 until the settings give one', async () => {
    const t = await createAdmin(bare.app);
    const g = await buildBallotFixture(bare.app, t);
    const calls = adminCalls(bare.app, () => t);
    await calls.codes(g.appraisal.id, 2);
    for (const url of [
      `/vote-types/${g.appraisal.id}/codes.pdf`,
      `/vote-types/${g.appraisal.id}/poster.pdf`,
    ]) {
      const res = await calls.call('GET', url);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toMatch(/^请先在系统设置中配置公网访问地址/);
    }
    await calls.call('PUT', '/settings', { public_url: 'http://10.0.0.5:8080/' });
    const res = await calls.call('GET', `/vote-types/${g.appraisal.id}/codes.pdf`);
    expect(res.statusCode).toBe(200);
  });
});
