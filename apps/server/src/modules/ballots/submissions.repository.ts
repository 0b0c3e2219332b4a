import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, submissions, voteTypes } from '../../db/schema';

/** Milliseconds since the epoch, read the same way on every path so a receipt's time never differs. */
export const epochMs = (column: unknown) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/** The submission with the names a receipt shows. */
export async function findSubmission(db: Db, id: string) {
  const [row] = await db
    .select({
      id: submissions.id,
      companyId: submissions.companyId,
      companyName: companies.name,
      voteTypeId: submissions.voteTypeId,
      voteTypeName: voteTypes.name,
      formCategory: submissions.formCategory,
      voterIdentifier: submissions.voterIdentifier,
      ballotCount: submissions.ballotCount,
      totalScore: submissions.totalScore,
      createdMs: epochMs(submissions.createdAt),
    })
    .from(submissions)
    .innerJoin(companies, eq(companies.id, submissions.companyId))
    .innerJoin(voteTypes, eq(voteTypes.id, submissions.voteTypeId))
    .where(eq(submissions.id, id));
  return row;
}

/** The voter's submission through this vote type, if any. */
export async function findSubmissionOfVoter(db: Db, voteTypeId: number, voter: string) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.voteTypeId, voteTypeId), eq(submissions.voterIdentifier, voter)));
  return row;
}

/** True when the voter has a submission in any vote type of that family of the company. */
export async function voterHasVoted(db: Db, companyId: number, family: string, voter: string) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(voteTypes, eq(voteTypes.id, submissions.voteTypeId))
    .where(
      and(
        eq(voteTypes.companyId, companyId),
        eq(submissions.formCategory, family),
        eq(submissions.voterIdentifier, voter),
      ),
    )
    .limit(1);
  return !!row;
}

/** True when at least one ballot has been submitted through this vote type. */
export async function voteTypeHasSubmissions(db: Db, voteTypeId: number) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.voteTypeId, voteTypeId))
    .limit(1);
  return !!row;
}

/** Submissions (voters) per vote type of a company: a count over submissions_company_created_idx. */
export async function submissionsByVoteType(db: Db, companyId: number) {
  const rows = await db
    .select({ voteTypeId: submissions.voteTypeId, n: count() })
    .from(submissions)
    .where(eq(submissions.companyId, companyId))
    .groupBy(submissions.voteTypeId);
  return new Map(rows.map((r) => [r.voteTypeId, r.n]));
}
