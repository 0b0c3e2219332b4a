import type { CadreVoteFilterQuery } from '@kaoping/contracts/records';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roundWhere, sourceIs } from './round-where';
import { revealedSql } from './sealed-while-open';
import { cadreVotes, submissions, voteTypes } from '../../db/schema';

/** The WHERE of an evaluation records filter; every field optional. Never a ballot of a vote type still open. */
export function cadreVoteWhere(f: CadreVoteFilterQuery): SQL | undefined {
  return and(
    revealedSql('cadre_votes'),
    f.company_id === undefined ? undefined : eq(cadreVotes.companyId, f.company_id),
    roundWhere(cadreVotes.roundId, f.round_id),
    f.vote_type_id === undefined ? undefined : eq(cadreVotes.voteTypeId, f.vote_type_id),
    f.poll_kind === undefined ? undefined : eq(cadreVotes.pollKind, f.poll_kind),
    f.voter_key === undefined ? undefined : eq(cadreVotes.voterKey, f.voter_key),
    f.source === undefined ? undefined : sourceIs(cadreVotes.submissionId, f.source),
  );
}

function selectRecords(db: Db) {
  return db
    .select({ vote: cadreVotes, voteTypeName: voteTypes.name, source: submissions.source })
    .from(cadreVotes)
    .leftJoin(voteTypes, eq(voteTypes.id, cadreVotes.voteTypeId))
    .leftJoin(submissions, eq(submissions.id, cadreVotes.submissionId));
}
export type CadreVoteRecordRow = NonNullable<Awaited<ReturnType<typeof findCadreVote>>>;

export async function listCadreVotes(
  db: Db,
  where: SQL | undefined,
  page: { skip: number; limit: number; order: 'asc' | 'desc' },
) {
  const dir = page.order === 'asc' ? asc : desc;
  // By the 随机编号, a ballot's cadre poll before its newly promoted one: never in the order of arrival.
  return selectRecords(db)
    .where(where)
    .orderBy(dir(cadreVotes.voterKey), asc(cadreVotes.pollKind), asc(cadreVotes.id))
    .limit(page.limit)
    .offset(page.skip);
}

export async function countCadreVotes(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(cadreVotes).where(where);
  return row?.n ?? 0;
}

export async function findCadreVote(db: Db, id: number) {
  const [row] = await selectRecords(db).where(and(eq(cadreVotes.id, id), revealedSql('cadre_votes')));
  return row;
}

/** The ballots of some submissions: the cadre poll before the newly promoted one. */
export async function cadreVotesOfSubmissions(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  return selectRecords(db)
    .where(and(inArray(cadreVotes.submissionId, submissionIds), revealedSql('cadre_votes')))
    .orderBy(asc(cadreVotes.voterKey), asc(cadreVotes.pollKind), asc(cadreVotes.id));
}

/** True when a stored newly promoted ballot of the round holds an opinion on this subject. */
export async function subjectHasVotes(db: Db, roundId: number, subjectId: number) {
  const [row] = await db
    .select({ id: cadreVotes.id })
    .from(cadreVotes)
    .where(
      and(
        eq(cadreVotes.roundId, roundId),
        eq(cadreVotes.pollKind, 'newly_promoted'),
        sql`jsonb_exists(${cadreVotes.answers}, ${`subject_${subjectId}`})`,
      ),
    )
    .limit(1);
  return !!row;
}

/** The formal answers of one evaluation poll through one vote type, by their random ids (not arrival). */
export async function listCadreAnswers(db: Db, pollId: number, voteTypeId: number) {
  return db
    .select({ answers: cadreVotes.answers })
    .from(cadreVotes)
    .where(
      and(
        eq(cadreVotes.pollId, pollId),
        eq(cadreVotes.voteTypeId, voteTypeId),
        eq(cadreVotes.isTest, false),
        revealedSql('cadre_votes'),
      ),
    )
    .orderBy(asc(cadreVotes.id));
}
