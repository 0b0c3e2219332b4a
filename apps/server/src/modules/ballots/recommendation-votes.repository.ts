import { asc, count, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { recommendationPosts, recommendationVotes } from '../../db/schema';

// 民主推荐 ballot rows (one per submission and post), read only: they enter through voting/store-ballot.ts.

/** Ballot rows (test ones too) that name the post: a post with any cannot lose its numbers or be deleted. */
export async function postBallotCount(db: Db, postId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(recommendationVotes)
    .where(eq(recommendationVotes.postId, postId));
  return row?.n ?? 0;
}

/** The ids among `candidateIds` that a ballot row of the post chose. */
export async function chosenCandidates(db: Db, postId: number, candidateIds: readonly number[]) {
  if (candidateIds.length === 0) return new Set<number>();
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT DISTINCT (c.v)::int AS id
        FROM recommendation_votes r CROSS JOIN LATERAL jsonb_array_elements_text(r.answers->'choices') AS c(v)
        WHERE r.post_id = ${postId}
          AND (c.v)::int IN (${sql.join(
            candidateIds.map((id) => sql`${id}::int`),
            sql`, `,
          )})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** The names written in on a post's formal ballots (as stored, normalised), each once. */
export async function writtenInNames(db: Db, postId: number) {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`SELECT DISTINCT w.v AS name
        FROM recommendation_votes r CROSS JOIN LATERAL jsonb_array_elements_text(r.answers->'write_ins') AS w(v)
        WHERE r.post_id = ${postId} AND NOT r.is_test`,
  );
  return rows.map((r) => r.name);
}

/** The rows of one submission (a replay compares them with the ballot sent again). */
export async function submissionPostRows(db: Db, submissionId: string) {
  return db
    .select({ postId: recommendationVotes.postId, answers: recommendationVotes.answers })
    .from(recommendationVotes)
    .innerJoin(recommendationPosts, eq(recommendationPosts.id, recommendationVotes.postId))
    .where(eq(recommendationVotes.submissionId, submissionId))
    .orderBy(asc(recommendationPosts.sortOrder), asc(recommendationPosts.id));
}
