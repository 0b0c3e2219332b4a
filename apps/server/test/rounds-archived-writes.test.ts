// Issue 14: archives never change. Every write route of the server's route table (collected as the app
// registers them) is classified; each one that can touch a round's data is called against an archived
// round's objects and must answer 409 '该测评批次已归档，不能修改' (the public submission: 403
// '本轮测评已结束') with every table exactly as before. A new write route fails this test until classified.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from './helpers/cover-fixtures';
import { submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { bearer, createVoteType, currentRoundId, multipartFile } from './helpers/factories';
import { closeVoteTypes, newRound } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';

const routes = new Set<string>();
let ctx: TestContext;
let token: string;
let elevated: string;
let f: BallotFixture;
let coverId: number;
let voter: string;
let archivedRound: number;
let postId: number;
let recommendationTypeId: number;

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const w = useBallotWorld({
  reset: false,
  elevated: true,
  build: {
    onRoute: ({ method, url }) => {
      for (const m of [method].flat()) if (WRITE.has(m)) routes.add(`${m} ${url.replace(/\/$/, '') || '/'}`);
    },
  },
});
beforeAll(async () => {
  ({ ctx, token, elevated, f } = w);
  const form = multipartFile(PNG, 'cover.png', 'image/png');
  const up = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/covers/?company_id=${f.company.id}&vote_type_id=${f.appraisal.id}`,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  coverId = up.json<{ id: number }>().id;
  // Codes in the evaluation vote type, so issue and void have something to act on.
  await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/vote-types/${f.evaluation.id}/codes`,
    headers: bearer(token),
    payload: { count: 3 },
  });
  // A 推荐职位 of the round to be archived (issue 30).
  const post = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/recommendation-posts/',
    headers: bearer(token),
    payload: { company_id: f.company.id, name: '副总经理', seats: 1, candidates: [{ name: '张伟' }] },
  });
  postId = post.json<{ id: number }>().id;
  recommendationTypeId = (
    await createVoteType(ctx.app, token, f.company.id, {
      name: '民主推荐',
      form_category: 'democratic_recommendation',
    })
  ).id;
  const ballot = submission(f, 'appraisal');
  voter = ballot.voter_identifier;
  expect((await submit(ctx.app, ballot)).statusCode).toBe(201);
  await closeVoteTypes(ctx.app, token, [f.appraisal.id, f.evaluation.id, recommendationTypeId]);
  archivedRound = await currentRoundId(ctx.database.db, f.company.id);
  await newRound(ctx.app, elevated, f.company.id, '2099年度', 2099);
}, 120_000);

/** Every row of every table, digested: nothing may change when a write is refused. */
async function snapshot() {
  const tables = (await ctx.database.db.execute(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const out: Record<string, string> = {};
  for (const { tablename } of tables.rows) {
    const res = (await ctx.database.db.execute(
      sql.raw(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h
               FROM "${tablename}" t`),
    )) as unknown as { rows: { n: number; h: string }[] };
    out[tablename] = `${res.rows[0]!.n}:${res.rows[0]!.h}`;
  }
  return out;
}

type Call = { url: string; payload?: unknown; form?: boolean };
const c = () => f.company.id;

/** The write routes that act on a round's data, each aimed at the archived round's objects. */
const ARCHIVED: Record<string, () => Call> = {
  'PUT /api/v1/admin/companies/:id/summary/thresholds': () => ({
    url: `/companies/${c()}/summary/thresholds`,
    payload: { round_id: archivedRound, flag_top_two_min: 0.6, flag_bottom_max: 0.3 },
  }),
  'PUT /api/v1/admin/polls/:id': () => ({ url: `/polls/${f.polls.cadre.id}`, payload: { title: '改' } }),
  'DELETE /api/v1/admin/polls/:id': () => ({ url: `/polls/${f.polls.cadre.id}` }),
  'PUT /api/v1/admin/vote-types/:id': () => ({
    url: `/vote-types/${f.appraisal.id}`,
    payload: { weight: 10 },
  }),
  'DELETE /api/v1/admin/vote-types/:id': () => ({ url: `/vote-types/${f.appraisal.id}` }),
  'POST /api/v1/admin/vote-types/:id/close': () => ({ url: `/vote-types/${f.appraisal.id}/close` }),
  'POST /api/v1/admin/vote-types/:id/finish-count': () => ({
    url: `/vote-types/${f.appraisal.id}/finish-count`,
  }),
  'POST /api/v1/admin/vote-types/:id/reopen': () => ({ url: `/vote-types/${f.appraisal.id}/reopen` }),
  'POST /api/v1/admin/vote-types/:id/go-formal': () => ({ url: `/vote-types/${f.appraisal.id}/go-formal` }),
  'POST /api/v1/admin/vote-types/:id/codes': () => ({
    url: `/vote-types/${f.evaluation.id}/codes`,
    payload: { count: 2 },
  }),
  'POST /api/v1/admin/vote-types/:id/codes/void': () => ({
    url: `/vote-types/${f.evaluation.id}/codes/void`,
    payload: { all_unused: true },
  }),
  'POST /api/v1/admin/vote-types/:id/paper/sheets': () => ({
    url: `/vote-types/${f.appraisal.id}/paper/sheets`,
    payload: { key: '1', ballots: submission(f, 'appraisal').ballots },
  }),
  'PUT /api/v1/admin/vote-types/:id/paper/sheets/:key': () => ({
    url: `/vote-types/${f.appraisal.id}/paper/sheets/1`,
    payload: { ballots: submission(f, 'appraisal').ballots },
  }),
  'DELETE /api/v1/admin/vote-types/:id/paper/sheets/:key': () => ({
    url: `/vote-types/${f.appraisal.id}/paper/sheets/1`,
  }),
  'PUT /api/v1/admin/vote-targets/:id': () => ({
    url: `/vote-targets/${f.persons[0]!.id}`,
    payload: { title: '总经理' },
  }),
  'DELETE /api/v1/admin/vote-targets/:id': () => ({ url: `/vote-targets/${f.persons[0]!.id}` }),
  'PUT /api/v1/admin/vote-targets/reorder': () => ({
    url: '/vote-targets/reorder',
    payload: { company_id: c(), items: [{ id: f.persons[0]!.id, sort_order: 5 }] },
  }),
  'PUT /api/v1/admin/evaluation-subjects/:id': () => ({
    url: `/evaluation-subjects/${f.subjects[0]!.id}`,
    payload: { name: '周明明' },
  }),
  'DELETE /api/v1/admin/evaluation-subjects/:id': () => ({
    url: `/evaluation-subjects/${f.subjects[0]!.id}`,
  }),
  'PUT /api/v1/admin/evaluation-subjects/reorder': () => ({
    url: '/evaluation-subjects/reorder',
    payload: { company_id: c(), items: [{ id: f.subjects[0]!.id, sort_order: 5 }] },
  }),
  'PUT /api/v1/admin/recommendation-posts/:id': () => ({
    url: `/recommendation-posts/${postId}`,
    payload: { name: '副总经理（改）' },
  }),
  'DELETE /api/v1/admin/recommendation-posts/:id': () => ({ url: `/recommendation-posts/${postId}` }),
  'POST /api/v1/admin/recommendation-posts/name-merges': () => ({
    url: '/recommendation-posts/name-merges',
    payload: { company_id: c(), post_id: postId, spellings: ['张 伟'], name: '张伟' },
  }),
  'POST /api/v1/admin/covers': () => ({
    url: `/covers/?company_id=${c()}&vote_type_id=${f.evaluation.id}`,
    form: true,
  }),
  'POST /api/v1/admin/covers/back-cover': () => ({
    url: `/covers/back-cover?company_id=${c()}&vote_type_id=${f.appraisal.id}`,
    form: true,
  }),
  'POST /api/v1/admin/covers/apply-to-all': () => ({
    url: `/covers/apply-to-all?company_id=${c()}&vote_type_id=${f.appraisal.id}&kind=front`,
  }),
  'DELETE /api/v1/admin/covers/:id': () => ({ url: `/covers/${coverId}` }),
  'DELETE /api/v1/admin/covers/back-cover/:companyId/:voteTypeId': () => ({
    url: `/covers/back-cover/${c()}/${f.appraisal.id}`,
  }),
  'DELETE /api/v1/admin/votes/voter/:voter': () => ({
    url: `/votes/voter/${voter}?company_id=${c()}&vote_type_id=${f.appraisal.id}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`,
  }),
  'DELETE /api/v1/admin/cadre-votes/voter/:voter': () => ({
    url: `/cadre-votes/voter/${voter}?company_id=${c()}&vote_type_id=${f.evaluation.id}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`,
  }),
  'DELETE /api/v1/admin/recommendation-votes/voter/:voter': () => ({
    url: `/recommendation-votes/voter/${voter}?company_id=${c()}&vote_type_id=${recommendationTypeId}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`,
  }),
};

/** Writes that create in the unit's current round: they never reach an archived one. */
const CURRENT_ROUND = [
  'POST /api/v1/admin/polls',
  'POST /api/v1/admin/polls/copy-from-template',
  'POST /api/v1/admin/vote-types',
  'POST /api/v1/admin/vote-targets',
  'POST /api/v1/admin/evaluation-subjects',
  // The Excel imports add targets and subjects like their POSTs (roster-import.test.ts).
  'POST /api/v1/admin/vote-targets/import',
  'POST /api/v1/admin/evaluation-subjects/import',
  // 推荐职位 (issue 30): created and imported into the current round like the rosters.
  'POST /api/v1/admin/recommendation-posts',
  'POST /api/v1/admin/recommendation-posts/import',
  // The switch 在大屏显示汇总 acts on the unit's current round only.
  'PUT /api/v1/admin/meeting/:companyId/summary',
];

/** Writes outside any round's data. */
const NOT_ROUND_DATA = [
  'POST /api/v1/admin/auth/login',
  'POST /api/v1/admin/auth/register',
  'POST /api/v1/admin/auth/verify-advanced-mode',
  'POST /api/v1/admin/companies',
  'PATCH /api/v1/admin/companies/:id',
  // Deleting a unit removes it with all its rounds (advanced mode, audited): not a change of an archive.
  'DELETE /api/v1/admin/companies/:id',
  // 开始新一轮测评 archives the current round; rounds.test.ts checks what it writes.
  'POST /api/v1/admin/companies/:id/rounds',
  'PUT /api/v1/admin/settings',
  // Accounts and one's own password (issue 17): no round's data.
  'PUT /api/v1/admin/auth/password',
  'POST /api/v1/admin/users',
  'PATCH /api/v1/admin/users/:id',
  'POST /api/v1/admin/users/:id/reset-password',
  'DELETE /api/v1/admin/users/:id',
  // Sign-in per account (issue 27): a lock lifted, a session ended.
  'POST /api/v1/admin/users/:id/unlock',
  'POST /api/v1/admin/auth/logout',
  'POST /api/v1/admin/auth/totp/setup',
  'POST /api/v1/admin/auth/totp/enable',
  'POST /api/v1/admin/auth/totp/disable',
  'POST /api/v1/admin/users/:id/totp/reset',
  // The meeting screen's share link (a token in the settings table): no round's data.
  'POST /api/v1/admin/meeting/:companyId/share',
  'DELETE /api/v1/admin/meeting/:companyId/share',
  // 重新核算 compares the stored figures with a recount and writes only its audit row (figures-stored.test.ts).
  'POST /api/v1/admin/companies/:id/figures/recount',
];

const PUBLIC_SUBMIT = 'POST /api/v1/public/polls/votes';

describe('the archived-write walk', () => {
  it('finds every write route classified', () => {
    expect(routes.size).toBeGreaterThan(30);
    const known = new Set([...Object.keys(ARCHIVED), ...CURRENT_ROUND, ...NOT_ROUND_DATA, PUBLIC_SUBMIT]);
    expect([...routes].filter((r) => !known.has(r))).toEqual([]);
    // And nothing classified that the server no longer has.
    expect([...known].filter((r) => !routes.has(r))).toEqual([]);
  });

  it.each(Object.keys(ARCHIVED))('%s on an archived round: 409, nothing written', async (route) => {
    const method = route.split(' ')[0] as 'POST' | 'PUT' | 'DELETE';
    const call = ARCHIVED[route]!();
    const before = await snapshot();
    const form = call.form ? multipartFile(PNG, 'cover.png', 'image/png') : undefined;
    const res = await ctx.app.inject({
      method,
      url: `/api/v1/admin${call.url}`,
      headers: { ...(form?.headers ?? {}), ...bearer(elevated) },
      ...(form
        ? { payload: form.payload }
        : call.payload === undefined
          ? {}
          : { payload: call.payload as object }),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ detail: '该测评批次已归档，不能修改', code: 'ROUND_READ_ONLY' });
    expect(await snapshot()).toEqual(before);
  });

  it('creates into the current round, never the archived one', async () => {
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: bearer(token), payload });
    const created = [
      [
        'vote_types',
        await post('/vote-types/', {
          company_id: c(),
          name: '新增组',
          form_category: 'democratic_appraisal',
        }),
      ],
      ['vote_targets', await post('/vote-targets/', { company_id: c(), name: '新人', type: 'person' })],
      ['evaluation_subjects', await post('/evaluation-subjects/', { company_id: c(), name: '新干部' })],
    ] as const;
    const current = (
      (await ctx.database.db.execute(
        sql`SELECT id FROM rounds WHERE company_id = ${c()} AND state = 'current'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
    for (const [table, res] of created) {
      expect(res.statusCode, res.body).toBe(201);
      const row = (await ctx.database.db.execute(
        sql.raw(`SELECT round_id FROM ${table} WHERE id = ${Number(res.json<{ id: number }>().id)}`),
      )) as unknown as { rows: { round_id: number }[] };
      expect(row.rows[0]!.round_id).toBe(current);
    }
    // The current round already has the copied polls: a second one of a kind is the usual 409.
    const poll = await post('/polls/copy-from-template', { company_id: c(), target_type: 'cadre' });
    expect(poll.statusCode).toBe(409);
    expect(poll.json<{ detail: string }>().detail).toMatch(/已有/);
  });

  it('refuses a ballot on an archived round’s link with 403 本轮测评已结束, nothing written', async () => {
    const before = await snapshot();
    for (const family of ['appraisal', 'evaluation'] as const) {
      const res = await submit(ctx.app, submission(f, family));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: '本轮测评已结束', code: 'ROUND_ARCHIVED' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a voter delete naming the archived round even through the current round’s path', async () => {
    const rounds = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/companies/${c()}/rounds`,
        headers: bearer(token),
      })
    ).json<{ items: { id: number; state: string }[] }>().items;
    const archived = rounds.find((r) => r.state === 'archived')!.id;
    const before = await snapshot();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/votes/voter/${voter}?company_id=${c()}&vote_type_id=${f.appraisal.id}&round_id=${archived}&reason=%E9%87%8D%E5%A4%8D%E6%8A%95%E7%A5%A8`,
      headers: bearer(elevated),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: '该测评批次已归档，不能修改', code: 'ROUND_READ_ONLY' });
    expect(await snapshot()).toEqual(before);
  });
});
