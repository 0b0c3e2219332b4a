import { randomUUID } from 'node:crypto';
import { normalizeCode } from '@kaoping/contracts/ballot-codes';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { randomId128 } from '../../lib/random-id';
import { type BallotDefinition, definitionFor } from '../voting/definition';
import {
  checkBallot,
  checkRecommendation,
  type CleanBallot,
  type CleanPost,
  describeErrors,
  pollEntries,
  type SubmissionEntry,
} from '../voting/ballot-check';
import { type Family, refusalOf, stateRefusalOf, termsOf } from '../voting/conditions';
import { canonical } from '../voting/cast-ballot';
import { storeBallot } from '../voting/store-ballot';
import { assertRoundWritable } from '../rounds/round-scope';
import { lockVoteType, type VoteTypeRow } from '../vote-types/vote-types.repository';
import { getScopedVoteType } from '../vote-types/vote-types.service';

// A paper sheet goes through the online ballot's own parts: the definition, checkBallot and the one door,
// storeBallot, of modules/voting (source 'paper'), whose statement consumes the code.

/**
 * Double entry needs two accounts, a settlement a third: a second sign-in of the same account is the same
 * person (issue 26). A sheet whose earlier keyer is unknown (keyed before keyers were recorded, migration
 * 0012) takes no second entry and no settlement: it is withdrawn and keyed again.
 */
export function assertOtherKeyer(sheet: { firstUserId: number | null }, userId: number) {
  if (sheet.firstUserId === null) throw fail('PAPER_KEYER_UNKNOWN');
  if (sheet.firstUserId === userId) throw fail('PAPER_SAME_KEYER');
}

/** The third account that settles a conflict: neither keyer. */
export function assertThirdKeyer(
  sheet: { firstUserId: number | null; secondUserId: number | null },
  userId: number,
) {
  if (sheet.firstUserId === null || sheet.secondUserId === null) throw fail('PAPER_KEYER_UNKNOWN');
  if (sheet.firstUserId === userId || sheet.secondUserId === userId) throw fail('PAPER_SETTLE_BY_THIRD');
}

/** The definition of a vote type, read fresh (the insert re-checks it by its fingerprint). */
export async function paperDefinition(db: Db, voteTypeId: number, companyId?: number) {
  const v = await getScopedVoteType(db, voteTypeId, companyId);
  const { def } = await definitionFor(db, v.linkId, true);
  if (!def) throw fail('VOTE_TYPE_NOT_FOUND');
  return def;
}

/**
 * The vote type locked against other paper writes and 完成计票 (FOR NO KEY UPDATE: phone ballots go on),
 * in a current round (409 otherwise) and taking paper by the voting conditions (voting/conditions.ts):
 * open, or ended (投票结束: the phones stopped, the paper handed in is still keyed) but not counted
 * (VOTE_COUNTED once 完成计票); not started or switched off is the voter's refusal.
 */
export async function lockForPaper(tx: Db, id: number, companyId?: number) {
  const v = await lockVoteType(tx, id, 'no key update');
  if (!v || (companyId !== undefined && v.companyId !== companyId)) throw fail('VOTE_TYPE_NOT_FOUND');
  await assertRoundWritable(tx, v.roundId);
  const refusal = await stateRefusalOf(tx, v.formCategory as Family, v.linkId, true);
  if (refusal && refusal !== 'stale') throw fail(refusal);
  return v;
}

/**
 * The sheet's ballots checked exactly as an online ballot is: 422 with the same messages. A 民主推荐 sheet
 * (or 谈话调研推荐 record) by the paper rules: a post marked too many or too few is 无效 for that post only.
 */
export function checkSheet(
  def: BallotDefinition,
  ballots: readonly SubmissionEntry[],
): CleanBallot[] | CleanPost[] {
  if (def.missing) throw fail('BALLOT_UNAVAILABLE', { missing: def.missing });
  if (def.family === 'democratic_recommendation') {
    const posts = checkRecommendation(def, ballots, 'paper');
    if (!posts.ok) throw fail(posts.code, posts.params);
    return posts.posts;
  }
  const checked = checkBallot(def, pollEntries(ballots));
  if (!checked.ok) throw fail('BALLOT_INVALID', { errors: describeErrors(checked.errors) });
  return checked.ballots;
}

/** The checked entries as stored in paper_sheets and compared between the two keyers. */
export const entriesOf = (clean: CleanBallot[] | CleanPost[]): SubmissionBody['ballots'] =>
  (clean as readonly (CleanBallot | CleanPost)[]).map((b) =>
    'postId' in b
      ? { post_id: b.postId, answers: b.answers }
      : { poll_id: b.part.poll.row.id, target_id: b.part.target?.id ?? null, answers: b.answers },
  );

export const sameEntries = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Stores the sheet's ballot through the one door (voting/store-ballot.ts) inside the caller's transaction
 * (which holds the vote type): link mode keeps the cap of expected_voters, codes mode consumes the code in
 * the statement. Answers the new submission's id; a refusal is the first voting condition that fails.
 */
export async function storeSheetBallot(
  tx: Db,
  v: VoteTypeRow,
  def: BallotDefinition,
  clean: CleanBallot[] | CleanPost[],
  key: string,
) {
  const code = v.accessMode === 'codes' ? normalizeCode(key) : null;
  const voterIdentifier = `paper-${randomId128()}`;
  const stored = await storeBallot(tx, {
    def,
    submissionId: randomUUID(),
    voterIdentifier,
    clean,
    code,
    source: 'paper',
  });
  if (stored) return stored.submissionId;
  const refusal = await refusalOf(tx, termsOf(def, true), {
    voter: voterIdentifier,
    code: code?.ok ? code.code : null,
  });
  throw fail(refusal && refusal !== 'stale' ? refusal : 'DEFINITION_CHANGING_PAPER');
}
