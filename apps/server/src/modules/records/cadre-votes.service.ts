import type { CadreVoteFilterQuery, CadreVoteListQuery, CadreVoteRecord } from '@kaoping/contracts/records';
import type { Db } from '../../db/client';
import * as repo from '../ballots/cadre-votes.repository';
import {
  findSubjectsByIds,
  type EvaluationSubjectRow,
} from '../evaluation-subjects/evaluation-subjects.repository';
import { subjectIdsIn } from '../evaluation-subjects/evaluation-subjects.service';
import { mapBallotRecord, type RecordSource } from './ballot-records';

export function mapCadreVote({ vote: v, voteTypeName, source }: repo.CadreVoteRecordRow): CadreVoteRecord {
  return {
    ...mapBallotRecord(v, voteTypeName, source),
    poll_kind: v.pollKind === 'newly_promoted' ? 'newly_promoted' : 'cadre',
  };
}

const mapSubject = (s: EvaluationSubjectRow) => ({
  id: s.id,
  name: s.name,
  birth_date: s.birthDate,
  previous_position: s.previousPosition,
  current_position: s.currentPosition,
});

/** The subjects named in some newly promoted ballots, for showing them read-only. */
async function subjectsOf(db: Db, roundId: number, rows: repo.CadreVoteRecordRow[]) {
  const answers = rows.filter((r) => r.vote.pollKind === 'newly_promoted').map((r) => r.vote.answers);
  return (await findSubjectsByIds(db, roundId, subjectIdsIn(answers))).map(mapSubject);
}

/** The evaluation family's ballot records (民主评议): one row per voter and poll, naming its subjects. */
export const evaluationRecords: RecordSource<
  repo.CadreVoteRecordRow,
  CadreVoteFilterQuery,
  CadreVoteListQuery,
  CadreVoteRecord,
  { subjects: ReturnType<typeof mapSubject>[] }
> = {
  family: 'democratic_evaluation',
  where: repo.cadreVoteWhere,
  list: (db, where, q) => repo.listCadreVotes(db, where, { skip: q.skip, limit: q.limit, order: q.order }),
  count: repo.countCadreVotes,
  find: repo.findCadreVote,
  ofSubmissions: repo.cadreVotesOfSubmissions,
  map: mapCadreVote,
  extras: async (db, roundId, rows) => ({ subjects: await subjectsOf(db, roundId, rows) }),
};
