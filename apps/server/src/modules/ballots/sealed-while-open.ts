import { sql, type SQL } from 'drizzle-orm';

// Counts only while a vote is open (decision 0041): no admin read of ballots changes with each ballot
// but the counts (收回数, turnout, the meeting screen, the codes' counts). Every repository here that reads
// ballots for a record, a figure, a text answer or an export puts `revealedSql` in its WHERE, so a formal
// ballot of a vote type still 投票中 is in none of them; rehearsal ballots (试投票) stay visible.

/**
 * The vote types still 投票中 (`v`): not ended by hand (closed_at), not counted, not past their window.
 * The SQL twin of `countStageOf(v) === 'voting'` (vote-types/vote-type-status.ts; a test checks they agree).
 */
const VOTING = sql`(v.closed_at IS NULL AND v.counted_at IS NULL AND (v.closes_at IS NULL OR v.closes_at > now()))`;

/** The vote types (`v`) that have ended, by hand or by their window: the ones whose figures exist (decision 0052). */
export const ENDED_SQL = sql`NOT ${VOTING}`;

/**
 * The condition on a row of `submissions` or a ballot table (named by its table or alias): a
 * rehearsal ballot, or one whose vote type has ended. The vote types still open are a small set read once
 * per statement (a hashed subplan), not per row.
 */
export function revealedSql(
  alias: 'submissions' | 'votes' | 'cadre_votes' | 'recommendation_votes' | 'c',
): SQL {
  const t = sql.raw(alias);
  return sql`(${t}.is_test OR ${t}.vote_type_id NOT IN (SELECT v.id FROM vote_types v WHERE ${VOTING}))`;
}
