// 民主推荐 (issue 30): the counting of a post over many ballots, per voter group (vote type) and in total.
// Shares use the product's one rounding (scoring.ts roundRatio: exact, half up, never nudged), ranks its
// one ranking (ranking.ts competitionRanks: 1, 1, 3). The shapes are checked by recommendation.ts.
import { byRank, competitionRanks } from './ranking';
import {
  checkRecommendationEntry,
  nameKey,
  normalizeName,
  quorumMet,
  RECOMMENDATION_QUORUM_WARNING,
  type RecommendationAnswers,
  type RecommendationEntryStatus,
  type RecommendationPostRule,
} from './recommendation-rules';
import { roundRatio } from './scoring';

/** A post as the counting needs it (RecommendationPostRule plus the figures it prints). */
export interface RecommendationCountPost extends RecommendationPostRule {
  seats: number;
}

/**
 * One received ballot's answers for the post: the answers as stored, `'invalid'` for a post the keyer
 * entered as 无效 (or a sheet voided whole), or null/undefined when the ballot carries no entry for the post
 * (弃权).
 */
export type RecommendationCountEntry = RecommendationAnswers | 'invalid' | null | undefined;

/**
 * 姓名校改: spellings of one person merged into one name before counting, raw spelling → name. Keys and
 * names are compared by nameKey. A name that is a listed candidate's counts for that candidate; a person
 * is counted at most once per ballot.
 */
export type RecommendationNameMerges = Readonly<Record<string, string>>;

export interface RecommendationCandidateResult {
  /** The listed candidate; null for a name written in (另提名). */
  candidate_id: number | null;
  name: string;
  votes: number;
  /** votes ÷ valid ballots of the post, in percent, half up to two decimals (0 without valid ballots). */
  share: number;
  /** Competition rank by votes over the post's listed and written-in names (1, 1, 3). */
  rank: number;
  write_in: boolean;
  /** More votes than half of the post's valid ballots (过半数). */
  above_half: boolean;
}

export interface RecommendationPostResult {
  post_id: number;
  name: string;
  seats: number;
  max_choices: number;
  /** 应到; null when the vote type does not say. */
  expected: number | null;
  /** 收回: ballots returned = valid + invalid. */
  received: number;
  /** Valid ballots of the post, 弃权 included. */
  valid: number;
  /** 无效 for this post (over- or under-marked paper, or entered as 无效). */
  invalid: number;
  /** Valid ballots that left the post empty (弃权). */
  abstained: number;
  /** received ≥ ⅔ expected; null when expected is unknown. */
  quorum_met: boolean | null;
  /** RECOMMENDATION_QUORUM_WARNING when quorum_met is false. */
  warning: string | null;
  /** Listed candidates and write-ins in rank order (ties: listed order, then write-ins by name). */
  candidates: RecommendationCandidateResult[];
}

/** How one entry counts for its post (the rules of a paper sheet: too many or too few marks = 无效). */
export function classifyRecommendationEntry(
  post: RecommendationPostRule,
  entry: RecommendationCountEntry,
): RecommendationEntryStatus {
  if (entry === 'invalid') return 'invalid';
  if (entry === null || entry === undefined) return 'abstained';
  const check = checkRecommendationEntry(post, entry, 'paper');
  return check.ok ? check.status : 'invalid';
}

interface Tally {
  expected: number | null;
  received: number;
  valid: number;
  invalid: number;
  abstained: number;
  /** Votes per listed candidate id. */
  votes: Map<number, number>;
  /** Votes per write-in name key; the name shown is the spelling first met. */
  writeIns: Map<string, { name: string; votes: number }>;
}

const emptyTally = (expected: number | null): Tally => ({
  expected,
  received: 0,
  valid: 0,
  invalid: 0,
  abstained: 0,
  votes: new Map(),
  writeIns: new Map(),
});

function finish(post: RecommendationCountPost, t: Tally): RecommendationPostResult {
  const rows = [
    ...post.candidates.map((c) => ({
      candidate_id: c.id,
      name: c.name,
      votes: t.votes.get(c.id) ?? 0,
      write_in: false,
    })),
    ...[...t.writeIns.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, w]) => ({ candidate_id: null, name: w.name, votes: w.votes, write_in: true })),
  ];
  const ranks = competitionRanks(rows.map((r) => r.votes));
  const results = rows.map((r, i) => ({
    ...r,
    share: t.valid ? roundRatio(r.votes * 100, t.valid) : 0,
    rank: ranks[i]!,
    above_half: 2 * r.votes > t.valid,
  }));
  const quorum = quorumMet(t.received, t.expected);
  return {
    post_id: post.id,
    name: post.name,
    seats: post.seats,
    max_choices: post.max_choices,
    expected: t.expected,
    received: t.received,
    valid: t.valid,
    invalid: t.invalid,
    abstained: t.abstained,
    quorum_met: quorum,
    warning: quorum === false ? RECOMMENDATION_QUORUM_WARNING : null,
    candidates: byRank(results, (r) => r.rank).map((r) => ({
      candidate_id: r.candidate_id,
      name: r.name,
      votes: r.votes,
      share: r.share,
      rank: r.rank,
      write_in: r.write_in,
      above_half: r.above_half,
    })),
  };
}

/**
 * One post over the ballots received for it (one entry per ballot, see RecommendationCountEntry): 收回,
 * 有效 (弃权 included), 无效, 弃权, the votes of every listed candidate and of every name written in after
 * 姓名校改, shares, ranks, the ⅔ quorum and the 过半数 mark. `expected` is 应到.
 */
export function countRecommendationPost(
  post: RecommendationCountPost,
  entries: readonly RecommendationCountEntry[],
  options: { expected?: number | null; merges?: RecommendationNameMerges } = {},
): RecommendationPostResult {
  const t = emptyTally(options.expected ?? null);
  const merges = new Map(
    Object.entries(options.merges ?? {}).map(([from, to]) => [nameKey(from), normalizeName(to)]),
  );
  const listedByKey = new Map(post.candidates.map((c) => [nameKey(c.name), c.id]));
  for (const entry of entries) {
    t.received += 1;
    const status = classifyRecommendationEntry(post, entry);
    if (status === 'invalid') {
      t.invalid += 1;
      continue;
    }
    t.valid += 1;
    if (status === 'abstained' || !entry || entry === 'invalid') {
      t.abstained += 1;
      continue;
    }
    // One vote per person per ballot: a write-in merged into a name already chosen counts once.
    const people = new Set<number | string>(entry.choices);
    for (const raw of entry.write_ins) {
      const spelled = normalizeName(raw);
      if (spelled === '') continue;
      const name = merges.get(nameKey(spelled)) ?? spelled;
      const key = nameKey(name);
      const listed = listedByKey.get(key);
      if (listed !== undefined) {
        people.add(listed);
        continue;
      }
      if (people.has(`w:${key}`)) continue;
      people.add(`w:${key}`);
      const w = t.writeIns.get(key);
      if (w) w.votes += 1;
      else t.writeIns.set(key, { name, votes: 1 });
    }
    for (const p of people) if (typeof p === 'number') t.votes.set(p, (t.votes.get(p) ?? 0) + 1);
  }
  return finish(post, t);
}

/**
 * The 合计 of a post over voter groups: every count is the sum of the groups' counts (应到 too, null if any
 * group's is), write-ins joined by name, and shares, ranks, quorum and 过半数 worked out again from the
 * sums (never an average of the groups' shares).
 */
export function sumRecommendationPost(
  post: RecommendationCountPost,
  groups: readonly RecommendationPostResult[],
): RecommendationPostResult {
  const t = emptyTally(
    groups.length && groups.every((g) => g.expected !== null)
      ? groups.reduce((a, g) => a + g.expected!, 0)
      : null,
  );
  for (const g of groups) {
    t.received += g.received;
    t.valid += g.valid;
    t.invalid += g.invalid;
    t.abstained += g.abstained;
    for (const c of g.candidates) {
      if (c.candidate_id !== null) {
        t.votes.set(c.candidate_id, (t.votes.get(c.candidate_id) ?? 0) + c.votes);
        continue;
      }
      const key = nameKey(c.name);
      const w = t.writeIns.get(key);
      if (w) w.votes += c.votes;
      else t.writeIns.set(key, { name: c.name, votes: c.votes });
    }
  }
  return finish(post, t);
}

/** A voter group (vote type) and its entries per post. */
export interface RecommendationGroupInput {
  vote_type_id: number;
  name: string;
  /** 应到 of the group; null when unknown. */
  expected: number | null;
  /** Per post id, one entry per ballot received (RecommendationCountEntry). */
  entries: ReadonlyMap<number, readonly RecommendationCountEntry[]>;
}

/**
 * Every post per group and in total, side by side: `groups[i].posts[j]` and `total[j]` are post j. Merges
 * are per post id.
 */
export function countRecommendation(
  posts: readonly RecommendationCountPost[],
  groups: readonly RecommendationGroupInput[],
  merges: ReadonlyMap<number, RecommendationNameMerges> = new Map(),
): {
  groups: { vote_type_id: number; name: string; posts: RecommendationPostResult[] }[];
  total: RecommendationPostResult[];
} {
  const perGroup = groups.map((g) => ({
    vote_type_id: g.vote_type_id,
    name: g.name,
    posts: posts.map((p) =>
      countRecommendationPost(p, g.entries.get(p.id) ?? [], {
        expected: g.expected,
        merges: merges.get(p.id),
      }),
    ),
  }));
  const total = posts.map((p, j) =>
    sumRecommendationPost(
      p,
      perGroup.map((g) => g.posts[j]!),
    ),
  );
  return { groups: perGroup, total };
}
