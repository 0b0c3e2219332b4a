// Issue 24: deleting a voter's ballots after 投票结束 is a system admin's advanced-mode action only, with a
// reason, and every figure of the group says so ('经高级模式删除 N 张选票（见审计日志）'): the 汇总表, the
// turnout, the vote type and the printed report. A report printed before 完成计票 says 计票未完成 on every page.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { createAccount } from './helpers/accounts';
import { submission, submit } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { docxText, pdfPages } from './helpers/doc-files';
import { bearer, elevate } from './helpers/factories';
import { adminCalls } from './helpers/vote-control';

const w = useBallotWorld();
const api = () => adminCalls(w.ctx.app, () => w.token);
const NOTE = '经高级模式删除 1 张选票（见审计日志）';

/** Two phone ballots of the appraisal group; answers the first one's 随机编号 (the records' "voter"). */
async function twoBallots() {
  const first = submission(w.f, 'appraisal');
  expect((await submit(w.ctx.app, first)).statusCode).toBe(201);
  expect((await submit(w.ctx.app, submission(w.f, 'appraisal'))).statusCode).toBe(201);
  const [row] = await rowsOf<{ voter_key: string }>(
    w.ctx.database.db,
    sql`SELECT voter_key FROM submissions WHERE id = ${first.submission_id}`,
  );
  return row!.voter_key;
}

const del = (token: string, voter: string, reason?: string) =>
  w.ctx.app.inject({
    method: 'DELETE',
    url:
      `/api/v1/admin/votes/voter/${voter}?company_id=${w.f.company.id}&vote_type_id=${w.f.appraisal.id}` +
      (reason === undefined ? '' : `&reason=${encodeURIComponent(reason)}`),
    headers: bearer(token),
  });

const summaryOf = async () =>
  (
    await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/companies/${w.f.company.id}/summary`,
      headers: bearer(w.token),
    })
  ).json();

const submissionsCount = async () =>
  (
    await rowsOf<{ n: number }>(
      w.ctx.database.db,
      sql`SELECT count(*)::int AS n FROM submissions WHERE vote_type_id = ${w.f.appraisal.id}`,
    )
  )[0]!.n;

describe('deleting a voter after 投票结束', () => {
  it('needs a reason, a system admin and advanced mode, and leaves everything unchanged otherwise', async () => {
    const voter = await twoBallots();
    const unit = await createAccount(w.ctx.app, w.token, {
      username: 'unit1',
      role: 'unit_admin',
      unit_ids: [w.f.company.id],
    });
    const unitElevated = await elevate(w.ctx.app, unit.token);
    const sysElevated = await elevate(w.ctx.app, w.token);

    // While voting: a reason is still needed.
    const noReason = await del(sysElevated, voter);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toContain('请填写删除原因');

    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    const byUnit = await del(unitElevated, voter, '重复投票');
    expect(byUnit.statusCode).toBe(403);
    expect(byUnit.json()).toEqual({
      detail: '投票结束后，只有系统管理员可以在高级模式下删除选票',
      code: 'VOTER_DELETE_AFTER_END',
    });
    const notElevated = await del(w.token, voter, '重复投票');
    expect(notElevated.statusCode).toBe(403);
    expect(await submissionsCount()).toBe(2);
    expect((await summaryOf()).validity.vote_types[0]).toMatchObject({
      deleted_ballots: 0,
      deleted_note: null,
    });
  });

  it('is disclosed in the 汇总表, the turnout, the vote type and the report, and audited with the reason', async () => {
    const voter = await twoBallots();
    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    const res = await del(await elevate(w.ctx.app, w.token), voter, '该票系工作人员误录');
    expect(res.statusCode, res.body).toBe(200);
    expect(await submissionsCount()).toBe(1);

    const summary = await summaryOf();
    expect(summary.validity.vote_types.find((v: { name: string }) => v.name === '班子成员')).toMatchObject({
      received: 1,
      count_stage: 'counting',
      deleted_ballots: 1,
      deleted_note: NOTE,
    });
    const turnout = (await api().turnout(w.f.company.id)).json().vote_types;
    expect(turnout.find((v: { name: string }) => v.name === '班子成员')).toMatchObject({
      received: 1,
      deleted_ballots: 1,
    });
    const [audit] = await rowsOf<{ detail: Record<string, unknown> }>(
      w.ctx.database.db,
      sql`SELECT detail FROM audit_log WHERE action = 'votes.voter.delete'`,
    );
    expect(audit!.detail).toMatchObject({ reason: '该票系工作人员误录', stage: 'counting', is_test: false });

    const pdf = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/companies/${w.f.company.id}/report.pdf`,
      headers: bearer(w.token),
    });
    expect(pdf.statusCode).toBe(200);
    const pages = pdfPages(pdf.rawPayload);
    const flat = pages.map((p) => p.replace(/\s+/g, ''));
    expect(flat.join('')).toContain(`“班子成员”${NOTE}`.replace(/\s+/g, ''));
    // Counting is not finished: every page says so.
    expect(pages.length).toBeGreaterThan(1);
    for (const p of flat) expect(p).toContain('计票未完成');

    // The printed 汇总表 sheets of the workbook say it in every page's header, and name the deletion.
    const xlsx = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/companies/${w.f.company.id}/results/export.xlsx`,
      headers: bearer(w.token),
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets.find((ws) => ws.name.includes('汇总表'))!;
    expect(sheet.headerFooter.oddHeader).toContain('计票未完成');
    const head: string[] = [];
    sheet.eachRow((row, n) => {
      if (n <= 12) head.push(String(row.getCell(1).value ?? ''));
    });
    expect(head.join('\n')).toContain(`班子成员：`);
    expect(head.join('\n')).toContain(NOTE);

    const docx = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/companies/${w.f.company.id}/report.docx`,
      headers: bearer(w.token),
    });
    expect((await docxText(docx.rawPayload)).text).toContain(NOTE);
  });

  it('prints no 计票未完成 once every group finished counting', async () => {
    await twoBallots();
    for (const v of [w.f.appraisal.id, w.f.evaluation.id]) {
      expect((await api().close(v)).statusCode).toBe(200);
      expect((await api().finishCount(v)).statusCode).toBe(200);
    }
    expect((await summaryOf()).validity).toMatchObject({ count_finished: true, count_note: null });
    const pdf = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/companies/${w.f.company.id}/report.pdf`,
      headers: bearer(w.token),
    });
    const text = pdfPages(pdf.rawPayload).join('');
    expect(text).not.toContain('计票未完成');
    expect(text.replace(/\s+/g, '')).toContain('已完成计票');
  });
});
