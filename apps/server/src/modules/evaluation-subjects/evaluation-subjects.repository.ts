import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cadreVotes, evaluationSubjects } from '../../db/schema';

export type EvaluationSubjectRow = typeof evaluationSubjects.$inferSelect;
export type EvaluationSubjectInsert = typeof evaluationSubjects.$inferInsert;
export type EvaluationSubjectPatch = Partial<
  Pick<
    EvaluationSubjectRow,
    'name' | 'birthDate' | 'previousPosition' | 'currentPosition' | 'isActive' | 'sortOrder'
  >
>;

export async function listSubjects(db: Db, companyId: number) {
  return db
    .select()
    .from(evaluationSubjects)
    .where(eq(evaluationSubjects.companyId, companyId))
    .orderBy(asc(evaluationSubjects.sortOrder), asc(evaluationSubjects.id));
}

export async function findSubject(db: Db, id: number) {
  const [row] = await db.select().from(evaluationSubjects).where(eq(evaluationSubjects.id, id));
  return row;
}

/** The largest sort_order of the company's subjects, or null when it has none. */
export async function maxSortOrder(db: Db, companyId: number) {
  const [row] = await db
    .select({ top: max(evaluationSubjects.sortOrder) })
    .from(evaluationSubjects)
    .where(eq(evaluationSubjects.companyId, companyId));
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

/** True when a stored newly promoted ballot of the company holds an opinion on this subject. */
export async function subjectHasVotes(db: Db, companyId: number, subjectId: number) {
  const [row] = await db
    .select({ id: cadreVotes.id })
    .from(cadreVotes)
    .where(
      and(
        eq(cadreVotes.companyId, companyId),
        eq(cadreVotes.pollKind, 'newly_promoted'),
        sql`jsonb_exists(${cadreVotes.answers}, ${`subject_${subjectId}`})`,
      ),
    )
    .limit(1);
  return !!row;
}
