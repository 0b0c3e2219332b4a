// Issue 24: the meeting as it really runs. 投票中 → 投票结束 (phones refused, the paper handed in is still
// keyed) → 完成计票 (unkeyed printed sheets voided and reported, figures final); reopen goes back one step.
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { appraisalEntries, submission, submit } from './helpers/ballot-fixtures';
import { bearer, elevate } from './helpers/factories';
import { otherKeyer, paperRows, usePaperWorld } from './helpers/paper';
import { plain } from './helpers/vote-control';

const w = usePaperWorld();
const { paper, api } = w;

const vt = () => w.f.appraisal.id;

async function codeStates() {
  return rowsOf<{ code: string; state: string; for_paper: boolean; recalled: boolean }>(
    w.ctx.database.db,
    sql`SELECT code, state, for_paper, recalled FROM ballot_codes WHERE vote_type_id = ${vt()} ORDER BY id`,
  );
}

const voteTypeOf = async () =>
  (
    await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/vote-types/?company_id=${w.f.company.id}`,
      headers: bearer(w.token),
    })
  )
    .json<{ id: number; count_stage: string; counted_at: string | null; status: string }[]>()
    .find((v) => v.id === vt())!;

/** Codes mode with 2 phone codes and 3 printed paper sheets (their codes), a public address set. */
async function codesWithPaper() {
  await w.ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/',
    headers: bearer(w.token),
    payload: { public_url: 'https://kp.example.cn' },
  });
  expect((await api().update(vt(), { access_mode: 'codes' })).statusCode).toBe(200);
  const phone = await api().codes(vt(), 2);
  expect((await paper().pdf(w.token, '?copies=3')).statusCode).toBe(200);
  const sheets = (await api().list(vt(), '?batch=2')).json().items.map((i: { code: string }) => i.code);
  expect(sheets).toHaveLength(3);
  return { phone, sheets: sheets as string[] };
}

const auditOf = (action: string) =>
  rowsOf<{ detail: Record<string, unknown> }>(
    w.ctx.database.db,
    sql`SELECT detail FROM audit_log WHERE action = ${action} ORDER BY id`,
  );

describe('投票结束 → 计票 → 完成计票', () => {
  it('keeps the printed paper codes through 结束投票 and voids only the unkeyed ones at 完成计票', async () => {
    const { phone, sheets } = await codesWithPaper();
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal', { code: phone[0] }))).statusCode).toBe(201);
    expect((await api().list(vt())).json()).toMatchObject({ paper_issued: 3, paper_unused: 3 });

    // 结束投票: the unused phone code is recalled, the printed sheets' codes stay unused.
    const closed = await api().close(vt());
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', count_stage: 'counting', counted_at: null });
    const afterClose = await codeStates();
    expect(afterClose.filter((c) => !c.for_paper).map((c) => c.state)).toEqual(['used', 'voided']);
    expect(afterClose.filter((c) => c.for_paper).map((c) => c.state)).toEqual(['unused', 'unused', 'unused']);

    // Phones are refused, with the unused phone code too; paper is keyed after the close.
    const late = await submit(w.ctx.app, submission(w.f, 'appraisal', { code: phone[1] }));
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ detail: '投票已结束', code: 'VOTE_CLOSED' });
    const sheetByPhone = await submit(w.ctx.app, submission(w.f, 'appraisal', { code: sheets[2] }));
    expect(sheetByPhone.statusCode).toBe(403);
    expect(sheetByPhone.json()).toEqual({ detail: '投票已结束', code: 'VOTE_CLOSED' });
    const keyed = await paper().enter(w.token, sheets[0]!, appraisalEntries(w.f));
    expect(keyed.statusCode, keyed.body).toBe(201);
    expect(keyed.json()).toMatchObject({ state: 'counted' });
    expect((await paper().enter(w.token, sheets[1]!, appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await api().list(vt())).json()).toMatchObject({ paper_unused: 1 });
    expect((await api().turnout(w.f.company.id)).json().vote_types[0]).toMatchObject({
      received: 3,
      online: 1,
      paper: 2,
    });

    // 完成计票: the one sheet never keyed is voided (handed out, not returned) and reported.
    const finished = await api().finishCount(vt());
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({ status: 'closed', count_stage: 'counted' });
    expect(finished.json().counted_at).toEqual(expect.any(String));
    const states = await codeStates();
    expect(states.find((c) => c.code === plain(sheets[2]!))).toMatchObject({
      state: 'voided',
      recalled: true,
    });
    expect(states.filter((c) => c.state === 'used')).toHaveLength(3);
    const [audit] = await auditOf('vote_type.finish_count');
    expect(audit!.detail).toMatchObject({ returned: 3, paper_sheets: 2, unkeyed_paper_codes: 1 });
    expect(await paperRows(w.ctx.database.db)).toMatchObject({ submissions: 3, paper_sheets: 0 });
    expect((await api().turnout(w.f.company.id)).json().vote_types[0]).toMatchObject({
      issued: 5,
      received: 3,
    });

    // Figures are final: no sheet is keyed any more, and the step cannot be done twice.
    const tooLate = await paper().enter(w.token, sheets[2]!, appraisalEntries(w.f));
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({ detail: '已完成计票，不能再录入或更正纸质票', code: 'VOTE_COUNTED' });
    const again = await api().finishCount(vt());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: '该投票类型已完成计票', code: 'VOTE_ALREADY_COUNTED' });
  });

  it('refuses 完成计票 before 结束投票 and while a sheet waits for its second entry or a settlement', async () => {
    const open = await api().finishCount(vt());
    expect(open.statusCode).toBe(409);
    expect(open.json()).toEqual({ detail: '请先结束投票，再完成计票', code: 'COUNT_BEFORE_CLOSE' });
    expect((await api().update(vt(), { double_entry: true })).statusCode).toBe(200);
    await w.print(10);
    expect((await paper().enter(w.token, '7', appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await api().close(vt())).statusCode).toBe(200);
    const before = await paperRows(w.ctx.database.db);
    const pending = await api().finishCount(vt());
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({
      detail: '还有 1 张纸质票未完成双人录入核对，请先处理',
      code: 'PAPER_UNSETTLED',
    });
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
    expect((await voteTypeOf()).count_stage).toBe('counting');
    // The second keyer (another account) finishes after the phones closed; then the count can be finished.
    const second = await otherKeyer(w.ctx.app, w.token, 'keyer2');
    const done = await paper().enter(second, '7', appraisalEntries(w.f));
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ state: 'counted' });
    expect((await api().finishCount(vt())).statusCode).toBe(200);
    expect(await paperRows(w.ctx.database.db)).toMatchObject({ submissions: 1, paper_sheets: 0 });
  });

  it('counts a vote ended by its window once 完成计票 is done, closing it too', async () => {
    await w.print(10);
    expect((await paper().enter(w.token, '3', appraisalEntries(w.f))).statusCode).toBe(201);
    await w.ctx.database.db.execute(
      sql`UPDATE vote_types SET closes_at = now() - interval '1 minute' WHERE id = ${vt()}`,
    );
    expect((await voteTypeOf()).count_stage).toBe('counting');
    expect((await paper().enter(w.token, '4', appraisalEntries(w.f))).statusCode).toBe(201);
    const res = await api().finishCount(vt());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count_stage: 'counted', closed_at: expect.any(String) });
  });

  it('goes back one step at a time with 重新开放, giving back the codes the step voided', async () => {
    const { phone, sheets } = await codesWithPaper();
    expect((await api().close(vt())).statusCode).toBe(200);
    expect((await api().finishCount(vt())).statusCode).toBe(200);
    const elevated = await elevate(w.ctx.app, w.token);
    // Advanced mode only.
    expect((await api().reopen(vt())).statusCode).toBe(403);

    // 已完成计票 → 投票结束: the printed sheets can be keyed again, phones still refused.
    const back = await api().reopen(vt(), elevated);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'closed', count_stage: 'counting', counted_at: null });
    expect((await paper().enter(w.token, sheets[0]!, appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal', { code: phone[0] }))).statusCode).toBe(403);

    // 投票结束 → 投票中: the recalled phone codes vote again.
    const open = await api().reopen(vt(), elevated);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ status: 'open', count_stage: 'voting', closed_at: null });
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal', { code: phone[0] }))).statusCode).toBe(201);
    const nothing = await api().reopen(vt(), elevated);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ detail: '投票未结束，无需重新开放', code: 'REOPEN_NOT_ENDED' });

    const reopened = await auditOf('vote_type.reopen');
    expect(reopened.map((a) => [a.detail.stage, a.detail.restored_codes])).toEqual([
      ['counted', 3],
      ['counting', 2],
    ]);
  });

  it('refuses a new round while an ended vote type still has printed sheets to key', async () => {
    const { sheets } = await codesWithPaper();
    expect((await api().close(vt())).statusCode).toBe(200);
    expect((await api().close(w.f.evaluation.id)).statusCode).toBe(200);
    const elevated = await elevate(w.ctx.app, w.token);
    const newRound = () =>
      w.ctx.app.inject({
        method: 'POST',
        url: `/api/v1/admin/companies/${w.f.company.id}/rounds`,
        headers: bearer(elevated),
        payload: { name: '下一轮', year: 2099 },
      });
    const refused = await newRound();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: '请先完成计票（仍有纸质票未录入或待核对）：班子成员',
      code: 'ROUND_PAPER_LEFT',
    });
    expect(sheets).toHaveLength(3);
    expect((await api().finishCount(vt())).statusCode).toBe(200);
    const created = await newRound();
    expect(created.statusCode, created.body).toBe(201);
    // The archived round's vote types all count as counted (the evaluation one had no paper).
    const stages = await rowsOf<{ counted: boolean }>(
      w.ctx.database.db,
      sql`SELECT counted_at IS NOT NULL AS counted FROM vote_types WHERE id IN (${vt()}, ${w.f.evaluation.id})`,
    );
    expect(stages.every((s) => s.counted)).toBe(true);
  });
});

describe('the step on the vote type', () => {
  beforeEach(async () => {
    expect((await voteTypeOf()).count_stage).toBe('voting');
  });

  it('is answered with every vote type and audited with its own action', async () => {
    expect((await api().close(vt())).statusCode).toBe(200);
    expect((await voteTypeOf()).count_stage).toBe('counting');
    expect((await api().finishCount(vt())).statusCode).toBe(200);
    expect(await voteTypeOf()).toMatchObject({ count_stage: 'counted', status: 'closed' });
    expect((await auditOf('vote_type.finish_count')).length).toBe(1);
  });
});
