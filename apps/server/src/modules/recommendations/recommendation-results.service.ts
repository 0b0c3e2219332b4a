import { openVoteTypesNote } from '@kaoping/contracts/constants';
import type { RecommendationResults } from '@kaoping/contracts/recommendation';
import {
  countRecommendationPost,
  type RecommendationCountPost,
  type RecommendationPostResult,
  sumRecommendationPost,
} from '@kaoping/contracts/recommendation-count';
import {
  RECOMMENDATION_SHARE_NOTE,
  type RecommendationAnswers,
  type RecommendationMode,
} from '@kaoping/contracts/recommendation-rules';
import type { Db } from '../../db/client';
import { getCompany } from '../companies/companies.service';
import { figuresOfRound, type VoteTypeFigures } from '../figures/figures.repository';
import { roundOf } from '../rounds/round-scope';
import { hasEnded } from '../vote-types/vote-type-status';
import { listVoteTypes } from '../vote-types/vote-types.repository';
import { listPosts, mergesOfPosts } from './recommendation-posts.repository';

// 民主推荐's results (issue 30): per post, per voter group (vote type) and in total, from the stored figures
// of the ended vote types (decision 0052; a vote type still open has none, decision 0041), counted by the
// contracts' counting (recommendation-count.ts) with the 姓名校改 applied.

/** What kaoping_vote_type_figures answers for one post of a 民主推荐 vote type (migration 0017). */
export interface PostFigures {
  received: number;
  valid: number;
  invalid: number;
  abstained: number;
  /** Valid ballots with a write-in (kept whole in written_ballots). */
  written: number;
  /** candidate id → votes, over the valid ballots without a write-in. */
  votes: Record<string, number>;
  /** [answers, ballots]: the valid ballots with a write-in, grouped by their answers. */
  written_ballots: [RecommendationAnswers, number][];
}

type WithRecommendation = VoteTypeFigures & { recommendation?: Record<string, PostFigures> };

/**
 * One post of one vote type: the ballots without a write-in from their counts, the ones with a write-in
 * counted as ballots (姓名校改 may make one person of two names on one ballot), summed by the contracts.
 */
export function postResult(
  post: RecommendationCountPost,
  f: PostFigures | undefined,
  expected: number | null,
  merges: Readonly<Record<string, string>> | undefined,
): RecommendationPostResult {
  const plain: RecommendationPostResult = countRecommendationPost(post, [], { expected });
  if (!f) return plain;
  const counted = {
    ...plain,
    received: f.received - f.written,
    valid: f.valid - f.written,
    invalid: f.invalid,
    abstained: f.abstained,
    candidates: post.candidates.map((c) => ({
      candidate_id: c.id,
      name: c.name,
      votes: f.votes[String(c.id)] ?? 0,
      share: 0,
      rank: 0,
      write_in: false,
      above_half: false,
    })),
  };
  const entries = f.written_ballots.flatMap(([answers, n]) => Array.from({ length: n }, () => answers));
  const written = countRecommendationPost(post, entries, { expected: 0, merges });
  return sumRecommendationPost(post, [counted, written]);
}

/** GET /companies/{id}/recommendation-results: the round's posts per ended vote type and in total. */
export async function recommendationResults(
  db: Db,
  companyId: number,
  roundId?: number,
): Promise<RecommendationResults> {
  const company = await getCompany(db, companyId);
  const round = await roundOf(db, companyId, roundId);
  const voteTypes = (await listVoteTypes(db, round.id, 'democratic_recommendation')).filter(
    (v) => v.isActive || v.closedAt !== null || v.countedAt !== null,
  );
  const figures = (await figuresOfRound(db, round.id)) as Map<number, WithRecommendation>;
  const ended = voteTypes.filter((v) => hasEnded(v) && figures.has(v.id));
  const open = voteTypes.filter((v) => !ended.includes(v));
  const rows = await listPosts(db, round.id);
  const counted = new Set(ended.flatMap((v) => Object.keys(figures.get(v.id)?.recommendation ?? {})));
  const posts = rows.filter((p) => p.isActive || counted.has(String(p.id)));
  const rules: RecommendationCountPost[] = posts.map((p) => ({
    id: p.id,
    name: p.name,
    seats: p.seats,
    max_choices: p.maxChoices,
    min_choices: p.minChoices,
    write_in_slots: p.writeInSlots,
    candidates: p.candidates.map((c) => ({ id: c.id, name: c.name })),
  }));
  const merges = await mergesOfPosts(
    db,
    posts.map((p) => p.id),
  );
  const groups = ended.map((v) => ({
    vote_type_id: v.id,
    name: v.name,
    recommendation_mode: (v.recommendationMode ?? 'meeting') as RecommendationMode,
    posts: rules.map((p) =>
      postResult(p, figures.get(v.id)?.recommendation?.[String(p.id)], v.expectedVoters, merges.get(p.id)),
    ),
  }));
  return {
    company: { id: company.id, name: company.name },
    groups,
    total: {
      posts: rules.map((p, j) =>
        sumRecommendationPost(
          p,
          groups.map((g) => g.posts[j]!),
        ),
      ),
    },
    share_note: RECOMMENDATION_SHARE_NOTE,
    open_note: open.length ? openVoteTypesNote(open.map((v) => v.name)) : null,
    generated_at: new Date().toISOString(),
  };
}
