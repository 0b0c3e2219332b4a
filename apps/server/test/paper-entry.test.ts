// Issue 16 items 2-3: a paper sheet is checked and stored exactly like a phone ballot (source 'paper'),
// double entry counts a sheet once when two accounts agree and nothing until a third settles a conflict.
// Link mode keys a sheet by a number a print run printed, codes mode by a code printed on paper (issue 26;
// paper-secrecy.test.ts has those rules).
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import {
  appraisalEntries,
  buildBallotFixture,
  evaluationEntries,
  scoringAnswers,
  submission,
  submit,
} from './helpers/ballot-fixtures';
import { bearer, createAdmin, elevate } from './helpers/factories';
import { ballotRowsOf, newSession, otherKeyer, paperRows, usePaperWorld } from './helpers/paper';

const w = usePaperWorld();
const { paper, api } = w;

/** Each vote type printed 10 numbered sheets (1-10), as link mode needs before anything is keyed. */
async function printBoth() {
  for (const fam of ['evaluation', 'appraisal'] as const) {
    w.family = fam;
    await w.print(10);
  }
}
beforeEach(printBoth);

const submissionsOf = (source: string) =>
  rowsOf<{ id: string; total_score: number | null; is_test: boolean; ballot_count: number }>(
    w.ctx.database.db,
    sql`SELECT id, total_score, is_test, ballot_count FROM submissions WHERE source = ${source} ORDER BY id`,
  );

/** A different appraisal ballot: every person rated 一般 / 基本称职. */
const otherEntries = () =>
  appraisalEntries(w.f).map((e) =>
    e.target_id === w.f.companyTarget.id
      ? { ...e, answers: scoringAnswers('company', 'average') }
      : { ...e, answers: scoringAnswers('person', 'average') },
  );

describe('entering a sheet (double entry off)', () => {
  it.each(['appraisal', 'evaluation'] as const)(
    'stores exactly the ballot an online voter with the same choices stores (%s)',
    async (fam) => {
      w.family = fam;
      const entries = fam === 'appraisal' ? appraisalEntries(w.f) : evaluationEntries(w.f);
      expect((await submit(w.ctx.app, submission(w.f, fam, { ballots: entries }))).statusCode).toBe(201);
      const res = await paper().enter(w.token, '1', entries);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ key: '1', label: '编号 1', state: 'counted', entries: 1 });
      expect(res.json().counts).toMatchObject({ paper: 1, online: 1, pending: 0, conflict: 0 });
      const [online] = await submissionsOf('online');
      const [stored] = await submissionsOf('paper');
      expect(stored).toMatchObject({
        total_score: online!.total_score,
        is_test: false,
        ballot_count: online!.ballot_count,
      });
      expect(await ballotRowsOf(w.ctx.database.db, stored!.id)).toEqual(
        await ballotRowsOf(w.ctx.database.db, online!.id),
      );
      expect(res.json().counted).toEqual(res.json().first);
    },
  );

  it('gives the same results as the same choices cast online', async () => {
    const figures = async () => {
      const c = w.f.company.id;
      const get = async (url: string) =>
        (
          await w.ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(w.token) })
        ).json();
      return strip({
        targets: await get(`/vote-targets/results?company_id=${c}`),
        company: await get(`/companies/${c}/results`),
        cadre: await get(`/cadre-results/statistics?company_id=${c}`),
      });
    };
    const cast = async (how: 'online' | 'paper') => {
      let n = 0;
      for (const [fam, entries] of [
        ['appraisal', appraisalEntries(w.f)],
        ['appraisal', otherEntries()],
        ['evaluation', evaluationEntries(w.f)],
      ] as const) {
        w.family = fam;
        if (how === 'online')
          expect((await submit(w.ctx.app, submission(w.f, fam, { ballots: entries }))).statusCode).toBe(201);
        else expect((await paper().enter(w.token, String(++n), entries)).statusCode).toBe(201);
      }
    };
    await cast('online');
    const online = await figures();
    await w.ctx.reset();
    w.token = await createAdmin(w.ctx.app);
    w.f = await buildBallotFixture(w.ctx.app, w.token);
    await printBoth();
    await cast('paper');
    const onPaper = await figures();
    expect(JSON.stringify(onPaper)).toContain('领导班子');
    expect(onPaper).toEqual(online);
  });

  it('consumes a code in codes mode; the code then refuses a phone ballot', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [code] = await w.printCodes(2);
    const res = await paper().enter(w.token, code!.toLowerCase(), appraisalEntries(w.f));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ label: code, state: 'counted' });
    const phone = await submit(w.ctx.app, submission(w.f, 'appraisal', { code }));
    expect(phone.statusCode).toBe(403);
    expect(phone.json()).toMatchObject({ code: 'CODE_PAPER_ONLY' });
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ used: 1, unused: 1, handed_out: 2 });
  });

  it('refuses every bad sheet with a clear Chinese message, storing nothing', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    expect((await api().update(w.f.evaluation.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [phoneCode] = await api().codes(w.f.appraisal.id, 1);
    const [voided, fresh] = await w.printCodes(2);
    const [otherType] = await api().codes(w.f.evaluation.id, 1);
    await api().void(w.f.appraisal.id, { codes: [voided] });
    const half = appraisalEntries(w.f).slice(0, 2);
    const online = await submit(w.ctx.app, submission(w.f, 'appraisal', { code: fresh, ballots: half }));
    const badOption = appraisalEntries(w.f).map((e, i) =>
      i === 1 ? { ...e, answers: { ...e.answers, overall: 'superb' } } : e,
    );
    const cases: [string, unknown[], number, string][] = [
      ['ABCD-EFGH-JK', appraisalEntries(w.f), 404, '测评码不存在，请核对'],
      ['not a code!', appraisalEntries(w.f), 404, '测评码不存在，请核对'],
      [
        phoneCode!,
        appraisalEntries(w.f),
        403,
        '该测评码是发给手机投票用的，不是纸质选票上印的测评码，不能录入为纸质票',
      ],
      [voided!, appraisalEntries(w.f), 403, '该测评码已作废'],
      [otherType!, appraisalEntries(w.f), 404, '该测评码不属于本投票类型'],
      [fresh!, half, 422, online.json().detail],
      [fresh!, badOption, 422, ''],
    ];
    expect(online.statusCode).toBe(422);
    expect(online.json().detail).toMatch(/^答卷有误：尚未作答：“李红梅”/);
    const before = await paperRows(w.ctx.database.db);
    for (const [key, ballots, status, detail] of cases) {
      const res = await w.ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/vote-types/${w.f.appraisal.id}/paper/sheets`,
        headers: bearer(w.token),
        payload: { key, ballots },
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(status);
      if (detail) expect(res.json()).toMatchObject({ detail });
      else expect(res.json().detail).toMatch(/^答卷有误：“王建国”：/);
    }
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
    // The check before keying answers the same.
    expect((await paper().check(w.token, voided!)).json()).toMatchObject({ detail: '该测评码已作废' });
    expect((await paper().check(w.token, otherType!)).statusCode).toBe(404);
    expect((await paper().check(w.token, fresh!)).json()).toEqual({
      key: fresh!.replaceAll('-', ''),
      label: fresh,
      state: 'new',
      can_enter: true,
    });
  });

  it('refuses a bad sheet number, a closed vote type and an archived round, storing nothing', async () => {
    const before = await paperRows(w.ctx.database.db);
    for (const key of ['0', '100000', 'abc', '1.5']) {
      const res = await paper().enter(w.token, key, appraisalEntries(w.f));
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ detail: '编号必须是 1-99999 的整数' });
    }
    const formOf = async () => (await paper().form(w.token)).json<Record<string, unknown>>();
    expect(await formOf()).toMatchObject({ state: 'open', ready: true, notice: null, round_archived: false });
    // 结束投票 stops the phones, not the paper: the entry screen still takes sheets.
    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    expect(await formOf()).toMatchObject({
      state: 'closed',
      count_stage: 'counting',
      ready: true,
      notice: null,
    });
    expect((await api().finishCount(w.f.appraisal.id)).statusCode).toBe(200);
    const counted = await paper().enter(w.token, '1', appraisalEntries(w.f));
    expect(counted.statusCode).toBe(409);
    expect(counted.json()).toMatchObject({ detail: '已完成计票，不能再录入或更正纸质票' });
    // The entry screen says so before anything is keyed.
    expect(await formOf()).toMatchObject({
      state: 'closed',
      count_stage: 'counted',
      ready: false,
      notice: '已完成计票，不能再录入或更正纸质票',
    });
    expect((await api().close(w.f.evaluation.id)).statusCode).toBe(200);
    const elevated = await elevate(w.ctx.app, w.token);
    const round = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/companies/${w.f.company.id}/rounds`,
      headers: bearer(elevated),
      payload: { name: '下一轮', year: 2099 },
    });
    expect(round.statusCode, round.body).toBe(201);
    const archived = await paper().enter(w.token, '1', appraisalEntries(w.f));
    expect(archived.statusCode).toBe(409);
    expect(archived.json()).toMatchObject({ detail: '该测评批次已归档，不能修改' });
    expect(await formOf()).toMatchObject({
      state: 'closed',
      round_archived: true,
      ready: false,
      notice: '本轮测评已结束',
    });
    expect(await paperRows(w.ctx.database.db)).toMatchObject({ ...before, paper_sheets: 0 });
    expect((await submissionsOf('paper')).length).toBe(0);
  });

  it('refuses a second entry of a counted sheet and keeps one ballot', async () => {
    expect((await paper().enter(w.token, '7', appraisalEntries(w.f))).statusCode).toBe(201);
    const again = await paper().enter(await newSession(w.ctx.app), '07', appraisalEntries(w.f));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: '该纸质票已录入并计票；如需修改请使用“更正”' });
    expect((await submissionsOf('paper')).length).toBe(1);
  });

  it('takes the keyer from the account, not the sign-in: another sign-in is the same person', async () => {
    expect((await api().update(w.f.appraisal.id, { double_entry: true })).statusCode).toBe(200);
    // (A token from before sessions names none and is refused since issue 27: sessions.ts.)
    const other = await newSession(w.ctx.app);
    expect((await paper().enter(other, '1', appraisalEntries(w.f))).json()).toMatchObject({
      state: 'pending',
    });
    const res = await paper().enter(w.token, '1', appraisalEntries(w.f));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PAPER_SAME_KEYER' });
    expect((await submissionsOf('paper')).length).toBe(0);
  });
});

describe('correcting and withdrawing', () => {
  it('corrects a counted sheet: one ballot with the new answers, the code used once', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [code] = await w.printCodes(1);
    expect((await paper().enter(w.token, code!, appraisalEntries(w.f))).statusCode).toBe(201);
    const [before] = await submissionsOf('paper');
    const res = await paper().correct(w.token, code!, otherEntries());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'counted' });
    const after = await submissionsOf('paper');
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(before!.id);
    expect(after[0]!.total_score).toBeLessThan(before!.total_score!);
    expect(res.json().counted).toEqual(
      otherEntries().map((e) => ({ ...e, answers: expect.objectContaining({ overall: e.answers.overall }) })),
    );
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ used: 1, unused: 0 });
    const audit = await rowsOf<{ action: string; summary: string; detail: unknown }>(
      w.ctx.database.db,
      sql`SELECT action, summary, detail FROM audit_log WHERE action LIKE 'paper.%' AND action <> 'paper.print' ORDER BY id`,
    );
    expect(audit.map((a) => [a.action, a.summary])).toEqual([
      ['paper.enter', '录入纸质票：“班子成员”（已计票）'],
      ['paper.correct', '更正纸质票：“班子成员”（已计票）'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(code!.replaceAll('-', '').slice(0, 8));
    expect(JSON.stringify(audit)).not.toContain('excellent');
  });

  it('withdraws a sheet: ballot gone, code unused again, the sheet can be keyed anew', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [code] = await w.printCodes(1);
    expect((await paper().enter(w.token, code!, appraisalEntries(w.f))).statusCode).toBe(201);
    const res = await paper().withdraw(w.token, code!);
    expect(res.statusCode).toBe(204);
    expect(await paperRows(w.ctx.database.db)).toMatchObject({ submissions: 0, votes: 0, paper_sheets: 0 });
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ used: 0, unused: 1 });
    expect((await paper().withdraw(w.token, code!)).json()).toMatchObject({ detail: '该纸质票尚未录入' });
    expect((await paper().enter(w.token, code!, otherEntries())).statusCode).toBe(201);
    const audit = await rowsOf<{ action: string; summary: string }>(
      w.ctx.database.db,
      sql`SELECT action, summary FROM audit_log WHERE action LIKE 'paper.%' AND action <> 'paper.print' ORDER BY id`,
    );
    expect(audit.map((a) => [a.action, a.summary])).toEqual([
      ['paper.enter', '录入纸质票：“班子成员”（已计票）'],
      ['paper.withdraw', '撤回纸质票：“班子成员”（已撤回）'],
      ['paper.enter', '录入纸质票：“班子成员”（已计票）'],
    ]);
  });

  it('corrects after 结束投票 and refuses a correction or a withdrawal once counted, changing nothing', async () => {
    expect((await paper().enter(w.token, '4', appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    expect((await paper().correct(w.token, '4', otherEntries())).statusCode).toBe(200);
    expect((await api().finishCount(w.f.appraisal.id)).statusCode).toBe(200);
    const before = await paperRows(w.ctx.database.db);
    for (const res of [
      await paper().correct(w.token, '4', appraisalEntries(w.f)),
      await paper().withdraw(w.token, '4'),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ detail: '已完成计票，不能再录入或更正纸质票' });
    }
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
    expect(await submissionsOf('paper')).toHaveLength(1);
  });
});

describe('double entry', () => {
  beforeEach(async () => {
    expect((await api().update(w.f.appraisal.id, { double_entry: true })).json()).toMatchObject({
      double_entry: true,
    });
  });

  it('counts a sheet once when two accounts agree, nothing before', async () => {
    const first = await paper().enter(w.token, '3', appraisalEntries(w.f));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ state: 'pending', entries: 1, counted: null, entered_by_me: true });
    expect(first.json().counts).toMatchObject({ paper: 0, online: 0, pending: 1, conflict: 0 });
    expect((await submissionsOf('paper')).length).toBe(0);
    // The same account again: the same token, after entering advanced mode, or signed in anew.
    for (const again of [w.token, await elevate(w.ctx.app, w.token), await newSession(w.ctx.app)]) {
      const res = await paper().enter(again, '3', appraisalEntries(w.f));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'PAPER_SAME_KEYER',
        detail: '双人录入需由另一位管理员（另一个账号）完成第二次录入；同一账号再次登录不算第二人',
      });
    }
    expect((await paper().check(w.token, '3')).json()).toMatchObject({ state: 'pending', can_enter: false });
    const other = await otherKeyer(w.ctx.app, w.token, 'keyer2');
    expect((await paper().check(other, '3')).json()).toMatchObject({ state: 'pending', can_enter: true });
    const second = await paper().enter(other, '3', appraisalEntries(w.f));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ state: 'counted', entries: 2 });
    expect(second.json().counts).toMatchObject({ paper: 1, online: 0, pending: 0, conflict: 0 });
    expect(await submissionsOf('paper')).toHaveLength(1);
    const list = (await paper().list(w.token)).json();
    expect(list).toMatchObject({
      total: 1,
      items: [{ key: '3', label: '编号 3', state: 'counted', entries: 2 }],
    });
    expect(list.items[0].entered_at).toMatch(/:00\.000Z$/);
  });

  it('a pending sheet’s code is not a phone’s: the phone is refused, the second entry counts it once', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [code] = await w.printCodes(1);
    expect((await paper().enter(w.token, code!, appraisalEntries(w.f))).json()).toMatchObject({
      state: 'pending',
    });
    // A pending sheet does not hold its code, but a paper code is no phone's (issue 26).
    const phone = await submit(w.ctx.app, submission(w.f, 'appraisal', { code }));
    expect(phone.json()).toMatchObject({ code: 'CODE_PAPER_ONLY' });
    const other = await otherKeyer(w.ctx.app, w.token, 'keyer2');
    expect((await paper().check(other, code!)).json()).toMatchObject({ can_enter: true });
    const second = await paper().enter(other, code!, appraisalEntries(w.f));
    expect(second.json()).toMatchObject({ state: 'counted' });
    expect(await submissionsOf('paper')).toHaveLength(1);
    expect(await submissionsOf('online')).toHaveLength(0);
  });

  it('counts nothing on a disagreement until a third account settles it', async () => {
    const second = await otherKeyer(w.ctx.app, w.token, 'keyer2');
    const third = await otherKeyer(w.ctx.app, w.token, 'keyer3');
    expect((await paper().enter(w.token, '5', appraisalEntries(w.f))).statusCode).toBe(201);
    const res = await paper().enter(second, '5', otherEntries());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ state: 'conflict', entries: 2, counted: null });
    expect(res.json().counts).toMatchObject({ paper: 0, online: 0, pending: 0, conflict: 1 });
    expect((await submissionsOf('paper')).length).toBe(0);
    const detail = (await paper().detail(third, '5')).json();
    expect(detail.first[1].answers.overall).toBe('excellent');
    expect(detail.second[1].answers.overall).toBe('basically_competent');
    expect(detail.entered_by_me).toBe(false);
    // A keyer cannot settle; a third key of the sheet is refused too.
    for (const keyer of [w.token, second]) {
      const refused = await paper().correct(keyer, '5', otherEntries());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'PAPER_SETTLE_BY_THIRD',
        detail: '核对需由未参与两次录入的第三个账号完成',
      });
    }
    expect((await paper().enter(third, '5', otherEntries())).json()).toMatchObject({
      detail: '该纸质票两次录入不一致，请由第三人核对后确定',
    });
    expect((await submissionsOf('paper')).length).toBe(0);
    // 结束投票 does not wait for it (the phones stop, the sheets go on); 完成计票 does.
    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    const finish = await api().finishCount(w.f.appraisal.id);
    expect(finish.statusCode).toBe(409);
    expect(finish.json()).toMatchObject({ detail: '还有 1 张纸质票未完成双人录入核对，请先处理' });
    const settled = await paper().correct(third, '5', otherEntries());
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json()).toMatchObject({ state: 'counted' });
    expect(settled.json().counted[1].answers.overall).toBe('basically_competent');
    expect(await submissionsOf('paper')).toHaveLength(1);
    // 完成计票 now erases the sheets (the only place a code met a ballot) and keeps the ballot.
    expect((await api().finishCount(w.f.appraisal.id)).statusCode).toBe(200);
    expect(await paperRows(w.ctx.database.db)).toMatchObject({ submissions: 1, paper_sheets: 0 });
  });
});

describe('the double entry setting', () => {
  it('is off by default, changed by PUT, and copied to the next round', async () => {
    const list = async () =>
      (
        await w.ctx.app.inject({
          method: 'GET',
          url: `/api/v1/admin/vote-types/?company_id=${w.f.company.id}`,
          headers: bearer(w.token),
        })
      ).json<{ name: string; double_entry: boolean }[]>();
    expect((await list()).map((v) => v.double_entry)).toEqual([false, false]);
    expect((await api().update(w.f.evaluation.id, { double_entry: 'yes' })).statusCode).toBe(422);
    expect((await api().update(w.f.evaluation.id, { double_entry: true })).statusCode).toBe(200);
    expect((await paper().form(w.token)).json()).toMatchObject({ double_entry: false, access_mode: 'link' });
    w.family = 'evaluation';
    expect((await paper().form(w.token)).json()).toMatchObject({
      double_entry: true,
      state: 'open',
      ready: true,
      form_category: 'democratic_evaluation',
      subjects: w.f.subjects.map((s) => expect.objectContaining({ id: s.id, name: s.name })),
    });
    await api().close(w.f.appraisal.id);
    await api().close(w.f.evaluation.id);
    const round = await w.ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/companies/${w.f.company.id}/rounds`,
      headers: bearer(await elevate(w.ctx.app, w.token)),
      payload: { name: '下一轮', year: 2099 },
    });
    expect(round.statusCode, round.body).toBe(201);
    expect((await list()).map((v) => [v.name, v.double_entry])).toEqual([
      ['班子成员', false],
      ['中层干部', true],
    ]);
  });
});

describe('test mode', () => {
  it('keys a test ballot in test mode; going formal deletes it with its sheet', async () => {
    expect((await api().update(w.f.appraisal.id, { test_mode: true })).statusCode).toBe(200);
    // A rehearsal prints its own sheets (11-15): the formal ones (1-10) are not keyed in test mode.
    expect(await w.print(5)).toEqual({ first: 11, last: 15 });
    expect((await paper().enter(w.token, '1', appraisalEntries(w.f))).json()).toMatchObject({
      code: 'PAPER_NUMBER_NOT_PRINTED',
    });
    const res = await paper().enter(w.token, '11', appraisalEntries(w.f));
    expect(res.statusCode).toBe(201);
    expect(res.json().counts).toMatchObject({ paper: 1, online: 0, pending: 0, conflict: 0 });
    expect((await submissionsOf('paper'))[0]).toMatchObject({ is_test: true });
    const elevated = await elevate(w.ctx.app, w.token);
    expect((await api().goFormal(w.f.appraisal.id, elevated)).statusCode).toBe(200);
    expect(await paperRows(w.ctx.database.db)).toMatchObject({ submissions: 0, paper_sheets: 0 });
    expect((await paper().enter(w.token, '1', appraisalEntries(w.f))).json()).toMatchObject({
      state: 'counted',
    });
    expect((await submissionsOf('paper'))[0]).toMatchObject({ is_test: false });
  });
});

/** Results without the per-source counts (the one place paper and phone differ) and the read time. */
function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'paper' && k !== 'online' && k !== 'generated_at')
        .map(([k, v]) => [k, strip(v)]),
    );
  }
  return value;
}
