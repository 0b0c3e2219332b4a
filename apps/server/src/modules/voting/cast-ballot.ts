import { normalizeCode, type NormalizedCode } from '@kaoping/contracts/ballot-codes';
import {
  PUBLIC_VOTE_DETAILS,
  type SubmissionBody,
  type SubmissionReceipt,
  type VoteTypeStatus,
} from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { type AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { randomId128 } from '../../lib/random-id';
import { findCodeState } from '../ballot-codes/ballot-codes.repository';
import { findSubmissionOfVoter } from '../ballots/submissions.repository';
import { insertLinkSubmission } from './lanes';
import { insertSubmission, type SubmissionInsert } from './statements';
import { statusOf } from '../vote-types/vote-type-status';
import { findRound } from '../rounds/rounds.repository';
import { findVoteTypeByLink } from '../vote-types/vote-types.repository';
import { type BallotDefinition, definitionFor } from './definition';
import { checkBallot, type CleanBallot, describeErrors } from './ballot-check';
import { buildReceipt, newReceiptId } from '../public/receipt.service';
import { replayOf, storeCapped } from './replay';

/** What a vote type that takes no ballot now says (the voter's refusal, the paper entry screen's notice). */
export const STATUS_DETAILS: Record<Exclude<VoteTypeStatus, 'open'>, string> = {
  not_started: PUBLIC_VOTE_DETAILS.notStarted,
  closed: PUBLIC_VOTE_DETAILS.closed,
  inactive: PUBLIC_VOTE_DETAILS.inactive,
};

export const STATUS_ERRORS: Record<Exclude<VoteTypeStatus, 'open'>, () => AppError> = {
  not_started: () => forbidden(STATUS_DETAILS.not_started),
  closed: () => forbidden(STATUS_DETAILS.closed),
  inactive: () => forbidden(STATUS_DETAILS.inactive),
};

// A definition that changes under a ballot is reloaded and the ballot checked again; a few rounds
// are plenty (an admin cannot save that often), and the bound keeps a request from spinning.
const MAX_ATTEMPTS = 4;

/** In codes mode the stored voter identifier is this fresh random value: nothing ties it to the code. */
const newCodeVoter = () => `c-${randomId128()}`;

/** A code that cannot be right as typed: 422 with what to check ('请输入测评码' when none was sent). */
const badCode = (code: NormalizedCode & { ok: false }) => invalid(code.detail);

/**
 * Nothing was stored: says why. A replay answers its receipt; a used, voided or unknown code, a second
 * ballot and the cap are 4xx; a closed or removed vote type its 4xx. 'retry' means the definition or
 * the mode changed and the ballot must be checked again against fresh data.
 */
async function explain(
  db: Db,
  body: SubmissionBody,
  def: BallotDefinition,
  ballots: CleanBallot[],
  code: NormalizedCode | null,
) {
  const replay = await replayOf(db, body, def, ballots);
  if (replay) return replay;
  const fresh = await findVoteTypeByLink(db, body.link_id);
  if (!fresh || fresh.voteType.id !== def.voteType.id) throw notFound(PUBLIC_VOTE_DETAILS.unknownLink);
  const v = fresh.voteType;
  if ((await findRound(db, v.roundId))?.state !== 'current') throw forbidden(PUBLIC_VOTE_DETAILS.archived);
  const status = statusOf(v);
  if (status !== 'open') throw STATUS_ERRORS[status]();
  if (v.accessMode === 'codes') {
    // The mode changed since the definition was read: check again with the codes rules.
    if (!code?.ok) return 'retry' as const;
    const state = await findCodeState(db, v.id, code.code);
    if (state === 'used') throw conflict(PUBLIC_VOTE_DETAILS.codeUsed);
    if (state === 'voided') throw forbidden(PUBLIC_VOTE_DETAILS.codeVoided);
    if (state === undefined) throw forbidden(PUBLIC_VOTE_DETAILS.codeUnknown);
  } else if (await findSubmissionOfVoter(db, v.id, body.voter_identifier)) {
    throw conflict(PUBLIC_VOTE_DETAILS.alreadyVoted);
  }
  return 'retry' as const;
}

/** Sum in tenths: scores are multiples of 0.1 and the total must not pick up float noise. */
const totalOf = (ballots: CleanBallot[]) =>
  ballots.some((b) => b.score !== null)
    ? ballots.reduce((a, b) => a + Math.round((b.score ?? 0) * 10), 0) / 10
    : null;

/**
 * The stored form of a checked ballot: the one builder for phone ballots and paper sheets
 * (modules/paper), which differ only in `source`.
 */
export function insertOf(
  def: BallotDefinition,
  body: Pick<SubmissionBody, 'submission_id' | 'link_id' | 'voter_identifier'>,
  clean: CleanBallot[],
  code: NormalizedCode | null,
  source: SubmissionInsert['source'] = 'online',
) {
  return {
    id: body.submission_id,
    linkId: body.link_id,
    family: def.family,
    voterIdentifier: body.voter_identifier,
    // Only a code's ballot stores it (the statement stores no ballot in codes mode without a code).
    codeVoter: code?.ok ? newCodeVoter() : '',
    code: code?.ok ? code.code : null,
    receiptId: newReceiptId(),
    source,
    fingerprint: def.fingerprint,
    totalScore: totalOf(clean),
    rows: clean.map((b) => ({
      pollId: b.part.poll.row.id,
      targetId: b.part.target?.id ?? null,
      kind: b.part.poll.kind,
      answers: b.answers,
      score: b.score,
    })),
  } satisfies SubmissionInsert;
}

/**
 * Stores one voter's whole ballot for a vote type, atomically and exactly once (DESIGN.md "Voting",
 * "Meeting day"). The fast path is one statement (link mode without a cap, and codes mode: the code is
 * consumed in it); a capped link-mode vote type takes a short transaction. Every refusal is decided
 * against fresh data, never a cached copy.
 */
export async function submitVote(db: Db, body: SubmissionBody): Promise<SubmissionReceipt> {
  let fresh = false;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { def, fromCache } = await definitionFor(db, body.link_id, fresh);
    if (!def) throw notFound(PUBLIC_VOTE_DETAILS.unknownLink);
    const checked = checkBallot(def, body.ballots);
    const status = statusOf(def.voteType);
    // In link mode a code is ignored (docs/ARCHITECTURE.md).
    const code = def.voteType.accessMode === 'codes' ? normalizeCode(body.code ?? '') : null;
    const refused =
      def.roundArchived || status !== 'open' || !!def.problem || !checked.ok || code?.ok === false;
    if (refused && fromCache) {
      // The cached copy may lag an admin's change: refuse only on the current definition.
      fresh = true;
      continue;
    }
    const ballots = checked.ok ? checked.ballots : undefined;
    if (!ballots || refused) {
      // A retry of a ballot stored before the vote closed (or the roster changed) still gets its receipt.
      const replay = await replayOf(db, body, def, ballots);
      if (replay) return replay;
      if (def.roundArchived) throw forbidden(PUBLIC_VOTE_DETAILS.archived);
      if (status !== 'open') throw STATUS_ERRORS[status]();
      if (def.problem) throw conflict(def.problem);
      if (code?.ok === false) throw badCode(code);
      throw invalid(describeErrors(checked.ok ? [] : checked.errors));
    }
    const insert = insertOf(def, body, ballots, code);
    // Codes mode: one statement, which consumes the code. Link mode with a cap: a short transaction.
    // Link mode without one may share one statement with other ballots of the link (group commit).
    const v = def.voteType;
    const stored =
      v.accessMode === 'codes'
        ? await insertSubmission(db, insert)
        : v.expectedVoters !== null
          ? await storeCapped(db, def, body, insert)
          : await insertLinkSubmission(db, insert);
    if (stored) {
      return buildReceipt({
        receiptId: insert.receiptId,
        submissionId: body.submission_id,
        createdMs: stored.created_ms,
        company: def.company,
        voteType: { name: def.voteType.name, family: def.family },
        ballotCount: insert.rows.length,
        isTest: stored.is_test,
      });
    }
    const outcome = await explain(db, body, def, ballots, code);
    if (outcome !== 'retry') return outcome;
    fresh = true;
  }
  throw conflict('投票设置正在变更，请稍后重新提交');
}
