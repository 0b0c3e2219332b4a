import { randomUUID } from 'node:crypto';
import { normalizeCode } from '@kaoping/contracts/ballot-codes';
import { PAPER_DETAILS } from '@kaoping/contracts/paper-ballots';
import type { BallotEntryInput } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { conflict, invalid, notFound, unauthorized } from '../../lib/errors';
import { randomId128 } from '../../lib/random-id';
import { findCodeState } from '../ballot-codes/ballot-codes.repository';
import { insertCapped } from '../voting/statements';
import { type BallotDefinition, definitionFor } from '../voting/definition';
import { checkBallot, type CleanBallot, describeErrors } from '../voting/ballot-check';
import { insertOf, STATUS_ERRORS } from '../voting/cast-ballot';
import { assertUnderCap, canonical } from '../voting/replay';
import { assertRoundWritable } from '../rounds/round-scope';
import { statusOf } from '../vote-types/vote-type-status';
import { lockVoteType, type VoteTypeRow } from '../vote-types/vote-types.repository';
import { getScopedVoteType } from '../vote-types/vote-types.service';

// A paper sheet goes through the online ballot's own parts: the definition and checkBallot of
// modules/public, insertOf and the one submission statement (source 'paper'), which consumes the code.

/** The keyer's sign-in session: double entry needs two different ones. */
export function sessionOf(sid: string | undefined) {
  if (!sid) throw unauthorized(PAPER_DETAILS.noSession);
  return sid;
}

/** The definition of a vote type, read fresh (the insert re-checks it by its fingerprint). */
export async function paperDefinition(db: Db, voteTypeId: number, companyId?: number) {
  const v = await getScopedVoteType(db, voteTypeId, companyId);
  const { def } = await definitionFor(db, v.linkId, true);
  if (!def) throw notFound('投票类型不存在');
  return def;
}

/**
 * The vote type locked against other paper writes and 完成计票 (FOR NO KEY UPDATE: phone ballots go on),
 * in a current round (409 otherwise) and taking paper: open, or ended (投票结束: the phones stopped, the
 * paper handed in is still keyed) but not counted (409 once 完成计票); not started or switched off is the
 * voter's 403.
 */
export async function lockForPaper(tx: Db, id: number, companyId?: number) {
  const v = await lockVoteType(tx, id, 'no key update');
  if (!v || (companyId !== undefined && v.companyId !== companyId)) throw notFound('投票类型不存在');
  await assertRoundWritable(tx, v.roundId);
  if (v.countedAt) throw conflict(PAPER_DETAILS.counted);
  const status = statusOf(v);
  if (status !== 'open' && status !== 'closed') throw STATUS_ERRORS[status]();
  return v;
}

/** The sheet's ballots checked exactly as an online ballot is: 422 with the same messages. */
export function checkSheet(def: BallotDefinition, ballots: readonly BallotEntryInput[]) {
  if (def.problem) throw conflict(def.problem);
  const checked = checkBallot(def, ballots);
  if (!checked.ok) throw invalid(describeErrors(checked.errors));
  return checked.ballots;
}

/** The checked entries as stored in paper_sheets and compared between the two keyers. */
export const entriesOf = (clean: CleanBallot[]): BallotEntryInput[] =>
  clean.map((b) => ({
    poll_id: b.part.poll.row.id,
    target_id: b.part.target?.id ?? null,
    answers: b.answers,
  }));

export const sameEntries = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Stores the sheet's ballot with the online submission statement inside the caller's transaction (which
 * holds the vote type): link mode keeps the cap of expected_voters, codes mode consumes the code in the
 * statement. Answers the new submission's id.
 */
export async function storeSheetBallot(
  tx: Db,
  v: VoteTypeRow,
  def: BallotDefinition,
  clean: CleanBallot[],
  key: string,
) {
  await assertUnderCap(tx, v);
  const code = v.accessMode === 'codes' ? normalizeCode(key) : null;
  const voter = { link_id: v.linkId, voter_identifier: `paper-${randomId128()}` };
  const insert = insertOf(def, { ...voter, submission_id: randomUUID() }, clean, code, 'paper');
  const stored = await insertCapped(tx, insert);
  if (!stored) {
    if (code?.ok && (await findCodeState(tx, v.id, code.code)) === 'used')
      throw conflict(PAPER_DETAILS.codeUsed);
    throw conflict('投票设置正在变更，请重新录入该票');
  }
  return insert.id;
}
