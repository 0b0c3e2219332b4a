import type { VoteFilterQuery, VoteListQuery, VoteRecord } from '@kaoping/contracts/records';
import * as repo from '../ballots/votes.repository';
import { mapBallotRecord, type RecordSource } from './ballot-records';

export function mapVote({
  vote: v,
  voteTypeName,
  targetName,
  targetType,
  targetTitle,
  source,
}: repo.VoteRecordRow): VoteRecord {
  return {
    ...mapBallotRecord(v, voteTypeName, source),
    target_id: v.targetId,
    target_name: targetName,
    target_type: targetType === 'company' || targetType === 'person' ? targetType : null,
    target_title: targetTitle,
    score: v.score,
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
