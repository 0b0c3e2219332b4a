import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
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

/** Locks every subject of the company in id order, so concurrent reorders run one after the other. */
export async function lockCompanySubjectIds(db: Db, companyId: number) {
  const rows = await db
    .select({ id: evaluationSubjects.id })
    .from(evaluationSubjects)
    .where(eq(evaluationSubjects.companyId, companyId))
    .orderBy(asc(evaluationSubjects.id))
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
    .update(evaluationSubjects)
    .set({ sortOrder: sql`case ${evaluationSubjects.id} ${cases} else ${evaluationSubjects.sortOrder} end` })
    .where(
      and(
        eq(evaluationSubjects.companyId, companyId),
        inArray(
          evaluationSubjects.id,
          items.map((i) => i.id),
        ),
      ),
    );
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
