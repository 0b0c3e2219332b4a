import type { VoteFilterQuery, VoteListQuery, VoteRecord } from '@kaoping/contracts/records';
import * as repo from '../ballots/votes.repository';
import type { RecordSource } from './ballot-records';

export function mapVote({
  vote: v,
  voteTypeName,
  targetName,
  targetType,
  targetTitle,
  source,
}: repo.VoteRecordRow): VoteRecord {
  return {
    id: v.id,
    submission_id: v.submissionId,
    is_test: v.isTest,
    company_id: v.companyId,
    vote_type_id: v.voteTypeId,
    vote_type_name: voteTypeName,
    poll_id: v.pollId,
    target_id: v.targetId,
    target_name: targetName,
    target_type: targetType === 'company' || targetType === 'person' ? targetType : null,
    target_title: targetTitle,
    voter_identifier: v.voterIdentifier,
    source: source === 'paper' ? 'paper' : 'online',
    score: v.score,
    answers: v.answers as Record<string, unknown>,
    created_at: v.createdAt.toISOString(),
  };
}

/** The appraisal family's ballot records (民主测评): one row per voter and target. */
export const appraisalRecords: RecordSource<
  repo.VoteRecordRow,
  VoteFilterQuery,
  VoteListQuery,
  VoteRecord,
  Record<never, never>
> = {
  family: 'democratic_appraisal',
  where: repo.voteWhere,
  list: (db, where, q) =>
    repo.listVotes(db, where, { skip: q.skip, limit: q.limit, sortBy: q.sort_by, order: q.order }),
  count: repo.countVotes,
  find: repo.findVote,
  ofSubmissions: repo.votesOfSubmissions,
  map: mapVote,
  extras: async () => ({}),
};
