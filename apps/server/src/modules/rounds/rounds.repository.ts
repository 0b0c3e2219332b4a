import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, rounds } from '../../db/schema';

export type RoundRow = typeof rounds.$inferSelect;

/** The unit's current round (every unit has exactly one; none means no such unit). */
export async function findCurrentRound(db: Db, companyId: number) {
  const [row] = await db
    .select()
    .from(rounds)
    .where(and(eq(rounds.companyId, companyId), eq(rounds.state, 'current')));
  return row;
}

export async function findRound(db: Db, id: number) {
  const [row] = await db.select().from(rounds).where(eq(rounds.id, id));
  return row;
}

/**
 * The round's state, read FOR SHARE: a write into the round holds it until it commits, and archiving
 * (an UPDATE of the row) waits for it; a write that waited for an archiving re-reads the row and sees it.
 */
export async function lockRoundShared(db: Db, id: number) {
  const [row] = await db.select({ state: rounds.state }).from(rounds).where(eq(rounds.id, id)).for('share');
  return row;
}

/** The unit's rounds, newest first (the current one first). */
export async function listRounds(db: Db, companyId: number) {
  return db
    .select()
    .from(rounds)
    .where(eq(rounds.companyId, companyId))
    .orderBy(sql`${rounds.state} = 'current' DESC`, desc(rounds.year), desc(rounds.id));
}

export async function findRoundByName(db: Db, companyId: number, name: string) {
  const [row] = await db
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.companyId, companyId), eq(rounds.name, name)));
  return row;
}

export async function insertRound(db: Db, values: { companyId: number; name: string; year: number }) {
  const [row] = await db.insert(rounds).values(values).returning();
  return row!;
}

/** Archives the unit's current round (locking it); returns it, or undefined when it was not current. */
export async function archiveRound(db: Db, id: number) {
  const [row] = await db
    .update(rounds)
    .set({ state: 'archived', archivedAt: sql`now()` })
    .where(and(eq(rounds.id, id), eq(rounds.state, 'current')))
    .returning();
  return row;
}

/** Locks the round row FOR UPDATE: writes into the round (FOR SHARE) finish first, later ones wait. */
export async function lockRound(db: Db, id: number) {
  const [row] = await db.select().from(rounds).where(eq(rounds.id, id)).for('update');
  return row;
}

/**
 * The latest round of `year` of each unit (of `unitIds`, or of every unit when null), with the unit's
 * name, in the units' order of creation: the rounds a cross-unit ranking compares (whole rows: each
 * unit's 汇总表 is built from it).
 */
export async function latestRoundsOfYear(db: Db, year: number, unitIds: number[] | null) {
  if (unitIds && unitIds.length === 0) return [];
  return db
    .selectDistinctOn([rounds.companyId], { ...getTableColumns(rounds), companyName: companies.name })
    .from(rounds)
    .innerJoin(companies, eq(companies.id, rounds.companyId))
    .where(and(eq(rounds.year, year), unitIds ? inArray(rounds.companyId, unitIds) : undefined))
    .orderBy(rounds.companyId, desc(rounds.id));
}

/** The round's 汇总表 thresholds (fractions 0-1); returns the row, or undefined for no such round. */
export async function updateRoundThresholds(
  db: Db,
  id: number,
  values: { flagTopTwoMin: number; flagBottomMax: number },
) {
  const [row] = await db.update(rounds).set(values).where(eq(rounds.id, id)).returning();
  return row;
}

/** Whether the meeting screen shows the round's 汇总 (after its votes are closed). */
export async function setMeetingShowsSummary(db: Db, id: number, show: boolean) {
  const [row] = await db
    .update(rounds)
    .set({ meetingShowsSummary: show })
    .where(eq(rounds.id, id))
    .returning();
  return row;
}
