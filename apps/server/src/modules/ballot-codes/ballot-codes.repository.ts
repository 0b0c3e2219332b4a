import type { CodeState, ListedCodeState } from '@kaoping/contracts/ballot-codes';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { ballotCodes } from '../../db/schema';

// The one owner of ballot_codes. Nothing here (or anywhere) stores which ballot a code cast: see
// docs/ARCHITECTURE.md "No link between a code and its ballot".

/**
 * The state of a code of the vote type `v` ('unused', 'used', 'voided'; NULL when it is not one of its
 * codes): the voting conditions' part (voting/conditions.ts), kept beside the table it reads.
 */
export const codeStateSql = (code: SQL) =>
  sql`(SELECT c.state FROM ballot_codes c WHERE c.vote_type_id = v.id AND c.code = ${code})`;

/**
 * Whether a code of the vote type `v` is of the ballot's kind: a paper sheet's key is a code printed on
 * paper (for_paper), a phone's code is not (voting/conditions.ts). NULL when it is not one of its codes.
 */
export const codeKindSql = (code: SQL, paper: SQL) =>
  sql`(SELECT c.for_paper = ${paper} FROM ballot_codes c WHERE c.vote_type_id = v.id AND c.code = ${code})`;

/**
 * The submission statement's part (voting/statements.ts), kept beside the table it touches. It
 * runs inside that statement, whose CTEs are named `vt` (the vote type) and `ins` (the submission row):
 * `code` locks the code while it is unused and of the ballot's kind (`paper`: a code printed on a paper
 * sheet; else a phone's), so a concurrent ballot with the same code waits, then finds it used and stores
 * nothing; `used` consumes it only when the submission row was really inserted.
 */
export const codeCtes = (code: SQL, paper: SQL) => ({
  code: sql`SELECT c.id FROM ballot_codes c, vt
            WHERE c.vote_type_id = vt.id AND c.code = ${code} AND c.state = 'unused'
              AND c.for_paper = (${paper})
            FOR UPDATE OF c`,
  used: sql`UPDATE ballot_codes SET state = 'used', used_in_test = ins.is_test
            FROM ins, code WHERE ballot_codes.id = code.id RETURNING 1`,
});

/** The next batch number of a vote type (1 for the first issue). */
export async function nextBatch(db: Db, voteTypeId: number) {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT coalesce(max(batch), 0)::int + 1 AS n FROM ballot_codes WHERE vote_type_id = ${voteTypeId}`,
  );
  return row!.n;
}

/**
 * Inserts the codes that are not taken yet; answers those inserted, in the order given. `forPaper`: printed
 * on paper ballots (valid after 结束投票 until 完成计票).
 */
export async function insertCodes(
  db: Db,
  voteTypeId: number,
  batch: number,
  codes: string[],
  forPaper = false,
) {
  const rows = await rowsOf<{ code: string }>(
    db,
    sql`INSERT INTO ballot_codes (vote_type_id, code, batch, for_paper)
        SELECT ${voteTypeId}, c.value, ${batch}, ${forPaper}
        FROM jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb) WITH ORDINALITY AS c(value, ord)
        ORDER BY c.ord
        ON CONFLICT DO NOTHING
        RETURNING code`,
  );
  const inserted = new Set(rows.map((r) => r.code));
  return codes.filter((c) => inserted.has(c));
}

export interface CodeCountRow {
  voteTypeId: number;
  issued: number;
  used: number;
  voided: number;
  unused: number;
  recalled: number;
  usedInTest: number;
  /** 发出数: unused + used outside test mode + recalled (voided at close). */
  handedOut: number;
  batches: number;
  /** Codes printed on paper ballots, and those of them still unused (sheets not keyed yet). */
  paperIssued: number;
  paperUnused: number;
}

/** Codes per state for some vote types; a vote type without codes is absent. */
export async function codeCounts(db: Db, voteTypeIds: number[]): Promise<Map<number, CodeCountRow>> {
  if (voteTypeIds.length === 0) return new Map();
  const rows = await db
    .select({
      voteTypeId: ballotCodes.voteTypeId,
      issued: count(),
      used: sql<number>`count(*) FILTER (WHERE ${ballotCodes.state} = 'used')::int`,
      voided: sql<number>`count(*) FILTER (WHERE ${ballotCodes.state} = 'voided')::int`,
      unused: sql<number>`count(*) FILTER (WHERE ${ballotCodes.state} = 'unused')::int`,
      recalled: sql<number>`count(*) FILTER (WHERE ${ballotCodes.recalled})::int`,
      usedInTest: sql<number>`count(*) FILTER (WHERE ${ballotCodes.usedInTest})::int`,
      handedOut: sql<number>`count(*) FILTER (WHERE ${ballotCodes.state} = 'unused'
        OR (${ballotCodes.state} = 'used' AND NOT ${ballotCodes.usedInTest}) OR ${ballotCodes.recalled})::int`,
      batches: sql<number>`count(DISTINCT ${ballotCodes.batch})::int`,
      paperIssued: sql<number>`count(*) FILTER (WHERE ${ballotCodes.forPaper})::int`,
      paperUnused: sql<number>`count(*) FILTER (WHERE ${ballotCodes.forPaper} AND ${ballotCodes.state} = 'unused')::int`,
    })
    .from(ballotCodes)
    .where(inArray(ballotCodes.voteTypeId, voteTypeIds))
    .groupBy(ballotCodes.voteTypeId);
  return new Map(rows.map((r) => [r.voteTypeId, r]));
}

export interface CodeFilter {
  /** The state as listed (see `open`). */
  state?: ListedCodeState;
  batch?: number;
  /**
   * While the vote is open (decision 0041) a code not voided is listed as 'issued' (已发放), used or
   * not: the list does not change with a ballot. Otherwise each code with its state.
   */
  open?: boolean;
}

/** The state a code is listed with. */
const listedState = (open: boolean | undefined) =>
  open
    ? sql<ListedCodeState>`CASE WHEN ${ballotCodes.state} = 'voided' THEN 'voided' ELSE 'issued' END`
    : sql<ListedCodeState>`${ballotCodes.state}`;

const codeWhere = (voteTypeId: number, f: CodeFilter) =>
  and(
    eq(ballotCodes.voteTypeId, voteTypeId),
    f.state === undefined ? undefined : eq(listedState(f.open), f.state),
    f.batch === undefined ? undefined : eq(ballotCodes.batch, f.batch),
  );

/**
 * A page of codes (see CodeFilter.open for their states), ordered by the code itself: random, unrelated
 * to the order of issue and of use.
 */
export async function listCodes(
  db: Db,
  voteTypeId: number,
  f: CodeFilter,
  page: { skip: number; limit: number },
) {
  const where = codeWhere(voteTypeId, f);
  const [items, [total]] = await Promise.all([
    db
      .select({ code: ballotCodes.code, state: listedState(f.open), batch: ballotCodes.batch })
      .from(ballotCodes)
      .where(where)
      .orderBy(asc(ballotCodes.code))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count() }).from(ballotCodes).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * The codes the slips print (of one batch, or all), in the order they were issued: while the vote is open
 * and formal every code not voided, used or not (the file does not change with a ballot, decision 0041);
 * otherwise the unused ones.
 */
export async function printableCodes(db: Db, voteTypeId: number, opts: { batch?: number; open: boolean }) {
  const rows = await db
    .select({ code: ballotCodes.code })
    .from(ballotCodes)
    .where(
      and(
        eq(ballotCodes.voteTypeId, voteTypeId),
        // Slips are for phones: a paper sheet's code is printed on its sheet only.
        eq(ballotCodes.forPaper, false),
        opts.open ? ne(ballotCodes.state, 'voided') : eq(ballotCodes.state, 'unused'),
        opts.batch === undefined ? undefined : eq(ballotCodes.batch, opts.batch),
      ),
    )
    .orderBy(asc(ballotCodes.id));
  return rows.map((r) => r.code);
}

/** Whether a code of a vote type was printed on a paper sheet; undefined when it is not one of its codes. */
export async function isPaperCode(db: Db, voteTypeId: number, code: string) {
  const [row] = await db
    .select({ forPaper: ballotCodes.forPaper })
    .from(ballotCodes)
    .where(and(eq(ballotCodes.voteTypeId, voteTypeId), eq(ballotCodes.code, code)));
  return row?.forPaper;
}

export async function findCodeState(db: Db, voteTypeId: number, code: string) {
  const [row] = await db
    .select({ state: ballotCodes.state })
    .from(ballotCodes)
    .where(and(eq(ballotCodes.voteTypeId, voteTypeId), eq(ballotCodes.code, code)));
  return row?.state as CodeState | undefined;
}

/** The state of a code handed out for phones; undefined for a paper sheet's code or no code of the vote type. */
export async function findPhoneCodeState(db: Db, voteTypeId: number, code: string) {
  const [row] = await db
    .select({ state: ballotCodes.state })
    .from(ballotCodes)
    .where(
      and(
        eq(ballotCodes.voteTypeId, voteTypeId),
        eq(ballotCodes.code, code),
        eq(ballotCodes.forPaper, false),
      ),
    );
  return row?.state as CodeState | undefined;
}

/** Some codes of a vote type, locked until the transaction ends (a ballot using one waits). */
export async function lockCodes(db: Db, voteTypeId: number, codes: string[]) {
  return db
    .select({ id: ballotCodes.id, code: ballotCodes.code, state: ballotCodes.state })
    .from(ballotCodes)
    .where(and(eq(ballotCodes.voteTypeId, voteTypeId), inArray(ballotCodes.code, codes)))
    .for('update');
}

/** Voids unused codes by id; answers how many. */
export async function voidCodesById(db: Db, ids: number[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(ballotCodes)
    .set({ state: 'voided' })
    .where(and(inArray(ballotCodes.id, ids), eq(ballotCodes.state, 'unused')))
    .returning({ id: ballotCodes.id });
  return rows.length;
}

/**
 * Voids every unused code of a vote type; `recalled` marks them handed out (结束投票, 完成计票). `paper`
 * limits it to the codes printed on paper ballots (true) or to the others (false).
 */
export async function voidUnused(db: Db, voteTypeId: number, opts: { recalled: boolean; paper?: boolean }) {
  const rows = await db
    .update(ballotCodes)
    .set({ state: 'voided', recalled: opts.recalled })
    .where(
      and(
        eq(ballotCodes.voteTypeId, voteTypeId),
        eq(ballotCodes.state, 'unused'),
        opts.paper === undefined ? undefined : eq(ballotCodes.forPaper, opts.paper),
      ),
    )
    .returning({ id: ballotCodes.id });
  return rows.length;
}

/**
 * Gives back the codes a step voided as recalled, when that step is undone (重新开放): the phone codes of
 * 结束投票 (`paper` false) or the paper codes of 完成计票 (`paper` true) are unused again.
 */
export async function restoreRecalled(db: Db, voteTypeId: number, paper: boolean) {
  const rows = await db
    .update(ballotCodes)
    .set({ state: 'unused', recalled: false })
    .where(
      and(
        eq(ballotCodes.voteTypeId, voteTypeId),
        eq(ballotCodes.state, 'voided'),
        eq(ballotCodes.recalled, true),
        eq(ballotCodes.forPaper, paper),
      ),
    )
    .returning({ id: ballotCodes.id });
  return rows.length;
}

/** Voids the codes used while the vote type was in test mode (their ballots are being deleted). */
export async function voidUsedInTest(db: Db, voteTypeId: number) {
  const rows = await db
    .update(ballotCodes)
    .set({ state: 'voided' })
    .where(
      and(
        eq(ballotCodes.voteTypeId, voteTypeId),
        eq(ballotCodes.state, 'used'),
        eq(ballotCodes.usedInTest, true),
      ),
    )
    .returning({ id: ballotCodes.id });
  return rows.length;
}

/**
 * Rewrites every used code row of a vote type in a random order (strong randomness), inside the
 * closing transaction. A used code's row version was written by the very transaction that stored its
 * ballot, so its xmin equalled the submission's and the versions were appended in the order of use;
 * afterwards every live version carries the closing transaction's xmin and lies in random order. The
 * ids (the issue order, which is the print order) are kept.
 */
export async function reshuffleUsedCodes(db: Db, voteTypeId: number) {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM ballot_codes WHERE vote_type_id = ${voteTypeId} AND state = 'used'
          RETURNING id, vote_type_id, code, state, batch, issued_on, used_in_test, recalled, for_paper
        ), back AS (
          INSERT INTO ballot_codes (id, vote_type_id, code, state, batch, issued_on, used_in_test, recalled,
                                    for_paper)
          SELECT id, vote_type_id, code, state, batch, issued_on, used_in_test, recalled, for_paper
          FROM gone ORDER BY gen_random_uuid()
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM back`,
  );
  return rows[0]?.n ?? 0;
}

/** True when the code is a code of another vote type of the same unit (a paper sheet keyed in the wrong place). */
export async function codeOfOtherVoteType(db: Db, companyId: number, voteTypeId: number, code: string) {
  const [row] = await db
    .select({ id: ballotCodes.id })
    .from(ballotCodes)
    .where(
      and(
        eq(ballotCodes.code, code),
        sql`${ballotCodes.voteTypeId} <> ${voteTypeId}`,
        sql`${ballotCodes.voteTypeId} IN (SELECT id FROM vote_types WHERE company_id = ${companyId})`,
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * A used code is unused again: its paper sheet was withdrawn, or corrected (then the corrected ballot
 * consumes it again in the same transaction).
 */
export async function freeCode(db: Db, voteTypeId: number, code: string) {
  await db
    .update(ballotCodes)
    .set({ state: 'unused', usedInTest: false })
    .where(
      and(eq(ballotCodes.voteTypeId, voteTypeId), eq(ballotCodes.code, code), eq(ballotCodes.state, 'used')),
    );
}
