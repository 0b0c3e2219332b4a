import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { listSubmissionBallots } from '../ballots/ballot-rows.repository';
import { findSubmission } from '../ballots/submissions.repository';
import type { BallotDefinition } from './definition';
import type { CleanBallot } from './ballot-check';
import { loadReceipt } from './receipt';

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
  throw fail(mine ? 'SUBMISSION_ID_REUSED' : 'SUBMISSION_ID_TAKEN');
}
