import { and, asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cadreVotes, polls, votes } from '../../db/schema';

export type PollRow = typeof polls.$inferSelect;
export type PollInsert = typeof polls.$inferInsert;
export type PollPatch = Partial<Pick<PollInsert, 'title' | 'description' | 'formSchema'>>;

export async function listPolls(db: Db, filter: { companyId?: number; targetType?: string }) {
  return db
    .select()
    .from(polls)
    .where(
      and(
        filter.companyId === undefined ? undefined : eq(polls.companyId, filter.companyId),
        filter.targetType === undefined ? undefined : eq(polls.targetType, filter.targetType),
      ),
    )
    .orderBy(asc(polls.companyId), asc(polls.id));
}

export async function findPoll(db: Db, id: number) {
  const [row] = await db.select().from(polls).where(eq(polls.id, id));
  return row;
}

/** The id of the company's poll of that kind, if it has one. */
export async function findPollOfKind(db: Db, companyId: number, targetType: string) {
  const [row] = await db
    .select({ id: polls.id })
    .from(polls)
    .where(and(eq(polls.companyId, companyId), eq(polls.targetType, targetType)));
  return row;
}

export async function insertPoll(db: Db, values: PollInsert) {
  const [row] = await db.insert(polls).values(values).returning();
  return row!;
}

export async function updatePoll(db: Db, id: number, patch: PollPatch) {
  const [row] = await db
    .update(polls)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(polls.id, id))
    .returning();
  return row;
}

/** Locks the poll row for the rest of the transaction, so the ballot check and the delete see the same state. */
export async function lockPoll(db: Db, id: number) {
  const [row] = await db.select().from(polls).where(eq(polls.id, id)).for('update');
  return row;
}

export async function deletePoll(db: Db, id: number) {
  const [row] = await db.delete(polls).where(eq(polls.id, id)).returning();
  return row;
}

/** Stored ballot rows of a poll, in either ballot table. */
export async function countBallots(db: Db, pollId: number) {
  const [a] = await db.select({ n: count() }).from(votes).where(eq(votes.pollId, pollId));
  const [b] = await db.select({ n: count() }).from(cadreVotes).where(eq(cadreVotes.pollId, pollId));
  return (a?.n ?? 0) + (b?.n ?? 0);
}

/** Ballot rows and distinct submissions (voters) per poll, of one company or all; polls without ballots are absent. */
export async function ballotCounts(db: Db, companyId?: number) {
  const fromTable = (t: typeof votes | typeof cadreVotes) =>
    db
      .select({ pollId: t.pollId, ballots: count(), voters: countDistinct(t.submissionId) })
      .from(t)
      .where(companyId === undefined ? undefined : eq(t.companyId, companyId))
      .groupBy(t.pollId);
  // A poll's ballots live in one table only (votes for scoring polls, cadre_votes otherwise).
  return [...(await fromTable(votes)), ...(await fromTable(cadreVotes))];
}
