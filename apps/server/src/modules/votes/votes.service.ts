import type { VoteFilterQuery, VoteListQuery, VoteRecord } from '@kaoping/contracts/results';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { PollRow } from '../polls/polls.repository';
import * as repo from './votes.repository';
import { voterSubmissions } from './voters.service';

export function mapVote({
  vote: v,
  voteTypeName,
  targetName,
  targetType,
  targetTitle,
}: repo.VoteRecordRow): VoteRecord {
  return {
    id: v.id,
    submission_id: v.submissionId,
    company_id: v.companyId,
    vote_type_id: v.voteTypeId,
    vote_type_name: voteTypeName,
    poll_id: v.pollId,
    target_id: v.targetId,
    target_name: targetName,
    target_type: targetType === 'company' || targetType === 'person' ? targetType : null,
    target_title: targetTitle,
    voter_identifier: v.voterIdentifier,
    score: v.score,
    answers: v.answers as Record<string, unknown>,
    created_at: v.createdAt.toISOString(),
  };
}

export function mapPollForm(row: PollRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    target_type: row.targetType as 'company' | 'person' | 'cadre' | 'newly_promoted',
    form_schema: row.formSchema as Record<string, unknown>,
  };
}

export async function listVotes(db: Db, query: VoteListQuery) {
  const where = repo.voteWhere(query);
  const [rows, total] = await Promise.all([
    repo.listVotes(db, where, {
      skip: query.skip,
      limit: query.limit,
      sortBy: query.sort_by,
      order: query.order,
    }),
    repo.countVotes(db, where),
  ]);
  return { items: rows.map(mapVote), total };
}

export async function countVotes(db: Db, filter: VoteFilterQuery) {
  return { count: await repo.countVotes(db, repo.voteWhere(filter)) };
}

/** One ballot with its poll, so the page can show it as the voter saw it (read-only). */
export async function getVote(db: Db, id: number) {
  const row = await repo.findVote(db, id);
  if (!row) throw notFound('投票记录不存在');
  const [poll] = await repo.pollsByIds(db, [row.vote.pollId]);
  return { ...mapVote(row), poll: poll ? mapPollForm(poll) : null };
}

/** Every appraisal ballot of a voter in a company (or one vote type), with the polls they answer. */
export async function votesByVoter(db: Db, voter: string, scope: { companyId: number; voteTypeId?: number }) {
  const submissions = await voterSubmissions(db, 'democratic_appraisal', voter, scope);
  const rows = await repo.votesOfSubmissions(
    db,
    submissions.map((s) => s.submission_id),
  );
  const polls = await repo.pollsByIds(db, [...new Set(rows.map((r) => r.vote.pollId))]);
  return {
    voter_identifier: voter,
    submissions,
    ballots: rows.map(mapVote),
    polls: polls.map(mapPollForm),
  };
}
