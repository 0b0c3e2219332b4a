import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { voteTargets } from '../../db/schema';

export type VoteTargetRow = typeof voteTargets.$inferSelect;
export type VoteTargetInsert = typeof voteTargets.$inferInsert;
export type VoteTargetPatch = Partial<Pick<VoteTargetRow, 'name' | 'title' | 'isActive' | 'sortOrder'>>;

/** The round's targets in display order; of one type, or only the active ones, when asked. */
export async function listVoteTargets(
  db: Db,
  roundId: number,
  filter: { type?: string; activeOnly?: boolean } = {},
) {
  return db
    .select()
    .from(voteTargets)
    .where(
      and(
        eq(voteTargets.roundId, roundId),
        filter.type ? eq(voteTargets.type, filter.type) : undefined,
        filter.activeOnly ? eq(voteTargets.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(voteTargets.sortOrder), asc(voteTargets.id));
}

/** Targets by id, active or not (a receipt shows what was recorded). */
export async function findVoteTargetsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(voteTargets)
    .where(inArray(voteTargets.id, [...ids]));
}

export async function findVoteTarget(db: Db, id: number) {
  const [row] = await db.select().from(voteTargets).where(eq(voteTargets.id, id));
  return row;
}

/** How many targets the round has and the largest sort_order among them. */
export async function sortStats(db: Db, roundId: number) {
  const [row] = await db
    .select({ n: count(), top: max(voteTargets.sortOrder) })
    .from(voteTargets)
    .where(eq(voteTargets.roundId, roundId));
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
 * Copies a round's targets into a new round, each remembering the row it came from (source_target_id),
 * in one statement; answers how many.
 */
export async function copyTargetsToRound(db: Db, fromRoundId: number, toRoundId: number) {
  const rows = await db.execute(sql`
    INSERT INTO vote_targets (company_id, round_id, name, type, title, is_active, sort_order, source_target_id)
    SELECT company_id, ${toRoundId}::integer, name, type, title, is_active, sort_order, id
    FROM vote_targets WHERE round_id = ${fromRoundId} ORDER BY id
    RETURNING id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/** Targets per round of a unit. */
export async function countTargetsByRound(db: Db, companyId: number) {
  const rows = await db
    .select({ roundId: voteTargets.roundId, n: count() })
    .from(voteTargets)
    .where(eq(voteTargets.companyId, companyId))
    .groupBy(voteTargets.roundId);
  return new Map(rows.map((r) => [r.roundId, r.n]));
}

/** The targets copied from this one (a later round's), oldest first. */
export async function findCopiesOf(db: Db, id: number) {
  return db.select().from(voteTargets).where(eq(voteTargets.sourceTargetId, id)).orderBy(asc(voteTargets.id));
}
