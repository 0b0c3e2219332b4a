import { inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { voteTypeFigures } from '../../db/schema';
import { ENDED_SQL } from '../ballots/sealed-while-open';

// The figures of each vote type that has ended, counted once (decision 0052). The count itself is the SQL
// function kaoping_vote_type_figures (migration 0016) over the formal ballots: this file stores what it
// answers, reads it back, and deletes it when the ballots of an ended vote type change. Only this module
// writes vote_type_figures (test/architecture.test.ts).

/** One target's counts under one poll and vote type. */
export interface ScoringCell {
  n: number;
  /** The ballot scores' sum in whole tenths (exact). */
  tenths: number;
  min: number | null;
  max: number | null;
  /** grade → ballots */
  overall: Record<string, number>;
  /** item id → value → ballots */
  items: Record<string, Record<string, number>>;
  /** reverse item id → value → ballots */
  reverse: Record<string, Record<string, number>>;
}

/** What kaoping_vote_type_figures answers for one vote type. */
export interface VoteTypeFigures {
  /** Formal ballots (submissions). */
  ballots: number;
  /** "pollId:targetId" → counts */
  scoring: Record<string, ScoringCell>;
  cadre: {
    voters: number;
    /** question id → ballots that answered it */
    answered: Record<string, number>;
    /** question id → option → ballots that chose or ticked it */
    options: Record<string, Record<string, number>>;
  };
  newly_promoted: {
    voters: number;
    /** subject id → opinion → ballots */
    subjects: Record<string, Record<string, number>>;
  };
}

/**
 * Figures are stored once the vote type's ballots can no longer change but through an audited action
 * that deletes them: ended by hand (结束投票, 完成计票: the closing transaction locks the vote type, so
 * a ballot in flight committed before), or past its window for more than a minute (no ballot statement
 * that began before the window's end is still running). Until then a read counts them without storing.
 */
const SETTLED = sql`(v.closed_at IS NOT NULL OR v.counted_at IS NOT NULL OR v.closes_at < now() - interval '1 minute')`;

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::integer`),
    sql`, `,
  );

/** Counts the vote types' figures now and stores them (replacing any); answers them by vote type. */
async function countAndStore(db: Db, ids: readonly number[], settledOnly: boolean, missingOnly = false) {
  const rows = await rowsOf<{ id: number; figures: VoteTypeFigures }>(
    db,
    sql`INSERT INTO vote_type_figures (vote_type_id, round_id, ballots, figures)
        SELECT v.id, v.round_id, (f.j->>'ballots')::int, f.j
        FROM vote_types v CROSS JOIN LATERAL (SELECT kaoping_vote_type_figures(v.id) AS j) f
        WHERE v.id IN (${idList(ids)}) AND ${ENDED_SQL} ${settledOnly ? sql`AND ${SETTLED}` : sql``}
          ${missingOnly ? sql`AND NOT EXISTS (SELECT 1 FROM vote_type_figures s WHERE s.vote_type_id = v.id)` : sql``}
        ON CONFLICT (vote_type_id) DO UPDATE
          SET ballots = excluded.ballots, figures = excluded.figures, computed_at = now()
        RETURNING vote_type_id AS id, figures`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.figures]));
}

/**
 * Counts and stores the figures of a vote type that has just ended, inside the transaction that ended it
 * (结束投票, 完成计票), which holds its row: the next read finds them.
 */
export async function storeFigures(tx: Db, voteTypeId: number) {
  await countAndStore(tx, [voteTypeId], false);
}

/**
 * 完成计票: the figures stored at 结束投票 still hold unless a paper sheet keyed since deleted them (or the
 * vote type ended by its window and none were stored): counts only then, not twice.
 */
export async function storeMissingFigures(tx: Db, voteTypeId: number) {
  await countAndStore(tx, [voteTypeId], false, true);
}

/**
 * Deletes a vote type's stored figures, in the transaction that changes its ballots after it ended (a
 * paper sheet keyed or taken back, a voter's ballot deleted) or reopens it; the next read counts again.
 */
export async function invalidateFigures(db: Db, voteTypeId: number) {
  await db.delete(voteTypeFigures).where(inArray(voteTypeFigures.voteTypeId, [voteTypeId]));
}

/**
 * Counts the figures of ended vote types that have none stored (ended by their window, or changed since):
 * the vote types are locked first, so a ballot or a paper sheet still being stored commits before the
 * count (or waits, and then deletes what was stored). Settled ones are stored, the others only answered.
 */
async function fillFigures(db: Db, ids: readonly number[]) {
  return db.transaction(async (tx) => {
    await rowsOf(
      tx,
      sql`SELECT v.id FROM vote_types v WHERE v.id IN (${idList(ids)}) ORDER BY v.id FOR UPDATE`,
    );
    const stored = await countAndStore(tx, ids, true);
    const rest = ids.filter((id) => !stored.has(id));
    if (rest.length === 0) return stored;
    const counted = await rowsOf<{ id: number; figures: VoteTypeFigures }>(
      tx,
      sql`SELECT v.id, kaoping_vote_type_figures(v.id) AS figures FROM vote_types v
          WHERE v.id IN (${idList(rest)}) AND ${ENDED_SQL}`,
    );
    for (const r of counted) stored.set(Number(r.id), r.figures);
    return stored;
  });
}

/**
 * The figures of every vote type of these rounds that has ended, by vote type id: one read of the stored
 * figures (the rankings pass every unit's round at once), counting only those not stored yet. A vote
 * type still 投票中 has none (decision 0041).
 */
export async function figuresOfRounds(
  db: Db,
  roundIds: readonly number[],
): Promise<Map<number, VoteTypeFigures>> {
  const out = new Map<number, VoteTypeFigures>();
  if (roundIds.length === 0) return out;
  const rows = await rowsOf<{ id: number; figures: VoteTypeFigures | null }>(
    db,
    sql`SELECT v.id, f.figures FROM vote_types v
        LEFT JOIN vote_type_figures f ON f.vote_type_id = v.id
        WHERE v.round_id IN (${idList(roundIds)}) AND ${ENDED_SQL}`,
  );
  const missing: number[] = [];
  for (const r of rows) {
    if (r.figures) out.set(Number(r.id), r.figures);
    else missing.push(Number(r.id));
  }
  if (missing.length) for (const [id, f] of await fillFigures(db, missing)) out.set(id, f);
  return out;
}

/** The figures of one round (figuresOfRounds of one). */
export const figuresOfRound = (db: Db, roundId: number) => figuresOfRounds(db, [roundId]);

/**
 * 重新核算: per ended vote type of the rounds, what is stored and a fresh count from the ballots, side by
 * side (every vote type is given figures first, so a vote type ended by its window is compared too).
 */
export async function recountOfRounds(db: Db, roundIds: readonly number[]) {
  if (roundIds.length === 0) return [];
  await figuresOfRounds(db, roundIds);
  return rowsOf<{
    id: number;
    round_id: number;
    name: string;
    stored: VoteTypeFigures | null;
    recounted: VoteTypeFigures;
  }>(
    db,
    sql`SELECT v.id, v.round_id, v.name, f.figures AS stored, kaoping_vote_type_figures(v.id) AS recounted
        FROM vote_types v LEFT JOIN vote_type_figures f ON f.vote_type_id = v.id
        WHERE v.round_id IN (${idList(roundIds)}) AND ${ENDED_SQL}
        ORDER BY v.round_id, v.sort_order, v.id`,
  );
}
