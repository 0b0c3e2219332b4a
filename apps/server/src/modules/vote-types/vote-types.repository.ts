import { and, asc, count, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, voteTypes } from '../../db/schema';

export type VoteTypeRow = typeof voteTypes.$inferSelect;
export type VoteTypeInsert = typeof voteTypes.$inferInsert;
export type VoteTypePatch = Partial<Omit<VoteTypeInsert, 'id' | 'companyId' | 'linkId' | 'createdAt'>>;

/** The round's vote types (of one family when asked) in display order. */
export async function listVoteTypes(db: Db, roundId: number, formCategory?: string) {
  const where = formCategory
    ? and(eq(voteTypes.roundId, roundId), eq(voteTypes.formCategory, formCategory))
    : eq(voteTypes.roundId, roundId);
  return db.select().from(voteTypes).where(where).orderBy(asc(voteTypes.sortOrder), asc(voteTypes.id));
}

export async function findVoteType(db: Db, id: number) {
  const [row] = await db.select().from(voteTypes).where(eq(voteTypes.id, id));
  return row;
}

/**
 * The vote type, locked until the transaction ends. 'update' waits for ballots in flight (the
 * submission statement holds FOR KEY SHARE on the row) and makes later ones wait and then re-check the
 * row: close, reopen, go-formal and mode changes use it. 'no key update' only serialises admins.
 */
export async function lockVoteType(db: Db, id: number, mode: 'update' | 'no key update' = 'update') {
  const [row] = await db.select().from(voteTypes).where(eq(voteTypes.id, id)).for(mode);
  return row;
}

/** The vote type of a voter's link, with its company's name. */
export async function findVoteTypeByLink(db: Db, linkId: string) {
  const [row] = await db
    .select({ voteType: voteTypes, companyName: companies.name })
    .from(voteTypes)
    .innerJoin(companies, eq(companies.id, voteTypes.companyId))
    .where(eq(voteTypes.linkId, linkId));
  return row;
}

/** Another vote type of the round with this name, if any (names are unique per round). */
export async function findSameName(db: Db, roundId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: voteTypes.id })
    .from(voteTypes)
    .where(
      and(
        eq(voteTypes.roundId, roundId),
        eq(voteTypes.name, name),
        exceptId === undefined ? undefined : ne(voteTypes.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function maxSortOrder(db: Db, roundId: number) {
  const [row] = await db
    .select({ top: max(voteTypes.sortOrder) })
    .from(voteTypes)
    .where(eq(voteTypes.roundId, roundId));
  return row?.top ?? null;
}

export async function insertVoteType(db: Db, values: VoteTypeInsert) {
  const [row] = await db.insert(voteTypes).values(values).returning();
  return row!;
}

export async function updateVoteType(db: Db, id: number, patch: VoteTypePatch) {
  const [row] = await db.update(voteTypes).set(patch).where(eq(voteTypes.id, id)).returning();
  return row;
}

export async function deleteVoteType(db: Db, id: number) {
  const [row] = await db.delete(voteTypes).where(eq(voteTypes.id, id)).returning();
  return row;
}

/** Every vote type of a round, locked FOR UPDATE (ballots in flight finish first), in id order. */
export async function lockRoundVoteTypes(db: Db, roundId: number) {
  return db
    .select()
    .from(voteTypes)
    .where(eq(voteTypes.roundId, roundId))
    .orderBy(asc(voteTypes.id))
    .for('update');
}

/** Closes and counts every vote type of a round not closed or counted yet (the round is being archived). */
export async function closeRoundVoteTypes(db: Db, roundId: number) {
  await db
    .update(voteTypes)
    .set({ closedAt: sql`coalesce(${voteTypes.closedAt}, now())`, countedAt: sql`now()` })
    .where(and(eq(voteTypes.roundId, roundId), isNull(voteTypes.countedAt)));
}

/** Vote types per round of a unit. */
export async function countVoteTypesByRound(db: Db, companyId: number) {
  const rows = await db
    .select({ roundId: voteTypes.roundId, n: count() })
    .from(voteTypes)
    .where(eq(voteTypes.companyId, companyId))
    .groupBy(voteTypes.roundId);
  return new Map(rows.map((r) => [r.roundId, r.n]));
}

/** Counts formal ballots deleted by an admin (disclosed with the figures), inside the delete's transaction. */
export async function addDeletedBallots(db: Db, id: number, n: number) {
  await db
    .update(voteTypes)
    .set({ deletedBallots: sql`${voteTypes.deletedBallots} + ${n}` })
    .where(eq(voteTypes.id, id));
}
