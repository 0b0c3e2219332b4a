import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { revealedSql } from './sealed-while-open';

// The text answers of the evaluation family (选人用人 suggestions, 新提拔 reasons), which the 汇总表 and the
// results list in ballot order (by random id, never arrival). Their counts are the stored figures
// (modules/figures, decision 0052). Test ballots never count, nor do the ballots of a vote type still
// open (decision 0041).

const oneVoteType = (voteTypeId: number | undefined) =>
  voteTypeId === undefined ? sql`` : sql`AND c.vote_type_id = ${voteTypeId}`;

/** The answers to the given text questions, in ballot order, blanks left out (of one vote type, or all). */
export async function cadreTexts(
  db: Db,
  roundId: number,
  questionIds: readonly string[],
  voteTypeId?: number,
) {
  if (questionIds.length === 0) return [];
  return rowsOf<{ q: string; t: string }>(
    db,
    // The question ids are given: unnest of a known array is estimated exactly, where jsonb_each is
    // assumed to give 100 rows a ballot; "> ''" (a text answer that is not blank) is estimated as a third
    // of the rows, where jsonb_typeof(…) = 'string' was taken for one in 200 (decision 0052). A text
    // question's answer is always a string (contracts answers.ts).
    sql`SELECT q.id AS q, btrim(c.answers->>q.id) AS t
        FROM cadre_votes c CROSS JOIN unnest(ARRAY[${sql.join(
          questionIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]) AS q(id)
        WHERE c.round_id = ${roundId} AND c.poll_kind = 'cadre' AND NOT c.is_test AND ${revealedSql('c')}
          ${oneVoteType(voteTypeId)}
          AND btrim(c.answers->>q.id) > ''
        ORDER BY c.id`,
  );
}

/** The reasons given on 新提拔 ballots, in ballot order, blanks left out (of one vote type, or all). */
export async function newlyPromotedReasons(db: Db, roundId: number, voteTypeId?: number) {
  const rows = await rowsOf<{ t: string }>(
    db,
    sql`SELECT btrim(c.answers->>'reason') AS t FROM cadre_votes c
        WHERE c.round_id = ${roundId} AND c.poll_kind = 'newly_promoted' AND NOT c.is_test
          AND ${revealedSql('c')} ${oneVoteType(voteTypeId)}
          AND btrim(c.answers->>'reason') > ''
        ORDER BY c.id`,
  );
  return rows.map((r) => r.t);
}
