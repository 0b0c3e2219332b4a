import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paperSheets } from '../../db/schema';

// The one owner of paper_sheets: the only table where a code meets a ballot, and only while the vote
// type is open (docs/ARCHITECTURE.md "Paper ballots"). Rows are mapped explicitly.

export type PaperSheetRow = typeof paperSheets.$inferSelect;

/** One sheet of a vote type by its key; `lock` holds it FOR UPDATE until the transaction ends. */
export async function findSheet(db: Db, voteTypeId: number, key: string, lock = false) {
  const q = db
    .select()
    .from(paperSheets)
    .where(and(eq(paperSheets.voteTypeId, voteTypeId), eq(paperSheets.sheetKey, key)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertSheet(db: Db, values: typeof paperSheets.$inferInsert) {
  const [row] = await db.insert(paperSheets).values(values).returning();
  return row!;
}

export async function updateSheet(
  db: Db,
  id: number,
  patch: Partial<Pick<PaperSheetRow, 'state' | 'secondAnswers' | 'secondUserId' | 'submissionId'>>,
) {
  const [row] = await db.update(paperSheets).set(patch).where(eq(paperSheets.id, id)).returning();
  return row!;
}

export async function deleteSheet(db: Db, id: number) {
  await db.delete(paperSheets).where(eq(paperSheets.id, id));
}

/** Erases every sheet of a vote type (结束投票, going formal): the code-ballot pairs are gone. */
export async function deleteVoteTypeSheets(db: Db, voteTypeId: number) {
  const rows = await db
    .delete(paperSheets)
    .where(eq(paperSheets.voteTypeId, voteTypeId))
    .returning({ id: paperSheets.id });
  return rows.length;
}

/** Erases the sheets of a round being archived (its vote types are closed with it). */
export async function deleteRoundSheets(db: Db, roundId: number) {
  await db.delete(paperSheets).where(eq(paperSheets.roundId, roundId));
}

/** Sheets of a vote type not yet counted (pending or conflict). */
export async function countUnsettled(db: Db, voteTypeId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(paperSheets)
    .where(and(eq(paperSheets.voteTypeId, voteTypeId), sql`${paperSheets.state} <> 'counted'`));
  return row?.n ?? 0;
}

/** A page of a vote type's sheets, newest first. */
export async function listSheets(
  db: Db,
  voteTypeId: number,
  state: string | undefined,
  page: { skip: number; limit: number },
) {
  const where = and(
    eq(paperSheets.voteTypeId, voteTypeId),
    state === undefined ? undefined : eq(paperSheets.state, state),
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(paperSheets)
      .where(where)
      .orderBy(desc(paperSheets.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count() }).from(paperSheets).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Sheets of a vote type waiting: keyed once (pending) or in conflict. */
export async function openSheetCounts(db: Db, voteTypeId: number) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${paperSheets.state} = 'pending')::int`,
      conflict: sql<number>`count(*) FILTER (WHERE ${paperSheets.state} = 'conflict')::int`,
    })
    .from(paperSheets)
    .where(eq(paperSheets.voteTypeId, voteTypeId));
  return { pending: row?.pending ?? 0, conflict: row?.conflict ?? 0 };
}
