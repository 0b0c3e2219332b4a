import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import type { TestContext } from './helpers/test-app';
import { bearer } from './helpers/factories';
import { countRows, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { adminCalls } from './helpers/vote-control';

let ctx: TestContext;
let token: string;
let elevated: string;
let f: BallotFixture;
const api = () => adminCalls(ctx.app, () => token);

const w = useBallotWorld({ elevated: true });
beforeEach(() => ({ ctx, token, elevated, f } = w));

const auditActions = async () =>
  (
    await rowsOf<{ action: string }>(
      ctx.database.db,
      sql`SELECT action FROM audit_log
      WHERE action NOT IN ('company.create', 'poll.copy_from_template', 'vote_type.create', 'vote_target.create', 'evaluation_subject.create')
      ORDER BY id`,
    )
  ).map((r) => r.action);

describe('POST /vote-types/{id}/close', () => {
  it('closes at once: later ballots answer 403 投票已结束, the vote type says 已结束; audited', async () => {
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    const res = await api().close(f.appraisal.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: f.appraisal.id, status: 'closed', closed_at: expect.any(String) });
    const late = await submit(ctx.app, submission(f));
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ detail: '投票已结束', code: 'VOTE_CLOSED' });
    expect(await countRows(ctx.database.db)).toMatchObject({ submissions: 1 });
    const view = await ctx.app.inject({ url: `/api/v1/public/polls/vote-type/${f.appraisal.link_id}` });
    expect(view.json().vote_type.status).toBe('closed');
    expect(view.json().targets).toEqual([]);
    expect(await auditActions()).toEqual(['vote_type.close']);
  });

  it('in codes mode voids every unused code as recalled, in the same step', async () => {
    await api().update(f.appraisal.id, { access_mode: 'codes' });
    const codes = await api().codes(f.appraisal.id, 5);
    await api().void(f.appraisal.id, { codes: [codes[4]] });
    expect((await submit(ctx.app, submission(f, 'appraisal', { code: codes[0] }))).statusCode).toBe(201);
    await api().close(f.appraisal.id);
    expect((await api().list(f.appraisal.id)).json()).toMatchObject({
      issued: 5,
      used: 1,
      voided: 4,
      unused: 0,
      recalled: 3,
      // 发出数: the used code and the three handed out but not used; the one voided before is not.
      handed_out: 4,
    });
    const late = await submit(ctx.app, submission(f, 'appraisal', { code: codes[1] }));
    expect(late.statusCode).toBe(403);
    expect(late.json().detail).toBe('投票已结束');
  });

  it('refuses to close twice (409) and scopes to the company', async () => {
    expect(
      (await api().call('POST', `/vote-types/${f.appraisal.id}/close?company_id=999999`)).statusCode,
    ).toBe(404);
    expect((await api().close(f.appraisal.id)).statusCode).toBe(200);
    const twice = await api().close(f.appraisal.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: '投票已结束', code: 'VOTE_ALREADY_CLOSED' });
    expect(await auditActions()).toEqual(['vote_type.close']);
  });

  it('a ballot racing the close is stored before it or refused after it, never half', async () => {
    const bodies = Array.from({ length: 12 }, () => submission(f));
    const racing = bodies.map((b) => submit(ctx.app, b));
    const closing = api().close(f.appraisal.id);
    const results = await Promise.all(racing);
    expect((await closing).statusCode).toBe(200);
    const stored = results.filter((r) => r.statusCode === 201).length;
    for (const r of results) expect([201, 403]).toContain(r.statusCode);
    for (const r of results.filter((x) => x.statusCode === 403)) expect(r.json().detail).toBe('投票已结束');
    expect(await countRows(ctx.database.db)).toEqual({
      submissions: stored,
      votes: stored * 4,
      cadre_votes: 0,
    });
    const audit = await rowsOf<{ detail: { returned: number } }>(
      ctx.database.db,
      sql`SELECT detail FROM audit_log WHERE action = 'vote_type.close'`,
    );
    // The close saw exactly the ballots that were stored: none came in after it.
    expect(audit[0]!.detail.returned).toBe(stored);
  });
});

describe('POST /vote-types/{id}/reopen', () => {
  it('needs advanced mode, opens a closed vote again and is audited', async () => {
    await api().close(f.appraisal.id);
    const plainToken = await api().reopen(f.appraisal.id);
    expect(plainToken.statusCode).toBe(403);
    const res = await api().reopen(f.appraisal.id, elevated);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', closed_at: null });
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    const again = await api().reopen(f.appraisal.id, elevated);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('投票未结束，无需重新开放');
    expect(await auditActions()).toEqual(['vote_type.close', 'vote_type.reopen']);
  });
});

describe('test mode (试投票) and POST /vote-types/{id}/go-formal', () => {
  const results = async () =>
    (await api().call('GET', `/companies/${f.company.id}/results`)).json<{
      targets: { combined: { count: number } }[];
    }>();

  it('marks test ballots, shows them apart in records and counts them nowhere', async () => {
    await api().update(f.appraisal.id, { test_mode: true });
    const receipt = (await submit(ctx.app, submission(f))).json();
    expect(receipt.is_test).toBe(true);
    const records = (await api().call('GET', `/votes/?company_id=${f.company.id}`)).json();
    expect(records.items).toHaveLength(4);
    expect(records.items.every((v: { is_test: boolean }) => v.is_test)).toBe(true);
    const voters = (await api().call('GET', `/votes/voter-results?company_id=${f.company.id}`)).json();
    expect(voters.items[0]).toMatchObject({ is_test: true });
    expect((await results()).targets.every((t) => t.combined.count === 0)).toBe(true);
    const turnout = (await api().turnout(f.company.id)).json();
    expect(turnout.vote_types[0]).toMatchObject({ received: 0, test_received: 1, test_mode: true });
    const stats = (await api().call('GET', `/polls/1/stats?company_id=${f.company.id}`)).json();
    expect(stats.every((s: { ballot_count: number }) => s.ballot_count === 0)).toBe(true);
    // The exports leave them out.
    const csv = await api().call('GET', `/companies/${f.company.id}/results/ballots.csv`);
    expect(csv.body.trim().split('\n')).toHaveLength(1);
    const xlsx = await api().call('GET', `/companies/${f.company.id}/results/export.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.getWorksheet('原始选票')!.rowCount).toBe(1);
  });

  it('go-formal needs advanced mode, deletes the test ballots, voids codes used in test, and switches', async () => {
    await api().update(f.appraisal.id, { test_mode: true, access_mode: 'codes' });
    const codes = await api().codes(f.appraisal.id, 3);
    for (const code of codes.slice(0, 2))
      expect((await submit(ctx.app, submission(f, 'appraisal', { code }))).statusCode).toBe(201);
    expect((await api().goFormal(f.appraisal.id)).statusCode).toBe(403);
    expect(await countRows(ctx.database.db)).toMatchObject({ submissions: 2 });
    const res = await api().goFormal(f.appraisal.id, elevated);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ test_mode: false });
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 0, votes: 0, cadre_votes: 0 });
    expect((await api().list(f.appraisal.id)).json()).toMatchObject({
      used: 0,
      voided: 2,
      unused: 1,
      used_in_test: 2,
      handed_out: 1,
    });
    // A code used in the rehearsal cannot vote again.
    const reused = await submit(ctx.app, submission(f, 'appraisal', { code: codes[0] }));
    expect(reused.json().detail).toBe('该测评码已作废');
    expect((await results()).targets.every((t) => t.combined.count === 0)).toBe(true);
    // Formal ballots count from now on.
    const formal = await submit(ctx.app, submission(f, 'appraisal', { code: codes[2] }));
    expect(formal.statusCode, formal.body).toBe(201);
    expect(formal.json().is_test).toBe(false);
    const again = await api().goFormal(f.appraisal.id, elevated);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('该投票类型已是正式投票');
    // The figures are there after 结束投票 (decision 0041): the formal ballot, not the rehearsal's two.
    expect((await api().close(f.appraisal.id)).statusCode).toBe(200);
    expect((await results()).targets.every((t) => t.combined.count === 1)).toBe(true);
    expect(await auditActions()).toContain('vote_type.go_formal');
  });

  it('never goes back to test mode, nor changes its access mode, once formal ballots exist', async () => {
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    const test = await api().update(f.appraisal.id, { test_mode: true });
    expect(test.statusCode).toBe(409);
    expect(test.json().detail).toBe('该投票类型已有正式投票，不能再转为试投票');
    const mode = await api().update(f.appraisal.id, { access_mode: 'codes' });
    expect(mode.statusCode).toBe(409);
    expect(mode.json().detail).toBe('该投票类型已有正式投票，不能再更改投票方式');
    const row = (await api().call('GET', `/vote-types/?company_id=${f.company.id}`)).json()[0];
    expect(row).toMatchObject({ test_mode: false, access_mode: 'link' });
    // A vote type without formal ballots may switch, and the switch is audited.
    expect((await api().update(f.evaluation.id, { access_mode: 'codes' })).statusCode).toBe(200);
    expect(await auditActions()).toEqual(['vote_type.access_mode']);
  });

  it('a test-mode vote type with test ballots goes formal only through go-formal', async () => {
    await api().update(f.appraisal.id, { test_mode: true });
    await submit(ctx.app, submission(f));
    const res = await api().update(f.appraisal.id, { test_mode: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/转为正式投票/);
  });

  it('refuses go-formal of a closed-off company’s vote type with 404', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/vote-types/999999/go-formal`,
      headers: bearer(elevated),
    });
    expect(res.statusCode).toBe(404);
  });
});
