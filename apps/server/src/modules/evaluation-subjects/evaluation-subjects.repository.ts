import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { evaluationSubjects } from '../../db/schema';

export type EvaluationSubjectRow = typeof evaluationSubjects.$inferSelect;
export type EvaluationSubjectInsert = typeof evaluationSubjects.$inferInsert;
export type EvaluationSubjectPatch = Partial<
  Pick<
    EvaluationSubjectRow,
    'name' | 'birthDate' | 'previousPosition' | 'currentPosition' | 'isActive' | 'sortOrder'
  >
>;

/** The round's subjects in display order; only the active ones when asked. */
export async function listSubjects(db: Db, roundId: number, filter: { activeOnly?: boolean } = {}) {
  return db
    .select()
    .from(evaluationSubjects)
    .where(
      and(
        eq(evaluationSubjects.roundId, roundId),
        filter.activeOnly ? eq(evaluationSubjects.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(evaluationSubjects.sortOrder), asc(evaluationSubjects.id));
}

/** Subjects of a round by id, in display order (for the `subject_{id}` keys of newly promoted answers). */
export async function findSubjectsByIds(db: Db, roundId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(evaluationSubjects)
    .where(and(eq(evaluationSubjects.roundId, roundId), inArray(evaluationSubjects.id, [...ids])))
    .orderBy(asc(evaluationSubjects.sortOrder), asc(evaluationSubjects.id));
}

export async function findSubject(db: Db, id: number) {
  const [row] = await db.select().from(evaluationSubjects).where(eq(evaluationSubjects.id, id));
  return row;
}

/** The largest sort_order of the round's subjects, or null when it has none. */
export async function maxSortOrder(db: Db, roundId: number) {
  const [row] = await db
    .select({ top: max(evaluationSubjects.sortOrder) })
    .from(evaluationSubjects)
    .where(eq(evaluationSubjects.roundId, roundId));
  return row?.top ?? null;
}

export async function insertSubject(db: Db, values: EvaluationSubjectInsert) {
  const [row] = await db.insert(evaluationSubjects).values(values).returning();
  return row!;
}

export async function updateSubject(db: Db, id: number, patch: EvaluationSubjectPatch) {
  const [row] = await db
    .update(evaluationSubjects)
    .set(patch)
    .where(eq(evaluationSubjects.id, id))
    .returning();
  return row;
}

export async function deleteSubject(db: Db, id: number) {
  const [row] = await db.delete(evaluationSubjects).where(eq(evaluationSubjects.id, id)).returning();
  return row;
}

/**
 * Copies a round's subjects into a new round, each remembering the row it came from (source_subject_id),
 * in one statement; answers how many.
 */
export async function copySubjectsToRound(db: Db, fromRoundId: number, toRoundId: number) {
  const rows = await db.execute(sql`
    INSERT INTO evaluation_subjects (company_id, round_id, name, birth_date, previous_position,
                                     current_position, is_active, sort_order, source_subject_id)
    SELECT company_id, ${toRoundId}::integer, name, birth_date, previous_position, current_position,
           is_active, sort_order, id
    FROM evaluation_subjects WHERE round_id = ${fromRoundId} ORDER BY id
    RETURNING id`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

/** Subjects per round of a unit. */
export async function countSubjectsByRound(db: Db, companyId: number) {
  const rows = await db
    .select({ roundId: evaluationSubjects.roundId, n: count() })
    .from(evaluationSubjects)
    .where(eq(evaluationSubjects.companyId, companyId))
    .groupBy(evaluationSubjects.roundId);
  return new Map(rows.map((r) => [r.roundId, r.n]));
}
