import { normalizeCode } from '@kaoping/contracts/ballot-codes';
import type { CoverKind } from '@kaoping/contracts/cover';
import {
  PUBLIC_VOTE_DETAILS,
  type PublicCover,
  type PublicPoll,
  type PublicPollKind,
  type PublicSubject,
  type PublicTarget,
  type PublicVoteTypeView,
  type CodeState,
} from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findCodeState } from '../ballot-codes/ballot-codes.repository';
import { findSubmissionOfVoter } from '../ballots/submissions.repository';
import { findCover } from '../covers/covers.repository';
import { getCoverFile } from '../covers/covers.service';
import type { EvaluationSubjectRow } from '../evaluation-subjects/evaluation-subjects.repository';
import type { ParsedPoll } from '../polls/parsed-poll';
import type { PollRow } from '../polls/polls.repository';
import type { VoteTargetRow } from '../vote-targets/vote-targets.repository';
import { statusOf } from '../vote-types/vote-type-status';
import { findVoteTypeByLink, type VoteTypeRow } from '../vote-types/vote-types.repository';
import { definitionFor } from './ballot-definition';

/** Where a voter's browser fetches a cover, without credentials. */
export const publicCoverUrl = (linkId: string, kind: CoverKind) =>
  `/api/v1/public/polls/vote-type/${linkId}/cover/${kind}`;

export function mapPublicPoll(row: PollRow, formSchema: unknown = row.formSchema): PublicPoll {
  return {
    id: row.id,
    company_id: row.companyId,
    title: row.title,
    description: row.description,
    target_type: row.targetType as PublicPollKind,
    form_schema: formSchema as Record<string, unknown>,
  };
}

/** The poll with its form_schema as checked (defaults filled in). */
const mapParsedPoll = (p: ParsedPoll) => mapPublicPoll(p.row, p.schema);

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
  return row
    ? { url: publicCoverUrl(linkId, kind), content_type: row.contentType, sha256: row.sha256 }
    : null;
}

const CODE_STATES = { unused: 'usable', used: 'used', voided: 'voided' } as const;

/** Whether a typed code can vote now; nothing else about codes is revealed. Null in link mode or without a code. */
async function codeStateOf(db: Db, v: VoteTypeRow, typed?: string): Promise<CodeState | null> {
  if (v.accessMode !== 'codes' || typed === undefined) return null;
  const code = normalizeCode(typed);
  if (!code.ok) return 'unknown';
  const state = await findCodeState(db, v.id, code.code);
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
  if (!def) throw notFound(PUBLIC_VOTE_DETAILS.unknownLink);
  const v = def.voteType;
  const status = statusOf(v);
  const open = status === 'open' && !def.problem;
  const [front, back, voted, codeState] = await Promise.all([
    coverOf(db, linkId, v.id, 'front'),
    coverOf(db, linkId, v.id, 'back'),
    query.voter ? findSubmissionOfVoter(db, v.id, query.voter) : Promise.resolve(undefined),
    codeStateOf(db, v, query.code),
  ]);
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
    notice: status === 'open' ? def.problem : null,
    polls: open ? polls.map(mapParsedPoll) : [],
    targets: open ? def.targets.map(mapPublicTarget) : [],
    subjects: open ? def.subjects.map(mapPublicSubject) : [],
    covers: { front, back },
    // Never the submission id: a voter identifier must not lead to a receipt.
    already_voted: !!voted,
  };
}

/** The cover file of a link's vote type; 404 for an unknown link or when none is uploaded. */
export async function getPublicCoverFile(db: Db, linkId: string, kind: CoverKind) {
  const found = await findVoteTypeByLink(db, linkId);
  if (!found) throw notFound(PUBLIC_VOTE_DETAILS.unknownLink);
  return getCoverFile(db, found.voteType.id, kind);
}
