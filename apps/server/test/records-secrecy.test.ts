// Issue 26 ("Secret even from the people who run the vote"), the records' part: 12 ballots of each family
// are cast in a known order, each voter keeping what a voter holds (browser id, submission id, receipt
// id, 回执码). Then every admin read of the records, per-voter results, the by-voter and voter-delete
// routes, the statistics' text answers and both exports (CSV, xlsx) is read as a system admin: none
// holds anything a voter holds, none lists the ballots in their order of arrival (or its reverse), no
// id they show rises with arrival, and no time of day is shown. The "voter" of the records is a random
// key (随机编号) the server makes for each ballot; the voter delete's audit row keeps only that key.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { rowsOf } from '../src/db/client';
import { submission, submit } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { bearer } from './helpers/factories';
import { adminCalls } from './helpers/vote-control';

const w = useBallotWorld({ reset: false, elevated: true });
const N = 12;

interface Held {
  family: 'appraisal' | 'evaluation';
  body: SubmissionBody;
  receipt: Record<string, unknown>;
}
/** What the voters hold, in the order they voted (index = arrival). */
const held: Held[] = [];
/** The random key of each stored ballot → its arrival index (read from the database by the test only). */
const arrivalOfKey = new Map<string, number>();

/** Every string a voter holds, as they might show it (the 回执码 also without its dash). */
const secrets = () =>
  held.flatMap((h) => {
    const code = String(h.receipt.receipt_code);
    return [
      h.body.voter_identifier,
      h.body.submission_id,
      String(h.receipt.receipt_id),
      code,
      code.replace('-', ''),
    ];
  });

const get = (url: string) => w.ctx.app.inject({ url: `/api/v1/admin${url}`, headers: bearer(w.token) });

/** A listing's arrival indexes, through each row's random key. */
const arrivals = (keys: string[]) => keys.map((k) => arrivalOfKey.get(k));

/** The listing is neither the arrival order nor its reverse, and holds every one of the ballots. */
function expectUnordered(order: (number | undefined)[], family: 'appraisal' | 'evaluation') {
  const mine = held.flatMap((h, i) => (h.family === family ? [i] : []));
  expect([...order].sort((a, b) => a! - b!)).toEqual(mine);
  expect(order).not.toEqual(mine);
  expect(order).not.toEqual([...mine].reverse());
}

/** No id a listing shows rises (or falls) with the order of arrival. */
function expectIdsUnordered(rows: { id: number; voter_key: string }[]) {
  const ids = [...rows].sort((a, b) => arrivalOfKey.get(a.voter_key)! - arrivalOfKey.get(b.voter_key)!);
  const seq = ids.map((r) => r.id);
  expect(seq).not.toEqual([...seq].sort((a, b) => a - b));
  expect(seq).not.toEqual([...seq].sort((a, b) => b - a));
}

/** Nothing a voter holds; and no time of day of a ballot (unless `times` is false: a workbook's head
 * line says when the file was made and when the vote ended). */
function expectNothingHeld(text: string, times = true) {
  for (const s of secrets()) expect(text, `an admin read holds ${s}`).not.toContain(s);
  // No time of day: an instant (2025-…T09:41) or a clock time (09:41) next to a date.
  if (times) expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/);
}

async function cellsOf(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheets: { name: string; rows: string[][] }[] = [];
  wb.eachSheet((ws) => {
    const rows: string[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
    sheets.push({ name: ws.name, rows });
  });
  return sheets;
}

const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));

beforeAll(async () => {
  // Alternate the families, so each family's 12 arrive interleaved with the other's, in a known order.
  for (let i = 0; i < 2 * N; i++) {
    const family = i % 2 === 0 ? 'appraisal' : 'evaluation';
    const body = submission(w.f, family);
    if (family === 'evaluation') {
      // A text answer that names its place in the order, for the statistics' text answers.
      const cadre = body.ballots[0]!.answers as Record<string, unknown>;
      cadre.suggestions = `第${String(i).padStart(2, '0')}条建议`;
    }
    const res = await submit(w.ctx.app, body);
    expect(res.statusCode, res.body).toBe(201);
    held.push({ family, body, receipt: res.json() });
  }
  const rows = await rowsOf<{ id: string; voter_key: string }>(
    w.ctx.database.db,
    sql`SELECT id::text, voter_key FROM submissions`,
  );
  const arrivalOfSubmission = new Map(held.map((h, i) => [h.body.submission_id, i]));
  for (const r of rows) arrivalOfKey.set(r.voter_key, arrivalOfSubmission.get(r.id)!);
  // The figures are read after the close (while a vote is open an admin reads counts only).
  const api = adminCalls(w.ctx.app, () => w.token);
  for (const vt of [w.f.appraisal.id, w.f.evaluation.id]) expect((await api.close(vt)).statusCode).toBe(200);
}, 180_000);

describe('the receipt', () => {
  it('shows the unit, the vote type, the date, the number answered and the receipt code; nothing else', async () => {
    for (const h of held) {
      const byId = await w.ctx.app.inject({
        url: `/api/v1/public/polls/votes/${String(h.receipt.receipt_id)}`,
      });
      expect(byId.statusCode).toBe(200);
      // The submit answer and the receipt read back are the same few facts.
      expect(byId.json()).toEqual(h.receipt);
      expect(Object.keys(h.receipt).sort()).toEqual([
        'ballot_count',
        'company',
        'is_test',
        'receipt_code',
        'receipt_id',
        'vote_type',
        'voted_on',
      ]);
      expect(h.receipt.voted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(JSON.stringify(h.receipt)).not.toContain(h.body.submission_id);
      expect(JSON.stringify(h.receipt)).not.toContain(h.body.voter_identifier);
    }
  });
});

describe('the records (选票记录) and the per-voter results', () => {
  for (const [family, base] of [
    ['appraisal', 'votes'],
    ['evaluation', 'cadre-votes'],
  ] as const) {
    it(`${base}: lists by a random key, never in the order of arrival, showing nothing a voter holds`, async () => {
      const company = w.f.company.id;
      for (const order of ['', '&order=asc', '&order=desc']) {
        const res = await get(`/${base}/?company_id=${company}&limit=100${order}`);
        expect(res.statusCode, res.body).toBe(200);
        expectNothingHeld(res.body);
        const items = res.json<{ items: { id: number; voter_key: string; voted_on: string }[] }>().items;
        for (const r of items) {
          expect(r).not.toHaveProperty('voter_identifier');
          expect(r).not.toHaveProperty('submission_id');
          expect(r).not.toHaveProperty('created_at');
          expect(r.voted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        }
        // One row per ballot and target (or questionnaire): the first of each ballot gives its place.
        const keys = [...new Set(items.map((r) => r.voter_key))];
        expectUnordered(arrivals(keys), family);
        expectIdsUnordered(items.filter((r, i) => items.findIndex((x) => x.voter_key === r.voter_key) === i));

        const voters = await get(`/${base}/voter-results?company_id=${company}&limit=100${order}`);
        expect(voters.statusCode, voters.body).toBe(200);
        expectNothingHeld(voters.body);
        const vitems = voters.json<{ items: { voter_key: string }[] }>().items;
        expectUnordered(arrivals(vitems.map((r) => r.voter_key)), family);
      }

      const list = (await get(`/${base}/?company_id=${company}&limit=100`)).json<{
        items: { id: number; voter_key: string }[];
      }>().items;
      for (const key of new Set(list.map((r) => r.voter_key))) {
        const one = await get(`/${base}/by-voter/${key}?company_id=${company}`);
        expect(one.statusCode, one.body).toBe(200);
        expectNothingHeld(one.body);
        expect(one.json()).toMatchObject({ voter_key: key, submissions: [{ voter_key: key }] });
      }
      for (const r of list.slice(0, 3)) {
        const detail = await get(`/${base}/${r.id}`);
        expect(detail.statusCode, detail.body).toBe(200);
        expectNothingHeld(detail.body);
      }
      // A browser's own identifier finds nothing: it is not the voter of the records.
      const h = held.find((x) => x.family === family)!;
      expect(
        (await get(`/${base}/by-voter/${h.body.voter_identifier}?company_id=${company}`)).statusCode,
      ).toBe(404);
    });
  }

  it('the statistics list the text answers in an order unrelated to arrival', async () => {
    const res = await get(`/cadre-results/statistics?company_id=${w.f.company.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // (It says when the vote type was closed and when the figures were made: not a ballot's time.)
    expectNothingHeld(res.body, false);
    const texts = [...res.body.matchAll(/第(\d{2})条建议/g)].map((m) => Number(m[1]));
    expectUnordered(texts, 'evaluation');
  });
});

describe('the exports', () => {
  for (const [family, category] of [
    ['appraisal', 'democratic_appraisal'],
    ['evaluation', 'democratic_evaluation'],
  ] as const) {
    it(`${family}: the CSV and the workbook show 随机编号, no voter id, no time, not in arrival order`, async () => {
      const company = w.f.company.id;
      const csv = await get(`/companies/${company}/results/ballots.csv?form_category=${category}`);
      expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
      expectNothingHeld(csv.body);
      const [head, ...rows] = csvRows(csv.body);
      expect(head).toContain('随机编号');
      expect(head!.join()).not.toMatch(/投票人标识|提交编号|时间/);
      const col = head!.indexOf('随机编号');
      const keys = [...new Set(rows.map((r) => r[col]!))];
      expectUnordered(arrivals(keys), family);

      const xlsx = await w.ctx.app.inject({
        url: `/api/v1/admin/companies/${company}/results/export.xlsx?form_category=${category}`,
        headers: bearer(w.token),
      });
      expect(xlsx.statusCode).toBe(200);
      const sheets = await cellsOf(xlsx.rawPayload);
      expectNothingHeld(JSON.stringify(sheets), false);
      const raw = sheets.find((s) => s.rows.some((r) => r.includes('随机编号')));
      expect(raw, 'a sheet of the ballots with 随机编号').toBeDefined();
      expectNothingHeld(JSON.stringify(raw!.rows));
      const at = raw!.rows.findIndex((r) => r.includes('随机编号'));
      const k = raw!.rows[at]!.indexOf('随机编号');
      const sheetKeys = [...new Set(raw!.rows.slice(at + 1).map((r) => r[k]!))].filter(Boolean);
      expectUnordered(arrivals(sheetKeys), family);
    });
  }
});

describe('the voter delete', () => {
  it('takes the random key and audits it, never the voter’s identifier or the submission id', async () => {
    const h = held.find((x) => x.family === 'appraisal')!;
    const [row] = await rowsOf<{ voter_key: string }>(
      w.ctx.database.db,
      sql`SELECT voter_key FROM submissions WHERE id = ${h.body.submission_id}`,
    );
    const url = (voter: string) =>
      `/api/v1/admin/votes/voter/${voter}?company_id=${w.f.company.id}&vote_type_id=${w.f.appraisal.id}&reason=${encodeURIComponent('工作人员误录')}`;
    // The browser's identifier is not a way to a ballot.
    const byBrowser = await w.ctx.app.inject({
      method: 'DELETE',
      url: url(h.body.voter_identifier),
      headers: bearer(w.elevated),
    });
    expect(byBrowser.statusCode).toBe(404);
    const res = await w.ctx.app.inject({
      method: 'DELETE',
      url: url(row!.voter_key),
      headers: bearer(w.elevated),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ voter_key: row!.voter_key, deleted_ballots: h.body.ballots.length });
    expectNothingHeld(res.body);
    const [audit] = await rowsOf<{ detail: Record<string, unknown> }>(
      w.ctx.database.db,
      sql`SELECT detail FROM audit_log WHERE action = 'votes.voter.delete'`,
    );
    expect(audit!.detail).toMatchObject({ voter_key: row!.voter_key });
    expect(audit!.detail).not.toHaveProperty('voter_identifier');
    expect(audit!.detail).not.toHaveProperty('submission_id');
    expectNothingHeld(JSON.stringify(audit!.detail));
  });
});
