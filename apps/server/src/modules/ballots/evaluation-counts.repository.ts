import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { revealedSql } from './sealed-while-open';

// The 汇总表's counts of the evaluation family (选人用人 and 新提拔), made by the database: grouped by voter
// group, question (or cadre) and option, so no ballot travels to the server. Test ballots never count,
// nor do the ballots of a vote type still open (decision 0041).

/** Ballots of a poll kind per vote type. */
export async function evaluationVoters(db: Db, roundId: number, pollKind: 'cadre' | 'newly_promoted') {
  const rows = await rowsOf<{ vote_type_id: number; n: number }>(
    db,
    sql`SELECT vote_type_id, count(*)::int AS n FROM cadre_votes
        WHERE round_id = ${roundId} AND poll_kind = ${pollKind} AND NOT is_test AND ${revealedSql('cadre_votes')}
        GROUP BY vote_type_id`,
  );
  return new Map(rows.map((r) => [Number(r.vote_type_id), Number(r.n)]));
}

/**
 * Per (vote type, question, value): how many 选人用人 ballots answered the question with that value; a
 * multiple choice answer counts once under each option ticked. `answered` rows (value null) count the
 * ballots that answered the question at all.
 */
export async function cadreChoiceCounts(db: Db, roundId: number) {
  const rows = await rowsOf<{ vote_type_id: number; q: string; v: string | null; n: number }>(
    db,
    sql`SELECT c.vote_type_id, e.key AS q, x.v, count(*)::int AS n
        FROM cadre_votes c
        CROSS JOIN LATERAL jsonb_each(c.answers) e
        CROSS JOIN LATERAL (
          SELECT NULL::text AS v
          UNION ALL
          SELECT e.value #>> '{}' WHERE jsonb_typeof(e.value) = 'string'
          UNION ALL
          SELECT jsonb_array_elements_text(
            CASE WHEN jsonb_typeof(e.value) = 'array' THEN e.value ELSE '[]'::jsonb END)
        ) x
        WHERE c.round_id = ${roundId} AND c.poll_kind = 'cadre' AND NOT c.is_test AND ${revealedSql('c')}
        GROUP BY c.vote_type_id, e.key, x.v`,
  );
  return rows.map((r) => ({
    voteTypeId: Number(r.vote_type_id),
    question: r.q,
    value: r.v,
    count: Number(r.n),
  }));
}

/** The answers to the given text questions, in ballot order, blanks left out. */
export async function cadreTexts(db: Db, roundId: number, questionIds: readonly string[]) {
  if (questionIds.length === 0) return [];
  return rowsOf<{ q: string; t: string }>(
    db,
    sql`SELECT e.key AS q, btrim(e.value #>> '{}') AS t
        FROM cadre_votes c CROSS JOIN LATERAL jsonb_each(c.answers) e
        WHERE c.round_id = ${roundId} AND c.poll_kind = 'cadre' AND NOT c.is_test AND ${revealedSql('c')}
          AND e.key IN (${sql.join(
            questionIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          AND jsonb_typeof(e.value) = 'string' AND btrim(e.value #>> '{}') <> ''
        ORDER BY c.id`,
  );
}

/** Per (vote type, subject, opinion): the 新提拔 ballots that gave it. */
export async function newlyPromotedCounts(db: Db, roundId: number) {
  const rows = await rowsOf<{ vote_type_id: number; s: string; v: string; n: number }>(
    db,
    sql`SELECT c.vote_type_id, substr(e.key, 9) AS s, e.value #>> '{}' AS v, count(*)::int AS n
        FROM cadre_votes c CROSS JOIN LATERAL jsonb_each(c.answers) e
        WHERE c.round_id = ${roundId} AND c.poll_kind = 'newly_promoted' AND NOT c.is_test AND ${revealedSql('c')}
          AND e.key ~ '^subject_[0-9]{1,10}$' AND jsonb_typeof(e.value) = 'string'
        GROUP BY c.vote_type_id, e.key, e.value #>> '{}'`,
  );
  return rows.map((r) => ({
    voteTypeId: Number(r.vote_type_id),
    subjectId: Number(r.s),
    opinion: r.v,
    count: Number(r.n),
  }));
}

/** The reasons given on 新提拔 ballots, in ballot order, blanks left out. */
export async function newlyPromotedReasons(db: Db, roundId: number) {
  const rows = await rowsOf<{ t: string }>(
    db,
    sql`SELECT btrim(answers->>'reason') AS t FROM cadre_votes
        WHERE round_id = ${roundId} AND poll_kind = 'newly_promoted' AND NOT is_test AND ${revealedSql('cadre_votes')}
          AND jsonb_typeof(answers->'reason') = 'string' AND btrim(answers->>'reason') <> ''
        ORDER BY id`,
  );
  return rows.map((r) => r.t);
}
