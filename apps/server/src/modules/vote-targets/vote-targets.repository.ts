import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
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

/**
 * Locks every target of the company, always in id order, and returns their ids. Concurrent reorders
 * of one company therefore run one after the other (no deadlock, no interleaving of their rows).
 */
export async function lockCompanyTargetIds(db: Db, companyId: number) {
  const rows = await db
    .select({ id: voteTargets.id })
    .from(voteTargets)
    .where(eq(voteTargets.companyId, companyId))
    .orderBy(asc(voteTargets.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Sets many sort_order values in one statement. */
export async function setSortOrders(db: Db, companyId: number, items: { id: number; sortOrder: number }[]) {
  const cases = sql.join(
    items.map((i) => sql`when ${i.id}::integer then ${i.sortOrder}::integer`),
    sql` `,
  );
  await db
    .update(voteTargets)
    .set({ sortOrder: sql`case ${voteTargets.id} ${cases} else ${voteTargets.sortOrder} end` })
    .where(
      and(
        eq(voteTargets.companyId, companyId),
        inArray(
          voteTargets.id,
          items.map((i) => i.id),
        ),
      ),
    );
}

/** True when at least one stored ballot scores this target. */
export async function targetHasVotes(db: Db, targetId: number) {
  const [row] = await db.select({ id: votes.id }).from(votes).where(eq(votes.targetId, targetId)).limit(1);
  return !!row;
}
