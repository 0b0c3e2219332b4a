import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './helpers/factories';
import {
  ADMIN,
  castAppraisal,
  castEvaluation,
  endVoting,
  setActive,
  setupAppraisal,
  setupEvaluation,
  voterKeyOf,
  type AppraisalSetup,
  type EvaluationSetup,
} from './helpers/results-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

let ctx: TestContext;
let token: string;
let a: AppraisalSetup;
let e: EvaluationSetup;

const all = (ids: { id: string }[], v: string) => Object.fromEntries(ids.map((i) => [i.id, v]));
const w = useAdminWorld({ reset: false });
beforeAll(async () => {
  ({ ctx, token } = w);
  // Weights 60/40. 领导班子: 班子成员 100 and 75 (mean 87.5), 中层干部 80 → 0.6×87.5 + 0.4×80 = 84.5.
  // 干部1: 100, 78 | 78 → 0.6×89 + 0.4×78 = 84.6, rank 1 of the persons; nobody rates 干部2.
  a = await setupAppraisal(ctx.app, token, { name: '华东能源', persons: 2, weights: [60, 40], expected: 10 });
  const [c, p] = a.targets;
  const ci = a.company.schema.evaluationGroups[1].items;
  const pi = a.person.schema.evaluationGroups[1].items;
  const ballots: [number, string, string, string, Record<string, string>, string, string][] = [
    [0, 'voter-a-0001', 'good', 'good', {}, 'excellent', 'good'],
    [0, 'voter-b-0002', 'fairly_good', 'fairly_good', { formalism: 'present' }, 'competent', 'fairly_good'],
    [1, 'voter-c-0003', 'fairly_good', 'fairly_good', {}, 'competent', 'fairly_good'],
  ];
  await setActive(ctx.app, token, 'vote-targets', a.targets[2]!.id, false);
  for (const [vt, voter, co, citem, rev, po, pitem] of ballots) {
    const answers = new Map([
      [c!.id, { overall: co, items: all(ci, citem), reverse: rev }],
      [p!.id, { overall: po, items: all(pi, pitem), reverse: {} }],
    ]);
    await castAppraisal(ctx, a, a.voteTypes[vt]!.id, voter, answers);
  }
  await setActive(ctx.app, token, 'vote-targets', a.targets[2]!.id, true);
  e = await setupEvaluation(ctx.app, token, { name: '西南电力', subjects: 2, voteTypes: 1 });
  const [s1, s2] = e.subjects.map((x) => `subject_${x.id}` as const);
  const cadre = { overall: '好', supervision: '好', problems: ['不存在突出问题'], suggestions: '=加强培训' };
  await castEvaluation(ctx, e, e.voteTypes[0]!.id, 'eval-0001', {
    cadre,
    newlyPromoted: { [s1!]: '不认同', [s2!]: '认同', reason: '经历不足' },
  });
  await castEvaluation(ctx, e, e.voteTypes[0]!.id, 'eval-0002', {
    cadre: { overall: '较好', supervision: '好', problems: ['任人唯亲、拉帮结派'] },
    newlyPromoted: { [s1!]: '认同', [s2!]: '认同' },
  });
  // The workbooks and the CSV hold the figures and ballots of ended votes only (decision 0041).
  await endVoting(ctx, token, [...a.voteTypes, ...e.voteTypes]);
}, 120_000);

const download = async (url: string) => {
  const res = await ctx.app.inject({ url: `${ADMIN}${url}`, headers: bearer(token) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res;
};
const book = async (buffer: Buffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return wb;
};
const rowsOf = (ws: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
};

describe('GET /companies/{id}/results/export.xlsx', () => {
  it('民主测评: 汇总表, a sheet per vote type, item and reverse breakdowns, raw ballots', async () => {
    const res = await download(`/companies/${a.companyId}/results/export.xlsx`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('华东能源-民主测评结果-')}`);
    const wb = await book(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      // The official 汇总表s in the print layout first (issue 15; report.test.ts reads them back).
      '领导班子汇总表',
      '领导干部汇总表',
      '分项评价汇总表',
      '反向测评汇总表',
      '汇总表',
      '班子成员',
      '中层干部',
      '全部投票类型',
      '分项评价',
      '反向测评',
      '原始选票',
    ]);

    const summary = rowsOf(wb.getWorksheet('汇总表')!);
    expect(summary[0]![0]).toBe('华东能源民主测评结果汇总表');
    expect(summary[2]).toEqual([
      '序号',
      '测评对象',
      '类型',
      '职务',
      '班子成员平均分',
      '中层干部平均分',
      '加权得分',
      '排名',
      '有效票数',
    ]);
    expect(summary[3]!.slice(1, 6)).toEqual(['权重（%）', undefined, undefined, 60, 40]);
    expect(summary[4]).toEqual([1, '领导班子', '领导班子', undefined, 87.5, 80, 84.5, 1, 3]);
    expect(summary[5]).toEqual([2, '干部1', '个人', '副总经理', 89, 78, 84.6, 1, 3]);
    expect(summary[6]!.slice(0, 4)).toEqual([3, '干部2', '个人', '副总经理']);
    // The shares are rounded one by one and never nudged, which the sheet says once.
    expect(summary.filter((r) => String(r[0]).includes('未作调整'))).toHaveLength(1);

    const vt = rowsOf(wb.getWorksheet('班子成员')!);
    const companyRow = vt.find((r) => r[1] === '领导班子')!;
    // 票数, 平均分, 最高分, 最低分, then 好 (1, 50%), 较好 (1, 50%), 一般, 差, 好评率 50.
    expect(companyRow.slice(3)).toEqual([2, 87.5, 100, 75, 1, 50, 1, 50, 0, 0, 0, 0, 50]);

    const items = rowsOf(wb.getWorksheet('分项评价')!);
    expect(
      items.find((r) => r[0] === '领导班子' && r[1] === '全部' && r[2] === '政治素质')!.slice(3, 6),
    ).toEqual([3, 8.67, 1]);
    const reverse = rowsOf(wb.getWorksheet('反向测评')!);
    expect(
      reverse
        .find((r) => r[0] === '领导班子' && r[1] === '班子成员' && r[2] === '形式主义、官僚主义问题')!
        .slice(3, 5),
    ).toEqual([1, 50]);

    const raw = rowsOf(wb.getWorksheet('原始选票')!);
    expect(raw).toHaveLength(1 + 6);
    // A ballot is named by its 随机编号 and its day: no voter identifier, submission id or time (issue 26).
    expect(raw[0]!.slice(0, 9)).toEqual([
      '随机编号',
      '投票类型',
      '测评对象',
      '对象类型',
      '职务',
      '问卷',
      '投票日期',
      '得分',
      '总体评价',
    ]);
    expect(raw[0]).toContain('领导班子·政治素质');
    expect(raw[0]).toContain('个人·履职能力');
    expect(JSON.stringify(raw)).not.toMatch(/voter-[abc]-000/);
    const key = await voterKeyOf(ctx, 'voter-b-0002');
    const b = raw.find((r) => r[0] === key && r[2] === '领导班子')!;
    expect(b[6]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(b.slice(7, 9)).toEqual([75, '较好']);
    expect(b[raw[0]!.indexOf('领导班子·反向测评：形式主义、官僚主义问题')]).toBe('存在');
  });

  it('民主评议: overview, cadre questions, newly promoted with flags, text answers, raw ballots', async () => {
    const res = await download(
      `/companies/${e.companyId}/results/export.xlsx?form_category=democratic_evaluation`,
    );
    const wb = await book(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      '选人用人汇总表',
      '新提拔汇总表',
      '汇总',
      '选人用人工作',
      '新提拔任用干部',
      '文字意见',
      '原始选票',
    ]);
    expect(rowsOf(wb.getWorksheet('汇总')!).filter((r) => String(r[0]).includes('未作调整'))).toHaveLength(1);
    const np = rowsOf(wb.getWorksheet('新提拔任用干部')!);
    const first = np.find((r) => r[1] === '新干部1')!;
    // 认同 1 (50%), 基本认同 0, 不认同 1 (50%), 不了解 0, 票数 2, 认同率 50, 认同+基本认同 50, flagged.
    expect(first.slice(5)).toEqual([1, 50, 0, 0, 1, 50, 0, 0, 2, 50, 50, '是']);
    expect(np.find((r) => r[1] === '新干部2')!.slice(13)).toEqual([2, 100, 100, '否']);
    const cadre = rowsOf(wb.getWorksheet('选人用人工作')!);
    expect(cadre).toContainEqual(['好', 1, 50]);
    expect(cadre).toContainEqual(['任人唯亲、拉帮结派', 1, 50]);
    const texts = rowsOf(wb.getWorksheet('文字意见')!);
    expect(texts.slice(1).map((r) => r[2])).toEqual(['=加强培训', '经历不足']);
    // Stored as text, never as a formula.
    expect(wb.getWorksheet('文字意见')!.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(rowsOf(wb.getWorksheet('原始选票')!)).toHaveLength(1 + 4);
  });

  it('404 for an unknown company before any byte is sent; 400 for a bad family', async () => {
    const res = await ctx.app.inject({
      url: `${ADMIN}/companies/99999/results/export.xlsx`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: '单位不存在', code: 'COMPANY_NOT_FOUND' });
    const bad = await ctx.app.inject({
      url: `${ADMIN}/companies/${a.companyId}/results/ballots.csv?form_category=x`,
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ url: `${ADMIN}/companies/${a.companyId}/results/export.xlsx` })).statusCode,
    ).toBe(401);
  });
});

describe('GET /companies/{id}/results/ballots.csv', () => {
  it('UTF-8 with BOM, a header and one line per ballot', async () => {
    const res = await download(`/companies/${a.companyId}/results/ballots.csv`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('原始选票'));
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]!.startsWith('随机编号,投票类型,测评对象,对象类型,职务,问卷,投票日期,得分')).toBe(true);
    expect(lines).toHaveLength(1 + 6);
    expect(lines.join('\n')).not.toMatch(/voter-[abc]-000/);
    const key = await voterKeyOf(ctx, 'voter-c-0003');
    expect(lines.filter((l) => l.startsWith(`${key},中层干部,`))).toHaveLength(2);
  });

  it('evaluation ballots, free text defused', async () => {
    const res = await download(
      `/companies/${e.companyId}/results/ballots.csv?form_category=democratic_evaluation`,
    );
    const text = res.rawPayload.toString('utf8');
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 4);
    expect(lines[0]).toContain('评议：新干部1');
    expect(text).toContain(",'=加强培训,");
    expect(text).toContain(',经历不足,');
  });
});
