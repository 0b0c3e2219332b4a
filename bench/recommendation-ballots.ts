// The 民主推荐 unit of bench/recommendation.ts: 5 推荐职位 with 8 参考人选 each (40 in all) set up through the
// admin API beside the 民主测评 company of ballots-server.ts, and realistic random ballots for it (most
// voters fill the seats, some leave a post empty, a few write a name in), kept for the recount.
import { randomUUID } from 'node:crypto';
import {
  nameKey,
  type PublicRecommendationPost,
  type RecommendationBallotEntry,
} from '../packages/contracts/src/recommendation-rules';
import { call, type BenchCompany } from './ballots-server';
import { newVoter } from './ballots-bodies';

/** 职数, 最多推荐人数 and 另提名栏 of the five posts: a realistic 会议推荐 before a round of promotions. */
const POSTS = [
  { name: '副总经理', seats: 2, max_choices: 2, write_in_slots: 1, order: 'typed' },
  { name: '总经理助理', seats: 1, max_choices: 1, write_in_slots: 1, order: 'typed' },
  { name: '总会计师', seats: 1, max_choices: 1, write_in_slots: 0, order: 'typed' },
  { name: '职能部门正职', seats: 3, max_choices: 3, write_in_slots: 2, order: 'surname_strokes' },
  { name: '职能部门副职', seats: 3, max_choices: 3, write_in_slots: 2, order: 'surname_strokes' },
] as const;
const CANDIDATES_PER_POST = 8;

const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕';
const GIVEN = [
  '建华',
  '志强',
  '秀英',
  '海涛',
  '丽娟',
  '国庆',
  '晓东',
  '文博',
  '春燕',
  '德明',
  '卫东',
  '玉兰',
];

/** `count` distinct names, surname i with given name j in a fixed walk (no two alike). */
function names(count: number, offset: number): string[] {
  return Array.from({ length: count }, (_, k) => {
    const i = k + offset;
    return `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 7) % GIVEN.length]}`;
  });
}

export interface RecommendationUnit {
  voteTypeId: number;
  linkId: string;
  /** The active posts as the voter sees them (ids, rules, candidates in the post's order). */
  posts: PublicRecommendationPost[];
}

/** A vote type of the company in link mode, open and formal (not 试投票); 民主推荐 ones are 会议推荐. */
export async function addVoteType(
  company: BenchCompany,
  name: string,
  family: 'democratic_appraisal' | 'democratic_recommendation',
) {
  const voteType = await call<{ id: number; link_id: string; test_mode: boolean; status: string }>(
    `${company.adminUrl}/vote-types/`,
    'POST',
    company.token,
    {
      company_id: company.companyId,
      name,
      form_category: family,
      ...(family === 'democratic_recommendation' ? { recommendation_mode: 'meeting' } : {}),
    },
  );
  if (voteType.test_mode || voteType.status !== 'open')
    throw new Error(`vote type ${name}: ${voteType.status}${voteType.test_mode ? ', test mode' : ''}`);
  return { voteTypeId: voteType.id, linkId: voteType.link_id };
}

/** The five posts (40 candidates) and a 会议推荐 vote type of the company, open and formal, via the admin API. */
export async function setUpRecommendation(url: string, company: BenchCompany): Promise<RecommendationUnit> {
  const { adminUrl: api, token, companyId } = company;
  const all = names(POSTS.length * CANDIDATES_PER_POST, 0);
  for (const [i, p] of POSTS.entries()) {
    const list = all.slice(i * CANDIDATES_PER_POST, (i + 1) * CANDIDATES_PER_POST);
    await call(`${api}/recommendation-posts`, 'POST', token, {
      company_id: companyId,
      name: p.name,
      seats: p.seats,
      max_choices: p.max_choices,
      write_in_slots: p.write_in_slots,
      candidate_order: p.order,
      candidates: list.map((name, k) => ({
        name,
        current_position: `${p.name === '总会计师' ? '财务部' : '综合管理部'}${k % 2 ? '副' : ''}主任`,
        birth_date: `19${75 + ((i * 3 + k) % 15)}.0${1 + (k % 9)}`,
      })),
    });
  }
  const voteType = await addVoteType(company, '推荐大会全体参会人员', 'democratic_recommendation');
  const view = await call<{ posts: PublicRecommendationPost[] }>(
    `${url}/api/v1/public/polls/vote-type/${voteType.linkId}`,
    'GET',
    null,
  );
  const candidates = view.posts.reduce((n, p) => n + p.candidates.length, 0);
  if (view.posts.length !== POSTS.length || candidates !== POSTS.length * CANDIDATES_PER_POST)
    throw new Error(`the voter sees ${view.posts.length} posts and ${candidates} candidates`);
  return { ...voteType, posts: view.posts };
}

/** Names written in (另提名) on a post: people not on its list, a few of them written by many voters. */
function writeInPool(post: PublicRecommendationPost): string[] {
  const listed = new Set(post.candidates.map((c) => nameKey(c.name)));
  return names(60, 200 + post.id).filter((n) => !listed.has(nameKey(n)));
}

/** `k` of `items` without repetition, each draw weighted by `weight` (the front runners are picked more). */
function weightedPick<T>(items: readonly T[], weight: (i: number) => number, k: number): T[] {
  const left = items.map((item, i) => ({ item, w: weight(i) }));
  const out: T[] = [];
  while (out.length < k && left.length) {
    let r = Math.random() * left.reduce((s, x) => s + x.w, 0);
    const i = Math.max(
      0,
      left.findIndex((x) => (r -= x.w) < 0),
    );
    out.push(left.splice(i, 1)[0]!.item);
  }
  return out;
}

/**
 * One voter's valid ballot: per post 6 % leave it empty (弃权), 75 % of the others recommend as many as
 * allowed, the rest fewer; where the post has 另提名栏, 8 % write one name in (a fifth of those two, where
 * two slots allow), out of a pool where the first names are the usual ones.
 */
export function randomRecommendation(
  posts: readonly PublicRecommendationPost[],
): RecommendationBallotEntry[] {
  return posts.map((post) => {
    if (Math.random() < 0.06) return { post_id: post.id, answers: { choices: [], write_ins: [] } };
    const max = post.max_choices;
    const k = max === 1 || Math.random() < 0.75 ? max : 1 + Math.floor(Math.random() * (max - 1));
    let writes = post.write_in_slots > 0 && Math.random() < 0.08 ? 1 : 0;
    if (writes && post.write_in_slots > 1 && k > 1 && Math.random() < 0.2) writes = 2;
    writes = Math.min(writes, k);
    // Popularity follows the list's order turned round by the post's id, so no post's favourite is simply first.
    const n = post.candidates.length;
    const popularity = (i: number) => 1 / (1 + ((i + post.id) % n)) ** 0.9;
    const choices = weightedPick(post.candidates, popularity, k - writes).map((c) => c.id);
    const write_ins = weightedPick(writeInPool(post), (i) => 1 / (1 + i) ** 1.5, writes);
    return { post_id: post.id, answers: { choices, write_ins } };
  });
}

/** `voters` submission bodies of the vote type (a new voter and submission id each) and their ballots. */
export function recommendationBodies(unit: RecommendationUnit, voters: number) {
  const ballots = Array.from({ length: voters }, () => randomRecommendation(unit.posts));
  const bodies = ballots.map((b) =>
    JSON.stringify({
      link_id: unit.linkId,
      voter_identifier: newVoter(),
      submission_id: randomUUID(),
      ballots: b,
    }),
  );
  return { ballots, bodies };
}
