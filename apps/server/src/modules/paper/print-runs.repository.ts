import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { paperPrintRuns } from '../../db/schema';

// The one owner of paper_print_runs (link mode): the numbered paper sheets printed for a vote type. A sheet
// is keyed only by a number of a run of the vote type's current mode (docs/decisions/0019).

export type PrintRunRow = typeof paperPrintRuns.$inferSelect;

/** The highest number printed for a vote type, test and formal runs alike (0 before any print). */
export async function lastPrinted(db: Db, voteTypeId: number) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT coalesce(max(last_number), 0)::int AS n FROM paper_print_runs WHERE vote_type_id = ${voteTypeId}`,
  );
  return row?.n ?? 0;
}

export async function insertRun(db: Db, values: typeof paperPrintRuns.$inferInsert) {
  const [row] = await db.insert(paperPrintRuns).values(values).returning();
  return row!;
}

/** The runs of a vote type printed in one mode (formal, or test), in number order. */
export function runsOf(db: Db, voteTypeId: number, isTest: boolean) {
  return db
    .select({ first: paperPrintRuns.firstNumber, last: paperPrintRuns.lastNumber })
    .from(paperPrintRuns)
    .where(and(eq(paperPrintRuns.voteTypeId, voteTypeId), eq(paperPrintRuns.isTest, isTest)))
    .orderBy(asc(paperPrintRuns.firstNumber));
}

/**
 * The sheets printed in one mode and, of them, those keyed (a sheet row whose number a run of that mode
 * printed, in any state): what 完成计票 reports as never keyed is the difference.
 */
export async function printedCounts(db: Db, voteTypeId: number, isTest: boolean) {
  const [row] = await rowsOf<{ printed: number; keyed: number }>(
    db,
    sql`SELECT
          (SELECT coalesce(sum(r.last_number - r.first_number + 1), 0)::int FROM paper_print_runs r
           WHERE r.vote_type_id = ${voteTypeId} AND r.is_test = ${isTest}) AS printed,
          (SELECT count(*)::int FROM paper_sheets p
           WHERE p.vote_type_id = ${voteTypeId} AND EXISTS (
             SELECT 1 FROM paper_print_runs r
             WHERE r.vote_type_id = p.vote_type_id AND r.is_test = ${isTest}
               AND (CASE WHEN p.sheet_key ~ '^[0-9]{1,6}$' THEN p.sheet_key::int END)
                   BETWEEN r.first_number AND r.last_number)) AS keyed`,
  );
  return { printed: row?.printed ?? 0, unkeyed: Math.max(0, (row?.printed ?? 0) - (row?.keyed ?? 0)) };
}
