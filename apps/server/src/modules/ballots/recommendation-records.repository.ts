import type { RecommendationVoteFilterQuery } from '@kaoping/contracts/records';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recommendationPosts, recommendationVotes, submissions, voteTypes } from '../../db/schema';
import { roundWhere, sourceIs } from './round-where';
import { revealedSql } from './sealed-while-open';

// The records of 民主推荐 ballots (recommendation_votes, one row per ballot and post): never a ballot of a
// vote type still open (decision 0041), sorted by the 随机编号 and the post's place, never by arrival.

/** The WHERE of a 民主推荐 records filter; every field optional. */
export function recommendationVoteWhere(f: RecommendationVoteFilterQuery): SQL | undefined {
  return and(
    revealedSql('recommendation_votes'),
    f.company_id === undefined ? undefined : eq(recommendationVotes.companyId, f.company_id),
    roundWhere(recommendationVotes.roundId, f.round_id),
    f.vote_type_id === undefined ? undefined : eq(recommendationVotes.voteTypeId, f.vote_type_id),
    f.post_id === undefined ? undefined : eq(recommendationVotes.postId, f.post_id),
    f.status === undefined ? undefined : eq(recommendationVotes.status, f.status),
    f.voter_key === undefined ? undefined : eq(recommendationVotes.voterKey, f.voter_key),
    f.source === undefined ? undefined : sourceIs(recommendationVotes.submissionId, f.source),
  );
}

/** The listed candidates a row chose, with their names, in the post's list order. */
const chosen = sql<{ id: number; name: string }[] | string>`coalesce((
  SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.sort_order, c.id)
  FROM recommendation_candidates c
  WHERE c.id IN (
    SELECT (x.v)::int FROM jsonb_array_elements_text(${recommendationVotes.answers}->'choices') AS x(v)
  )
), '[]'::json)`;

function selectRecords(db: Db) {
  return db
    .select({
      vote: recommendationVotes,
      voteTypeName: voteTypes.name,
      source: submissions.source,
      postName: recommendationPosts.name,
      chosen,
    })
    .from(recommendationVotes)
    .innerJoin(recommendationPosts, eq(recommendationPosts.id, recommendationVotes.postId))
    .leftJoin(voteTypes, eq(voteTypes.id, recommendationVotes.voteTypeId))
    .leftJoin(submissions, eq(submissions.id, recommendationVotes.submissionId));
}
export type RecommendationVoteRow = NonNullable<Awaited<ReturnType<typeof findRecommendationVote>>>;

const byKeyThenPost = (dir: typeof asc) => [
  dir(recommendationVotes.voterKey),
  asc(recommendationPosts.sortOrder),
  asc(recommendationVotes.postId),
];

export async function listRecommendationVotes(
  db: Db,
  where: SQL | undefined,
  page: { skip: number; limit: number; order: 'asc' | 'desc' },
) {
  return selectRecords(db)
    .where(where)
    .orderBy(...byKeyThenPost(page.order === 'asc' ? asc : desc))
    .limit(page.limit)
    .offset(page.skip);
}

export async function countRecommendationVotes(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(recommendationVotes).where(where);
  return row?.n ?? 0;
}

export async function findRecommendationVote(db: Db, id: number) {
  const [row] = await selectRecords(db).where(
    and(eq(recommendationVotes.id, id), revealedSql('recommendation_votes')),
  );
  return row;
}

/** The rows of some submissions (whole ballots), post by post in the posts' order. */
export async function recommendationVotesOfSubmissions(db: Db, submissionIds: string[]) {
  if (submissionIds.length === 0) return [];
  return selectRecords(db)
    .where(and(inArray(recommendationVotes.submissionId, submissionIds), revealedSql('recommendation_votes')))
    .orderBy(...byKeyThenPost(asc));
}
