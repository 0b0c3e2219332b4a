import { normalizeCode, type NormalizedCode } from '@kaoping/contracts/ballot-codes';
import type { SubmissionBody, SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import {
  checkBallot,
  checkRecommendation,
  type CleanBallot,
  type CleanPost,
  describeErrors,
  pollEntries,
} from './ballot-check';
import { refusalOf, termsOf } from './conditions';
import { type BallotDefinition, definitionFor } from './definition';
import { buildReceipt, loadReceipt } from './receipt';
import { listSubmissionBallots } from '../ballots/ballot-rows.repository';
import { submissionPostRows } from '../ballots/recommendation-votes.repository';
import { isRetired } from '../ballots/retired-submissions.repository';
import { findSubmission } from '../ballots/submissions.repository';
import { storeBallot } from './store-ballot';

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
function entriesOf(body: SubmissionBody, ballots: CleanBallot[] | CleanPost[] | undefined): Entry[] {
  if (ballots) {
    return (ballots as readonly (CleanBallot | CleanPost)[]).map((b) =>
      'postId' in b
        ? { pollId: b.postId, targetId: null, answers: b.answers }
        : { pollId: b.part.poll.row.id, targetId: b.part.target?.id ?? null, answers: b.answers },
    );
  }
  return body.ballots.map((b) =>
    'post_id' in b
      ? { pollId: b.post_id, targetId: null, answers: b.answers }
      : { pollId: b.poll_id, targetId: b.target_id ?? null, answers: b.answers },
  );
}

/** The stored rows of the submission, read from its family's table only. */
async function storedEntries(db: Db, def: BallotDefinition, submissionId: string): Promise<Entry[]> {
  if (def.family !== 'democratic_recommendation') return listSubmissionBallots(db, submissionId);
  const posts = await submissionPostRows(db, submissionId);
  return posts.map((p) => ({ pollId: p.postId, targetId: null, answers: p.answers }));
}

async function sameBallot(db: Db, def: BallotDefinition, submissionId: string, entries: Entry[]) {
  const stored = (await storedEntries(db, def, submissionId)).map(entryKey).sort();
  const sent = entries.map(entryKey).sort();
  return stored.length === sent.length && stored.every((k, i) => k === sent[i]);
}

/**
 * A submission already stored under this id: its receipt when it is this voter's same ballot (a
 * retry), else 409. Undefined when there is none. In codes mode the stored voter identifier is made by
 * the server, so "this voter's" means the same vote type and the same ballot under the same (secret,
 * client-made) submission id; the code is used by then, so this check comes before the code's. A test
 * ballot sent again after 转为正式投票 deleted it is refused (409 SUBMISSION_TEST_RETIRED): the statement
 * stores nothing under a retired id, so it is neither stored as formal nor answered as a replay.
 */
export async function replayOf(
  db: Db,
  body: SubmissionBody,
  def: BallotDefinition,
  ballots?: CleanBallot[] | CleanPost[],
) {
  const existing = await findSubmission(db, { id: body.submission_id });
  if (!existing) {
    if (await isRetired(db, body.submission_id)) throw fail('SUBMISSION_TEST_RETIRED');
    return undefined;
  }
  const mine =
    existing.voteTypeId === def.voteType.id &&
    (existing.voterIdentifier === body.voter_identifier || def.voteType.accessMode === 'codes');
  if (mine && (await sameBallot(db, def, existing.id, entriesOf(body, ballots))))
    return loadReceipt(db, { id: existing.id });
  throw fail(mine ? 'SUBMISSION_ID_REUSED' : 'SUBMISSION_ID_TAKEN');
}

// A definition that changes under a ballot is reloaded and the ballot checked again; a few rounds
// are plenty (an admin cannot save that often), and the bound keeps a request from spinning.
const MAX_ATTEMPTS = 4;

/** What is wrong with the ballot itself (its setup, its answers, its code as typed), or undefined. */
function ballotFault(def: BallotDefinition, body: SubmissionBody, code: NormalizedCode | null) {
  if (def.missing) return fail('BALLOT_UNAVAILABLE', { missing: def.missing });
  if (def.family === 'democratic_recommendation') {
    const posts = checkRecommendation(def, body.ballots, 'phone');
    if (!posts.ok) return fail(posts.code, posts.params);
    if (code?.ok === false) return fail(code.error);
    return posts.posts;
  }
  const checked = checkBallot(def, pollEntries(body.ballots));
  if (!checked.ok) return fail('BALLOT_INVALID', { errors: describeErrors(checked.errors) });
  if (code?.ok === false) return fail(code.error);
  return checked.ballots;
}

/**
 * Stores one voter's whole ballot for a vote type through the one door (store-ballot.ts), atomically and
 * exactly once (DESIGN.md "Voting", "Meeting day"). Nothing is refused on a cached copy: a ballot that is
 * wrong, or that the statement did not store, is asked again on fresh data. A retry of a stored ballot
 * answers its receipt; otherwise the refusal is the first voting condition that fails (conditions.ts), or,
 * when the vote type takes ballots, what is wrong with the ballot.
 */
export async function submitVote(db: Db, body: SubmissionBody): Promise<SubmissionReceipt> {
  let fresh = false;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { def, fromCache } = await definitionFor(db, body.link_id, fresh);
    if (!def) throw fail('LINK_UNKNOWN');
    // In link mode a code is ignored (docs/ARCHITECTURE.md).
    const code = def.voteType.accessMode === 'codes' ? normalizeCode(body.code ?? '') : null;
    const checked = ballotFault(def, body, code);
    if (!Array.isArray(checked)) {
      // The cached copy may lag an admin's change: refuse only on the current definition.
      if (fromCache) {
        fresh = true;
        continue;
      }
      const replay = await replayOf(db, body, def);
      if (replay) return replay;
      const refusal = await refusalOf(db, termsOf(def));
      if (refusal === 'stale') {
        // Checked against a definition that has changed since: check again on a fresh read.
        fresh = true;
        continue;
      }
      throw refusal ? fail(refusal) : checked;
    }
    const stored = await storeBallot(db, {
      def,
      submissionId: body.submission_id,
      voterIdentifier: body.voter_identifier,
      clean: checked,
      code,
      source: 'online',
    });
    if (stored) {
      return buildReceipt({
        receiptId: stored.receiptId,
        votedOn: stored.voted_on,
        company: def.company,
        voteType: { name: def.voteType.name, family: def.family },
        ballotCount: stored.ballotCount,
        isTest: stored.is_test,
      });
    }
    const replay = await replayOf(db, body, def, checked);
    if (replay) return replay;
    const refusal = await refusalOf(db, termsOf(def), {
      voter: body.voter_identifier,
      code: code?.ok ? code.code : null,
    });
    if (refusal && refusal !== 'stale') throw fail(refusal);
    fresh = true;
  }
  throw fail('DEFINITION_CHANGING');
}
