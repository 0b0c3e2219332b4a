// 民主推荐 (issue 30, decision 0055): 推荐职位 and 参考人选, the ballot by a phone link, a code and a 谈话调研推荐
// record keyed as paper (one post over-marked: 无效 for that post only), the refusals by code, 姓名校改
// (audited, the ballots keep what was written), the results per group and in total equal to a recount of
// the stored ballots, and a new round that copies the posts and no ballot. One database, built once.
import { randomUUID } from 'node:crypto';
import type { RecommendationPost, RecommendationResults } from '@kaoping/contracts/recommendation';
import { countRecommendation, type RecommendationCountEntry } from '@kaoping/contracts/recommendation-count';
import type { RecommendationAnswers } from '@kaoping/contracts/recommendation-rules';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { newVoter, submit } from './helpers/ballot-fixtures';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany, createVoteType } from './helpers/factories';
import { closeVoteTypes, newRound } from './helpers/round-fixtures';
import { adminCalls } from './helpers/vote-control';

const w = useAdminWorld({ reset: false, elevated: true });
const A = '/api/v1/admin';
const api = () => adminCalls(w.ctx.app, () => w.token);
const db = () => w.ctx.database.db;

let companyId: number;
let deputy: RecommendationPost; // 副总经理: 2 seats, 3 candidates (差额), 1 write-in slot
let chief: RecommendationPost; // 总会计师: 1 seat, 2 candidates, no write-in
const vt = {} as Record<'link' | 'codes' | 'talk', { id: number; link_id: string }>;

type Entry = { post_id: number; answers: { choices: number[]; write_ins: string[] } };
const ballot = (link: string, ballots: Entry[], over: Record<string, unknown> = {}) => ({
  link_id: link,
  voter_identifier: newVoter(),
  submission_id: randomUUID(),
  ballots,
  ...over,
});
const entries = (d: number[], dw: string[] = [], c: number[] = []): Entry[] => [
  { post_id: deputy.id, answers: { choices: d, write_ins: dw } },
  { post_id: chief.id, answers: { choices: c, write_ins: [] } },
];
const cand = (p: RecommendationPost, name: string) => p.candidates.find((c) => c.name === name)!.id;
const rowCount = async () =>
  (await rowsOf<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM recommendation_votes`))[0]!.n;

beforeAll(async () => {
  companyId = (await createCompany(w.ctx.app, w.token, '推荐单位')).id;
  const post = async (body: object) => {
    const res = await api().call('POST', '/recommendation-posts/', { company_id: companyId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RecommendationPost>();
  };
  deputy = await post({
    name: '副总经理',
    seats: 2,
    write_in_slots: 1,
    candidate_order: 'surname_strokes',
    candidates: [{ name: '张伟' }, { name: '王芳', current_position: '总经理助理' }, { name: '李强' }],
  });
  chief = await post({ name: '总会计师', seats: 1, candidates: [{ name: '陈静' }, { name: '刘洋' }] });
  const make = (name: string, fields: object) =>
    createVoteType(w.ctx.app, w.token, companyId, {
      name,
      form_category: 'democratic_recommendation',
      ...fields,
    });
  vt.link = await make('中层干部', {});
  vt.codes = await make('班子成员', { access_mode: 'codes' });
  vt.talk = await make('谈话调研', { recommendation_mode: 'talk', expected_voters: 5 });
}, 60_000);

describe('推荐职位 and 参考人选', () => {
  it('creates a post with its defaults, 差额 and the candidates 按姓氏笔画', async () => {
    expect(deputy).toMatchObject({ seats: 2, max_choices: 2, min_choices: null, differential: true });
    // 王 (4 strokes) < 李 (7) < 张 (7, 横 before 竖… by stroke order: 李 横竖撇点… 张 横折…).
    expect(deputy.candidates.map((c) => c.name)).toEqual(['王芳', '李强', '张伟']);
    expect(chief).toMatchObject({ max_choices: 1, write_in_slots: 0, differential: true });
    const list = await api().call('GET', `/recommendation-posts/?company_id=${companyId}`);
    expect(list.json<RecommendationPost[]>().map((p) => p.name)).toEqual(['副总经理', '总会计师']);
  });

  it('refuses numbers that cannot be answered, on the post as it would be', async () => {
    const bad = await api().call('POST', '/recommendation-posts/', {
      company_id: companyId,
      name: '空职位',
      seats: 1,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/请至少添加一名参考人选/);
    const merged = await api().call('PUT', `/recommendation-posts/${chief.id}`, { max_choices: 3 });
    expect(merged.statusCode).toBe(422);
    expect(merged.json()).toMatchObject({ code: 'RECOMMENDATION_POST_NUMBERS' });
    expect(merged.json().detail).toMatch(/最多推荐人数（3）不能大于参考人选数与另提名栏数之和（2）/);
  });

  it('keeps a candidate by id through an update, adds the new one', async () => {
    const list = deputy.candidates.map(({ id, name, current_position, birth_date, note }) => ({
      id,
      name,
      current_position,
      birth_date,
      note,
    }));
    const res = await api().call('PUT', `/recommendation-posts/${deputy.id}`, {
      candidates: [...list, { name: '赵敏' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json<RecommendationPost>();
    expect(next.candidates.filter((c) => list.some((l) => l.id === c.id))).toHaveLength(3);
    expect(next.candidates.map((c) => c.name)).toContain('赵敏');
    deputy = next;
  });

  it('gives a talk vote type single entry and no public link', async () => {
    const types = await api().call('GET', `/vote-types/?company_id=${companyId}`);
    const talk = types.json<{ id: number; recommendation_mode: string; double_entry: boolean }[]>();
    expect(talk.find((t) => t.id === vt.talk.id)).toMatchObject({
      recommendation_mode: 'talk',
      double_entry: false,
    });
    expect(talk.find((t) => t.id === vt.link.id)).toMatchObject({ recommendation_mode: 'meeting' });
    const view = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/polls/vote-type/${vt.talk.link_id}`,
    });
    expect(view.statusCode).toBe(403);
    expect(view.json().code).toBe('RECOMMENDATION_TALK_NO_LINK');
    const res = await submit(w.ctx.app, ballot(vt.talk.link_id, entries([], [], [])));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('RECOMMENDATION_TALK_NO_LINK');
    const other = await createVoteType(w.ctx.app, w.token, companyId, { name: '测评组' }).catch(() => null);
    expect(other).not.toBeNull();
    const wrong = await api().update(other!.id, { recommendation_mode: 'talk' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('RECOMMENDATION_MODE_NOT_FAMILY');
  });
});

describe('the ballot', () => {
  it('shows the active posts with their candidates on the public link', async () => {
    const res = await w.ctx.app.inject({
      method: 'GET',
      url: `/api/v1/public/polls/vote-type/${vt.link.link_id}`,
    });
    expect(res.statusCode).toBe(200);
    const view = res.json<{ ready: boolean; posts: { id: number; candidates: { name: string }[] }[] }>();
    expect(view.ready).toBe(true);
    expect(view.posts.map((p) => p.id)).toEqual([deputy.id, chief.id]);
    expect(view.posts[0]!.candidates.map((c) => c.name)).toEqual(deputy.candidates.map((c) => c.name));
  });

  it('refuses a broken ballot by code, storing nothing', async () => {
    const before = await rowCount();
    const refused = async (ballots: Entry[], code: string, detail: RegExp) => {
      const res = await submit(w.ctx.app, ballot(vt.link.link_id, ballots));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe(code);
      expect(res.json().detail).toMatch(detail);
    };
    const [a, b, c] = deputy.candidates.map((x) => x.id);
    await refused(
      entries([a!, b!], ['孙丽']),
      'RECOMMENDATION_TOO_MANY',
      /“副总经理”最多推荐 2 人，现推荐了 3 人/,
    );
    await refused(entries([a!], ['孙丽', '孙 丽']), 'RECOMMENDATION_TOO_MANY_WRITE_INS', /最多另提名 1 人/);
    await refused(entries([], ['王 芳']), 'RECOMMENDATION_WRITE_IN_LISTED', /“王芳”已在参考人选中/);
    await refused(entries([c!, c!]), 'RECOMMENDATION_DUPLICATE_CHOICE', /被选择了两次/);
    await refused([entries([a!])[0]!], 'RECOMMENDATION_POST_MISSING', /缺少推荐职位“总会计师”/);
    await refused(
      [...entries([a!]), { post_id: 999_999, answers: { choices: [], write_ins: [] } }],
      'RECOMMENDATION_POST_UNKNOWN',
      /不存在或已停用/,
    );
    expect(await rowCount()).toBe(before);
  });

  it('refuses a write-in repeated on one post (the post allows one: its own limit comes first)', async () => {
    // A post with two slots, so that the duplicate itself is the refusal.
    const res = await api().call('PUT', `/recommendation-posts/${deputy.id}`, { write_in_slots: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const dup = await submit(w.ctx.app, ballot(vt.link.link_id, entries([], ['孙丽', '孙　丽'])));
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({ code: 'RECOMMENDATION_DUPLICATE_WRITE_IN' });
    expect(dup.json().detail).toMatch(/“孙丽”填写了两次/);
    deputy = res.json<RecommendationPost>();
  });

  it('stores phone ballots by link and by code, each post a row with no voter identifier', async () => {
    const [x, y, z] = deputy.candidates.map((c) => c.id);
    const sent: Entry[][] = [
      entries([x!, y!], [], [cand(chief, '陈静')]),
      entries([x!], ['孙 丽'], [cand(chief, '刘洋')]),
      entries([], ['孙丽'], []),
      entries([z!], ['孙立'], [cand(chief, '陈静')]),
    ];
    for (const b of sent) {
      const res = await submit(w.ctx.app, ballot(vt.link.link_id, b));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        ballot_count: 2,
        vote_type: { form_category: 'democratic_recommendation' },
      });
    }
    const [code] = await api().codes(vt.codes.id, 2);
    const body = ballot(vt.codes.link_id, entries([y!], ['赵 敏x'], []), { code });
    // 赵敏 is listed now: 赵敏x is another name.
    const first = await submit(w.ctx.app, body);
    expect(first.statusCode).toBe(201);
    // A retry of the same ballot answers its receipt; the same id with other answers is refused.
    const replay = await submit(w.ctx.app, body);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const changed = await submit(w.ctx.app, { ...body, ballots: entries([x!], [], []) });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe('SUBMISSION_ID_REUSED');
    const again = await submit(w.ctx.app, { ...body, submission_id: randomUUID() });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CODE_USED');
    const columns = await rowsOf<{ column_name: string }>(
      db(),
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'recommendation_votes'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('voter_identifier');
    const rows = await rowsOf<{ answers: RecommendationAnswers; created_at: string }>(
      db(),
      sql`SELECT answers, created_at::text FROM recommendation_votes WHERE vote_type_id = ${vt.link.id} AND post_id = ${deputy.id}`,
    );
    expect(rows).toHaveLength(4);
    // The write-ins as normalised, the day only.
    expect(rows.flatMap((r) => r.answers.write_ins).sort()).toEqual(['孙丽', '孙丽', '孙立']);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.created_at))).toBe(true);
  });

  it('keys 谈话调研推荐 records once each: an over-marked post is 无效 for that post only', async () => {
    const at = `${A}/vote-types/${vt.talk.id}/paper`;
    const enter = (key: string, ballots: Entry[]) =>
      w.ctx.app.inject({
        method: 'POST',
        url: `${at}/sheets`,
        headers: bearer(w.token),
        payload: { key, ballots },
      });
    const form = await w.ctx.app.inject({ method: 'GET', url: `${at}/form`, headers: bearer(w.token) });
    expect(form.json()).toMatchObject({ recommendation_mode: 'talk', double_entry: false, ready: true });
    expect(form.json().posts).toHaveLength(2);
    const [x, y, z] = deputy.candidates.map((c) => c.id);
    const over = await enter('1', entries([x!, y!, z!], [], [cand(chief, '刘洋')]));
    expect(over.statusCode, over.body).toBe(201);
    expect(over.json()).toMatchObject({ state: 'counted' });
    expect((await enter('2', entries([y!], ['孙丽'], [cand(chief, '刘洋')]))).statusCode).toBe(201);
    // What the keyer can correct is still refused.
    const dup = await enter('3', entries([x!, x!]));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().code).toBe('RECOMMENDATION_DUPLICATE_CHOICE');
    const statuses = await rowsOf<{ post_id: number; status: string }>(
      db(),
      sql`SELECT post_id, status FROM recommendation_votes WHERE vote_type_id = ${vt.talk.id} ORDER BY status`,
    );
    expect(statuses.filter((s) => s.post_id === deputy.id).map((s) => s.status)).toEqual([
      'invalid',
      'valid',
    ]);
    expect(statuses.filter((s) => s.post_id === chief.id).map((s) => s.status)).toEqual(['valid', 'valid']);
  });

  it('keeps a post and a chosen candidate that ballots name', async () => {
    const del = await api().call('DELETE', `/recommendation-posts/${chief.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('RECOMMENDATION_POST_HAS_BALLOTS');
    const numbers = await api().call('PUT', `/recommendation-posts/${chief.id}`, { seats: 2 });
    expect(numbers.json().code).toBe('RECOMMENDATION_POST_HAS_BALLOTS');
    const keep = chief.candidates.filter((c) => c.name !== '陈静').map(({ id, name }) => ({ id, name }));
    const removed = await api().call('PUT', `/recommendation-posts/${chief.id}`, { candidates: keep });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ code: 'RECOMMENDATION_CANDIDATE_HAS_BALLOTS' });
  });
});

/** The results as a plain recount of the stored rows would give them, through the contracts' counting. */
async function recount(merges: Map<number, Record<string, string>>) {
  const rows = await rowsOf<{
    vote_type_id: number;
    post_id: number;
    status: string;
    answers: RecommendationAnswers;
  }>(db(), sql`SELECT vote_type_id, post_id, status, answers FROM recommendation_votes WHERE NOT is_test`);
  const types = await rowsOf<{ id: number; name: string; expected_voters: number | null }>(
    db(),
    sql`SELECT id, name, expected_voters FROM vote_types WHERE form_category = 'democratic_recommendation'
        AND company_id = ${companyId} ORDER BY sort_order, id`,
  );
  const posts = [deputy, chief].map((p) => ({
    id: p.id,
    name: p.name,
    seats: p.seats,
    max_choices: p.max_choices,
    min_choices: p.min_choices,
    write_in_slots: p.write_in_slots,
    candidates: p.candidates.map((c) => ({ id: c.id, name: c.name })),
  }));
  const groups = types.map((t) => {
    const byPost = new Map<number, RecommendationCountEntry[]>();
    for (const r of rows.filter((r) => r.vote_type_id === t.id)) {
      byPost.set(r.post_id, [
        ...(byPost.get(r.post_id) ?? []),
        r.status === 'invalid' ? 'invalid' : r.answers,
      ]);
    }
    return { vote_type_id: t.id, name: t.name, expected: t.expected_voters, entries: byPost };
  });
  return countRecommendation(posts, groups, merges);
}

describe('results', () => {
  const results = async () => {
    const res = await api().call('GET', `/companies/${companyId}/recommendation-results`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RecommendationResults>();
  };

  it('shows no group while its vote is open, then every group and the total equal to a recount', async () => {
    const open = await results();
    expect(open.groups).toEqual([]);
    expect(open.open_note).toMatch(/中层干部/);
    await closeVoteTypes(w.ctx.app, w.token, [vt.link.id, vt.codes.id, vt.talk.id]);
    const r = await results();
    const expected = await recount(new Map());
    expect(r.groups.map(({ vote_type_id, posts }) => ({ vote_type_id, posts }))).toEqual(
      expected.groups.map(({ vote_type_id, posts }) => ({ vote_type_id, posts })),
    );
    expect(r.total.posts).toEqual(expected.total);
    expect(r.groups.find((g) => g.vote_type_id === vt.talk.id)).toMatchObject({
      recommendation_mode: 'talk',
    });
    const talk = r.groups.find((g) => g.vote_type_id === vt.talk.id)!.posts[0]!;
    expect(talk).toMatchObject({ expected: 5, received: 2, valid: 1, invalid: 1, quorum_met: false });
    expect(talk.warning).toBe('到会人数未达到应到人数的三分之二');
    const total = r.total.posts[0]!;
    expect(total).toMatchObject({ received: 7, invalid: 1, abstained: 0 });
    expect(total.candidates.find((c) => c.name === '孙丽')).toMatchObject({ votes: 3, write_in: true });
  });

  it('counts merged spellings as one name after 姓名校改, audited, the ballots unchanged', async () => {
    const raw = await rowsOf<{ answers: unknown }>(
      db(),
      sql`SELECT answers FROM recommendation_votes ORDER BY id`,
    );
    const res = await api().call('POST', '/recommendation-posts/name-merges', {
      company_id: companyId,
      post_id: deputy.id,
      spellings: ['孙立'],
      name: '孙丽',
    });
    expect(res.statusCode, res.body).toBe(200);
    const audit = await rowsOf<{ summary: string; detail: { spellings: string[]; merged_name: string } }>(
      db(),
      sql`SELECT summary, detail FROM audit_log WHERE action = 'recommendation_post.merge_names'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ spellings: ['孙立'], merged_name: '孙丽' });
    expect(audit[0]!.summary).toMatch(/“孙立” 计为“孙丽”|“孙立”.*计为“孙丽”/);
    expect(await rowsOf(db(), sql`SELECT answers FROM recommendation_votes ORDER BY id`)).toEqual(raw);
    const r = await results();
    const expected = await recount(new Map([[deputy.id, { 孙立: '孙丽' }]]));
    expect(r.total.posts).toEqual(expected.total);
    expect(r.total.posts[0]!.candidates.find((c) => c.name === '孙丽')).toMatchObject({ votes: 4 });
    expect(r.total.posts[0]!.candidates.some((c) => c.name === '孙立')).toBe(false);
  });

  it('copies the posts and their candidates into a new round, with no ballot and no merge', async () => {
    await newRound(w.ctx.app, w.elevated, companyId, '2099年度', 2099);
    const list = (await api().call('GET', `/recommendation-posts/?company_id=${companyId}`)).json<
      RecommendationPost[]
    >();
    expect(list.map((p) => [p.name, p.candidates.map((c) => c.name)])).toEqual(
      [deputy, chief].map((p) => [p.name, p.candidates.map((c) => c.name)]),
    );
    expect(list.every((p) => p.id !== deputy.id && p.id !== chief.id)).toBe(true);
    const fresh = await rowsOf<{ n: number }>(
      db(),
      sql`SELECT (SELECT count(*) FROM recommendation_votes WHERE post_id IN (${list[0]!.id}, ${list[1]!.id}))
            + (SELECT count(*) FROM recommendation_name_merges WHERE post_id IN (${list[0]!.id}, ${list[1]!.id}))
            AS n`,
    );
    expect(Number(fresh[0]!.n)).toBe(0);
    const r = await results();
    expect(r.groups).toEqual([]);
  });
});
