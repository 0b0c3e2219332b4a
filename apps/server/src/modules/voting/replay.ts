import { PUBLIC_VOTE_DETAILS, type SubmissionBody } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { listSubmissionBallots } from '../ballots/ballot-rows.repository';
import {
  countVoteTypeSubmissions,
  findSubmission,
  findSubmissionOfVoter,
} from '../ballots/submissions.repository';
import { insertCapped, type SubmissionInsert } from './statements';
import { statusOf } from '../vote-types/vote-type-status';
import { lockVoteType, type VoteTypeRow } from '../vote-types/vote-types.repository';
import type { BallotDefinition } from './definition';
import type { CleanBallot } from './ballot-check';
import { loadReceipt } from '../public/receipt.service';

/** Key-order independent JSON, for telling a replay from a different ballot under the same id. */
export function canonical(value: unknown): string {
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
 * retry), else 409. Undefined when there is none. In codes mode the stored voter identifier is made by
 * the server, so "this voter's" means the same vote type and the same ballot under the same (secret,
 * client-made) submission id; the code is used by then, so this check comes before the code's.
 */
export async function replayOf(db: Db, body: SubmissionBody, def: BallotDefinition, ballots?: CleanBallot[]) {
  const existing = await findSubmission(db, { id: body.submission_id });
  if (!existing) return undefined;
  const mine =
    existing.voteTypeId === def.voteType.id &&
    (existing.voterIdentifier === body.voter_identifier || def.voteType.accessMode === 'codes');
  if (mine && (await sameBallot(db, existing.id, entriesOf(body, ballots))))
    return loadReceipt(db, { id: existing.id });
  throw conflict(mine ? '该提交编号已用于另一份不同的答卷' : '提交编号已被使用，请刷新页面后重新提交');
}

/**
 * Link mode with expected_voters (应到人数) as a hard cap. The statement alone cannot count committed
 * ballots race-free, so: lock the vote type row, count the ballots of the current mode (formal, or test
 * while in test mode), refuse the next distinct voter with 409 once the cap is reached, else store with
 * the same statement, all in one short transaction. A replay or a second ballot of a stored voter is
 * left to the caller (undefined), so replays still answer 201 after the cap is reached.
 */
export async function storeCapped(
  db: Db,
  def: BallotDefinition,
  body: SubmissionBody,
  insert: SubmissionInsert,
) {
  return db.transaction(async (tx) => {
    const v = await lockVoteType(tx, def.voteType.id);
    if (!v || statusOf(v) !== 'open') return undefined;
    if (await findSubmission(tx, { id: body.submission_id })) return undefined;
    if (v.accessMode === 'link') {
      if (await findSubmissionOfVoter(tx, v.id, body.voter_identifier)) return undefined;
      await assertUnderCap(tx, v);
    }
    return insertCapped(tx, insert);
  });
}

/**
 * 409 once a link-mode vote type with expected_voters holds that many ballots of its current mode (phone
 * and paper alike). The caller holds the vote type row, so the count cannot go stale before its insert.
 */
export async function assertUnderCap(tx: Db, v: VoteTypeRow) {
  if (await capReached(tx, v)) throw conflict(PUBLIC_VOTE_DETAILS.capReached);
}

/**
 * A link-mode vote type with expected_voters holds that many ballots of its current mode (formal, or test
 * while in test mode; phone and paper alike). Codes mode is never capped. One count over the
 * (vote_type_id, …) index: the voter page's view asks it on every load (status 'full').
 */
export async function capReached(db: Db, v: VoteTypeRow) {
  if (v.accessMode !== 'link' || v.expectedVoters === null) return false;
  return (await countVoteTypeSubmissions(db, v.id, v.testMode)) >= v.expectedVoters;
}
