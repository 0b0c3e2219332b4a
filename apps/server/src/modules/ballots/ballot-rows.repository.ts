import { and, asc, count, countDistinct, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cadreVotes, voteTargets, votes } from '../../db/schema';

// Queries over both ballot tables: a scoring poll's ballots live in votes, the others in cadre_votes.

export interface StoredBallot {
  pollId: number;
  targetId: number | null;
  answers: unknown;
  score: number | null;
}

/**
 * The rows of one submission in the form's order (the unit before its people, then the roster's order; the
 * cadre poll before the newly promoted one): the row ids are random (issue 26) and say no order.
 */
export async function listSubmissionBallots(db: Db, submissionId: string): Promise<StoredBallot[]> {
  const scored = await db
    .select({ pollId: votes.pollId, targetId: votes.targetId, answers: votes.answers, score: votes.score })
    .from(votes)
    .leftJoin(voteTargets, eq(voteTargets.id, votes.targetId))
    .where(eq(votes.submissionId, submissionId))
    .orderBy(asc(voteTargets.type), asc(voteTargets.sortOrder), asc(votes.targetId));
  if (scored.length > 0) return scored;
  const rows = await db
    .select({ pollId: cadreVotes.pollId, answers: cadreVotes.answers })
    .from(cadreVotes)
    .where(eq(cadreVotes.submissionId, submissionId))
    .orderBy(asc(cadreVotes.pollKind));
  return rows.map((r) => ({ ...r, targetId: null, score: null }));
}

/** Stored ballot rows of a poll, in either ballot table. */
export async function countPollBallots(db: Db, pollId: number) {
  const [a] = await db.select({ n: count() }).from(votes).where(eq(votes.pollId, pollId));
  const [b] = await db.select({ n: count() }).from(cadreVotes).where(eq(cadreVotes.pollId, pollId));
  return (a?.n ?? 0) + (b?.n ?? 0);
}

/**
 * Formal ballot rows and distinct submissions (voters) per poll, of one company or all; polls without
 * ballots are absent. Test ballots are left out.
 */
export async function ballotCountsByPoll(db: Db, companyId?: number) {
  const fromTable = (t: typeof votes | typeof cadreVotes) =>
    db
      .select({ pollId: t.pollId, ballots: count(), voters: countDistinct(t.submissionId) })
      .from(t)
      .where(and(companyId === undefined ? undefined : eq(t.companyId, companyId), eq(t.isTest, false)))
      .groupBy(t.pollId);
  // A poll's ballots live in one table only (votes for scoring polls, cadre_votes otherwise).
  return [...(await fromTable(votes)), ...(await fromTable(cadreVotes))];
}
