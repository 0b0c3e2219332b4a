import { sortBySurnameStrokes } from '@kaoping/contracts/strokes';
import type {
  RecommendationNameMergeBody,
  RecommendationPost,
  RecommendationPostCreateBody,
  RecommendationPostUpdateBody,
} from '@kaoping/contracts/recommendation';
import {
  isDifferential,
  nameKey,
  normalizeName,
  postNumbersProblems,
} from '@kaoping/contracts/recommendation-rules';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fail, isForeignKeyViolation } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import {
  chosenCandidates,
  postBallotCount,
  writtenInNames,
} from '../ballots/recommendation-votes.repository';
import { assertRoundWritable, currentRound, writableCurrentRound } from '../rounds/round-scope';
import * as repo from './recommendation-posts.repository';

// 推荐职位 and their 参考人选 (issue 30), per unit and round: the admin API's service. Every write runs in
// the request's transaction (lib/request-transaction.ts) and is audited by the route table's action.

const STEP = 10;

export function mapPost(p: repo.PostWithCandidates): RecommendationPost {
  return {
    id: p.id,
    company_id: p.companyId,
    name: p.name,
    seats: p.seats,
    max_choices: p.maxChoices,
    min_choices: p.minChoices,
    write_in_slots: p.writeInSlots,
    candidate_order: p.candidateOrder as RecommendationPost['candidate_order'],
    differential: isDifferential(p),
    is_active: p.isActive,
    sort_order: p.sortOrder,
    candidates: p.candidates.map((c) => ({
      id: c.id,
      post_id: c.postId,
      name: c.name,
      current_position: c.currentPosition,
      birth_date: c.birthDate,
      note: c.note,
      sort_order: c.sortOrder,
    })),
    created_at: p.createdAt.toISOString(),
  };
}

/** The post, or 404 when it does not exist or belongs to another unit than the one given. */
async function scopedPost(db: Db, id: number, companyId?: number, lock = false) {
  const post = await repo.findPost(db, id, lock);
  if (!post || (companyId !== undefined && post.companyId !== companyId))
    throw fail('RECOMMENDATION_POST_NOT_FOUND');
  return post;
}

type CandidateInput = {
  id?: number;
  name: string;
  current_position: string;
  birth_date: string;
  note: string;
};

/** The list in the post's order: as typed, or 按姓氏笔画 (stable: equal names keep the typed order). */
function ordered(list: readonly CandidateInput[], order: string) {
  const sorted = order === 'surname_strokes' ? sortBySurnameStrokes(list, (c) => c.name) : [...list];
  return sorted.map((c) => ({
    id: c.id,
    name: normalizeName(c.name),
    currentPosition: c.current_position,
    birthDate: c.birth_date,
    note: c.note,
  }));
}

/** The current round's posts (GET /recommendation-posts?company_id=). */
export async function listRecommendationPosts(db: Db, companyId: number) {
  const round = await currentRound(db, companyId);
  return (await repo.listPosts(db, round.id)).map(mapPost);
}

/** 409 when another post of the round has this name (compared trimmed); holds the round's name lock. */
async function assertNameFree(db: Db, roundId: number, name: string, exceptId?: number) {
  await repo.lockPostNames(db, roundId);
  const [taken] = await repo.postsNamed(db, roundId, [name], exceptId);
  if (taken) throw fail('RECOMMENDATION_POST_NAME_TAKEN', { name: taken.name.trim() });
}

/** The posts of the unit's current round already named like one of `names` (for the import's refusal). */
export async function takenPostNames(db: Db, companyId: number, names: readonly string[]) {
  const round = await currentRound(db, companyId);
  return (await repo.postsNamed(db, round.id, names)).map((p) => p.name.trim());
}

/** A new post with its candidates goes into the unit's current round (409 if the round has its name). */
export async function createRecommendationPost(db: Db, body: RecommendationPostCreateBody) {
  const round = await writableCurrentRound(db, body.company_id);
  await assertNameFree(db, round.id, body.name);
  let sortOrder = body.sort_order;
  if (sortOrder === undefined) {
    const stats = await repo.postSortStats(db, round.id);
    sortOrder = Math.max(STEP * (stats.count + 1), (stats.max ?? 0) + STEP);
  }
  try {
    const row = await repo.insertPost(db, {
      companyId: body.company_id,
      roundId: round.id,
      name: body.name,
      seats: body.seats,
      maxChoices: body.max_choices,
      minChoices: body.min_choices,
      writeInSlots: body.write_in_slots,
      candidateOrder: body.candidate_order,
      isActive: body.is_active,
      sortOrder,
    });
    await repo.writeCandidates(db, row, ordered(body.candidates, body.candidate_order));
    return mapPost((await repo.findPost(db, row.id))!);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw fail('COMPANY_NOT_FOUND');
    throw err;
  }
}

/**
 * Changes a post. Its numbers are checked on the post as it would be (postNumbersProblems). Once ballots
 * name it, its numbers (职数, 最多/最少推荐人数, 另提名栏) stay and a candidate a ballot chose stays: the
 * ballots were cast and judged against them.
 */
export async function updateRecommendationPost(db: Db, id: number, body: RecommendationPostUpdateBody) {
  const post = await scopedPost(db, id, body.company_id, true);
  await assertRoundWritable(db, post.roundId);
  if (body.name !== undefined && body.name.trim() !== post.name.trim())
    await assertNameFree(db, post.roundId, body.name, post.id);
  const seats = body.seats ?? post.seats;
  const next = {
    seats,
    // A new 职数 without a maximum moves a maximum that followed the old 职数 with it.
    max_choices:
      body.max_choices ??
      (body.seats !== undefined && post.maxChoices === post.seats ? body.seats : post.maxChoices),
    min_choices: body.min_choices === undefined ? post.minChoices : body.min_choices,
    write_in_slots: body.write_in_slots ?? post.writeInSlots,
    candidates: body.candidates ?? post.candidates,
  };
  const problems = postNumbersProblems(next);
  if (problems.length)
    throw fail('RECOMMENDATION_POST_NUMBERS', { problems: problems.map((p) => p.message).join('；') });
  const numbersChange =
    next.seats !== post.seats ||
    next.max_choices !== post.maxChoices ||
    next.min_choices !== post.minChoices ||
    next.write_in_slots !== post.writeInSlots;
  const ballots = numbersChange ? await postBallotCount(db, post.id) : 0;
  if (ballots > 0) throw fail('RECOMMENDATION_POST_HAS_BALLOTS', { name: post.name, count: ballots });
  const order = body.candidate_order ?? post.candidateOrder;
  if (body.candidates) {
    const known = new Set(post.candidates.map((c) => c.id));
    const unknown = body.candidates.find((c) => c.id !== undefined && !known.has(c.id));
    if (unknown) throw fail('RECOMMENDATION_POST_NOT_FOUND');
    const kept = new Set(body.candidates.flatMap((c) => (c.id === undefined ? [] : [c.id])));
    const removed = post.candidates.filter((c) => !kept.has(c.id));
    const chosen = await chosenCandidates(
      db,
      post.id,
      removed.map((c) => c.id),
    );
    const named = removed.find((c) => chosen.has(c.id));
    if (named) throw fail('RECOMMENDATION_CANDIDATE_HAS_BALLOTS', { name: named.name });
  }
  await repo.updatePost(db, id, {
    name: body.name,
    seats: next.seats,
    maxChoices: next.max_choices,
    minChoices: next.min_choices,
    writeInSlots: next.write_in_slots,
    candidateOrder: order,
    isActive: body.is_active,
    sortOrder: body.sort_order,
  });
  if (body.candidates || order !== post.candidateOrder) {
    const list: CandidateInput[] =
      body.candidates ??
      post.candidates.map((c) => ({
        id: c.id,
        name: c.name,
        current_position: c.currentPosition,
        birth_date: c.birthDate,
        note: c.note,
      }));
    await repo.writeCandidates(db, post, ordered(list, order));
  }
  return mapPost((await repo.findPost(db, id))!);
}

/** Deletes a post with its candidates; refused once ballots name it. */
export async function deleteRecommendationPost(db: Db, id: number, companyId?: number) {
  const post = await scopedPost(db, id, companyId, true);
  await assertRoundWritable(db, post.roundId);
  const ballots = await postBallotCount(db, post.id);
  if (ballots > 0) throw fail('RECOMMENDATION_POST_HAS_BALLOTS', { name: post.name, count: ballots });
  await repo.deletePost(db, post.id);
}

/**
 * 姓名校改: these spellings of the post's write-ins count as `name` from now on (the ballots keep what was
 * written; a spelling compares by nameKey, and one no ballot wrote changes nothing). The stored
 * figures of the round's ended vote types are left as they are: they hold the raw names, and the merges
 * are applied when the results are read. Audited with the spellings and the name.
 */
export async function mergeNames(db: Db, body: RecommendationNameMergeBody, actor: Actor) {
  const post = await scopedPost(db, body.post_id, body.company_id, true);
  await assertRoundWritable(db, post.roundId);
  const written = new Map((await writtenInNames(db, post.id)).map((n) => [nameKey(n), n]));
  const name = normalizeName(body.name);
  const merges = [...new Map(body.spellings.map((raw) => [nameKey(raw), raw])).entries()].map(
    ([key, raw]) => ({
      spellingKey: key,
      spelling: written.get(key) ?? normalizeName(raw),
      name,
    }),
  );
  await repo.saveMerges(db, post, merges);
  actor.audit.summary = `另提名姓名校改：“${post.name}”中 ${merges.map((m) => `“${m.spelling}”`).join('、')} 计为“${name}”`;
  await recordAudit(db, actor, 'recommendation_post.merge_names', {
    id: post.id,
    company_id: post.companyId,
    name: post.name,
    spellings: merges.map((m) => m.spelling),
    merged_name: name,
  });
  return mapPost(post);
}
