// 跨单位排名 (issue 15 item 4): three units with hand-computed figures, ranked across units; a unit admin
// sees only his units; the xlsx holds the same rows in the print layout.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Rankings } from '@kaoping/contracts/rankings';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { createAccount } from './helpers/accounts';
import {
  appraisalEntries,
  buildBallotFixture,
  evaluationEntries,
  scoringAnswers,
  submission,
  submit,
  type BallotFixture,
} from './helpers/ballot-fixtures';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer } from './helpers/factories';
import { endVotes } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';

// Documents take seconds to draw, more on a busy machine: no timing is asserted here.
vi.setConfig({ testTimeout: 180_000 });

let ctx: TestContext;
let sys: string;
let units: Record<'a' | 'b' | 'c', BallotFixture>;
const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();

/** An appraisal ballot with every answer at one grade: company 好 = 100, 较好 = 80; person 优秀 100, 称职 78. */
function appraisal(f: BallotFixture, value: 'good' | 'fairly_good') {
  return submission(f, 'appraisal', {
    ballots: appraisalEntries(f).map((e) => ({
      ...e,
      answers: scoringAnswers(e.target_id === f.companyTarget.id ? 'company' : 'person', value),
    })),
  });
}

/** An evaluation ballot: the cadre overall question and one opinion on every newly promoted cadre. */
function evaluation(f: BallotFixture, overall: string, opinion: string) {
  const [cadre, np] = evaluationEntries(f);
  return submission(f, 'evaluation', {
    ballots: [
      { ...cadre!, answers: { ...(cadre!.answers as object), overall } },
      {
        ...np!,
        answers: { ...Object.fromEntries(f.subjects.map((s) => [`subject_${s.id}`, opinion])), reason: '' },
      },
    ],
  });
}

async function cast(body: ReturnType<typeof submission>) {
  const res = await submit(ctx.app, body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
}

const w = useAdminWorld({ reset: false, elevated: true });
beforeAll(async () => {
  ({ ctx, elevated: sys } = w);
  units = {
    a: await buildBallotFixture(ctx.app, sys, { name: '甲公司', persons: 1 }),
    b: await buildBallotFixture(ctx.app, sys, { name: '乙公司', persons: 1 }),
    c: await buildBallotFixture(ctx.app, sys, { name: '丙公司', persons: 1 }),
  };
  // 甲: one ballot of each grade → team (100 + 80) / 2 = 90, person (100 + 78) / 2 = 89, 优秀率 50 %;
  // 好 1 of 2 = 50 %; each cadre 认同 1 of 2 = 50 %.
  await cast(appraisal(units.a, 'good'));
  await cast(appraisal(units.a, 'fairly_good'));
  await cast(evaluation(units.a, '好', '认同'));
  await cast(evaluation(units.a, '较好', '不认同'));
  // 乙: all best → team 100, person 100, 优秀率 100 %, 好 100 %, 认同率 100 %.
  await cast(appraisal(units.b, 'good'));
  await cast(evaluation(units.b, '好', '认同'));
  // 丙: only 较好 → team 80, person 78, 优秀率 0 %, 好 0 %, 认同率 0 % (基本认同).
  await cast(appraisal(units.c, 'fairly_good'));
  await cast(evaluation(units.c, '较好', '基本认同'));
  // Figures are read after 结束投票 (decision 0041: while a vote is open, counts only).
  await endVotes(
    ctx.app,
    sys,
    Object.values(units).flatMap((u) => [u.appraisal.id, u.evaluation.id]),
  );
}, 120_000);

const get = (url: string, token = sys) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/admin${url}`, headers: bearer(token) });

describe('GET /rankings', () => {
  it('ranks the units, the leaders and the newly promoted cadres by the hand-computed figures', async () => {
    const res = await get(`/rankings?year=${year}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Rankings>();
    expect(r.year).toBe(year);
    expect(
      r.units.map((u) => [
        u.company.name,
        u.team_weighted_score,
        u.team_rank,
        u.cadre_good_share,
        u.cadre_rank,
      ]),
    ).toEqual([
      ['乙公司', 100, 1, 100, 1],
      ['甲公司', 90, 2, 50, 2],
      ['丙公司', 80, 3, 0, 3],
    ]);
    expect(r.units[0]!.cadre_good_label).toBe('好');
    expect(
      r.leaders.map((l) => [
        l.company.name,
        l.weighted_score,
        l.score_rank,
        l.excellent_rate,
        l.excellent_rank,
      ]),
    ).toEqual([
      ['乙公司', 100, 1, 100, 1],
      ['甲公司', 89, 2, 50, 2],
      ['丙公司', 78, 3, 0, 3],
    ]);
    // Six cadres: 100, 100, 50, 50, 0, 0 → average 50; ties share a rank.
    expect(r.newly_promoted.average).toBe(50);
    expect(
      r.newly_promoted.items.map((p) => [p.company.name, p.approval_rate, p.rank, p.versus_average]),
    ).toEqual([
      ['乙公司', 100, 1, 50],
      ['乙公司', 100, 1, 50],
      ['甲公司', 50, 3, 0],
      ['甲公司', 50, 3, 0],
      ['丙公司', 0, 5, -50],
      ['丙公司', 0, 5, -50],
    ]);
  });

  it('equals each unit’s own results and 汇总表', async () => {
    const r = (await get(`/rankings?year=${year}`)).json<Rankings>();
    for (const u of r.units) {
      const own = (await get(`/companies/${u.company.id}/results?round_id=${u.round.id}`)).json<{
        targets: { type: string; weighted_score: number | null }[];
      }>();
      expect(u.team_weighted_score).toBe(own.targets.find((t) => t.type === 'company')!.weighted_score);
      const summary = (
        await get(`/companies/${u.company.id}/summary?round_id=${u.round.id}`)
      ).json<UnitSummary>();
      const persons = summary.appraisal.sections.find((x) => x.kind === 'person')!.targets;
      for (const p of persons) {
        const leader = r.leaders.find((l) => l.target_id === p.target_id)!;
        expect(leader.weighted_score).toBe(p.weighted_score);
        expect(leader.excellent_rate).toBe(p.rows.find((x) => x.kind === 'weighted')!.excellent_rate);
      }
      for (const subject of summary.newly_promoted.subjects) {
        const mine = r.newly_promoted.items.find((x) => x.subject_id === subject.subject_id)!;
        expect(mine.approval_rate).toBe(subject.rows.find((x) => x.kind === 'total')!.approval_rate);
      }
    }
  });

  it('shows a unit admin only his units, and nothing for a year without rounds', async () => {
    const { token } = await createAccount(ctx.app, sys, {
      username: 'unit-ab',
      role: 'unit_admin',
      unit_ids: [units.a.company.id, units.c.company.id],
    });
    const r = (await get(`/rankings?year=${year}`, token)).json<Rankings>();
    expect(r.units.map((u) => u.company.name)).toEqual(['甲公司', '丙公司']);
    expect(r.units.map((u) => u.team_rank)).toEqual([1, 2]);
    expect(r.leaders.every((l) => l.company.name !== '乙公司')).toBe(true);
    expect(r.newly_promoted.average).toBe(25);
    const empty = (await get(`/rankings?year=${year - 5}`)).json<Rankings>();
    expect(empty).toMatchObject({ units: [], leaders: [], newly_promoted: { average: null, items: [] } });
  });

  it('refuses a bad year with a Chinese 400', async () => {
    for (const q of ['', '?year=abc', '?year=1999']) {
      const res = await get(`/rankings${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/年度/);
    }
  });
});

describe('GET /rankings/export', () => {
  it('writes three print sheets with the same order and figures', async () => {
    const res = await get(`/rankings/export?year=${year}`);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent(`${year}年度跨单位排名.xlsx`),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['单位排名', '领导干部排名', '新提拔干部排名']);
    const units = book.getWorksheet('单位排名')!;
    const header = units.getRow(5).values as unknown[];
    expect(header.slice(1, 4)).toEqual(['单位', '测评批次', '领导班子']);
    expect(units.getCell('C6').value).toBe('加权得分');
    expect([units.getCell('A7').value, units.getCell('C7').value, units.getCell('E7').value]).toEqual([
      '乙公司',
      100,
      1,
    ]);
    expect(units.getCell('E8').numFmt).toBe('0.00%');
    expect(units.getCell('E8').value).toBeCloseTo(0.5, 10);
    expect(units.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1, printTitlesRow: '5:6' });
    const np = book.getWorksheet('新提拔干部排名')!;
    const names: unknown[] = [];
    np.eachRow((row) => names.push(row.getCell(1).value));
    expect(names.filter((n) => n === '周明')).toHaveLength(3);
  });
});
