import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { evaluationSubjects, voteTargets } from '../../db/schema';

/** The company-owned lists that admins reorder by dragging. */
export type OrderedTable = typeof voteTargets | typeof evaluationSubjects;

/**
 * Locks every row of the company's current round in id order and returns the ids and rounds of all the
 * company's rows: concurrent reorders of one company run one after the other, without deadlock and
 * without interleaving their values.
 */
export async function lockCompanyRowIds(db: Db, table: OrderedTable, companyId: number, roundId: number) {
  const t = table as typeof voteTargets;
  await db.select({ id: t.id }).from(t).where(eq(t.roundId, roundId)).orderBy(asc(t.id)).for('update');
  return db.select({ id: t.id, roundId: t.roundId }).from(t).where(eq(t.companyId, companyId));
}

/** Sets many sort_order values of one round's rows in one statement. */
export async function setSortOrders(
  db: Db,
  table: OrderedTable,
  roundId: number,
  items: { id: number; sortOrder: number }[],
) {
  const t = table as typeof voteTargets;
  const cases = sql.join(
    items.map((i) => sql`when ${i.id}::integer then ${i.sortOrder}::integer`),
    sql` `,
  );
  await db
    .update(t)
    .set({ sortOrder: sql`case ${t.id} ${cases} else ${t.sortOrder} end` })
    .where(
      and(
        eq(t.roundId, roundId),
        inArray(
          t.id,
          items.map((i) => i.id),
        ),
      ),
    );
}
