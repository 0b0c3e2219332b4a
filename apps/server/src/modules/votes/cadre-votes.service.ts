import type { CadreVoteFilterQuery, CadreVoteListQuery, CadreVoteRecord } from '@kaoping/contracts/results';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { EvaluationSubjectRow } from '../evaluation-subjects/evaluation-subjects.repository';
import * as repo from './cadre-votes.repository';
import { pollsByIds } from './votes.repository';
import { mapPollForm } from './votes.service';
import { voterSubmissions } from './voters.service';

export function mapCadreVote({ vote: v, voteTypeName }: repo.CadreVoteRecordRow): CadreVoteRecord {
  return {
    id: v.id,
    submission_id: v.submissionId,
    company_id: v.companyId,
    vote_type_id: v.voteTypeId,
    vote_type_name: voteTypeName,
    poll_id: v.pollId,
    poll_kind: v.pollKind === 'newly_promoted' ? 'newly_promoted' : 'cadre',
    voter_identifier: v.voterIdentifier,
    answers: v.answers as Record<string, unknown>,
    created_at: v.createdAt.toISOString(),
  };
}

const mapSubject = (s: EvaluationSubjectRow) => ({
  id: s.id,
  name: s.name,
  birth_date: s.birthDate,
  previous_position: s.previousPosition,
  current_position: s.currentPosition,
});

/** Subject ids named by `subject_{id}` keys of newly promoted answers. */
export function subjectIdsIn(answers: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const a of answers) {
    for (const key of Object.keys((a ?? {}) as object)) {
      const m = /^subject_(\d+)$/.exec(key);
      if (m) ids.add(Number(m[1]));
    }
  }
  return [...ids];
}

/** The subjects named in some newly promoted ballots, for showing them read-only. */
async function subjectsOf(db: Db, companyId: number, rows: repo.CadreVoteRecordRow[]) {
  const answers = rows.filter((r) => r.vote.pollKind === 'newly_promoted').map((r) => r.vote.answers);
  return (await repo.subjectsByIds(db, companyId, subjectIdsIn(answers))).map(mapSubject);
}

export async function listCadreVotes(db: Db, query: CadreVoteListQuery) {
  const where = repo.cadreVoteWhere(query);
  const [rows, total] = await Promise.all([
    repo.listCadreVotes(db, where, { skip: query.skip, limit: query.limit, order: query.order }),
    repo.countCadreVotes(db, where),
  ]);
  return { items: rows.map(mapCadreVote), total };
}

export async function countCadreVotes(db: Db, filter: CadreVoteFilterQuery) {
  return { count: await repo.countCadreVotes(db, repo.cadreVoteWhere(filter)) };
}

/** One evaluation ballot with its poll and the subjects it names (read-only view). */
export async function getCadreVote(db: Db, id: number) {
  const row = await repo.findCadreVote(db, id);
  if (!row) throw notFound('投票记录不存在');
  const [poll] = await pollsByIds(db, [row.vote.pollId]);
  return {
    ...mapCadreVote(row),
    poll: poll ? mapPollForm(poll) : null,
    subjects: await subjectsOf(db, row.vote.companyId, [row]),
  };
}

/** Every evaluation ballot of a voter in a company (or one vote type), with polls and subjects. */
export async function cadreVotesByVoter(
  db: Db,
  voter: string,
  scope: { companyId: number; voteTypeId?: number },
) {
  const submissions = await voterSubmissions(db, 'democratic_evaluation', voter, scope);
  const rows = await repo.cadreVotesOfSubmissions(
    db,
    submissions.map((s) => s.submission_id),
  );
  const polls = await pollsByIds(db, [...new Set(rows.map((r) => r.vote.pollId))]);
  return {
    voter_identifier: voter,
    submissions,
    ballots: rows.map(mapCadreVote),
    polls: polls.map(mapPollForm),
    subjects: await subjectsOf(db, scope.companyId, rows),
  };
}
