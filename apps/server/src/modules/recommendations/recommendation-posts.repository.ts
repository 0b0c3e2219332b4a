import { and, asc, count, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { recommendationCandidates, recommendationNameMerges, recommendationPosts } from '../../db/schema';

// 民主推荐 (issue 30): the posts (推荐职位) of a round, their candidates (参考人选) and the 姓名校改 of their
// write-ins. Only this module writes these three tables (test/architecture.test.ts).

export type PostRow = typeof recommendationPosts.$inferSelect;
export type PostInsert = typeof recommendationPosts.$inferInsert;
export type PostPatch = Partial<
  Pick<
    PostRow,
    | 'name'
    | 'seats'
    | 'maxChoices'
    | 'minChoices'
    | 'writeInSlots'
    | 'candidateOrder'
    | 'isActive'
    | 'sortOrder'
  >
>;
export type CandidateRow = typeof recommendationCandidates.$inferSelect;
export type CandidateFields = Pick<CandidateRow, 'name' | 'currentPosition' | 'birthDate' | 'note'>;

/** A post with its candidates in the post's order. */
export interface PostWithCandidates extends PostRow {
  candidates: CandidateRow[];
}

async function withCandidates(db: Db, posts: PostRow[]): Promise<PostWithCandidates[]> {
  if (posts.length === 0) return [];
  const rows = await db
    .select()
    .from(recommendationCandidates)
    .where(
      inArray(
        recommendationCandidates.postId,
        posts.map((p) => p.id),
      ),
    )
    .orderBy(asc(recommendationCandidates.sortOrder), asc(recommendationCandidates.id));
  const byPost = new Map<number, CandidateRow[]>();
  for (const c of rows) byPost.set(c.postId, [...(byPost.get(c.postId) ?? []), c]);
  return posts.map((p) => ({ ...p, candidates: byPost.get(p.id) ?? [] }));
}

/** The round's posts in display order with their candidates; only the active ones when asked. */
export async function listPosts(db: Db, roundId: number, filter: { activeOnly?: boolean } = {}) {
  const posts = await db
    .select()
    .from(recommendationPosts)
    .where(
      and(
        eq(recommendationPosts.roundId, roundId),
        filter.activeOnly ? eq(recommendationPosts.isActive, true) : undefined,
      ),
    )
    .orderBy(asc(recommendationPosts.sortOrder), asc(recommendationPosts.id));
  return withCandidates(db, posts);
}

export async function findPostRow(db: Db, id: number, lock = false) {
  const q = db.select().from(recommendationPosts).where(eq(recommendationPosts.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findPost(db: Db, id: number, lock = false) {
  const row = await findPostRow(db, id, lock);
  return row && (await withCandidates(db, [row]))[0]!;
}

/** How many posts the round has and the largest sort_order among them. */
export async function postSortStats(db: Db, roundId: number) {
  const [row] = await db
    .select({ n: count(), top: max(recommendationPosts.sortOrder) })
    .from(recommendationPosts)
    .where(eq(recommendationPosts.roundId, roundId));
  return { count: row?.n ?? 0, max: row?.top ?? null };
}

/**
 * Orders the writes of post names in one round (create, rename, import): held until the transaction
 * ends, so that two requests cannot both find a name free and both store it.
 */
export async function lockPostNames(db: Db, roundId: number) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727030, ${roundId}::integer)`);
}

/** The round's posts whose names, trimmed, are among `names` (trimmed): id and name. */
export async function postsNamed(db: Db, roundId: number, names: readonly string[], exceptId?: number) {
  const wanted = [...new Set(names.map((n) => n.trim()))];
  if (wanted.length === 0) return [];
  return db
    .select({ id: recommendationPosts.id, name: recommendationPosts.name })
    .from(recommendationPosts)
    .where(
      and(
        eq(recommendationPosts.roundId, roundId),
        inArray(sql<string>`btrim(${recommendationPosts.name})`, wanted),
        exceptId === undefined ? undefined : sql`${recommendationPosts.id} <> ${exceptId}`,
      ),
    )
    .orderBy(asc(recommendationPosts.sortOrder), asc(recommendationPosts.id));
}

export async function insertPost(db: Db, values: PostInsert) {
  const [row] = await db.insert(recommendationPosts).values(values).returning();
  return row!;
}

export async function updatePost(db: Db, id: number, patch: PostPatch) {
  if (Object.values(patch).every((v) => v === undefined)) return findPostRow(db, id);
  const [row] = await db
    .update(recommendationPosts)
    .set(patch)
    .where(eq(recommendationPosts.id, id))
    .returning();
  return row;
}

export async function deletePost(db: Db, id: number) {
  await db.delete(recommendationPosts).where(eq(recommendationPosts.id, id));
}

/**
 * Writes a post's candidate list in the given order (sort_order 10, 20, …): entries with an id keep that
 * candidate (renamed, moved), the others are added, candidates left out are deleted.
 */
export async function writeCandidates(
  db: Db,
  post: { id: number; roundId: number },
  list: readonly (CandidateFields & { id?: number })[],
) {
  const kept = list.flatMap((c) => (c.id === undefined ? [] : [c.id]));
  await db
    .delete(recommendationCandidates)
    .where(
      and(
        eq(recommendationCandidates.postId, post.id),
        kept.length ? notInArray(recommendationCandidates.id, kept) : undefined,
      ),
    );
  for (const [i, c] of list.entries()) {
    const fields = {
      name: c.name,
      currentPosition: c.currentPosition,
      birthDate: c.birthDate,
      note: c.note,
      sortOrder: (i + 1) * 10,
    };
    if (c.id === undefined) {
      await db.insert(recommendationCandidates).values({ ...fields, postId: post.id, roundId: post.roundId });
    } else {
      await db
        .update(recommendationCandidates)
        .set(fields)
        .where(and(eq(recommendationCandidates.id, c.id), eq(recommendationCandidates.postId, post.id)));
    }
  }
}

/** 姓名校改 of these posts: post id → (spelling → name), as countRecommendation takes them. */
export async function mergesOfPosts(db: Db, postIds: readonly number[]) {
  const out = new Map<number, Record<string, string>>();
  if (postIds.length === 0) return out;
  const rows = await db
    .select()
    .from(recommendationNameMerges)
    .where(inArray(recommendationNameMerges.postId, [...postIds]))
    .orderBy(asc(recommendationNameMerges.id));
  for (const r of rows) out.set(r.postId, { ...out.get(r.postId), [r.spelling]: r.name });
  return out;
}

/** Records that these spellings count as `name` (replacing an earlier merge of the same spelling). */
export async function saveMerges(
  db: Db,
  post: { id: number; roundId: number },
  merges: readonly { spellingKey: string; spelling: string; name: string }[],
) {
  for (const m of merges) {
    await db
      .insert(recommendationNameMerges)
      .values({ postId: post.id, roundId: post.roundId, ...m })
      .onConflictDoUpdate({
        target: [recommendationNameMerges.postId, recommendationNameMerges.spellingKey],
        set: { name: m.name, spelling: m.spelling },
      });
  }
}

/**
 * Copies a round's posts and their candidates into a new round (each post remembering the one it came
 * from); no 姓名校改 and no ballots. Answers how many posts.
 */
export async function copyPostsToRound(db: Db, fromRoundId: number, toRoundId: number) {
  const pairs = await rowsOf<{ id: number; source: number }>(
    db,
    sql`INSERT INTO recommendation_posts (company_id, round_id, name, seats, max_choices, min_choices,
          write_in_slots, candidate_order, is_active, sort_order, source_post_id)
        SELECT company_id, ${toRoundId}::integer, name, seats, max_choices, min_choices, write_in_slots,
          candidate_order, is_active, sort_order, id
        FROM recommendation_posts WHERE round_id = ${fromRoundId} ORDER BY id
        RETURNING id, source_post_id AS source`,
  );
  if (pairs.length === 0) return 0;
  await db.execute(sql`
    INSERT INTO recommendation_candidates (post_id, round_id, name, current_position, birth_date, note, sort_order)
    SELECT p.id, ${toRoundId}::integer, c.name, c.current_position, c.birth_date, c.note, c.sort_order
    FROM recommendation_posts p JOIN recommendation_candidates c ON c.post_id = p.source_post_id
    WHERE p.round_id = ${toRoundId} ORDER BY c.post_id, c.sort_order, c.id`);
  return pairs.length;
}
