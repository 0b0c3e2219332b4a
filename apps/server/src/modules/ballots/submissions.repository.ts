import { and, count, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { companies, submissions, voteTypes } from '../../db/schema';

/** The submission with the names a receipt shows, by its id (the client's) or its receipt id. */
export async function findSubmission(db: Db, by: { id: string } | { receiptId: string }) {
  const [row] = await db
    .select({
      id: submissions.id,
      receiptId: submissions.receiptId,
      isTest: submissions.isTest,
      companyId: submissions.companyId,
      companyName: companies.name,
      voteTypeId: submissions.voteTypeId,
      voteTypeName: voteTypes.name,
      formCategory: submissions.formCategory,
      voterIdentifier: submissions.voterIdentifier,
      ballotCount: submissions.ballotCount,
      totalScore: submissions.totalScore,
      votedOn: submissions.createdAt,
    })
    .from(submissions)
    .innerJoin(companies, eq(companies.id, submissions.companyId))
    .innerJoin(voteTypes, eq(voteTypes.id, submissions.voteTypeId))
    .where('id' in by ? eq(submissions.id, by.id) : eq(submissions.receiptId, by.receiptId));
  return row;
}

/**
 * The receipt ids whose receipt code (回执码, XXXX-XXXX: the first 8 bytes of sha256(receipt_id), each a
 * letter of the codes' alphabet, as voting/receipt.ts derives it) is `code`; at most two, so a
 * caller can tell a clash. The code is not stored: the index on kp_receipt_code(receipt_id) (migration
 * 0010) finds it in one index scan.
 */
export async function findReceiptIdsByCode(db: Db, code: string) {
  const rows = await rowsOf<{ receipt_id: string }>(
    db,
    sql`SELECT s.receipt_id FROM submissions s
        WHERE kp_receipt_code(s.receipt_id) = ${code.replace('-', '')}
        LIMIT 2`,
  );
  return rows.map((r) => r.receipt_id);
}

/** The voter's submission through this vote type, if any. */
export async function findSubmissionOfVoter(db: Db, voteTypeId: number, voter: string) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.voteTypeId, voteTypeId), eq(submissions.voterIdentifier, voter)));
  return row;
}

/** True when the voter has a submission in any vote type of that family of the round. */
export async function voterHasVoted(db: Db, roundId: number, family: string, voter: string) {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.roundId, roundId),
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

/**
 * Submissions (voters) per vote type of a round, formal and test apart, and the formal paper ones: one
 * scan of the round's index.
 */
export async function submissionsByVoteType(db: Db, roundId: number) {
  const rows = await db
    .select({
      voteTypeId: submissions.voteTypeId,
      formal: sql<number>`count(*) FILTER (WHERE NOT ${submissions.isTest})::int`,
      test: sql<number>`count(*) FILTER (WHERE ${submissions.isTest})::int`,
      paper: sql<number>`count(*) FILTER (WHERE NOT ${submissions.isTest} AND ${submissions.source} = 'paper')::int`,
    })
    .from(submissions)
    .where(eq(submissions.roundId, roundId))
    .groupBy(submissions.voteTypeId);
  return new Map(rows.map((r) => [r.voteTypeId, { formal: r.formal, test: r.test, paper: r.paper }]));
}

/** Formal (or test) submissions of a vote type. */
export async function countVoteTypeSubmissions(db: Db, voteTypeId: number, isTest: boolean) {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.voteTypeId, voteTypeId), eq(submissions.isTest, isTest)));
  return row?.n ?? 0;
}

/** Deletes every test submission of a vote type (its ballot rows go with it); answers how many. */
export async function deleteTestSubmissions(db: Db, voteTypeId: number) {
  const rows = await db
    .delete(submissions)
    .where(and(eq(submissions.voteTypeId, voteTypeId), eq(submissions.isTest, true)))
    .returning({ id: submissions.id });
  return rows.length;
}

/** Formal submissions per round and family of a unit. */
export async function formalSubmissionsByRound(db: Db, companyId: number) {
  const rows = await db
    .select({ roundId: submissions.roundId, family: submissions.formCategory, n: count() })
    .from(submissions)
    .where(and(eq(submissions.companyId, companyId), eq(submissions.isTest, false)))
    .groupBy(submissions.roundId, submissions.formCategory);
  return rows;
}

/** Ballots of a vote type by source (线上 / 纸质), formal or test. */
export async function countBySource(db: Db, voteTypeId: number, isTest: boolean) {
  const [row] = await db
    .select({
      paper: sql<number>`count(*) FILTER (WHERE ${submissions.source} = 'paper')::int`,
      online: sql<number>`count(*) FILTER (WHERE ${submissions.source} = 'online')::int`,
    })
    .from(submissions)
    .where(and(eq(submissions.voteTypeId, voteTypeId), eq(submissions.isTest, isTest)));
  return { paper: row?.paper ?? 0, online: row?.online ?? 0 };
}

/** Removes a paper ballot (withdrawn or corrected); its ballot rows go with it (cascade). */
export async function deletePaperSubmission(db: Db, submissionId: string) {
  await db.delete(submissions).where(and(eq(submissions.id, submissionId), eq(submissions.source, 'paper')));
}
