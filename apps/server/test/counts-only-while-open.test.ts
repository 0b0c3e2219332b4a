// Issue 26, decision 0041: while a vote type is open and formal (投票中), no admin read changes with each
// ballot except the counts. The walk reads every admin GET route of the route table (a new GET route
// fails it until it has a URL here), lets one more ballot in through each open vote type (link mode, codes
// mode, both families), reads everything again as a system admin in advanced mode, and fails on any
// difference but the counts; JSON, xlsx, CSV, PDF and Word are compared as the text a reader gets.
// The insider walk at the end reads the same routes during and after a vote for anything a voter holds
// (browser id, submission id, receipt id, 回执码, the code typed or printed on a paper sheet).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessOf, routeKey } from '../src/modules/access/route-access';
import { submission, submit, type BallotFixture, buildBallotFixture } from './helpers/ballot-fixtures';
import { PNG } from './helpers/cover-fixtures';
import JSZip from 'jszip';
import { pdfText } from './helpers/doc-files';
import { bearer, createAdmin, createVoteType, elevate, multipartFile } from './helpers/factories';
import { createTestContext, type TestContext } from './helpers/test-app';

const A = '/api/v1/admin';
let ctx: TestContext;
let token: string;
let f: BallotFixture;
/** Vote types: ended ones with ballots (their figures are there), and the open ones the walk votes in. */
const vt = {} as Record<'closedA' | 'closedE' | 'paper' | 'codes', { id: number; link_id: string }>;
let codes: string[] = [];
let usedCodes = 0;
let coverId = 0;
/** A ballot of an ended vote type, read one by one (its record id and its voter). */
let closedVote = { id: 0, voter: '' };
let closedCadreVote = { id: 0, voter: '' };
let closedRecommendation = { id: 0, voter: '' };

const thisYear = () => new Date(Date.now() + 8 * 3600_000).getUTCFullYear();

async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await ctx.app.inject({
    method,
    url: `${A}${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
}

async function vote(family: 'appraisal' | 'evaluation', linkId: string, code?: string) {
  const res = await submit(ctx.app, submission(f, family, { link_id: linkId, ...(code ? { code } : {}) }));
  if (res.statusCode !== 201) throw new Error(`ballot: ${res.statusCode} ${res.body}`);
}

/** One more ballot in every open vote type. */
async function oneMoreEach() {
  await vote('appraisal', f.appraisal.link_id);
  await vote('evaluation', f.evaluation.link_id);
  await vote('appraisal', vt.codes.link_id, codes[usedCodes++]);
}

/** A ballot of an ended vote type (the first record of its listing): its id and its voter. */
async function firstRecord(base: 'votes' | 'cadre-votes' | 'recommendation-votes', voteTypeId: number) {
  const list = await call('GET', `/${base}/?company_id=${f.company.id}&vote_type_id=${voteTypeId}`);
  const item = list.json<{ items: Record<string, unknown>[] }>().items[0]!;
  return { id: item.id as number, voter: String(item.voter_key ?? item.voter_identifier) };
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://kp.example.cn' });
  token = await elevate(ctx.app, await createAdmin(ctx.app));
  f = await buildBallotFixture(ctx.app, token);
  const c = f.company.id;
  vt.closedA = await createVoteType(ctx.app, token, c, { name: '职工代表', weight: 30 });
  vt.closedE = await createVoteType(ctx.app, token, c, {
    name: '离退休代表',
    form_category: 'democratic_evaluation',
  });
  vt.paper = await createVoteType(ctx.app, token, c, { name: '纸质代表' });
  vt.codes = await createVoteType(ctx.app, token, c, { name: '中层正职', access_mode: 'codes' });
  codes = (await call('POST', `/vote-types/${vt.codes.id}/codes`, { count: 12 })).json<{ codes: string[] }>()
    .codes;
  // Ended groups: two ballots each, then 结束投票 (their figures and records are there).
  for (let i = 0; i < 2; i++) {
    await vote('appraisal', vt.closedA.link_id);
    await vote('evaluation', vt.closedE.link_id);
  }
  // A keyed paper sheet, in a group ended afterwards (the detail route reads it).
  await call('GET', `/vote-types/${vt.paper.id}/paper.pdf?copies=2`);
  await call('POST', `/vote-types/${vt.paper.id}/paper/sheets`, {
    key: '1',
    ballots: submission(f, 'appraisal').ballots,
  });
  // An ended 民主推荐 group (issue 30) with two ballots on one post: its records are read one by one too.
  const post = (
    await call('POST', '/recommendation-posts/', {
      company_id: c,
      name: '副总经理',
      seats: 1,
      candidates: [{ name: '张伟' }],
    })
  ).json<{ id: number; candidates: { id: number }[] }>();
  const closedR = await createVoteType(ctx.app, token, c, {
    name: '推荐代表',
    form_category: 'democratic_recommendation',
  });
  for (const choices of [[post.candidates[0]!.id], []]) {
    const res = await submit(ctx.app, {
      ...submission(f),
      link_id: closedR.link_id,
      ballots: [{ post_id: post.id, answers: { choices, write_ins: [] } }],
    });
    if (res.statusCode !== 201) throw new Error(`recommendation ballot: ${res.statusCode} ${res.body}`);
  }
  for (const v of [vt.closedA, vt.closedE, vt.paper, closedR])
    await call('POST', `/vote-types/${v.id}/close`);
  closedVote = await firstRecord('votes', vt.closedA.id);
  closedCadreVote = await firstRecord('cadre-votes', vt.closedE.id);
  closedRecommendation = await firstRecord('recommendation-votes', closedR.id);
  const form = multipartFile(PNG, 'c.png', 'image/png');
  const up = await ctx.app.inject({
    method: 'POST',
    url: `${A}/covers/?company_id=${c}&vote_type_id=${f.appraisal.id}`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
  coverId = up.json<{ id: number }>().id;
  // The open groups (the fixture's two link-mode ones and a codes-mode one): a few ballots already in.
  for (let i = 0; i < 2; i++) await oneMoreEach();
}, 300_000);
afterAll(() => ctx?.close());

/** The URLs each admin GET route is read at (every filter that could show the open groups' ballots). */
function urlsOf(key: string): string[] | 'skip' {
  const c = f.company.id;
  const families = ['', '&form_category=democratic_evaluation'];
  const open = [f.appraisal.id, f.evaluation.id, vt.codes.id];
  const table: Record<string, string[] | 'skip'> = {
    'GET /auth/registration-status': ['/auth/registration-status'],
    'GET /auth/me': ['/auth/me'],
    'GET /users': ['/users/'],
    'GET /audit-log': [`/audit-log/?company_id=${c}`],
    // The audit chain's own state: every printed document anchors its head, so the walk's reads move it.
    // It holds no ballot (audit-tampering.test.ts checks what it says).
    'GET /audit-log/verify': 'skip',
    'GET /audit-log/export.xlsx': [`/audit-log/export.xlsx?company_id=${c}`],
    'GET /settings': ['/settings/'],
    'GET /settings/snapshots': ['/settings/snapshots'],
    'GET /preflight': [`/preflight?company_id=${c}`],
    'GET /companies': ['/companies/'],
    'GET /companies/:id/results': families.map((q) => `/companies/${c}/results?x=1${q}`),
    'GET /companies/:id/results/export.xlsx': families.map(
      (q) => `/companies/${c}/results/export.xlsx?x=1${q}`,
    ),
    'GET /companies/:id/results/ballots.csv': families.map(
      (q) => `/companies/${c}/results/ballots.csv?x=1${q}`,
    ),
    'GET /companies/:id/report.pdf': [`/companies/${c}/report.pdf`],
    'GET /companies/:id/report.docx': [`/companies/${c}/report.docx`],
    'GET /companies/:id/rounds': [`/companies/${c}/rounds`],
    'GET /companies/:id/rounds/history': [`/companies/${c}/rounds/history`],
    'GET /companies/:id/summary': [`/companies/${c}/summary`],
    'GET /companies/:id/summary/print': [`/companies/${c}/summary/print`],
    'GET /meeting/:companyId': [`/meeting/${c}`],
    'GET /meeting/:companyId/share': [`/meeting/${c}/share`],
    'GET /rankings': [`/rankings?year=${thisYear()}`],
    'GET /rankings/export': [`/rankings/export?year=${thisYear()}`],
    'GET /polls': [`/polls/?company_id=${c}`],
    'GET /polls/company/:companyId': [`/polls/company/${c}`],
    'GET /polls/:pollId/stats': Object.values(f.polls).map((p) => `/polls/${p.id}/stats`),
    'GET /polls/:id': [`/polls/${f.polls.person.id}`],
    'GET /vote-types': [`/vote-types/?company_id=${c}`],
    'GET /vote-types/:id/codes': ['', '&state=issued', '&state=used', '&state=unused'].map(
      (q) => `/vote-types/${vt.codes.id}/codes?limit=200${q}`,
    ),
    'GET /vote-types/:id/codes.pdf': [`/vote-types/${vt.codes.id}/codes.pdf`],
    'GET /vote-types/:id/poster.pdf': [`/vote-types/${f.appraisal.id}/poster.pdf`],
    // Printing numbers new paper sheets (audited): a write, not a read; paper-pdf.test.ts has it.
    'GET /vote-types/:id/paper.pdf': 'skip',
    // A lookup by the code a printed report carries: its figures are the printed ones (report-check.test.ts).
    'GET /report-check': 'skip',
    'GET /vote-types/:id/paper/form': [`/vote-types/${f.evaluation.id}/paper/form`],
    'GET /vote-types/:id/paper/sheets': [`/vote-types/${vt.paper.id}/paper/sheets`],
    'GET /vote-types/:id/paper/sheets/:key': [`/vote-types/${vt.paper.id}/paper/sheets/2`],
    'GET /vote-types/:id/paper/sheets/:key/detail': [`/vote-types/${vt.paper.id}/paper/sheets/1/detail`],
    'GET /vote-targets': [`/vote-targets/?company_id=${c}`],
    'GET /vote-targets/results': [
      `/vote-targets/results?company_id=${c}`,
      ...open.slice(0, 1).map((id) => `/vote-targets/results?company_id=${c}&vote_type_id=${id}`),
    ],
    'GET /vote-targets/:id/history': [`/vote-targets/${f.persons[0]!.id}/history`],
    'GET /vote-targets/import-template.xlsx': ['/vote-targets/import-template.xlsx'],
    'GET /evaluation-subjects/company/:companyId': [`/evaluation-subjects/company/${c}`],
    'GET /evaluation-subjects/import-template.xlsx': ['/evaluation-subjects/import-template.xlsx'],
    'GET /recommendation-posts': [`/recommendation-posts/?company_id=${c}`],
    'GET /recommendation-posts/import-template.xlsx': ['/recommendation-posts/import-template.xlsx'],
    'GET /companies/:id/recommendation-results': [`/companies/${c}/recommendation-results`],
    // The PDF draws the same blocks as the Word file (recommendation-docs-render.test.ts reads all three).
    'GET /companies/:id/recommendation-results/export': ['xlsx', 'docx'].map(
      (format) => `/companies/${c}/recommendation-results/export?format=${format}`,
    ),
    'GET /covers/:companyId/:voteTypeId': [`/covers/${c}/${f.appraisal.id}`],
    'GET /covers/back-cover/:companyId/:voteTypeId': [`/covers/back-cover/${c}/${f.appraisal.id}`],
    'GET /covers/:id/file': [`/covers/${coverId}/file`],
    'GET /votes/turnout': [`/votes/turnout?company_id=${c}`],
    'GET /cadre-results/statistics': [
      `/cadre-results/statistics?company_id=${c}`,
      `/cadre-results/statistics?company_id=${c}&vote_type_id=${f.evaluation.id}`,
    ],
  };
  for (const [base, own, one] of [
    ['votes', f.appraisal.id, closedVote],
    ['cadre-votes', f.evaluation.id, closedCadreVote],
    ['recommendation-votes', f.evaluation.id, closedRecommendation],
  ] as const) {
    const scopes = [`company_id=${c}`, `company_id=${c}&vote_type_id=${own}`];
    table[`GET /${base}`] = scopes.map((q) => `/${base}/?${q}&limit=200`);
    table[`GET /${base}/count`] = scopes.map((q) => `/${base}/count?${q}`);
    table[`GET /${base}/voter-results`] = scopes.map((q) => `/${base}/voter-results?${q}&limit=200`);
    table[`GET /${base}/voter-results/count`] = scopes.map((q) => `/${base}/voter-results/count?${q}`);
    table[`GET /${base}/by-voter/:voter`] = [`/${base}/by-voter/${one.voter}?company_id=${c}`];
    table[`GET /${base}/:id`] = [`/${base}/${one.id}`];
  }
  return table[key] ?? [];
}

const TIME = /\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?|\d{8}-\d{4}/g;

/** A response as lines of text a reader gets, times masked (every read is made at another moment). */
async function linesOf(body: Buffer, type: string): Promise<string[]> {
  let lines: string[];
  if (type.includes('json')) {
    const out: string[] = [];
    const walk = (v: unknown, path: string) => {
      if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) if (k !== 'generated_at') walk(x, path ? `${path}.${k}` : k);
      } else out.push(`${path}=${JSON.stringify(v)}`);
    };
    walk(JSON.parse(body.toString('utf8')), '');
    lines = out;
  } else if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(body as unknown as ArrayBuffer);
    lines = book.worksheets.flatMap((ws) => {
      const rows: string[] = [];
      ws.eachRow((row, n) =>
        rows.push(
          `${ws.name}!${n}: ${(row.values as unknown[]).map((v) => JSON.stringify(v ?? null)).join('|')}`,
        ),
      );
      return rows;
    });
  } else if (type.includes('pdf')) lines = (await pdfText(body)).text.split('\n');
  else if (type.includes('wordprocessingml')) {
    // A table row is one line (cells joined by |), as the PDF's and the workbook's rows are.
    const xml = await (await JSZip.loadAsync(body)).file('word/document.xml')!.async('string');
    lines = xml
      .replace(
        /<w:tr[ >][\s\S]*?<\/w:tr>/g,
        (row) => `\n${row.replace(/<\/w:tc>/g, '|').replace(/<[^>]+>/g, '')}\n`,
      )
      .replace(/<\/w:p>/g, '\n')
      .replace(/<[^>]+>/g, '')
      .split('\n');
  } else if (type.startsWith('text/')) lines = body.toString('utf8').split('\n');
  else lines = [createHash('sha256').update(body).digest('hex')];
  // Word numbers its bookmarks anew in every document it makes.
  // A printed document's 核验码 is new at every printing (report-check.test.ts checks what it seals).
  return lines.map((l) =>
    l
      .replace(TIME, '<time>')
      .replace(/_Toc\d+/g, '_Toc')
      .replace(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/g, '<核验码>'),
  );
}

/** Reads that did not answer 200: each must (the walk would compare nothing). */
const refused = new Set<string>();

async function readAll() {
  const out = new Map<string, string[]>();
  for (const r of ctx.app.adminRouteList.filter((r) => r.method === 'GET')) {
    const key = routeKey(r.method, r.url);
    const urls = urlsOf(key);
    if (urls === 'skip') continue;
    if (urls.length === 0) throw new Error(`no URL for ${key}: add it to urlsOf`);
    for (const url of urls) {
      const res = await ctx.app.inject({ method: 'GET', url: `${A}${url}`, headers: bearer(token) });
      if (res.statusCode !== 200) refused.add(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      const lines =
        res.statusCode === 200 ? await linesOf(res.rawPayload, String(res.headers['content-type'])) : [];
      out.set(`${key} ${url}`, [`status=${res.statusCode}`, ...lines]);
    }
  }
  return out;
}

/** Lines of `a` not in `b` (as multisets). */
function minus(a: string[], b: string[]) {
  const left = new Map<string, number>();
  for (const l of b) left.set(l, (left.get(l) ?? 0) + 1);
  return a.filter((l) => {
    const n = left.get(l) ?? 0;
    if (n > 0) left.set(l, n - 1);
    return n === 0;
  });
}

/** What a count is called in the JSON answers: 收回数, turnout, shares of 应到, codes and ballots per poll. */
const COUNT_KEYS = new Set([
  'received',
  'online',
  'paper',
  'rate',
  'rate_warning',
  'under_half',
  'voted',
  'share',
  'ballot_count',
  'voter_count',
  'ballots',
  'appraisal_ballots',
  'evaluation_ballots',
  'used',
  'unused',
  'handed_out',
]);
const leafKey = (line: string) => line.slice(0, line.indexOf('=')).split('.').pop()!;
const pathOf = (line: string) => line.slice(0, line.indexOf('='));
const sorted = (l: string[]) => [...l].sort();
const digitsMasked = (l: string[]) => sorted(l.map((x) => x.replace(/\d+(\.\d+)?/g, '#')));

/**
 * A difference that is counts only: in JSON, the same paths with other values, each a count; in a document,
 * lines (table rows, heading lines) that name an open vote type and differ only in their numbers. The codes
 * list and the slips have no exception: while open they list and print every code as issued.
 */
function onlyCounts(d: { gone: string[]; new: string[] }) {
  const openNames = ['班子成员', '中层干部', '中层正职'];
  const json = [...d.gone, ...d.new].every((l) => /^[\w.]+=/.test(l));
  if (json)
    return (
      JSON.stringify(sorted(d.gone.map(pathOf))) === JSON.stringify(sorted(d.new.map(pathOf))) &&
      [...d.gone, ...d.new].every((l) => COUNT_KEYS.has(leafKey(l)))
    );
  return (
    [...d.gone, ...d.new].every((l) => openNames.some((n) => l.includes(n))) &&
    JSON.stringify(digitsMasked(d.gone)) === JSON.stringify(digitsMasked(d.new))
  );
}

describe('counts only while a vote is open: every admin read, before and after one more ballot', () => {
  it('reads every admin GET route; nothing but the counts moves with a ballot', async () => {
    expect(ctx.app.adminRouteList.filter((r) => r.method === 'GET').length).toBeGreaterThan(40);
    const before = await readAll();
    await oneMoreEach();
    const after = await readAll();
    const changed: Record<string, { gone: string[]; new: string[] }> = {};
    for (const [k, lines] of before) {
      const gone = minus(lines, after.get(k)!);
      const added = minus(after.get(k)!, lines);
      if (gone.length || added.length) changed[k] = { gone, new: added };
    }
    const wrong = Object.entries(changed).filter(([, d]) => !onlyCounts(d));
    if (wrong.length) console.log(JSON.stringify(Object.fromEntries(wrong), null, 1));
    expect([...refused]).toEqual([]);
    expect(wrong.map(([k]) => k)).toEqual([]);
    // The walk saw the counts move (it did read while the ballots came in), the codes' counts too.
    expect(Object.keys(changed)).toContain(`GET /votes/turnout /votes/turnout?company_id=${f.company.id}`);
    expect(changed[`GET /vote-types/:id/codes /vote-types/${vt.codes.id}/codes?limit=200`]!.new).toContain(
      `used=${usedCodes}`,
    );
  }, 300_000);
});

// Keep the access table in view: every GET route the walk reads is classified (route-walk.test.ts).
it('knows every GET route', () => {
  const unknown = ctx.app.adminRouteList
    .filter((r) => r.method === 'GET' && !accessOf(r.method, r.url))
    .map((r) => r.url);
  expect(unknown).toEqual([]);
});

const get = async <T = Record<string, unknown>>(url: string) => (await call('GET', url)).json<T>();
type List = { items: { vote_type_id: number; is_test: boolean }[]; total: number };
type Named = { open_vote_types: { name: string }[]; vote_types: { name: string }[] };
const names = (l: { name: string }[]) => l.map((x) => x.name);

describe('each area while open and after 结束投票', () => {
  const openIds = () => [f.appraisal.id, f.evaluation.id, vt.codes.id];

  it('while open: records, per voter, results, statistics, exports, 汇总表, report and rankings leave the open groups out and name them', async () => {
    const c = f.company.id;
    for (const base of ['votes', 'cadre-votes'] as const) {
      const all = await get<List>(`/${base}/?company_id=${c}&limit=200`);
      expect(all.total).toBeGreaterThan(0);
      expect(all.items.filter((i) => openIds().includes(i.vote_type_id))).toEqual([]);
      const voters = await get<List>(`/${base}/voter-results?company_id=${c}&limit=200`);
      expect(voters.items.filter((i) => openIds().includes(i.vote_type_id))).toEqual([]);
      const own = base === 'votes' ? f.appraisal.id : f.evaluation.id;
      expect((await get<List>(`/${base}/?company_id=${c}&vote_type_id=${own}`)).total).toBe(0);
      expect((await get<{ count: number }>(`/${base}/count?company_id=${c}&vote_type_id=${own}`)).count).toBe(
        0,
      );
    }
    const appraisal = await get<Named>(`/companies/${c}/results`);
    expect(names(appraisal.open_vote_types)).toEqual(['班子成员', '中层正职']);
    expect(names(appraisal.vote_types)).not.toContain('班子成员');
    const stats = await get<Named & { cadre: { ballot_count: number } }>(
      `/cadre-results/statistics?company_id=${c}`,
    );
    expect(names(stats.open_vote_types)).toEqual(['中层干部']);
    expect(stats.cadre.ballot_count).toBe(2);
    const csv = (await call('GET', `/companies/${c}/results/ballots.csv`)).body;
    expect(csv).toContain('职工代表');
    expect(csv).not.toContain('中层正职');
    const summary = await get<{
      validity: { open_note: string | null; vote_types: { name: string }[] };
      appraisal: { vote_types: { name: string }[] };
    }>(`/companies/${c}/summary`);
    expect(summary.validity.open_note).toBe(
      '“班子成员”、“中层干部”、“中层正职”投票进行中，未计入本结果；结束投票后可查看',
    );
    // The validity rows still count every group (收回数); the tables leave the open ones out.
    expect(names(summary.validity.vote_types)).toContain('中层正职');
    expect(names(summary.appraisal.vote_types)).toEqual(['职工代表', '纸质代表']);
    const pdf = (await pdfText((await call('GET', `/companies/${c}/report.pdf`)).rawPayload)).text;
    expect(pdf.replace(/\s/g, '')).toContain('投票进行中，未计入本结果');
    const rankings = await get<{ units: { open_note: string | null }[] }>(`/rankings?year=${thisYear()}`);
    expect(rankings.units[0]!.open_note).toBe(summary.validity.open_note);
  });

  it('while open the codes list shows every code as 已发放 and counts the used ones; after 结束投票 each code with its state, by code', async () => {
    type Codes = { used_listed: boolean; used: number; items: { code: string; state: string }[] };
    const list = await get<Codes>(`/vote-types/${vt.codes.id}/codes?limit=200`);
    expect(list.used_listed).toBe(false);
    expect(list.used).toBe(usedCodes);
    // Every code, used or not, as issued; ordered by the code (random), not in the order issued.
    expect(list.items.map((i) => i.code)).toEqual([...codes].sort());
    expect(list.items.every((i) => i.state === 'issued')).toBe(true);
    const used = await get<{ items: unknown[]; total: number }>(
      `/vote-types/${vt.codes.id}/codes?state=used`,
    );
    expect(used).toMatchObject({ items: [], total: 0 });

    await call('POST', `/vote-types/${vt.codes.id}/close`);
    const after = await get<Codes>(`/vote-types/${vt.codes.id}/codes?limit=200`);
    expect(after.used_listed).toBe(true);
    const listed = after.items.map((i) => i.code);
    expect(listed).toEqual([...codes].sort());
    expect(listed).not.toEqual(codes);
    expect(
      after.items
        .filter((i) => i.state === 'used')
        .map((i) => i.code)
        .sort(),
    ).toEqual(codes.slice(0, usedCodes).sort());
  });

  it('after 结束投票 the groups are in every read again', async () => {
    const c = f.company.id;
    for (const v of [f.appraisal, f.evaluation]) await call('POST', `/vote-types/${v.id}/close`);
    expect((await get<List>(`/votes/?company_id=${c}&vote_type_id=${f.appraisal.id}`)).total).toBe(3 * 4 + 0);
    expect(
      (await get<List>(`/cadre-votes/voter-results?company_id=${c}&vote_type_id=${f.evaluation.id}`)).total,
    ).toBe(3);
    const appraisal = await get<Named>(`/companies/${c}/results`);
    expect(appraisal.open_vote_types).toEqual([]);
    expect(names(appraisal.vote_types)).toEqual(expect.arrayContaining(['班子成员', '中层正职']));
    const stats = await get<Named & { cadre: { ballot_count: number } }>(
      `/cadre-results/statistics?company_id=${c}`,
    );
    expect(stats.cadre.ballot_count).toBe(5);
    expect((await call('GET', `/companies/${c}/results/ballots.csv`)).body).toContain('中层正职');
    const summary = await get<{ validity: { open_note: string | null } }>(`/companies/${c}/summary`);
    expect(summary.validity.open_note).toBeNull();
    const rankings = await get<{ units: { open_note: string | null }[] }>(`/rankings?year=${thisYear()}`);
    expect(rankings.units[0]!.open_note).toBeNull();
  });

  it('a rehearsal (试投票) stays fully visible while open', async () => {
    const c = f.company.id;
    const t = await createVoteType(ctx.app, token, c, {
      name: '试投票组',
      test_mode: true,
      access_mode: 'codes',
    });
    const tCodes = (await call('POST', `/vote-types/${t.id}/codes`, { count: 3 })).json<{ codes: string[] }>()
      .codes;
    await vote('appraisal', t.link_id, tCodes[0]);
    const records = await get<List>(`/votes/?company_id=${c}&vote_type_id=${t.id}`);
    expect(records.total).toBe(4);
    expect(records.items.every((i) => i.is_test)).toBe(true);
    const turnout = await get<{ vote_types: { name: string; figures_hidden: boolean }[] }>(
      `/votes/turnout?company_id=${c}`,
    );
    expect(turnout.vote_types.find((v) => v.name === '试投票组')!.figures_hidden).toBe(false);
    const list = await get<{ used_listed: boolean; items: { state: string }[] }>(`/vote-types/${t.id}/codes`);
    expect(list.used_listed).toBe(true);
    expect(list.items.filter((i) => i.state === 'used')).toHaveLength(1);
  });

  it('says 投票中 the same way in SQL (the ballots left out) and in TypeScript (figures_hidden)', async () => {
    const c = f.company.id;
    const v = await createVoteType(ctx.app, token, c, { name: '状态组' });
    await vote('appraisal', v.link_id);
    const past = new Date(Date.now() - 3600_000).toISOString();
    const future = new Date(Date.now() + 3600_000).toISOString();
    const states = [
      { closed_at: null, counted_at: null, closes_at: null, hidden: true },
      { closed_at: null, counted_at: null, closes_at: future, hidden: true },
      { closed_at: null, counted_at: null, closes_at: past, hidden: false },
      { closed_at: past, counted_at: null, closes_at: null, hidden: false },
      { closed_at: past, counted_at: past, closes_at: null, hidden: false },
    ];
    for (const s of states) {
      await ctx.database.db.execute(
        sql`UPDATE vote_types SET closed_at = ${s.closed_at}, counted_at = ${s.counted_at},
              closes_at = ${s.closes_at} WHERE id = ${v.id}`,
      );
      const turnout = await get<{ vote_types: { vote_type_id: number; figures_hidden: boolean }[] }>(
        `/votes/turnout?company_id=${c}`,
      );
      const records = await get<List>(`/votes/?company_id=${c}&vote_type_id=${v.id}`);
      expect(
        [turnout.vote_types.find((r) => r.vote_type_id === v.id)!.figures_hidden, records.total === 0],
        JSON.stringify(s),
      ).toEqual([s.hidden, s.hidden]);
    }
  });
});

describe('the insider walk: nothing a voter holds leads an admin to a ballot (issue 26)', () => {
  /** What voters hold: browser ids, submission ids, receipt ids and 回执码, and the codes they typed. */
  const held: { what: string; value: string }[] = [];
  const hold = (what: string, value: string) => held.push({ what, value });

  /** A voter of the walk: votes, then reads its receipt by its id and by its 回执码, keeping it all. */
  async function voter(family: 'appraisal' | 'evaluation', linkId: string, code?: string) {
    const body = submission(f, family, { link_id: linkId, ...(code ? { code } : {}) });
    const res = await submit(ctx.app, body);
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json<{ receipt_id: string; receipt_code: string }>();
    hold('browser id', body.voter_identifier);
    hold('submission id', body.submission_id);
    hold('receipt id', receipt.receipt_id);
    hold('回执码', receipt.receipt_code);
    if (code) hold('code', code);
    for (const url of [
      `/api/v1/public/polls/votes/${receipt.receipt_id}`,
      `/api/v1/public/polls/receipts/${receipt.receipt_code}`,
    ]) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ receipt_code: receipt.receipt_code });
    }
  }

  /** Codes are listed and printed for the people who hand them out: those reads may show them. */
  const INVENTORY = ['GET /vote-types/:id/codes ', 'GET /vote-types/:id/codes.pdf '];

  function leaks(reads: Map<string, string[]>) {
    const found: string[] = [];
    for (const [key, lines] of reads) {
      const text = lines.join('\n');
      const squeezed = text.replace(/[\s-]/g, '');
      for (const { what, value } of held) {
        if (what === 'code' && INVENTORY.some((k) => key.startsWith(k))) continue;
        const bare = value.replace(/-/g, '');
        if (text.includes(value) || squeezed.includes(bare)) found.push(`${key}: ${what} ${value}`);
      }
    }
    return found;
  }

  it('voters by link, by code and on paper; every admin GET, export and report during and after the vote holds none of it', async () => {
    const c = f.company.id;
    const link = await createVoteType(ctx.app, token, c, { name: '链接组' });
    const byCode = await createVoteType(ctx.app, token, c, { name: '测评码组', access_mode: 'codes' });
    const onPaper = await createVoteType(ctx.app, token, c, { name: '纸质码组', access_mode: 'codes' });
    const phoneCodes = (await call('POST', `/vote-types/${byCode.id}/codes`, { count: 3 })).json<{
      codes: string[];
    }>().codes;
    await call('GET', `/vote-types/${onPaper.id}/paper.pdf?copies=2`);
    const paperCodes = (
      await get<{ items: { code: string }[] }>(`/vote-types/${onPaper.id}/codes?limit=10`)
    ).items.map((i) => i.code);
    expect(paperCodes).toHaveLength(2);

    await voter('appraisal', link.link_id);
    await voter('appraisal', link.link_id);
    await voter('appraisal', byCode.link_id, phoneCodes[0]);
    await voter('appraisal', byCode.link_id, phoneCodes[1]);
    // A paper voter holds the code printed on the sheet handed in.
    const sheet = await call('POST', `/vote-types/${onPaper.id}/paper/sheets`, {
      key: paperCodes[0],
      ballots: submission(f, 'appraisal').ballots,
    });
    expect(sheet.json()).toMatchObject({ state: 'counted' });
    hold('code', paperCodes[0]!);
    expect(held.length).toBeGreaterThanOrEqual(17);

    // During the vote: nothing of theirs in any read (counts only: the walk above).
    expect(leaks(await readAll())).toEqual([]);
    for (const v of [link, byCode]) {
      expect((await get<List>(`/votes/?company_id=${c}&vote_type_id=${v.id}`)).total).toBe(0);
    }

    // After 结束投票 and 完成计票: every ballot is there to read, and still nothing leads to one.
    for (const v of [link, byCode, onPaper]) {
      await call('POST', `/vote-types/${v.id}/close`);
      await call('POST', `/vote-types/${v.id}/finish-count`);
    }
    expect((await get<List>(`/votes/?company_id=${c}&vote_type_id=${link.id}`)).total).toBeGreaterThan(0);
    expect((await get<List>(`/votes/?company_id=${c}&vote_type_id=${onPaper.id}`)).total).toBeGreaterThan(0);
    expect(leaks(await readAll())).toEqual([]);
  });
});
