import { normalizeCode } from '@kaoping/contracts/ballot-codes';
import type { CoverKind } from '@kaoping/contracts/cover';
import type { PollTargetType } from '@kaoping/contracts/poll-kinds';
import {
  PUBLIC_VOTE_DETAILS,
  type PublicCover,
  type PublicPoll,
  type PublicSubject,
  type PublicTarget,
  type PublicVoteTypeView,
  type CodeState,
} from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { findPhoneCodeState } from '../ballot-codes/ballot-codes.repository';
import { findSubmissionOfVoter } from '../ballots/submissions.repository';
import { cachedCoverLookup } from '../covers/cover-cache';
import { coverMissing, openCoverFile, voterFile } from '../covers/cover-file';
import { findCover, findCoverByLink } from '../covers/covers.repository';
import type { EvaluationSubjectRow } from '../evaluation-subjects/evaluation-subjects.repository';
import type { ParsedPoll } from '../polls/parsed-poll';
import type { VoteTargetRow } from '../vote-targets/vote-targets.repository';
import { statusOf } from '../vote-types/vote-type-status';
import type { VoteTypeRow } from '../vote-types/vote-types.repository';
import { definitionFor } from '../voting/definition';
import { capReached } from '../voting/conditions';

/** Where a voter's browser fetches a cover, without credentials. */
export const publicCoverUrl = (linkId: string, kind: CoverKind) =>
  `/api/v1/public/polls/vote-type/${linkId}/cover/${kind}`;

/**
 * A poll for the voter: its form_schema as parsePoll read it (defaults filled in), typed by its kind. The
 * kind and its schema travel together in a ParsedPoll; the compiler cannot follow that through the generic.
 */
export function mapPublicPoll<K extends PollTargetType>(poll: ParsedPoll<K>): PublicPoll<K> {
  const { row } = poll;
  return {
    id: row.id,
    company_id: row.companyId,
    title: row.title,
    description: row.description,
    target_type: poll.kind,
    form_schema: poll.schema,
  } as PublicPoll<K>;
}

export function mapPublicTarget(row: VoteTargetRow): PublicTarget {
  return {
    id: row.id,
    name: row.name,
    type: row.type as PublicTarget['type'],
    title: row.title,
    sort_order: row.sortOrder,
  };
}

export function mapPublicSubject(row: EvaluationSubjectRow): PublicSubject {
  return {
    id: row.id,
    name: row.name,
    birth_date: row.birthDate,
    previous_position: row.previousPosition,
    current_position: row.currentPosition,
    sort_order: row.sortOrder,
  };
}

async function coverOf(
  db: Db,
  linkId: string,
  voteTypeId: number,
  kind: CoverKind,
): Promise<PublicCover | null> {
  const row = await findCover(db, voteTypeId, kind);
  if (!row) return null;
  const file = voterFile(row);
  const image = file.variant === 'display';
  return {
    url: publicCoverUrl(linkId, kind),
    content_type: file.contentType,
    sha256: file.sha256,
    size: file.size,
    width: image ? row.displayWidth : null,
    height: image ? row.displayHeight : null,
  };
}

const CODE_STATES = { unused: 'usable', used: 'used', voided: 'voided' } as const;

/**
 * Whether a typed code can vote now on a phone; nothing else about codes is revealed (a paper sheet's code
 * is 'unknown' here, as it is no phone's). Null in link mode or without a code.
 */
async function codeStateOf(db: Db, v: VoteTypeRow, typed?: string): Promise<CodeState | null> {
  if (v.accessMode !== 'codes' || typed === undefined) return null;
  const code = normalizeCode(typed);
  if (!code.ok) return 'unknown';
  const state = await findPhoneCodeState(db, v.id, code.code);
  return state ? CODE_STATES[state] : 'unknown';
}

/**
 * Everything the voter page needs for a link. The ballot itself (polls, targets, subjects) is given
 * only while the vote type is open: a closed or switched-off vote shows its status page instead.
 * Reading it also refreshes this instance's cached definition, just before the voter submits.
 */
export async function getVoteTypeView(
  db: Db,
  linkId: string,
  query: { voter?: string; code?: string } = {},
): Promise<PublicVoteTypeView> {
  const { def } = await definitionFor(db, linkId, true);
  if (!def) throw fail('LINK_UNKNOWN');
  const v = def.voteType;
  // 谈话调研推荐 has no public link (issue 30): its records are keyed by the interviewers.
  if (v.recommendationMode === 'talk') throw fail('RECOMMENDATION_TALK_NO_LINK');
  // An archived round's link: ended, whatever its own state says.
  const timed = def.roundArchived ? 'closed' : statusOf(v);
  const [front, back, voted, codeState, full] = await Promise.all([
    coverOf(db, linkId, v.id, 'front'),
    coverOf(db, linkId, v.id, 'back'),
    query.voter ? findSubmissionOfVoter(db, v.id, query.voter) : Promise.resolve(undefined),
    codeStateOf(db, v, query.code),
    // Counted on every view (the definition itself is read fresh here too), so 'full' is never stale.
    timed === 'open' && !def.problem ? capReached(db, v.id) : false,
  ]);
  // A full link says so before the cover and the ballot; the submission still refuses the race (409).
  const status = full ? 'full' : timed;
  const open = status === 'open' && !def.problem;
  const polls = [...new Set(def.parts.map((p) => p.poll))];
  return {
    link_id: v.linkId,
    company: def.company,
    vote_type: {
      name: v.name,
      form_category: def.family,
      opens_at: v.opensAt?.toISOString() ?? null,
      closes_at: v.closesAt?.toISOString() ?? null,
      status,
      access_mode: v.accessMode as PublicVoteTypeView['vote_type']['access_mode'],
      test_mode: v.testMode,
    },
    code_state: codeState,
    ready: open,
    notice: def.roundArchived
      ? PUBLIC_VOTE_DETAILS.archived
      : full
        ? PUBLIC_VOTE_DETAILS.full
        : status === 'open'
          ? def.problem
          : null,
    round_archived: def.roundArchived,
    polls: open ? polls.map((p) => mapPublicPoll(p)) : [],
    targets: open ? def.targets.map(mapPublicTarget) : [],
    subjects: open ? def.subjects.map(mapPublicSubject) : [],
    posts: open ? def.posts : [],
    covers: { front, back },
    // Never the submission id: a voter identifier must not lead to a receipt.
    already_voted: !!voted,
  };
}

/**
 * What voters get of a link's cover; 404 for an unknown link or when none is uploaded. The lookup is
 * shared for a few seconds and the bytes come from the cache (covers/cover-cache.ts), so a hall of
 * phones opening the link costs the database almost nothing. `version` is the start of the hash the
 * page was given (?v=): a lookup that does not match it is made again.
 */
export function openPublicCoverFile(db: Db, linkId: string, kind: CoverKind, version?: string) {
  return openCoverFile(
    db,
    async () => {
      const { found, cover } = await cachedCoverLookup(
        `${linkId}:${kind}`,
        () => findCoverByLink(db, linkId, kind),
        (kept) => !version || (!!kept.cover && voterFile(kept.cover).sha256.startsWith(version)),
      );
      if (!found) throw fail('LINK_UNKNOWN');
      return cover && voterFile(cover);
    },
    coverMissing(kind),
  );
}
