// Issue 16 item 4: paper ballots are counted alike and shown apart. Paper and phone ballots of one vote
// type add up in turnout, results, records and the xlsx export exactly as the same ballots cast online,
// with 纸质 / 线上 counts per vote type; 发出数 counts the codes issued for paper.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  appraisalEntries,
  buildBallotFixture,
  evaluationEntries,
  scoringAnswers,
  submission,
  submit,
} from './helpers/ballot-fixtures';
import { bearer, createAdmin } from './helpers/factories';
import { paperRows, usePaperWorld } from './helpers/paper';

const w = usePaperWorld();
const { paper, api } = w;
const get = (url: string) => api().call('GET', url);

const average = () =>
  appraisalEntries(w.f).map((e) => ({
    ...e,
    answers: scoringAnswers(e.target_id === w.f.companyTarget.id ? 'company' : 'person', 'average'),
  }));

/** Three appraisal ballots and one evaluation ballot; `onPaper` of them keyed as paper sheets (numbered ones, printed first). */
async function castAll(onPaper: 'none' | 'some') {
  if (onPaper === 'some') {
    for (const fam of ['evaluation', 'appraisal'] as const) {
      w.family = fam;
      await w.print(5);
    }
  }
  const ballots = [
    ['appraisal', appraisalEntries(w.f)],
    ['appraisal', average()],
    ['appraisal', average()],
    ['evaluation', evaluationEntries(w.f)],
  ] as const;
  for (const [i, [fam, entries]] of ballots.entries()) {
    w.family = fam;
    if (onPaper === 'some' && i >= 1) {
      const res = await paper().enter(w.token, String(i), [...entries]);
      expect(res.statusCode, res.body).toBe(201);
    } else {
      expect((await submit(w.ctx.app, submission(w.f, fam, { ballots: [...entries] }))).statusCode).toBe(201);
    }
  }
  // Figures and records are read once the vote ended (decision 0041: counts only while open).
  for (const v of [w.f.appraisal, w.f.evaluation]) expect((await api().close(v.id)).statusCode).toBe(200);
}

const TIME = /\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?(\.\d+Z)?/g;

async function workbook(query = '') {
  const res = await get(`/companies/${w.f.company.id}/results/export.xlsx${query}`);
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  return Object.fromEntries(
    wb.worksheets.map((w) => {
      const rows: unknown[][] = [];
      w.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
      return [w.name, rows];
    }),
  );
}

/** What both runs must share: every sheet but the raw ballots (ids, times), with times and seals taken out. */
async function figures() {
  const sheets = { ...(await workbook()), ...(await workbook('?form_category=democratic_evaluation')) };
  delete sheets['原始选票'];
  const c = w.f.company.id;
  const json = {
    targets: (await get(`/vote-targets/results?company_id=${c}`)).json(),
    company: (await get(`/companies/${c}/results`)).json(),
    cadre: (await get(`/cadre-results/statistics?company_id=${c}`)).json(),
  };
  // A printed workbook's 核验码 is new at every printing (report-check.test.ts checks what it seals).
  const text = JSON.stringify({ sheets, json })
    .replace(TIME, 'T')
    .replace(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/g, '<核验码>');
  return JSON.parse(text) as unknown;
}

/** The 线上 / 纸质 columns and fields are the only difference between the two runs. */
function withoutSources(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSources);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'paper' && k !== 'online' && k !== 'generated_at')
        .map(([k, v]) => [k, withoutSources(v)]),
    );
  }
  return value;
}
function dropColumns(sheets: Record<string, unknown[][]>) {
  const out: Record<string, unknown[][]> = {};
  for (const [name, rows] of Object.entries(sheets)) {
    let drop: number[] = [];
    out[name] = rows.map((r) => {
      const at = r.indexOf('其中线上');
      if (at >= 0) drop = [at, at + 1];
      return r.filter((_, i) => !drop.includes(i));
    });
  }
  return out;
}

describe('paper and phone ballots of one vote type', () => {
  it('add up in turnout, results and the export exactly like the same ballots cast online', async () => {
    await castAll('none');
    const online = (await figures()) as { sheets: Record<string, unknown[][]>; json: unknown };
    await w.ctx.reset();
    w.token = await createAdmin(w.ctx.app);
    w.f = await buildBallotFixture(w.ctx.app, w.token);
    await castAll('some');
    const mixed = (await figures()) as { sheets: Record<string, unknown[][]>; json: unknown };
    expect(withoutSources(mixed.json)).toEqual(withoutSources(online.json));
    expect(dropColumns(mixed.sheets)).toEqual(dropColumns(online.sheets));
    expect(JSON.stringify(mixed.sheets)).toContain('领导班子');

    const t = (await api().turnout(w.f.company.id)).json();
    expect(t.vote_types.map((v: Record<string, unknown>) => [v.name, v.received, v.online, v.paper])).toEqual(
      [
        ['班子成员', 3, 1, 2],
        ['中层干部', 1, 0, 1],
      ],
    );
    const results = (await get(`/companies/${w.f.company.id}/results`)).json();
    expect(results.vote_types[0]).toMatchObject({ received: 3, online: 1, paper: 2 });
    // The export's 汇总表 shows them apart: 收回数 3, 其中线上 1, 其中纸质 2.
    const summary = (await workbook())['汇总表']!;
    const header = summary.findIndex((r) => r.includes('其中线上'));
    const row = summary.slice(header).find((r) => r.includes('班子成员'))!;
    const at = summary[header]!.indexOf('收回数');
    expect(row.slice(at, at + 3)).toEqual([3, 1, 2]);
  });

  it('are marked 纸质 / 线上 in the records, which filter by source', async () => {
    await castAll('some');
    const c = w.f.company.id;
    const voters = (await get(`/votes/voter-results?company_id=${c}`)).json();
    expect(voters.items.map((v: { source: string }) => v.source).sort()).toEqual([
      'online',
      'paper',
      'paper',
    ]);
    const paperOnly = (await get(`/votes/voter-results?company_id=${c}&source=paper`)).json();
    expect(paperOnly.total).toBe(2);
    expect(paperOnly.items.every((v: { source: string }) => v.source === 'paper')).toBe(true);
    expect((await get(`/votes/voter-results/count?company_id=${c}&source=online`)).json()).toEqual({
      count: 1,
    });
    const rows = (await get(`/votes/?company_id=${c}&source=paper&limit=100`)).json();
    expect(rows.total).toBe(2 * appraisalEntries(w.f).length);
    expect(rows.items.every((v: { source: string }) => v.source === 'paper')).toBe(true);
    const cadre = (await get(`/cadre-votes/?company_id=${c}`)).json();
    expect(cadre.items.map((v: { source: string }) => v.source)).toEqual(['paper', 'paper']);
    expect((await get(`/cadre-votes/?company_id=${c}&source=online`)).json().total).toBe(0);
    const bad = await get(`/votes/?company_id=${c}&source=fax`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      detail: expect.stringContaining('来源只能是 online 或 paper'),
      code: 'INVALID_PARAMS',
    });
  });

  it('count alike against the expected_voters cap of link mode: a sheet over it is refused, storing nothing', async () => {
    expect((await api().update(w.f.appraisal.id, { expected_voters: 2 })).statusCode).toBe(200);
    await w.print(5);
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal'))).statusCode).toBe(201);
    expect((await paper().enter(w.token, '1', appraisalEntries(w.f))).statusCode).toBe(201);
    const before = await paperRows(w.ctx.database.db);
    const full = { detail: '本投票已达到应到人数，无法继续投票', code: 'CAP_REACHED' };
    const sheet = await paper().enter(w.token, '2', average());
    expect(sheet.statusCode).toBe(409);
    expect(sheet.json()).toEqual(full);
    const phone = await submit(w.ctx.app, submission(w.f, 'appraisal'));
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toEqual(full);
    expect(await paperRows(w.ctx.database.db)).toEqual(before);
  });

  it('in codes mode: codes printed on paper count as issued (发出数), 收回数 = paper + online', async () => {
    await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/',
      headers: bearer(w.token),
      payload: { public_url: 'https://kp.example.cn' },
    });
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const [phone] = await api().codes(w.f.appraisal.id, 1);
    expect((await paper().pdf(w.token, '?copies=3')).statusCode).toBe(200);
    const printed = (await api().list(w.f.appraisal.id, '?batch=2'))
      .json()
      .items.map((i: { code: string }) => i.code);
    expect(printed).toHaveLength(3);
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal', { code: phone }))).statusCode).toBe(201);
    expect((await paper().enter(w.token, printed[0], appraisalEntries(w.f))).statusCode).toBe(201);
    expect((await paper().enter(w.token, printed[1], average())).statusCode).toBe(201);
    const row = (await api().turnout(w.f.company.id)).json().vote_types[0];
    expect(row).toMatchObject({ issued: 4, received: 3, online: 1, paper: 2, rate: 75 });
    // Closing recalls the unused printed code: still issued, never returned.
    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    expect((await api().turnout(w.f.company.id)).json().vote_types[0]).toMatchObject({
      issued: 4,
      received: 3,
      paper: 2,
    });
  });
});
