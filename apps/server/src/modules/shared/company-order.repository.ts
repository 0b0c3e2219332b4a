import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { evaluationSubjects, voteTargets } from '../../db/schema';

/** The company-owned lists that admins reorder by dragging. */
export type OrderedTable = typeof voteTargets | typeof evaluationSubjects;

/**
 * Locks every row of the company in id order and returns their ids: concurrent reorders of one company
 * run one after the other, without deadlock and without interleaving their values.
 */
export async function lockCompanyRowIds(db: Db, table: OrderedTable, companyId: number) {
  const t = table as typeof voteTargets;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(eq(t.companyId, companyId))
    .orderBy(asc(t.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Sets many sort_order values of one company's rows in one statement. */
export async function setSortOrders(
  db: Db,
  table: OrderedTable,
  companyId: number,
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
        eq(t.companyId, companyId),
        inArray(
          t.id,
          items.map((i) => i.id),
        ),
      ),
    );
}
