import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, polls, voteTypes } from '../../db/schema';

export type PollRow = typeof polls.$inferSelect;
export type PollInsert = typeof polls.$inferInsert;
export type PollPatch = Partial<Pick<PollInsert, 'title' | 'description' | 'formSchema'>>;

/** Polls of one round, or of every unit's current round, by company and id; `kinds` narrows to those kinds. */
export async function listPolls(db: Db, filter: { roundId?: number; kinds?: readonly string[] }) {
  return db
    .select()
    .from(polls)
    .where(
      and(
        filter.roundId === undefined
          ? sql`${polls.roundId} IN (SELECT id FROM rounds WHERE state = 'current')`
          : eq(polls.roundId, filter.roundId),
        filter.kinds === undefined ? undefined : inArray(polls.targetType, [...filter.kinds]),
      ),
    )
    .orderBy(asc(polls.companyId), asc(polls.id));
}

export async function findPoll(db: Db, id: number) {
  const [row] = await db.select().from(polls).where(eq(polls.id, id));
  return row;
}

/** Polls by id (ballots name theirs), in id order. */
export async function findPollsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(polls)
    .where(inArray(polls.id, [...ids]))
    .orderBy(asc(polls.id));
}

/** The family a poll kind belongs to, in SQL. */
const familyOf = sql`CASE WHEN ${polls.targetType} IN ('company', 'person') THEN 'democratic_appraisal'
  ELSE 'democratic_evaluation' END`;

/** Polls that have at least one vote type of their family with public results, with their company's name. */
export async function listPollsWithPublicResults(db: Db) {
  return db
    .select({
      id: polls.id,
      title: polls.title,
      targetType: polls.targetType,
      companyId: companies.id,
      companyName: companies.name,
    })
    .from(polls)
    .innerJoin(companies, eq(companies.id, polls.companyId))
    .where(
      sql`EXISTS (SELECT 1 FROM ${voteTypes} WHERE ${voteTypes.roundId} = ${polls.roundId}
        AND ${voteTypes.resultsPublic} AND ${voteTypes.formCategory} = ${familyOf})`,
    )
    .orderBy(asc(polls.companyId), asc(polls.id));
}

/** The id of the round's poll of that kind, if it has one. */
export async function findPollOfKind(db: Db, roundId: number, targetType: string) {
  const [row] = await db
    .select({ id: polls.id })
    .from(polls)
    .where(and(eq(polls.roundId, roundId), eq(polls.targetType, targetType)));
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

/** Copies a round's polls (same questionnaires) into a new round, in one statement; answers how many. */
export async function copyPollsToRound(db: Db, fromRoundId: number, toRoundId: number) {
  const rows = await db.execute(sql`
    INSERT INTO polls (company_id, round_id, target_type, title, description, form_schema)
    SELECT company_id, ${toRoundId}::integer, target_type, title, description, form_schema
    FROM polls WHERE round_id = ${fromRoundId} ORDER BY id
    RETURNING id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}
