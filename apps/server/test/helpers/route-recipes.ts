// One valid call of every admin route, for the route walk (test/route-walk.test.ts). A recipe gets the
// world and the unit to aim at, makes what the call consumes (with the system admin's token) and answers
// the call. A route added to the server needs a recipe here and an entry in access/route-access.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pollTemplate } from '@kaoping/contracts/templates/by-kind';
import type { BallotEntryInput } from '@kaoping/contracts/public-vote-types';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/client';
import type { BallotFixture } from './ballot-fixtures';
import { XLSX_TYPE, xlsxOf } from './xlsx-files';
import { PNG } from './cover-fixtures';
import {
  bearer,
  createEvaluationSubject,
  createVoteTarget,
  createVoteType,
  multipartFile,
} from './factories';

export interface Unit {
  f: BallotFixture;
  /** The 随机编号 of a ballot of each family (the records' "voter", issue 26). */
  appraisalVoter: string;
  evaluationVoter: string;
}

export interface World {
  app: App;
  db: Db;
  /** The system admin's elevated token. */
  sys: string;
  /** A company made now; `inScope` adds it to the scoped accounts' units. */
  freshCompany(inScope: boolean): Promise<{ id: number }>;
  /**
   * A ballot of a new voter in this unit's vote type of the family (or in the vote type `into` of the
   * unit); answers its 随机编号.
   */
  castBallot(unit: Unit, family: 'appraisal' | 'evaluation', into?: { link_id: string }): Promise<string>;
  /** The entries of a whole ballot of the family for the unit's roster as it is now. */
  entriesOf(unit: Unit, family: 'appraisal' | 'evaluation'): Promise<BallotEntryInput[]>;
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

type Recipe = (w: World, u: Unit, inScope: boolean) => Promise<Call>;

let n = 0;
const uniq = (p: string) => `${p}${++n}`;
const A = '/api/v1/admin';
const c = (u: Unit) => u.f.company.id;

async function post(w: World, url: string, payload?: unknown) {
  const res = await w.app.inject({
    method: 'POST',
    url: `${A}${url}`,
    headers: bearer(w.sys),
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function uploadCover(w: World, u: Unit, voteTypeId: number, back = false) {
  const file = multipartFile(PNG, 'c.png', 'image/png');
  const res = await w.app.inject({
    method: 'POST',
    url: `${A}/covers${back ? '/back-cover' : '/'}?company_id=${c(u)}&vote_type_id=${voteTypeId}`,
    headers: { ...bearer(w.sys), ...file.headers },
    payload: file.payload,
  });
  if (res.statusCode >= 300) throw new Error(`cover: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>();
}

const freshVoteType = (w: World, u: Unit, fields: Record<string, unknown> = {}) =>
  createVoteType(w.app, w.sys, c(u), { name: uniq('类型'), ...fields });

/** A ballot row of the vote type (one the world has ended, so that admins may read it). */
async function oneId(w: World, table: 'votes' | 'cadre_votes', voteTypeId: number) {
  const res = (await w.db.execute(
    sql`SELECT id FROM ${sql.identifier(table)} WHERE vote_type_id = ${voteTypeId} ORDER BY id LIMIT 1`,
  )) as unknown as { rows: { id: number }[] };
  return res.rows[0]!.id;
}

const get = (url: string): Call => ({ method: 'GET', url: `${A}${url}` });

/** A switched-off 推荐职位 of the unit, made with the system admin's token: its id. */
async function freshPost(w: World, u: Unit) {
  const res = await w.app.inject({
    method: 'POST',
    url: `${A}/recommendation-posts/`,
    headers: bearer(w.sys),
    payload: {
      company_id: c(u),
      name: uniq('职位'),
      seats: 1,
      candidates: [{ name: uniq('李') }],
      is_active: false,
    },
  });
  return res.json<{ id: number }>().id;
}
/** This year in Beijing: the year of the rounds a new unit starts with. */
const thisYear = () => new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
const call = (method: Call['method'], url: string, payload?: unknown): Call => ({
  method,
  url: `${A}${url}`,
  payload,
});

/** How to call each route, keyed like access/route-access.ts. */
export const RECIPES: Record<string, Recipe> = {
  'GET /users': async () => get('/users/'),
  'POST /users': async (_w, u) =>
    call('POST', '/users/', {
      username: uniq('acc'),
      password: 'Password123',
      role: 'auditor',
      unit_ids: [c(u)],
    }),
  'PATCH /users/:id': async (w, u) => {
    const acc = await post(w, '/users/', {
      username: uniq('acc'),
      password: 'Password123',
      role: 'auditor',
      unit_ids: [c(u)],
    });
    return call('PATCH', `/users/${acc.id}`, { disabled: true });
  },
  'POST /users/:id/reset-password': async (w) => {
    const acc = await post(w, '/users/', {
      username: uniq('acc'),
      password: 'Password123',
      role: 'auditor',
      all_units: true,
    });
    return call('POST', `/users/${acc.id}/reset-password`, { password: 'another-pass-1' });
  },
  // Locked by 5 wrong passwords (as the database keeps it), lifted by a system admin.
  'POST /users/:id/unlock': async (w) => {
    const acc = await post(w, '/users/', {
      username: uniq('acc'),
      password: 'Password123',
      role: 'auditor',
      all_units: true,
    });
    await w.db.execute(
      sql`INSERT INTO account_locks (user_id, kind, failures, locked_until)
          VALUES (${acc.id}, 'login', 5, now() + interval '15 minutes')`,
    );
    return call('POST', `/users/${acc.id}/unlock`);
  },
  // A second factor on (as the database keeps it: the reset reads no secret), reset by a system admin.
  'POST /users/:id/totp/reset': async (w) => {
    const acc = await post(w, '/users/', {
      username: uniq('acc'),
      password: 'Password123',
      role: 'auditor',
      all_units: true,
    });
    await w.db.execute(sql`UPDATE users SET totp_secret = 'aes:x:y:z' WHERE id = ${acc.id}`);
    return call('POST', `/users/${acc.id}/totp/reset`);
  },
  'DELETE /users/:id': async (w) => {
    const acc = await post(w, '/users/', {
      username: uniq('acc'),
      password: 'Password123',
      role: 'auditor',
      all_units: true,
    });
    return call('DELETE', `/users/${acc.id}`);
  },

  'GET /audit-log': async (_w, u) => get(`/audit-log/?company_id=${c(u)}`),
  'GET /audit-log/verify': async () => get('/audit-log/verify'),
  'GET /audit-log/export.xlsx': async (_w, u) => get(`/audit-log/export.xlsx?company_id=${c(u)}`),
  'GET /settings': async () => get('/settings/'),
  'GET /settings/snapshots': async () => get('/settings/snapshots'),
  'GET /preflight': async (_w, u) => get(`/preflight/?company_id=${c(u)}`),
  'PUT /settings': async () => call('PUT', '/settings/', { public_url: 'https://kp.example.cn' }),

  'GET /companies': async () => get('/companies/'),
  'POST /companies': async () => call('POST', '/companies/', { name: uniq('新单位') }),
  'PATCH /companies/:id': async (_w, u) =>
    call('PATCH', `/companies/${c(u)}`, { name: uniq(u.f.company.name) }),
  'DELETE /companies/:id': async (w, _u, inScope) =>
    call('DELETE', `/companies/${(await w.freshCompany(inScope)).id}`),
  'GET /companies/:id/results': async (_w, u) => get(`/companies/${c(u)}/results`),
  'GET /companies/:id/results/export.xlsx': async (_w, u) => get(`/companies/${c(u)}/results/export.xlsx`),
  'GET /companies/:id/report.pdf': async (_w, u) => get(`/companies/${c(u)}/report.pdf`),
  'GET /companies/:id/report.docx': async (_w, u) => get(`/companies/${c(u)}/report.docx`),
  'GET /companies/:id/results/ballots.csv': async (_w, u) => get(`/companies/${c(u)}/results/ballots.csv`),
  'GET /companies/:id/rounds': async (_w, u) => get(`/companies/${c(u)}/rounds`),
  // A new round archives the unit's current one: made on a fresh unit so the others stay as they are.
  'POST /companies/:id/rounds': async (w, _u, inScope) =>
    call('POST', `/companies/${(await w.freshCompany(inScope)).id}/rounds`, {
      name: uniq('批次'),
      year: 2030,
    }),
  'GET /companies/:id/rounds/history': async (_w, u) => get(`/companies/${c(u)}/rounds/history`),
  'GET /companies/:id/summary': async (_w, u) => get(`/companies/${c(u)}/summary`),
  'GET /companies/:id/summary/print': async (_w, u) => get(`/companies/${c(u)}/summary/print`),
  'PUT /companies/:id/summary/thresholds': async (_w, u) =>
    call('PUT', `/companies/${c(u)}/summary/thresholds`, { flag_top_two_min: 0.6, flag_bottom_max: 0.3 }),
  // 重新核算: every role that reads the results may run it (audited).
  'POST /companies/:id/figures/recount': async (_w, u) => call('POST', `/companies/${c(u)}/figures/recount`),

  // Across units: the year of the units' rounds (each lists only the units the caller sees).
  'GET /rankings': async () => get(`/rankings?year=${thisYear()}`),
  'GET /rankings/export': async () => get(`/rankings/export?year=${thisYear()}`),
  // The 核验码 of the unit's 汇总表, printed by the system admin.
  'GET /report-check': async (w, u) => {
    const res = await w.app.inject({
      method: 'GET',
      url: `${A}/companies/${c(u)}/summary/print`,
      headers: bearer(w.sys),
    });
    if (res.statusCode !== 200) throw new Error(`summary/print: ${res.statusCode} ${res.body}`);
    return get(`/report-check?code=${res.json<{ seal: { code: string } }>().seal.code}`);
  },

  'GET /meeting/:companyId': async (_w, u) => get(`/meeting/${c(u)}`),
  'GET /meeting/:companyId/share': async (_w, u) => get(`/meeting/${c(u)}/share`),
  'POST /meeting/:companyId/share': async (_w, u) => call('POST', `/meeting/${c(u)}/share`),
  'DELETE /meeting/:companyId/share': async (_w, u) => call('DELETE', `/meeting/${c(u)}/share`),
  // Off may be set at any time (on waits for the close: meeting-summary.test.ts).
  'PUT /meeting/:companyId/summary': async (_w, u) =>
    call('PUT', `/meeting/${c(u)}/summary`, { show: false }),

  'GET /polls': async (_w, u) => get(`/polls/?company_id=${c(u)}`),
  'POST /polls': async (w, _u, inScope) => {
    const t = pollTemplate('person');
    const company = await w.freshCompany(inScope);
    return call('POST', '/polls/', {
      company_id: company.id,
      target_type: 'person',
      title: t.title,
      form_schema: t.form_schema,
    });
  },
  'GET /polls/company/:companyId': async (_w, u) => get(`/polls/company/${c(u)}`),
  'POST /polls/copy-from-template': async (w, _u, inScope) =>
    call('POST', '/polls/copy-from-template', {
      company_id: (await w.freshCompany(inScope)).id,
      target_type: 'cadre',
    }),
  'GET /polls/:pollId/stats': async (_w, u) => get(`/polls/${u.f.polls.person.id}/stats`),
  'GET /polls/:id': async (_w, u) => get(`/polls/${u.f.polls.person.id}`),
  'PUT /polls/:id': async (_w, u) =>
    call('PUT', `/polls/${u.f.polls.person.id}`, { title: uniq('个人测评表') }),
  'DELETE /polls/:id': async (w, _u, inScope) => {
    const company = await w.freshCompany(inScope);
    const poll = await post(w, '/polls/copy-from-template', {
      company_id: company.id,
      target_type: 'company',
    });
    return call('DELETE', `/polls/${poll.id}`);
  },

  'GET /vote-types': async (_w, u) => get(`/vote-types/?company_id=${c(u)}`),
  'POST /vote-types': async (_w, u) =>
    call('POST', '/vote-types/', {
      company_id: c(u),
      name: uniq('类型'),
      form_category: 'democratic_appraisal',
    }),
  'PUT /vote-types/:id': async (w, u) =>
    call('PUT', `/vote-types/${(await freshVoteType(w, u)).id}`, { name: uniq('改名') }),
  'DELETE /vote-types/:id': async (w, u) => call('DELETE', `/vote-types/${(await freshVoteType(w, u)).id}`),
  'POST /vote-types/:id/close': async (w, u) =>
    call('POST', `/vote-types/${(await freshVoteType(w, u)).id}/close`),
  'POST /vote-types/:id/finish-count': async (w, u) => {
    const vt = await freshVoteType(w, u);
    await post(w, `/vote-types/${vt.id}/close`);
    return call('POST', `/vote-types/${vt.id}/finish-count`);
  },
  'POST /vote-types/:id/reopen': async (w, u) => {
    const vt = await freshVoteType(w, u);
    await post(w, `/vote-types/${vt.id}/close`);
    return call('POST', `/vote-types/${vt.id}/reopen`);
  },
  'POST /vote-types/:id/go-formal': async (w, u) =>
    call('POST', `/vote-types/${(await freshVoteType(w, u, { test_mode: true })).id}/go-formal`),
  'POST /vote-types/:id/codes': async (w, u) =>
    call('POST', `/vote-types/${(await freshVoteType(w, u, { access_mode: 'codes' })).id}/codes`, {
      count: 2,
    }),
  'GET /vote-types/:id/codes': async (w, u) =>
    get(`/vote-types/${(await freshVoteType(w, u, { access_mode: 'codes' })).id}/codes`),
  'POST /vote-types/:id/codes/void': async (w, u) => {
    const vt = await freshVoteType(w, u, { access_mode: 'codes' });
    await post(w, `/vote-types/${vt.id}/codes`, { count: 2 });
    return call('POST', `/vote-types/${vt.id}/codes/void`, { all_unused: true });
  },
  'GET /vote-types/:id/codes.pdf': async (w, u) => {
    const vt = await freshVoteType(w, u, { access_mode: 'codes' });
    await post(w, `/vote-types/${vt.id}/codes`, { count: 2 });
    return get(`/vote-types/${vt.id}/codes.pdf`);
  },
  'GET /vote-types/:id/poster.pdf': async (_w, u) => get(`/vote-types/${u.f.appraisal.id}/poster.pdf`),

  ...paperRecipes(),

  'GET /vote-targets': async (_w, u) => get(`/vote-targets/?company_id=${c(u)}`),
  'POST /vote-targets': async (_w, u) =>
    call('POST', '/vote-targets/', { company_id: c(u), name: uniq('张'), is_active: false }),
  'PUT /vote-targets/reorder': async (_w, u) =>
    call('PUT', '/vote-targets/reorder', {
      company_id: c(u),
      items: [{ id: u.f.persons[0]!.id, sort_order: 15 }],
    }),
  'PUT /vote-targets/:id': async (w, u) =>
    call(
      'PUT',
      `/vote-targets/${(await createVoteTarget(w.app, w.sys, c(u), { name: uniq('李'), is_active: false })).id}`,
      {
        name: uniq('王'),
      },
    ),
  'DELETE /vote-targets/:id': async (w, u) =>
    call(
      'DELETE',
      `/vote-targets/${(await createVoteTarget(w.app, w.sys, c(u), { name: uniq('李'), is_active: false })).id}`,
    ),
  'GET /vote-targets/results': async (_w, u) => get(`/vote-targets/results?company_id=${c(u)}`),
  'GET /vote-targets/:id/history': async (_w, u) => get(`/vote-targets/${u.f.persons[0]!.id}/history`),

  'POST /evaluation-subjects': async (_w, u) =>
    call('POST', '/evaluation-subjects/', { company_id: c(u), name: uniq('周'), is_active: false }),
  'GET /evaluation-subjects/company/:companyId': async (_w, u) => get(`/evaluation-subjects/company/${c(u)}`),
  'PUT /evaluation-subjects/reorder': async (_w, u) =>
    call('PUT', '/evaluation-subjects/reorder', {
      company_id: c(u),
      items: [{ id: u.f.subjects[0]!.id, sort_order: 15 }],
    }),
  'PUT /evaluation-subjects/:id': async (w, u) =>
    call(
      'PUT',
      `/evaluation-subjects/${(await createEvaluationSubject(w.app, w.sys, c(u), { name: uniq('吴'), is_active: false })).id}`,
      { name: uniq('郑') },
    ),
  'DELETE /evaluation-subjects/:id': async (w, u) =>
    call(
      'DELETE',
      `/evaluation-subjects/${(await createEvaluationSubject(w.app, w.sys, c(u), { name: uniq('吴'), is_active: false })).id}`,
    ),

  // 民主推荐 (issue 30): a post made for the call, so each role's walk acts on its own.
  'GET /recommendation-posts': async (_w, u) => get(`/recommendation-posts/?company_id=${c(u)}`),
  'POST /recommendation-posts': async (_w, u) =>
    call('POST', '/recommendation-posts/', {
      company_id: c(u),
      name: uniq('副总经理'),
      seats: 1,
      candidates: [{ name: uniq('张') }],
      is_active: false,
    }),
  'PUT /recommendation-posts/:id': async (w, u) =>
    call('PUT', `/recommendation-posts/${await freshPost(w, u)}`, { name: uniq('副总') }),
  'DELETE /recommendation-posts/:id': async (w, u) =>
    call('DELETE', `/recommendation-posts/${await freshPost(w, u)}`),
  'POST /recommendation-posts/name-merges': async (w, u) => {
    const id = await freshPost(w, u);
    return call('POST', '/recommendation-posts/name-merges', {
      company_id: c(u),
      post_id: id,
      spellings: ['张 三'],
      name: '张三',
    });
  },
  'GET /recommendation-posts/import-template.xlsx': async () =>
    get('/recommendation-posts/import-template.xlsx'),
  'POST /recommendation-posts/import': async (_w, u) => {
    const file = multipartFile(
      await xlsxOf([
        ['推荐职位', '职数', '最多推荐人数', '另提名栏数', '参考人选', '现任职务', '出生年月', '备注'],
        [uniq('导入职位'), '1', '', '1', uniq('导入'), '', '', ''],
      ]),
      'p.xlsx',
      XLSX_TYPE,
    );
    return {
      method: 'POST',
      url: `${A}/recommendation-posts/import?company_id=${c(u)}`,
      payload: file.payload,
      headers: file.headers,
    };
  },
  'GET /companies/:id/recommendation-results': async (_w, u) =>
    get(`/companies/${c(u)}/recommendation-results`),
  'GET /companies/:id/recommendation-results/export': async (_w, u) =>
    get(`/companies/${c(u)}/recommendation-results/export?format=xlsx`),

  'GET /vote-targets/import-template.xlsx': async () => get('/vote-targets/import-template.xlsx'),
  'POST /vote-targets/import': async (_w, u) => {
    const file = multipartFile(
      await xlsxOf([
        ['名称', '类型', '职务'],
        [uniq('导入'), '个人', ''],
      ]),
      't.xlsx',
      XLSX_TYPE,
    );
    return {
      method: 'POST',
      url: `${A}/vote-targets/import?company_id=${c(u)}`,
      payload: file.payload,
      headers: file.headers,
    };
  },
  'GET /evaluation-subjects/import-template.xlsx': async () =>
    get('/evaluation-subjects/import-template.xlsx'),
  'POST /evaluation-subjects/import': async (_w, u) => {
    const rows = [
      ['姓名', '出生年月', '原任职务及任职时间', '现任职务及任职时间'],
      [uniq('导入'), '', '', ''],
    ];
    const file = multipartFile(await xlsxOf(rows), 's.xlsx', XLSX_TYPE);
    return {
      method: 'POST',
      url: `${A}/evaluation-subjects/import?company_id=${c(u)}`,
      payload: file.payload,
      headers: file.headers,
    };
  },

  'POST /covers': async (w, u) => {
    const vt = await freshVoteType(w, u);
    const file = multipartFile(PNG, 'c.png', 'image/png');
    return {
      method: 'POST',
      url: `${A}/covers/?company_id=${c(u)}&vote_type_id=${vt.id}`,
      payload: file.payload,
      headers: file.headers,
    };
  },
  'POST /covers/back-cover': async (w, u) => {
    const vt = await freshVoteType(w, u);
    const file = multipartFile(PNG, 'c.png', 'image/png');
    return {
      method: 'POST',
      url: `${A}/covers/back-cover?company_id=${c(u)}&vote_type_id=${vt.id}`,
      payload: file.payload,
      headers: file.headers,
    };
  },
  'GET /covers/:companyId/:voteTypeId': async (_w, u) => get(`/covers/${c(u)}/${u.f.appraisal.id}`),
  'GET /covers/back-cover/:companyId/:voteTypeId': async (_w, u) =>
    get(`/covers/back-cover/${c(u)}/${u.f.appraisal.id}`),
  'DELETE /covers/back-cover/:companyId/:voteTypeId': async (w, u) => {
    const vt = await freshVoteType(w, u);
    await uploadCover(w, u, vt.id, true);
    return call('DELETE', `/covers/back-cover/${c(u)}/${vt.id}`);
  },
  'POST /covers/apply-to-all': async (w, u) => {
    const vt = await freshVoteType(w, u);
    await uploadCover(w, u, vt.id);
    return call('POST', `/covers/apply-to-all?company_id=${c(u)}&vote_type_id=${vt.id}&kind=front`);
  },
  'GET /covers/:id/file': async (w, u) =>
    get(`/covers/${(await uploadCover(w, u, (await freshVoteType(w, u)).id)).id}/file`),
  'DELETE /covers/:id': async (w, u) =>
    call('DELETE', `/covers/${(await uploadCover(w, u, (await freshVoteType(w, u)).id)).id}`),

  ...familyRecipes('votes', 'appraisal'),
  ...familyRecipes('cadre-votes', 'evaluation'),
  ...recommendationRecipes(),
  'GET /votes/turnout': async (_w, u) => get(`/votes/turnout?company_id=${c(u)}`),
  'GET /cadre-results/statistics': async (_w, u) => get(`/cadre-results/statistics?company_id=${c(u)}`),
};

function familyRecipes(
  base: 'votes' | 'cadre-votes',
  family: 'appraisal' | 'evaluation',
): Record<string, Recipe> {
  const voter = (u: Unit) => (family === 'appraisal' ? u.appraisalVoter : u.evaluationVoter);
  return {
    [`GET /${base}`]: async (_w, u) => get(`/${base}/?company_id=${c(u)}`),
    [`GET /${base}/count`]: async (_w, u) => get(`/${base}/count?company_id=${c(u)}`),
    [`GET /${base}/voter-results`]: async (_w, u) => get(`/${base}/voter-results?company_id=${c(u)}`),
    [`GET /${base}/voter-results/count`]: async (_w, u) =>
      get(`/${base}/voter-results/count?company_id=${c(u)}`),
    [`GET /${base}/by-voter/:voter`]: async (_w, u) =>
      get(`/${base}/by-voter/${voter(u)}?company_id=${c(u)}`),
    // While the vote runs (a unit admin may take a ballot out then only): a fresh vote type of the family.
    [`DELETE /${base}/voter/:voter`]: async (w, u) => {
      const vt = await freshVoteType(w, u, {
        form_category: family === 'appraisal' ? 'democratic_appraisal' : 'democratic_evaluation',
      });
      const v = await w.castBallot(u, family, vt);
      return call(
        'DELETE',
        `/${base}/voter/${v}?company_id=${c(u)}&vote_type_id=${vt.id}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`,
      );
    },
    [`GET /${base}/:id`]: async (w, u) =>
      get(`/${base}/${await oneId(w, base === 'votes' ? 'votes' : 'cadre_votes', u.f[family].id)}`),
  };
}

/**
 * A 民主推荐 ballot through a fresh vote type of the unit (a post of its own made first), naming the first
 * candidate of every active post as the public page lists them: its 随机编号.
 */
async function recommendationBallot(w: World, u: Unit, vt: { id: number; link_id: string }) {
  await post(w, '/recommendation-posts/', {
    company_id: c(u),
    name: uniq('推荐职位'),
    seats: 1,
    candidates: [{ name: uniq('周') }],
  });
  const view = await w.app.inject({ method: 'GET', url: `/api/v1/public/polls/vote-type/${vt.link_id}` });
  const posts = view.json<{ posts: { id: number; candidates: { id: number }[] }[] }>().posts;
  const submissionId = randomUUID();
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/public/polls/votes/',
    payload: {
      link_id: vt.link_id,
      voter_identifier: randomUUID(),
      submission_id: submissionId,
      ballots: posts.map((p) => ({
        post_id: p.id,
        answers: { choices: p.candidates.slice(0, 1).map((x) => x.id), write_ins: [] },
      })),
    },
  });
  if (res.statusCode !== 201) throw new Error(`recommendation ballot: ${res.statusCode} ${res.body}`);
  const key = (await w.db.execute(
    sql`SELECT voter_key FROM submissions WHERE id = ${submissionId}`,
  )) as unknown as { rows: { voter_key: string }[] };
  return key.rows[0]!.voter_key;
}

/** Per unit, one ended 民主推荐 vote type with a ballot (made at the first call): its 随机编号 and a row id. */
const endedRecommendation = new Map<number, Promise<{ voter: string; id: number }>>();
function recommendationRecord(w: World, u: Unit) {
  let made = endedRecommendation.get(c(u));
  if (!made) {
    made = (async () => {
      const vt = await freshVoteType(w, u, { form_category: 'democratic_recommendation' });
      const voter = await recommendationBallot(w, u, vt);
      await post(w, `/vote-types/${vt.id}/close`);
      const res = (await w.db.execute(
        sql`SELECT id FROM recommendation_votes WHERE vote_type_id = ${vt.id} ORDER BY id LIMIT 1`,
      )) as unknown as { rows: { id: number }[] };
      return { voter, id: Number(res.rows[0]!.id) };
    })();
    endedRecommendation.set(c(u), made);
  }
  return made;
}

/** 民主推荐 records: the reads on an ended vote type's ballot, the voter delete on a fresh one's (still open). */
function recommendationRecipes(): Record<string, Recipe> {
  const base = '/recommendation-votes';
  return {
    [`GET ${base}`]: async (_w, u) => get(`${base}/?company_id=${c(u)}`),
    [`GET ${base}/count`]: async (_w, u) => get(`${base}/count?company_id=${c(u)}`),
    [`GET ${base}/voter-results`]: async (_w, u) => get(`${base}/voter-results?company_id=${c(u)}`),
    [`GET ${base}/voter-results/count`]: async (_w, u) =>
      get(`${base}/voter-results/count?company_id=${c(u)}`),
    [`GET ${base}/by-voter/:voter`]: async (w, u) =>
      get(`${base}/by-voter/${(await recommendationRecord(w, u)).voter}?company_id=${c(u)}`),
    [`GET ${base}/:id`]: async (w, u) => get(`${base}/${(await recommendationRecord(w, u)).id}`),
    [`DELETE ${base}/voter/:voter`]: async (w, u) => {
      const vt = await freshVoteType(w, u, { form_category: 'democratic_recommendation' });
      const v = await recommendationBallot(w, u, vt);
      return call(
        'DELETE',
        `${base}/voter/${v}?company_id=${c(u)}&vote_type_id=${vt.id}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`,
      );
    },
  };
}

/** Paper ballots: each write on a fresh vote type of the unit, so every role's call finds a new sheet. */
function paperRecipes(): Record<string, Recipe> {
  const P = (id: number, rest = '') => `/vote-types/${id}/paper${rest}`;
  /** Link mode keys printed numbers only (issue 26): the system admin prints sheets 1-20 of a vote type. */
  const printed = async (w: World, id: number) => {
    const res = await w.app.inject({
      method: 'GET',
      url: `${A}/vote-types/${id}/paper.pdf?copies=20`,
      headers: bearer(w.sys),
    });
    if (res.statusCode !== 200) throw new Error(`print: ${res.statusCode} ${res.body}`);
    return id;
  };
  /** A fresh vote type with one counted sheet number 1. */
  const keyed = async (w: World, u: Unit) => {
    const vt = await freshVoteType(w, u);
    await printed(w, vt.id);
    await post(w, P(vt.id, '/sheets'), { key: '1', ballots: await w.entriesOf(u, 'appraisal') });
    return vt.id;
  };
  return {
    // A print run while the vote runs: the unit's own vote types have ended (no numbered print after that).
    'GET /vote-types/:id/paper.pdf': async (w, u) =>
      get(`/vote-types/${(await freshVoteType(w, u)).id}/paper.pdf?copies=2`),
    'GET /vote-types/:id/paper/form': async (_w, u) => get(P(u.f.evaluation.id, '/form')),
    'GET /vote-types/:id/paper/sheets': async (_w, u) => get(P(u.f.appraisal.id, '/sheets')),
    'POST /vote-types/:id/paper/sheets': async (w, u) =>
      call('POST', P(await printed(w, (await freshVoteType(w, u)).id), '/sheets'), {
        key: '8',
        ballots: await w.entriesOf(u, 'appraisal'),
      }),
    'GET /vote-types/:id/paper/sheets/:key': async (w, u) =>
      get(P(await printed(w, (await freshVoteType(w, u)).id), '/sheets/12')),
    'GET /vote-types/:id/paper/sheets/:key/detail': async (w, u) =>
      get(P(await keyed(w, u), '/sheets/1/detail')),
    'PUT /vote-types/:id/paper/sheets/:key': async (w, u) =>
      call('PUT', P(await keyed(w, u), '/sheets/1'), { ballots: await w.entriesOf(u, 'appraisal') }),
    'DELETE /vote-types/:id/paper/sheets/:key': async (w, u) =>
      call('DELETE', P(await keyed(w, u), '/sheets/1')),
  };
}
