import {
  PUBLIC_VOTE_DETAILS,
  type SubmissionBody,
  type SubmissionReceipt,
  type VoteTypeStatus,
} from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { type AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { listSubmissionBallots } from '../ballots/ballot-rows.repository';
import { findSubmission, findSubmissionOfVoter } from '../ballots/submissions.repository';
import { insertSubmission } from '../ballots/submit.repository';
import { findVoteTypeByLink } from '../vote-types/vote-types.repository';
import { type BallotDefinition, definitionFor, statusOf } from './ballot-definition';
import { checkBallot, type CleanBallot, describeErrors } from './ballot-check';
import { buildReceipt, loadReceipt } from './receipt.service';

export const STATUS_ERRORS: Record<Exclude<VoteTypeStatus, 'open'>, () => AppError> = {
  not_started: () => forbidden(PUBLIC_VOTE_DETAILS.notStarted),
  closed: () => forbidden(PUBLIC_VOTE_DETAILS.closed),
  inactive: () => forbidden(PUBLIC_VOTE_DETAILS.inactive),
};

// A definition that changes under a ballot is reloaded and the ballot checked again; a few rounds
// are plenty (an admin cannot save that often), and the bound keeps a request from spinning.
const MAX_ATTEMPTS = 4;

/** Key-order independent JSON, for telling a replay from a different ballot under the same id. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

type Entry = { pollId: number; targetId: number | null; answers: unknown };
const entryKey = (e: Entry) => `${e.pollId}:${e.targetId ?? ''}:${canonical(e.answers)}`;

/** The entries of a ballot as checked (clean) or, when they do not check, as sent. */
function entriesOf(body: SubmissionBody, ballots: CleanBallot[] | undefined): Entry[] {
  if (ballots) {
    return ballots.map((b) => ({
      pollId: b.part.poll.row.id,
      targetId: b.part.target?.id ?? null,
      answers: b.answers,
    }));
  }
  return body.ballots.map((b) => ({ pollId: b.poll_id, targetId: b.target_id ?? null, answers: b.answers }));
}

async function sameBallot(db: Db, submissionId: string, entries: Entry[]) {
  const stored = (await listSubmissionBallots(db, submissionId)).map(entryKey).sort();
  const sent = entries.map(entryKey).sort();
  return stored.length === sent.length && stored.every((k, i) => k === sent[i]);
}

/**
 * A submission already stored under this id: its receipt when it is this voter's same ballot (a
 * retry), else 409. Undefined when there is none.
 */
async function replayOf(db: Db, body: SubmissionBody, def: BallotDefinition, ballots?: CleanBallot[]) {
  const existing = await findSubmission(db, body.submission_id);
  if (!existing) return undefined;
  const mine = existing.voteTypeId === def.voteType.id && existing.voterIdentifier === body.voter_identifier;
  if (mine && (await sameBallot(db, existing.id, entriesOf(body, ballots))))
    return loadReceipt(db, existing.id);
  throw conflict(mine ? '该提交编号已用于另一份不同的答卷' : '提交编号已被使用，请刷新页面后重新提交');
}

/**
 * Nothing was stored: says why. A replay answers its receipt; a clash is a 409; a closed or removed
 * vote type its 4xx. 'retry' means the definition changed (or the clashing row vanished) and the
 * ballot must be checked again against fresh data.
 */
async function explain(db: Db, body: SubmissionBody, def: BallotDefinition, ballots: CleanBallot[]) {
  const replay = await replayOf(db, body, def, ballots);
  if (replay) return replay;
  if (await findSubmissionOfVoter(db, def.voteType.id, body.voter_identifier)) {
    throw conflict(PUBLIC_VOTE_DETAILS.alreadyVoted);
  }
  const fresh = await findVoteTypeByLink(db, body.link_id);
  if (!fresh || fresh.voteType.id !== def.voteType.id) throw notFound(PUBLIC_VOTE_DETAILS.unknownLink);
  const status = statusOf(fresh.voteType);
  if (status !== 'open') throw STATUS_ERRORS[status]();
  return 'retry' as const;
}

function receiptOf(
  def: BallotDefinition,
  body: SubmissionBody,
  ballots: CleanBallot[],
  createdMs: number,
  total: number | null,
) {
  return buildReceipt({
    submissionId: body.submission_id,
    createdMs,
    company: def.company,
    voteType: { name: def.voteType.name, family: def.family },
    totalScore: total,
    subjects: def.subjects,
    ballots: ballots.map((b) => ({
      poll: b.part.poll,
      target: b.part.target && { id: b.part.target.id, name: b.part.target.name, title: b.part.target.title },
      answers: b.answers,
      score: b.score,
    })),
  });
}

/** Sum in tenths: scores are multiples of 0.1 and the total must not pick up float noise. */
const totalOf = (ballots: CleanBallot[]) =>
  ballots.some((b) => b.score !== null)
    ? ballots.reduce((a, b) => a + Math.round((b.score ?? 0) * 10), 0) / 10
    : null;

/**
 * Stores one voter's whole ballot for a vote type, atomically and exactly once (DESIGN.md "Voting").
 * The fast path is one statement; every refusal is decided against fresh data, never a cached copy.
 */
export async function submitVote(db: Db, body: SubmissionBody): Promise<SubmissionReceipt> {
  let fresh = false;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { def, fromCache } = await definitionFor(db, body.link_id, fresh);
    if (!def) throw notFound(PUBLIC_VOTE_DETAILS.unknownLink);
    const checked = checkBallot(def, body.ballots);
    const status = statusOf(def.voteType);
    if ((status !== 'open' || def.problem || !checked.ok) && fromCache) {
      // The cached copy may lag an admin's change: refuse only on the current definition.
      fresh = true;
      continue;
    }
    const ballots = checked.ok ? checked.ballots : undefined;
    if (!ballots || status !== 'open' || def.problem) {
      // A retry of a ballot stored before the vote closed (or the roster changed) still gets its receipt.
      const replay = await replayOf(db, body, def, ballots);
      if (replay) return replay;
      if (status !== 'open') throw STATUS_ERRORS[status]();
      if (def.problem) throw conflict(def.problem);
      throw invalid(describeErrors(checked.ok ? [] : checked.errors));
    }
    const clean = ballots;
    const total = totalOf(clean);
    const stored = await insertSubmission(db, {
      id: body.submission_id,
      linkId: body.link_id,
      family: def.family,
      voterIdentifier: body.voter_identifier,
      fingerprint: def.fingerprint,
      totalScore: total,
      rows: clean.map((b) => ({
        pollId: b.part.poll.row.id,
        targetId: b.part.target?.id ?? null,
        kind: b.part.poll.kind,
        answers: b.answers,
        score: b.score,
      })),
    });
    if (stored) return receiptOf(def, body, clean, stored.created_ms, total);
    const outcome = await explain(db, body, def, clean);
    if (outcome !== 'retry') return outcome;
    fresh = true;
  }
  throw conflict('投票设置正在变更，请稍后重新提交');
}
