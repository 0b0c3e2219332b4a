import { normalizeCode, type NormalizedCode } from '@kaoping/contracts/ballot-codes';
import type { SubmissionBody, SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { checkBallot, describeErrors } from './ballot-check';
import { refusalOf, termsOf } from './conditions';
import { type BallotDefinition, definitionFor } from './definition';
import { buildReceipt } from './receipt';
import { replayOf } from './replay';
import { storeBallot } from './store-ballot';

// A definition that changes under a ballot is reloaded and the ballot checked again; a few rounds
// are plenty (an admin cannot save that often), and the bound keeps a request from spinning.
const MAX_ATTEMPTS = 4;

/** What is wrong with the ballot itself (its setup, its answers, its code as typed), or undefined. */
function ballotFault(def: BallotDefinition, body: SubmissionBody, code: NormalizedCode | null) {
  if (def.missing) return fail('BALLOT_UNAVAILABLE', { missing: def.missing });
  const checked = checkBallot(def, body.ballots);
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
      if (refusal === 'stale') continue;
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
        submissionId: stored.submissionId,
        createdMs: stored.created_ms,
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
