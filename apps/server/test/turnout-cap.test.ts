import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TestContext } from './helpers/test-app';
import { countRows, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { adminCalls } from './helpers/vote-control';

let ctx: TestContext;
let token: string;
let f: BallotFixture;
const api = () => adminCalls(ctx.app, () => token);
const CAP = '本投票已达到应到人数，无法继续投票';

const w = useBallotWorld();
beforeEach(() => ({ ctx, token, f } = w));

describe('expected_voters as a hard cap in link mode', () => {
  it('refuses the (N+1)th distinct voter with 409 while replays of the first N still answer 201', async () => {
    await api().update(f.appraisal.id, { expected_voters: 3 });
    const first = [submission(f), submission(f), submission(f)];
    const receipts = [];
    for (const body of first) {
      const res = await submit(ctx.app, body);
      expect(res.statusCode, res.body).toBe(201);
      receipts.push(res.json());
    }
    const fourth = await submit(ctx.app, submission(f));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ detail: CAP, code: 'CAP_REACHED' });
    for (const [i, body] of first.entries()) {
      const replay = await submit(ctx.app, body);
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(receipts[i]);
    }
    // A second ballot of a voter who already voted is still 您已完成投票, not the cap.
    const again = await submit(
      ctx.app,
      submission(f, 'appraisal', { voter_identifier: first[0]!.voter_identifier }),
    );
    expect(again.json()).toEqual({ detail: '您已完成投票', code: 'ALREADY_VOTED' });
    expect(await countRows(ctx.database.db)).toMatchObject({ submissions: 3 });
  });

  it('stores exactly N ballots when more distinct voters submit at once', async () => {
    await api().update(f.appraisal.id, { expected_voters: 4 });
    const results = await Promise.all(Array.from({ length: 10 }, () => submit(ctx.app, submission(f))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().detail)).toEqual(
      Array<string>(6).fill(CAP),
    );
    expect(await countRows(ctx.database.db)).toEqual({ submissions: 4, votes: 16, cadre_votes: 0 });
  });

  it('applies a cap set while the vote runs, and cannot drop below the ballots received', async () => {
    // The link was opened (and its definition cached) before the cap was set.
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    const low = await api().update(f.appraisal.id, { expected_voters: 1 });
    expect(low.statusCode).toBe(409);
    expect(low.json().detail).toBe('应到人数不能少于已收回的 2 份选票');
    expect((await api().update(f.appraisal.id, { expected_voters: 2 })).statusCode).toBe(200);
    const third = await submit(ctx.app, submission(f));
    expect(third.statusCode).toBe(409);
    expect(third.json().detail).toBe(CAP);
  });

  it('counts test ballots against the cap while in test mode, and formal ones after', async () => {
    await api().update(f.appraisal.id, { expected_voters: 1, test_mode: true });
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(201);
    expect((await submit(ctx.app, submission(f))).statusCode).toBe(409);
  });
});

describe('发出数 / 收回数 / 参评率', () => {
  it('turnout: codes handed out or expected voters, formal ballots, the rate and its warning', async () => {
    await api().update(f.appraisal.id, { access_mode: 'codes' });
    const codes = await api().codes(f.appraisal.id, 4);
    await api().void(f.appraisal.id, { codes: [codes[3]] });
    await submit(ctx.app, submission(f, 'appraisal', { code: codes[0] }));
    await api().update(f.evaluation.id, { expected_voters: 2 });
    await submit(ctx.app, submission(f, 'evaluation'));
    await submit(ctx.app, submission(f, 'evaluation'));
    const t = (await api().turnout(f.company.id)).json();
    expect(t.vote_types[0]).toMatchObject({
      access_mode: 'codes',
      issued: 3,
      received: 1,
      rate: 33.33,
      rate_warning: 'under',
    });
    expect(t.vote_types[1]).toMatchObject({
      access_mode: 'link',
      issued: 2,
      received: 2,
      rate: 100,
      rate_warning: null,
    });
    expect(t).toMatchObject({ received: 3, issued: 5, expected: 2 });
    // 收回数 never passes 发出数: every formal ballot of codes mode used a code.
    for (const row of t.vote_types) expect(row.received).toBeLessThanOrEqual(row.issued);
  });

  it('has no rate without a 发出数, and shows it in the results and the export with the warning', async () => {
    const none = (await api().turnout(f.company.id)).json().vote_types[0];
    expect(none).toMatchObject({ issued: null, rate: null, rate_warning: null });
    await api().update(f.appraisal.id, { expected_voters: 3 });
    await submit(ctx.app, submission(f));
    // While the vote is open the turnout is a count admins read (decision 0041); the results name the
    // vote type as open and show no row of it.
    expect((await api().turnout(f.company.id)).json().vote_types[0]).toMatchObject({
      issued: 3,
      received: 1,
      rate: 33.33,
      rate_warning: 'under',
    });
    const open = (await api().call('GET', `/companies/${f.company.id}/results`)).json();
    expect(open.open_vote_types).toEqual([{ vote_type_id: f.appraisal.id, name: '班子成员' }]);
    expect(open.vote_types.map((v: { vote_type_id: number }) => v.vote_type_id)).not.toContain(
      f.appraisal.id,
    );
    // Exactly half is not more than half (未超过半数): still a warning.
    await api().update(f.appraisal.id, { expected_voters: 2 });
    expect((await api().turnout(f.company.id)).json().vote_types[0]).toMatchObject({
      issued: 2,
      received: 1,
      rate: 50,
      rate_warning: 'under',
    });
    await api().update(f.appraisal.id, { expected_voters: 3 });

    // After 结束投票 the results and the workbook show it, with the warning and the close time.
    await api().close(f.appraisal.id);
    const results = (await api().call('GET', `/companies/${f.company.id}/results`)).json();
    expect(results.vote_types[0]).toMatchObject({
      issued: 3,
      received: 1,
      rate: 33.33,
      rate_warning: 'under',
    });
    const xlsx = await api().call('GET', `/companies/${f.company.id}/results/export.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    wb.getWorksheet('汇总表')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const header = rows.findIndex((r) => r.includes('发出数'));
    expect(rows[header]).toEqual([
      undefined,
      '投票类型',
      '投票方式',
      '发出数',
      '收回数',
      '其中线上',
      '其中纸质',
      '参评率（%）',
      '提示',
      '试投票（不计入）',
      '结束时间（北京时间）',
    ]);
    expect(rows[header + 1]!.slice(0, 10)).toEqual([
      undefined,
      '班子成员',
      '公开链接',
      3,
      1,
      1,
      0,
      33.33,
      '参评率未过半数',
      0,
    ]);
    expect(String(rows[header + 1]![10])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });

  it('flags a rate above 100 % left by older data as a warning, not a success', async () => {
    await submit(ctx.app, submission(f, 'evaluation'));
    await submit(ctx.app, submission(f, 'evaluation'));
    // Before issue 12 the cap could be lowered under the ballots received.
    await ctx.database.db.execute(
      sql`UPDATE vote_types SET expected_voters = 1 WHERE id = ${f.evaluation.id}`,
    );
    const row = (await api().turnout(f.company.id)).json().vote_types[1];
    expect(row).toMatchObject({ issued: 1, received: 2, rate: 200, rate_warning: 'over' });
    // The workbook shows it once the vote has ended (decision 0041).
    await api().close(f.evaluation.id);
    const xlsx = await api().call(
      'GET',
      `/companies/${f.company.id}/results/export.xlsx?form_category=democratic_evaluation`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    // The official 汇总表 sheets lead the workbook; the turnout table is on the overview sheet 汇总.
    wb.getWorksheet('汇总')!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const evaluation = rows.find((r) => r[0] === '中层干部' && r[1] === '公开链接')!;
    expect(evaluation.slice(0, 9)).toEqual([
      '中层干部',
      '公开链接',
      1,
      2,
      2,
      0,
      200,
      '参评率超过 100%，请核对发出数',
      0,
    ]);
    expect(String(evaluation[9])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });
});
