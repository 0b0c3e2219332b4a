import { and, asc, count, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { voteTargets, votes } from '../../db/schema';

export type VoteTargetRow = typeof voteTargets.$inferSelect;
export type VoteTargetInsert = typeof voteTargets.$inferInsert;
export type VoteTargetPatch = Partial<Pick<VoteTargetRow, 'name' | 'title' | 'isActive' | 'sortOrder'>>;

export async function listVoteTargets(db: Db, companyId: number, type?: string) {
  const where = type
    ? and(eq(voteTargets.companyId, companyId), eq(voteTargets.type, type))
    : eq(voteTargets.companyId, companyId);
  return db.select().from(voteTargets).where(where).orderBy(asc(voteTargets.sortOrder), asc(voteTargets.id));
}

export async function findVoteTarget(db: Db, id: number) {
  const [row] = await db.select().from(voteTargets).where(eq(voteTargets.id, id));
  return row;
}

/** How many targets the company has and the largest sort_order among them. */
export async function sortStats(db: Db, companyId: number) {
  const [row] = await db
    .select({ n: count(), top: max(voteTargets.sortOrder) })
    .from(voteTargets)
    .where(eq(voteTargets.companyId, companyId));
  return { count: row?.n ?? 0, max: row?.top ?? null };
}

export async function insertVoteTarget(db: Db, values: VoteTargetInsert) {
  const [row] = await db.insert(voteTargets).values(values).returning();
  return row!;
}

export async function updateVoteTarget(db: Db, id: number, patch: VoteTargetPatch) {
  const [row] = await db.update(voteTargets).set(patch).where(eq(voteTargets.id, id)).returning();
  return row;
}

export async function deleteVoteTarget(db: Db, id: number) {
  const [row] = await db.delete(voteTargets).where(eq(voteTargets.id, id)).returning();
  return row;
}

/** True when at least one stored ballot scores this target. */
export async function targetHasVotes(db: Db, targetId: number) {
  const [row] = await db.select({ id: votes.id }).from(votes).where(eq(votes.targetId, targetId)).limit(1);
  return !!row;
}
