// Issue 26, "Paper": double entry needs two accounts (not two sign-ins) and a third settles; link-mode
// sheets need a number a print run printed; phone ballots and paper sheets stay within 应到人数; a phone's
// code is not a paper key and a paper code not a phone's; a test ballot sent again after 转为正式投票 is
// refused and stores nothing. Each was a leak first reproduced here.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { appraisalEntries, scoringAnswers, submission, submit } from './helpers/ballot-fixtures';
import { pdfText } from './helpers/doc-files';
import { elevate } from './helpers/factories';
import { newSession, otherKeyer, paperRows, usePaperWorld } from './helpers/paper';

const w = usePaperWorld();
const { paper, api } = w;

const ballotsOf = (source: 'online' | 'paper', isTest = false) =>
  rowsOf<{ n: number }>(
    w.ctx.database.db,
    sql`SELECT count(*)::int AS n FROM submissions WHERE source = ${source} AND is_test = ${isTest}`,
  ).then(([r]) => r!.n);

/** A different appraisal ballot: every person rated 一般 / 基本称职. */
const otherEntries = () =>
  appraisalEntries(w.f).map((e) =>
    e.target_id === w.f.companyTarget.id
      ? { ...e, answers: scoringAnswers('company', 'average') }
      : { ...e, answers: scoringAnswers('person', 'average') },
  );

describe('double entry needs two accounts', () => {
  it('two sign-ins of one account cannot complete double entry; another account can', async () => {
    expect((await api().update(w.f.appraisal.id, { double_entry: true })).statusCode).toBe(200);
    await w.print(30);
    const secondSignIn = await newSession(w.ctx.app);
    // The leak: one admin signed in twice keyed every sheet twice, and each counted.
    for (const n of ['1', '2', '3']) {
      expect((await paper().enter(w.token, n, appraisalEntries(w.f))).json()).toMatchObject({
        state: 'pending',
      });
      const check = (await paper().check(secondSignIn, n)).json();
      expect(check).toMatchObject({ state: 'pending', can_enter: false });
      expect(check.detail).toBe(
        '双人录入需由另一位管理员（另一个账号）完成第二次录入；同一账号再次登录不算第二人',
      );
      const again = await paper().enter(secondSignIn, n, appraisalEntries(w.f));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'PAPER_SAME_KEYER', detail: check.detail });
    }
    expect(await ballotsOf('paper')).toBe(0);
    expect((await paper().list(w.token)).json().counts).toMatchObject({ paper: 0, pending: 3 });
    // A second person completes them.
    const colleague = await otherKeyer(w.ctx.app, w.token, 'keyer2');
    expect((await paper().check(colleague, '1')).json()).toMatchObject({ can_enter: true });
    const done = await paper().enter(colleague, '1', appraisalEntries(w.f));
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ state: 'counted', entries: 2, entered_by_me: true });
    expect(await ballotsOf('paper')).toBe(1);
  });

  it('a conflict is settled by a third account only, not by a keyer signed in again', async () => {
    expect((await api().update(w.f.appraisal.id, { double_entry: true })).statusCode).toBe(200);
    await w.print(5);
    const second = await otherKeyer(w.ctx.app, w.token, 'keyer2');
    expect((await paper().enter(w.token, '5', appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await paper().enter(second, '5', otherEntries())).json()).toMatchObject({ state: 'conflict' });
    for (const keyer of [
      w.token,
      await newSession(w.ctx.app),
      second,
      await newSession(w.ctx.app, 'keyer2'),
    ]) {
      const refused = await paper().correct(keyer, '5', otherEntries());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'PAPER_SETTLE_BY_THIRD',
        detail: '核对需由未参与两次录入的第三个账号完成',
      });
    }
    expect(await ballotsOf('paper')).toBe(0);
    const third = await otherKeyer(w.ctx.app, w.token, 'keyer3');
    expect((await paper().detail(third, '5')).json()).toMatchObject({ entered_by_me: false });
    const settled = await paper().correct(third, '5', otherEntries());
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ state: 'counted' });
    expect(await ballotsOf('paper')).toBe(1);
  });

  it('a sheet whose first keyer is unknown (keyed before the upgrade) must be withdrawn and keyed again', async () => {
    expect((await api().update(w.f.appraisal.id, { double_entry: true })).statusCode).toBe(200);
    await w.print(3);
    expect((await paper().enter(w.token, '2', appraisalEntries(w.f))).statusCode).toBe(201);
    await w.ctx.database.db.execute(sql`UPDATE paper_sheets SET first_user_id = NULL`);
    const colleague = await otherKeyer(w.ctx.app, w.token, 'keyer2');
    const res = await paper().enter(colleague, '2', appraisalEntries(w.f));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'PAPER_KEYER_UNKNOWN',
      detail: '该纸质票此前的录入人无法确认（系统升级前录入），请撤回后重新录入',
    });
    expect((await paper().check(colleague, '2')).json()).toMatchObject({ can_enter: false });
    expect((await paper().withdraw(colleague, '2')).statusCode).toBe(204);
    expect((await paper().enter(w.token, '2', appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await paper().enter(colleague, '2', appraisalEntries(w.f))).json()).toMatchObject({
      state: 'counted',
    });
  });
});

describe('link-mode sheets need a printed number', () => {
  it('refuses the 151st sheet of a 150-copy print run, and any sheet before a print', async () => {
    // The leak: 151 sheets counted on a vote type that never printed paper.
    const never = await paper().enter(w.token, '1', appraisalEntries(w.f));
    expect(never.statusCode).toBe(409);
    expect(never.json()).toEqual({
      code: 'PAPER_NOT_PRINTED',
      detail: '本投票类型尚未打印带编号的纸质选票，请先“打印纸质选票”，再按票上印的编号录入',
    });
    expect(await w.print(150)).toEqual({ first: 1, last: 150 });
    expect((await paper().enter(w.token, '150', appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await paper().enter(w.token, '1', appraisalEntries(w.f))).statusCode).toBe(201);
    const before = await paperRows(w.ctx.database.db);
    const extra = await paper().enter(w.token, '151', appraisalEntries(w.f));
    expect(extra.statusCode).toBe(404);
    expect(extra.json()).toEqual({
      code: 'PAPER_NUMBER_NOT_PRINTED',
      detail: '编号 151 不是本投票类型打印过的纸质选票编号（已打印编号：1-150），请核对',
    });
    expect((await paper().check(w.token, '151')).json()).toMatchObject({ code: 'PAPER_NUMBER_NOT_PRINTED' });
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
    // The next print goes on from 151; the counts say what was printed and what is not keyed yet.
    expect(await w.print(10)).toEqual({ first: 151, last: 160 });
    expect((await paper().enter(w.token, '151', appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await paper().list(w.token)).json().counts).toMatchObject({
      paper: 3,
      printed: 160,
      unkeyed: 157,
      last_number: 160,
    });
  });

  it('完成计票 reports the printed sheets never keyed; no print after 结束投票', async () => {
    await w.print(20);
    for (const n of ['3', '4'])
      expect((await paper().enter(w.token, n, appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    const late = await paper().pdf(w.token, '?copies=5');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'PAPER_PRINT_CLOSED',
      detail: '投票已结束，不能再打印带编号的纸质选票',
    });
    expect((await paper().list(w.token)).json().counts).toMatchObject({ printed: 20, unkeyed: 18 });
    expect((await api().finishCount(w.f.appraisal.id)).statusCode).toBe(200);
    const [audit] = await rowsOf<{ detail: Record<string, unknown> }>(
      w.ctx.database.db,
      sql`SELECT detail FROM audit_log WHERE action = 'vote_type.finish_count'`,
    );
    expect(audit!.detail).toMatchObject({ paper_sheets: 2, unkeyed_paper_sheets: 18 });
  });

  it('a rehearsal’s numbers are not formal ones: going formal needs a new print, numbered on', async () => {
    expect((await api().update(w.f.appraisal.id, { test_mode: true })).statusCode).toBe(200);
    expect(await w.print(5)).toEqual({ first: 1, last: 5 });
    expect((await paper().enter(w.token, '1', appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await api().goFormal(w.f.appraisal.id, await elevate(w.ctx.app, w.token))).statusCode).toBe(200);
    const old = await paper().enter(w.token, '2', appraisalEntries(w.f));
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({ code: 'PAPER_NOT_PRINTED' });
    expect(await w.print(5)).toEqual({ first: 6, last: 10 });
    expect((await paper().enter(w.token, '2', appraisalEntries(w.f))).json()).toMatchObject({
      code: 'PAPER_NUMBER_NOT_PRINTED',
      detail: '编号 2 不是本投票类型打印过的纸质选票编号（已打印编号：6-10），请核对',
    });
    expect((await paper().enter(w.token, '6', appraisalEntries(w.f))).statusCode).toBe(201);
    expect(await ballotsOf('paper')).toBe(1);
  });
});

describe('phone ballots plus paper sheets never exceed 应到人数', () => {
  it('link mode: the statement counts phone and paper ballots alike against the cap', async () => {
    expect(
      (await api().update(w.f.appraisal.id, { expected_voters: 3, double_entry: true })).statusCode,
    ).toBe(200);
    await w.print(10);
    const colleague = await otherKeyer(w.ctx.app, w.token, 'keyer2');
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal'))).statusCode).toBe(201);
    for (const n of ['1', '2', '3']) {
      expect((await paper().enter(w.token, n, appraisalEntries(w.f))).statusCode).toBe(201);
    }
    for (const n of ['1', '2']) {
      expect((await paper().enter(colleague, n, appraisalEntries(w.f))).json()).toMatchObject({
        state: 'counted',
      });
    }
    // 1 phone + 2 paper = 3 = 应到人数: the second entry of a sheet and a phone are refused (a first
    // entry counts nothing: it waits, as before).
    expect((await paper().enter(w.token, '4', appraisalEntries(w.f))).json()).toMatchObject({
      state: 'pending',
    });
    const before = await paperRows(w.ctx.database.db);
    for (const res of [
      await paper().enter(colleague, '3', appraisalEntries(w.f)),
      await paper().enter(colleague, '4', appraisalEntries(w.f)),
      await submit(w.ctx.app, submission(w.f, 'appraisal')),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CAP_REACHED' });
    }
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
    expect((await ballotsOf('online')) + (await ballotsOf('paper'))).toBe(3);
  });

  it('codes mode: each ballot consumes one code, so phones and paper never exceed the codes handed out', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const phone = await api().codes(w.f.appraisal.id, 1);
    const sheets = await w.printCodes(1);
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal', { code: phone[0] }))).statusCode).toBe(201);
    expect((await paper().enter(w.token, sheets[0]!, appraisalEntries(w.f))).statusCode).toBe(201);
    for (const res of [
      await submit(w.ctx.app, submission(w.f, 'appraisal', { code: phone[0] })),
      await paper().enter(w.token, phone[0]!, appraisalEntries(w.f)),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(403);
    }
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ handed_out: 2, used: 2 });
    expect((await ballotsOf('online')) + (await ballotsOf('paper'))).toBe(2);
  });
});

describe('a phone code is not a paper key, a paper code not a phone code', () => {
  it('refuses a phone code as a paper key, before keying and on entry, storing nothing', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [code] = await api().codes(w.f.appraisal.id, 1);
    const detail = '该测评码是发给手机投票用的，不是纸质选票上印的测评码，不能录入为纸质票';
    const check = await paper().check(w.token, code!);
    expect(check.statusCode).toBe(403);
    expect(check.json()).toEqual({ code: 'CODE_NOT_PAPER', detail });
    const before = await paperRows(w.ctx.database.db);
    const res = await paper().enter(w.token, code!, appraisalEntries(w.f));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'CODE_NOT_PAPER', detail });
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
    // The phone still votes with it.
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal', { code }))).statusCode).toBe(201);
  });

  it('refuses a paper code from a phone, storing nothing; the sheet is still keyed', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [code] = await w.printCodes(1);
    const before = await paperRows(w.ctx.database.db);
    // The voter page does not offer it as a phone's code either.
    const view = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/polls/vote-type/${w.f.appraisal.link_id}`,
      headers: { 'x-voter-id': 'voter-paper-code-1', 'x-ballot-code': code! },
    });
    expect(view.json()).toMatchObject({ code_state: 'unknown' });
    const phone = await submit(w.ctx.app, submission(w.f, 'appraisal', { code }));
    expect(phone.statusCode).toBe(403);
    expect(phone.json()).toEqual({
      code: 'CODE_PAPER_ONLY',
      detail: '该测评码印在纸质选票上，请在纸质选票上填写后交回，不能用于手机投票',
    });
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
    expect((await paper().enter(w.token, code!, appraisalEntries(w.f))).json()).toMatchObject({
      state: 'counted',
    });
  });

  it('prints a paper code on its sheet only, never on the phones’ slips', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [phoneCode] = await api().codes(w.f.appraisal.id, 1);
    const [paperCode] = await w.printCodes(1);
    const slips = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/vote-types/${w.f.appraisal.id}/codes.pdf`,
      headers: { authorization: `Bearer ${w.token}` },
    });
    expect(slips.statusCode).toBe(200);
    const text = (await pdfText(slips.rawPayload)).text.replace(/[\s-]/g, '');
    expect(text).toContain(phoneCode!.replace(/-/g, ''));
    expect(text).not.toContain(paperCode!.replace(/-/g, ''));
  });
});

describe('a test ballot sent again after 转为正式投票', () => {
  it.each([
    ['link mode', {}],
    ['link mode with 应到人数', { expected_voters: 5 }],
  ])('answers 409 and stores nothing (%s)', async (_, setup) => {
    expect((await api().update(w.f.appraisal.id, { test_mode: true, ...setup })).statusCode).toBe(200);
    const body = submission(w.f, 'appraisal', { submission_id: randomUUID() });
    const first = await submit(w.ctx.app, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ is_test: true });
    // A retry while still in test mode is a replay: the same receipt.
    const retry = await submit(w.ctx.app, body);
    expect(retry.json().receipt_id).toBe(first.json().receipt_id);
    expect((await api().goFormal(w.f.appraisal.id, await elevate(w.ctx.app, w.token))).statusCode).toBe(200);
    // The leak: the same submission, sent again, was stored as a formal ballot.
    const before = await paperRows(w.ctx.database.db);
    const replay = await submit(w.ctx.app, body);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({
      code: 'SUBMISSION_TEST_RETIRED',
      detail:
        '这份答卷是试投票时提交的，试投票答卷已在转为正式投票时清除，本次提交未保存。请刷新页面后重新投票',
    });
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
    expect(await ballotsOf('online')).toBe(0);
    // The same voter votes formally with a new submission.
    expect((await submit(w.ctx.app, { ...body, submission_id: randomUUID() })).statusCode).toBe(201);
    expect(await ballotsOf('online')).toBe(1);
  });
});
