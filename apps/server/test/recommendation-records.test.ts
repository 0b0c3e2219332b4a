// 民主推荐 (issue 30): the records of its ballots (/recommendation-votes) and the meeting screen's counts.
// While a vote type runs the records say nothing of it and the meeting screen only counts (decision 0041);
// after 结束投票 every ballot is listed by its 随机编号, post by post, paged and filtered on the server, and
// nothing a voter holds is in any answer. 谈话调研推荐 shows no QR code or link on the meeting screen.
import { randomUUID } from 'node:crypto';
import type { MeetingBoard } from '@kaoping/contracts/meeting';
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import type {
  RecommendationVoteRecord,
  RecommendationVoterBallots,
  VoterResult,
} from '@kaoping/contracts/records';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { newVoter, submit } from './helpers/ballot-fixtures';
import { useAdminWorld } from './helpers/ballot-world';
import { bearer, createCompany } from './helpers/factories';
import {
  candidateId,
  recommendationUnit,
  type RecommendationEntry,
  type RecommendationUnit,
} from './helpers/recommendation-fixtures';
import { adminCalls } from './helpers/vote-control';

const w = useAdminWorld({ reset: false, elevated: true, env: { PUBLIC_URL: 'https://kp.example.cn' } });
const api = () => adminCalls(w.ctx.app, () => w.token);
const get = async <T>(url: string) => {
  const res = await api().call('GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};
type Page = { items: RecommendationVoteRecord[]; total: number };

let companyId: number;
let deputy: RecommendationPost; // 副总经理: 2 seats, 3 candidates, 1 write-in slot
let chief: RecommendationPost; // 总会计师: 1 seat, 2 candidates
const vt = {} as Record<'link' | 'talk', { id: number; link_id: string }>;
/** What the voters' browsers held: none of it may appear in an admin answer. */
const held: string[] = [];

type Entry = RecommendationEntry;
let unit: RecommendationUnit;
const entries: RecommendationUnit['entries'] = (...marks) => unit.entries(...marks);
const cand = candidateId;

async function phoneBallot(ballots: Entry[]) {
  const body = {
    link_id: vt.link.link_id,
    voter_identifier: newVoter(),
    submission_id: randomUUID(),
    ballots,
  };
  const res = await submit(w.ctx.app, body);
  expect(res.statusCode, res.body).toBe(201);
  // The receipt's codes too (its 回执码 and ids), not its small numbers or the day.
  const receipt = Object.values(res.json<Record<string, unknown>>()).filter(
    (v): v is string => typeof v === 'string' && v.length >= 8 && !/^\d{4}-\d{2}-\d{2}$/.test(v),
  );
  held.push(body.voter_identifier, body.submission_id, ...receipt);
}

async function talkRecord(key: string, ballots: Entry[]) {
  const res = await api().call('POST', `/vote-types/${vt.talk.id}/paper/sheets`, { key, ballots });
  expect(res.statusCode, res.body).toBe(201);
}

/** Everything the records routes answer for the unit, as text. */
async function recordReads(one?: { id: number; voter: string }) {
  const q = `company_id=${companyId}`;
  const urls = [
    `/recommendation-votes/?${q}&limit=200`,
    `/recommendation-votes/count?${q}`,
    `/recommendation-votes/voter-results?${q}&limit=200`,
    `/recommendation-votes/voter-results/count?${q}`,
    ...(one ? [`/recommendation-votes/${one.id}`, `/recommendation-votes/by-voter/${one.voter}?${q}`] : []),
  ];
  const out: string[] = [];
  for (const url of urls) {
    const res = await api().call('GET', url);
    out.push(`${url} ${res.statusCode} ${res.body}`);
  }
  return out;
}

beforeAll(async () => {
  companyId = (await createCompany(w.ctx.app, w.token, '推荐记录单位')).id;
  unit = await recommendationUnit(w.ctx.app, () => w.token, companyId, [
    { name: '王芳' },
    { name: '李强' },
    { name: '张伟' },
  ]);
  ({ deputy, chief } = unit);
  vt.link = await unit.voteType('中层干部', { expected_voters: 8 });
  vt.talk = await unit.voteType('谈话调研', { recommendation_mode: 'talk', expected_voters: 5 });
  // Five phone ballots: choices and a write-in, an abstained post, one of each kind.
  const [wang, li, zhang] = ['王芳', '李强', '张伟'].map((n) => cand(deputy, n));
  await phoneBallot(entries([wang!, li!], [], [cand(chief, '陈静')]));
  await phoneBallot(entries([zhang!], ['孙丽'], [cand(chief, '刘洋')]));
  await phoneBallot(entries([], [], [cand(chief, '陈静')]));
  await phoneBallot(entries([li!], [], []));
  await phoneBallot(entries([wang!], [], [cand(chief, '陈静')]));
  // Two 谈话调研推荐 records: the first over-marks 副总经理 (无效 for that post only).
  await talkRecord('1', entries([wang!, li!, zhang!], [], [cand(chief, '刘洋')]));
  await talkRecord('2', entries([li!], [], [cand(chief, '陈静')]));
}, 120_000);

describe('while the vote runs', () => {
  it('lists no ballot of an open vote type, and one more ballot changes no record read', async () => {
    const [row] = await rowsOf<{ id: number; voter_key: string }>(
      w.ctx.database.db,
      sql`SELECT id, voter_key FROM recommendation_votes WHERE vote_type_id = ${vt.link.id} LIMIT 1`,
    );
    const one = { id: Number(row!.id), voter: row!.voter_key };
    const before = await recordReads(one);
    expect(before[0]).toContain('"total":0');
    expect(before[1]).toContain('{"count":0}');
    // One by one: 404 by the table's code, as if there were none.
    const detail = await api().call('GET', `/recommendation-votes/${one.id}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json()).toMatchObject({ code: 'RECEIPT_RECORD_NOT_FOUND', detail: '投票记录不存在' });
    const byVoter = await api().call(
      'GET',
      `/recommendation-votes/by-voter/${one.voter}?company_id=${companyId}`,
    );
    expect(byVoter.json()).toMatchObject({ code: 'VOTER_RECORDS_NOT_FOUND' });
    await phoneBallot(entries([cand(deputy, '张伟')], [], []));
    expect(await recordReads(one)).toEqual(before);
  });

  it('shows the meeting screen counts only: ballots against 应到, no QR code or link for 谈话调研推荐', async () => {
    const board = await get<MeetingBoard>(`/meeting/${companyId}`);
    const link = board.vote_types.find((v) => v.vote_type_id === vt.link.id)!;
    const talk = board.vote_types.find((v) => v.vote_type_id === vt.talk.id)!;
    expect(link).toMatchObject({
      form_category: 'democratic_recommendation',
      recommendation_mode: 'meeting',
      count_stage: 'voting',
      voted: 6,
      expected: 8,
      share: 75,
      vote_url: `https://kp.example.cn/vote/type/${vt.link.link_id}`,
    });
    expect(link.qr_svg).toContain('<svg');
    expect(talk).toMatchObject({
      recommendation_mode: 'talk',
      voted: 2,
      expected: 5,
      share: 40,
      vote_url: null,
      qr_svg: null,
    });
    // No figure about anyone: no candidate or written-in name anywhere on the board.
    const text = JSON.stringify(board);
    for (const name of ['王芳', '李强', '张伟', '陈静', '刘洋', '孙丽', '副总经理'])
      expect(text).not.toContain(name);
    expect(board.summary).toBeNull();
  });
});

describe('after 结束投票', () => {
  beforeAll(async () => {
    for (const v of [vt.link, vt.talk]) expect((await api().close(v.id)).statusCode).toBe(200);
  });

  it('lists each ballot post by post with the names recommended, 另提名, 弃权 and 无效', async () => {
    const page = await get<Page>(`/recommendation-votes/?company_id=${companyId}&limit=200`);
    // 8 ballots × 2 posts.
    expect(page.total).toBe(16);
    // By the 随机编号 (newest-first default: descending), each ballot's posts in the posts' order.
    const keys = page.items.map((i) => i.voter_key);
    expect(keys).toEqual([...keys].sort().reverse());
    for (let i = 0; i < 16; i += 2) {
      expect(page.items[i]!.voter_key).toBe(page.items[i + 1]!.voter_key);
      expect([page.items[i]!.post_name, page.items[i + 1]!.post_name]).toEqual(['副总经理', '总会计师']);
    }
    const deputyRows = page.items.filter((i) => i.post_id === deputy.id);
    const written = deputyRows.find((i) => i.write_ins.length > 0)!;
    expect(written).toMatchObject({ status: 'valid', write_ins: ['孙丽'], source: 'online' });
    expect(written.choices.map((c) => c.name)).toEqual(['张伟']);
    // Two chosen: named in the list's order.
    expect(deputyRows.some((i) => i.choices.map((c) => c.name).join() === '王芳,李强')).toBe(true);
    expect(deputyRows.filter((i) => i.status === 'abstained')).toHaveLength(1);
    const invalid = deputyRows.filter((i) => i.status === 'invalid');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]).toMatchObject({ source: 'paper', vote_type_name: '谈话调研' });
    expect(page.items.every((i) => /^\d{4}-\d{2}-\d{2}$/.test(i.voted_on))).toBe(true);
  });

  it('pages on the server and filters by post, status, source, vote type and 随机编号', async () => {
    const q = `company_id=${companyId}`;
    const all = await get<Page>(`/recommendation-votes/?${q}&limit=200&order=asc`);
    const first = await get<Page>(`/recommendation-votes/?${q}&limit=5&order=asc`);
    const second = await get<Page>(`/recommendation-votes/?${q}&limit=5&skip=5&order=asc`);
    expect(first.total).toBe(16);
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(
      all.items.slice(0, 10).map((i) => i.id),
    );
    const chiefOnly = await get<Page>(`/recommendation-votes/?${q}&post_id=${chief.id}`);
    expect(chiefOnly.total).toBe(8);
    expect(chiefOnly.items.every((i) => i.post_name === '总会计师')).toBe(true);
    const abstained = await get<Page>(`/recommendation-votes/?${q}&status=abstained`);
    // 副总经理 left empty once; 总会计师 twice (two phone ballots chose nobody there).
    expect(abstained.total).toBe(3);
    expect(abstained.items.every((i) => i.choices.length === 0 && i.write_ins.length === 0)).toBe(true);
    expect((await get<Page>(`/recommendation-votes/?${q}&status=invalid`)).total).toBe(1);
    const paper = await get<Page>(`/recommendation-votes/?${q}&source=paper`);
    expect(paper.total).toBe(4);
    expect(paper.items.every((i) => i.vote_type_id === vt.talk.id)).toBe(true);
    expect((await get<Page>(`/recommendation-votes/?${q}&vote_type_id=${vt.link.id}`)).total).toBe(12);
    const count = await get<{ count: number }>(
      `/recommendation-votes/count?${q}&post_id=${deputy.id}&status=valid`,
    );
    expect(count.count).toBe(6);
    const key = all.items[0]!.voter_key;
    const mine = await get<Page>(`/recommendation-votes/?${q}&voter_key=${key.toLowerCase()}`);
    expect(mine.items.map((i) => i.voter_key)).toEqual([key, key]);
  });

  it('refuses a filter it cannot read with a Chinese message and the code of the table', async () => {
    const bad = await api().call('GET', `/recommendation-votes/?company_id=${companyId}&status=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PARAMS');
    expect(bad.json().detail).toContain('状态只能是 valid、abstained 或 invalid');
    const missing = await api().call('GET', `/recommendation-votes/987654321`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('RECEIPT_RECORD_NOT_FOUND');
  });

  it('shows a whole ballot by its 随机编号, one row per ballot per voter, and nothing a voter held', async () => {
    const q = `company_id=${companyId}`;
    const voters = await get<{ items: VoterResult[]; total: number }>(
      `/recommendation-votes/voter-results?${q}&limit=200`,
    );
    expect(voters.total).toBe(8);
    expect(
      voters.items.every((v) => v.form_category === 'democratic_recommendation' && v.ballot_count === 2),
    ).toBe(true);
    const written = (await get<Page>(`/recommendation-votes/?${q}&limit=200`)).items.find(
      (i) => i.write_ins.length,
    )!;
    const whole = await get<RecommendationVoterBallots>(
      `/recommendation-votes/by-voter/${written.voter_key}?${q}`,
    );
    expect(whole.ballots.map((b) => [b.post_name, b.choices.map((c) => c.name), b.write_ins])).toEqual([
      ['副总经理', ['张伟'], ['孙丽']],
      ['总会计师', ['刘洋'], []],
    ]);
    const one = await get<RecommendationVoteRecord>(`/recommendation-votes/${written.id}`);
    expect(one).toEqual(written);
    const everything = (await recordReads({ id: written.id, voter: written.voter_key })).join('\n');
    for (const secret of held) expect(everything).not.toContain(secret);
    expect(everything).not.toMatch(/submission_id|voter_identifier|T\d{2}:\d{2}/);
  });

  it('deletes a ballot by its 随机编号 (system admin, with a reason, audited): its rows leave the records', async () => {
    const q = `company_id=${companyId}`;
    const key = (await get<Page>(`/recommendation-votes/?${q}&vote_type_id=${vt.link.id}`)).items[0]!
      .voter_key;
    const res = await w.ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/recommendation-votes/voter/${key}?${q}&vote_type_id=${vt.link.id}&reason=${encodeURIComponent('重复投票')}`,
      headers: bearer(w.elevated),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ voter_key: key, deleted_ballots: 2, is_test: false });
    expect((await get<Page>(`/recommendation-votes/?${q}`)).total).toBe(14);
    const [audit] = await rowsOf<{ action: string; detail: { form_category: string; voter_key: string } }>(
      w.ctx.database.db,
      sql`SELECT action, detail FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({
      action: 'votes.voter.delete',
      detail: { form_category: 'democratic_recommendation', voter_key: key },
    });
  });

  it('shows the meeting screen step and final counts once ended', async () => {
    const board = await get<MeetingBoard>(`/meeting/${companyId}`);
    const link = board.vote_types.find((v) => v.vote_type_id === vt.link.id)!;
    expect(link).toMatchObject({ count_stage: 'counting', status: 'closed', voted: 5, deleted_ballots: 1 });
    expect(board.summary).toBeNull();
  });
});
