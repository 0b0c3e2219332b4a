import type { VoteFilterQuery } from '@kaoping/contracts/records';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roundWhere, sourceIs } from './round-where';
import { revealedSql } from './sealed-while-open';
import { submissions, voteTargets, voteTypes, votes } from '../../db/schema';

/** The WHERE of a records filter; every field optional. Never a ballot of a vote type still open. */
export function voteWhere(f: VoteFilterQuery): SQL | undefined {
  return and(
    revealedSql('votes'),
    f.company_id === undefined ? undefined : eq(votes.companyId, f.company_id),
    roundWhere(votes.roundId, f.round_id),
    f.vote_type_id === undefined ? undefined : eq(votes.voteTypeId, f.vote_type_id),
    f.target_id === undefined ? undefined : eq(votes.targetId, f.target_id),
    f.voter_key === undefined ? undefined : eq(votes.voterKey, f.voter_key),
    f.source === undefined ? undefined : sourceIs(votes.submissionId, f.source),
  );
}

const recordColumns = {
  vote: votes,
  voteTypeName: voteTypes.name,
  targetName: voteTargets.name,
  targetType: voteTargets.type,
  targetTitle: voteTargets.title,
  source: submissions.source,
};

function selectRecords(db: Db) {
  return db
    .select(recordColumns)
    .from(votes)
    .leftJoin(voteTypes, eq(voteTypes.id, votes.voteTypeId))
    .leftJoin(voteTargets, eq(voteTargets.id, votes.targetId))
    .leftJoin(submissions, eq(submissions.id, votes.submissionId));
}
export type VoteRecordRow = NonNullable<Awaited<ReturnType<typeof findVote>>>;

export async function listVotes(
  db: Db,
  where: SQL | undefined,
  page: { skip: number; limit: number; sortBy: 'voter_key' | 'score'; order: 'asc' | 'desc' },
) {
  const dir = page.order === 'asc' ? asc : desc;
  // By the 随机编号 (a ballot's rows together, in the roster's order) or by score: never in the order of
  // arrival (issue 26). The id (random) breaks ties, so a page boundary never shows a row twice or skips one.
  const orderBy =
    page.sortBy === 'score'
      ? [dir(votes.score), dir(votes.voterKey), dir(votes.id)]
      : [dir(votes.voterKey), asc(voteTargets.sortOrder), asc(votes.targetId), asc(votes.id)];
  return selectRecords(db)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.limit)
    .offset(page.skip);
}

export async function countVotes(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(votes).where(where);
  return row?.n ?? 0;
}

export async function findVote(db: Db, id: number) {
  const [row] = await selectRecords(db).where(and(eq(votes.id, id), revealedSql('votes')));
  return row;
}

/** The ballots of some submissions, by 随机编号 and in target order. */
export async function votesOfSubmissions(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  return selectRecords(db)
    .where(and(inArray(votes.submissionId, submissionIds), revealedSql('votes')))
    .orderBy(asc(votes.voterKey), asc(voteTargets.sortOrder), asc(votes.id));
}

/** True when at least one stored ballot scores this target. */
export async function targetHasVotes(db: Db, targetId: number) {
  const [row] = await db.select({ id: votes.id }).from(votes).where(eq(votes.targetId, targetId)).limit(1);
  return !!row;
}

/** The formal answers of one scoring poll through one vote type, by their random ids (not arrival). */
export async function listScoringAnswers(db: Db, pollId: number, voteTypeId: number) {
  return db
    .select({ submissionId: votes.submissionId, targetId: votes.targetId, answers: votes.answers })
    .from(votes)
    .where(
      and(
        eq(votes.pollId, pollId),
        eq(votes.voteTypeId, voteTypeId),
        eq(votes.isTest, false),
        revealedSql('votes'),
      ),
    )
    .orderBy(asc(votes.id));
}
