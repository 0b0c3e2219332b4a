import type { CadreVoteFilterQuery } from '@kaoping/contracts/results';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cadreVotes, evaluationSubjects, voteTypes } from '../../db/schema';

/** The WHERE of an evaluation records filter; every field optional. */
export function cadreVoteWhere(f: CadreVoteFilterQuery): SQL | undefined {
  return and(
    f.company_id === undefined ? undefined : eq(cadreVotes.companyId, f.company_id),
    f.vote_type_id === undefined ? undefined : eq(cadreVotes.voteTypeId, f.vote_type_id),
    f.poll_kind === undefined ? undefined : eq(cadreVotes.pollKind, f.poll_kind),
    f.voter_identifier === undefined ? undefined : eq(cadreVotes.voterIdentifier, f.voter_identifier),
    f.from === undefined ? undefined : gte(cadreVotes.createdAt, new Date(f.from)),
    f.to === undefined ? undefined : lte(cadreVotes.createdAt, new Date(f.to)),
  );
}

function selectRecords(db: Db) {
  return db
    .select({ vote: cadreVotes, voteTypeName: voteTypes.name })
    .from(cadreVotes)
    .leftJoin(voteTypes, eq(voteTypes.id, cadreVotes.voteTypeId));
}
export type CadreVoteRecordRow = NonNullable<Awaited<ReturnType<typeof findCadreVote>>>;

export async function listCadreVotes(
  db: Db,
  where: SQL | undefined,
  page: { skip: number; limit: number; order: 'asc' | 'desc' },
) {
  const dir = page.order === 'asc' ? asc : desc;
  return selectRecords(db)
    .where(where)
    .orderBy(dir(cadreVotes.createdAt), dir(cadreVotes.id))
    .limit(page.limit)
    .offset(page.skip);
}

export async function countCadreVotes(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(cadreVotes).where(where);
  return row?.n ?? 0;
}

export async function findCadreVote(db: Db, id: number) {
  const [row] = await selectRecords(db).where(eq(cadreVotes.id, id));
  return row;
}

/** The ballots of some submissions: the cadre poll before the newly promoted one. */
export async function cadreVotesOfSubmissions(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  return selectRecords(db)
    .where(inArray(cadreVotes.submissionId, submissionIds))
    .orderBy(asc(cadreVotes.submissionId), asc(cadreVotes.pollKind), asc(cadreVotes.id));
}

/** Subjects of a company by id (for the `subject_{id}` keys of newly promoted answers). */
export async function subjectsByIds(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(evaluationSubjects)
    .where(and(eq(evaluationSubjects.companyId, companyId), inArray(evaluationSubjects.id, ids)))
    .orderBy(asc(evaluationSubjects.sortOrder), asc(evaluationSubjects.id));
}
