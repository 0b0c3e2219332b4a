import { cadreQuestions } from '@kaoping/contracts/cadre-schema';
import { errorDetail } from '@kaoping/contracts/errors';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import type { PublicPollKind } from '@kaoping/contracts/public-vote-types';
import { isDifferential, type PublicRecommendationPost } from '@kaoping/contracts/recommendation-rules';
import type { Db } from '../../db/client';
import { type Family, readFingerprint } from './conditions';
import {
  listSubjects,
  type EvaluationSubjectRow,
} from '../evaluation-subjects/evaluation-subjects.repository';
import { isParsed, readRoundPolls, type ParsedPoll } from '../polls/parsed-poll';
import { listPosts, type PostWithCandidates } from '../recommendations/recommendation-posts.repository';
import { findRound } from '../rounds/rounds.repository';
import { listVoteTargets, type VoteTargetRow } from '../vote-targets/vote-targets.repository';
import { findVoteTypeByLink, type VoteTypeRow } from '../vote-types/vote-types.repository';

/** One thing the voter answers: a scoring poll for one target, or an evaluation poll. */
export interface BallotPart {
  poll: ParsedPoll;
  target: VoteTargetRow | null;
}

/** Everything a vote type's ballot is checked against, read in one snapshot. */
export interface BallotDefinition {
  voteType: VoteTypeRow;
  /** The vote type's round is archived: the link shows '本轮测评已结束' and takes no ballot. */
  roundArchived: boolean;
  family: Family;
  company: { id: number; name: string };
  /** The family's polls whose schema parses, in answering order. */
  polls: ParsedPoll[];
  targets: VoteTargetRow[];
  subjects: EvaluationSubjectRow[];
  /** 民主推荐: the active posts with their candidates, in order, as the voter sees them (else empty). */
  posts: PublicRecommendationPost[];
  /** What the voter must answer (民主测评, 民主评议), in answering order; empty when nothing can be answered. */
  parts: BallotPart[];
  /** Why the ballot cannot be filled in (a setup problem), or null. */
  problem: string | null;
  /** What the setup lacks (the problem's `missing`), or null. */
  missing: string | null;
  fingerprint: string;
}

const FAMILY_KINDS: Record<Family, readonly PublicPollKind[]> = {
  democratic_appraisal: ['company', 'person'],
  democratic_evaluation: ['cadre', 'newly_promoted'],
  democratic_recommendation: [],
};

/** A post as the voter sees it (and as the rules check it). */
export const publicPostOf = (p: PostWithCandidates): PublicRecommendationPost => ({
  id: p.id,
  name: p.name,
  seats: p.seats,
  max_choices: p.maxChoices,
  min_choices: p.minChoices,
  write_in_slots: p.writeInSlots,
  differential: isDifferential(p),
  sort_order: p.sortOrder,
  candidates: p.candidates.map((c) => ({
    id: c.id,
    name: c.name,
    current_position: c.currentPosition,
    birth_date: c.birthDate,
    note: c.note,
  })),
});

function planParts(def: Omit<BallotDefinition, 'parts' | 'problem' | 'missing'>) {
  const byKind = new Map(def.polls.map((p) => [p.kind, p]));
  const parts: BallotPart[] = [];
  const problems: string[] = [];
  if (def.family === 'democratic_recommendation') {
    if (def.posts.length === 0) problems.push('暂无推荐职位');
  } else if (def.family === 'democratic_appraisal') {
    for (const target of def.targets) {
      const poll = byKind.get(target.type as 'company' | 'person');
      if (poll) parts.push({ poll, target });
      else problems.push(`缺少${POLL_KIND_LABELS[target.type as 'company' | 'person'].poll}`);
    }
    if (def.targets.length === 0) problems.push('暂无测评对象');
  } else {
    const cadre = byKind.get('cadre');
    if (cadre?.kind === 'cadre' && cadreQuestions(cadre.schema).length > 0)
      parts.push({ poll: cadre, target: null });
    const promoted = byKind.get('newly_promoted');
    if (promoted && def.subjects.length > 0) parts.push({ poll: promoted, target: null });
    if (parts.length === 0) problems.push('暂无可作答的问卷');
  }
  const missing = problems.length ? [...new Set(problems)].join('、') : null;
  const problem = missing === null ? null : errorDetail('BALLOT_UNAVAILABLE', { missing });
  return { parts: problem ? [] : parts, problem, missing };
}

/** Reads the definition of a link fresh from the database; undefined for an unknown link. */
export async function loadDefinition(db: Db, linkId: string): Promise<BallotDefinition | undefined> {
  // Repeatable read: the rows and the fingerprint must describe the same moment.
  return db.transaction(
    async (tx) => {
      const found = await findVoteTypeByLink(tx, linkId);
      if (!found) return undefined;
      const { voteType } = found;
      const family = voteType.formCategory as Family;
      const companyId = voteType.companyId;
      const roundId = voteType.roundId;
      const appraisal = family === 'democratic_appraisal';
      const round = await findRound(tx, roundId);
      const kinds = FAMILY_KINDS[family];
      const stored = kinds.length ? await readRoundPolls(tx, roundId, kinds) : [];
      const targets = appraisal ? await listVoteTargets(tx, roundId, { activeOnly: true }) : [];
      const recommendation = family === 'democratic_recommendation';
      const subjects =
        appraisal || recommendation ? [] : await listSubjects(tx, roundId, { activeOnly: true });
      const posts = recommendation
        ? (await listPosts(tx, roundId, { activeOnly: true })).map(publicPostOf)
        : [];
      const fingerprint = (await readFingerprint(tx, family, voteType.id)) ?? '';
      const order = FAMILY_KINDS[family];
      // Saved schemas were checked on save; parsing again fills defaults and guards against hand edits.
      const polls = stored.filter(isParsed).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
      const roundArchived = round?.state !== 'current';
      const base = { voteType, roundArchived, family, company: { id: companyId, name: found.companyName } };
      const def = { ...base, polls, targets, subjects, posts, fingerprint };
      return { ...def, ...planParts(def) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

// Per-instance cache of definitions by link. Safe because the submission statement re-checks the
// fingerprint, the active flag and the window itself; the TTL only bounds memory and staleness of
// the fast rejections (which are re-checked against fresh data before they are answered).
const TTL_MS = 60_000;
const MAX_ENTRIES = 1000;
const caches = new WeakMap<Db, Map<string, { def: BallotDefinition; at: number }>>();

export function cachedDefinition(db: Db, linkId: string) {
  const hit = caches.get(db)?.get(linkId);
  return hit && Date.now() - hit.at < TTL_MS ? hit.def : undefined;
}

export function rememberDefinition(db: Db, def: BallotDefinition) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(def.voteType.linkId, { def, at: Date.now() });
}

/** The cached definition, or a fresh one (then cached). */
export async function definitionFor(db: Db, linkId: string, fresh = false) {
  const hit = fresh ? undefined : cachedDefinition(db, linkId);
  if (hit) return { def: hit, fromCache: true };
  const def = await loadDefinition(db, linkId);
  if (def) rememberDefinition(db, def);
  return { def, fromCache: false };
}
