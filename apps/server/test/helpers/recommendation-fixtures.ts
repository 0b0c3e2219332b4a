// The 民主推荐 unit the recommendation test files share: two posts, 副总经理 (2 seats, 3 candidates, one
// 另提名 box) and 总会计师 (1 seat: 陈静, 刘洋), made through the admin API, and ballots over both.
import { expect } from 'vitest';
import type { RecommendationPost } from '@kaoping/contracts/recommendation';
import type { App } from '../../src/app';
import { createVoteType } from './factories';
import { adminCalls } from './vote-control';

/** One post's ballot: the candidates chosen and the names written in. */
export type RecommendationEntry = { post_id: number; answers: { choices: number[]; write_ins: string[] } };

export interface RecommendationUnit {
  deputy: RecommendationPost;
  chief: RecommendationPost;
  /** A ballot over both posts: 副总经理's choices and write-ins, then 总会计师's choices. */
  entries(deputyChoices: number[], deputyWriteIns: string[], chiefChoices: number[]): RecommendationEntry[];
  /** A 民主推荐 vote type of the unit. */
  voteType(name: string, fields?: object): Promise<{ id: number; link_id: string }>;
}

/** The candidate of that name on the post. */
export const candidateId = (post: RecommendationPost, name: string) =>
  post.candidates.find((c) => c.name === name)!.id;

/**
 * Adds the two posts to the unit. `deputyCandidates` are 副总经理's three candidates, in order (a file
 * may give one a position and a birth date, which the documents print).
 */
export async function recommendationUnit(
  app: App,
  token: () => string,
  companyId: number,
  deputyCandidates: { name: string; current_position?: string; birth_date?: string }[],
): Promise<RecommendationUnit> {
  const api = adminCalls(app, token);
  const post = async (body: object) => {
    const res = await api.call('POST', '/recommendation-posts/', { company_id: companyId, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RecommendationPost>();
  };
  const deputy = await post({ name: '副总经理', seats: 2, write_in_slots: 1, candidates: deputyCandidates });
  const chief = await post({ name: '总会计师', seats: 1, candidates: [{ name: '陈静' }, { name: '刘洋' }] });
  return {
    deputy,
    chief,
    entries: (d, dw, c) => [
      { post_id: deputy.id, answers: { choices: d, write_ins: dw } },
      { post_id: chief.id, answers: { choices: c, write_ins: [] } },
    ],
    voteType: (name, fields = {}) =>
      createVoteType(app, token(), companyId, {
        name,
        form_category: 'democratic_recommendation',
        ...fields,
      }),
  };
}
