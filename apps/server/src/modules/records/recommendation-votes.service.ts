import type {
  RecommendationVoteFilterQuery,
  RecommendationVoteListQuery,
  RecommendationVoteRecord,
} from '@kaoping/contracts/records';
import * as repo from '../ballots/recommendation-records.repository';
import type { RecordSource } from './ballot-records';

/** The stored row as a record: the 随机编号, never the voter's identifier, the submission id or a time. */
export function mapRecommendationVote({
  vote: v,
  voteTypeName,
  source,
  postName,
  chosen,
}: repo.RecommendationVoteRow): RecommendationVoteRecord {
  const answers = v.answers as { write_ins?: string[] };
  // A json value read back as text on some drivers: parse it then.
  const names = typeof chosen === 'string' ? (JSON.parse(chosen) as { id: number; name: string }[]) : chosen;
  return {
    id: v.id,
    voter_key: v.voterKey,
    is_test: v.isTest,
    company_id: v.companyId,
    vote_type_id: v.voteTypeId,
    vote_type_name: voteTypeName,
    source: source === 'paper' ? 'paper' : 'online',
    voted_on: v.createdAt,
    post_id: v.postId,
    post_name: postName,
    status: v.status === 'abstained' || v.status === 'invalid' ? v.status : 'valid',
    choices: names.map((c) => ({ candidate_id: Number(c.id), name: c.name })),
    write_ins: answers.write_ins ?? [],
  };
}

/** The 民主推荐 family's ballot records: one row per ballot (随机编号) and post, naming whom it recommended. */
export const recommendationRecords: RecordSource<
  repo.RecommendationVoteRow,
  RecommendationVoteFilterQuery,
  RecommendationVoteListQuery,
  RecommendationVoteRecord,
  Record<never, never>
> = {
  family: 'democratic_recommendation',
  where: repo.recommendationVoteWhere,
  list: (db, where, q) =>
    repo.listRecommendationVotes(db, where, { skip: q.skip, limit: q.limit, order: q.order }),
  count: repo.countRecommendationVotes,
  find: repo.findRecommendationVote,
  ofSubmissions: repo.recommendationVotesOfSubmissions,
  map: mapRecommendationVote,
  extras: async () => ({}),
  polls: false,
};
