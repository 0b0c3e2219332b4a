import type { NormalizedCode } from '@kaoping/contracts/ballot-codes';
import type { Db } from '../../db/client';
import { randomId128 } from '../../lib/random-id';
import { invalidateFigures } from '../figures/figures.repository';
import { lockVoteType } from '../vote-types/vote-types.repository';
import type { CleanBallot, CleanPost } from './ballot-check';
import type { BallotDefinition } from './definition';
import { insertLinkSubmission } from './lanes';
import { newReceiptId } from './receipt';
import {
  type BallotRowInsert,
  insertCapped,
  insertSubmission,
  type Stored,
  type SubmissionInsert,
} from './statements';

// The one door of a ballot: every ballot that enters the database comes through storeBallot, whatever
// its source (a phone by link, a phone by code, a paper sheet) and whatever statement then stores it
// (test/architecture.test.ts keeps it so). The door checks nothing itself: the statements hold the
// voting conditions (conditions.ts), so a ballot is stored only if every one holds at that instant.

/** A checked ballot, ready for the door. */
export interface BallotToStore {
  def: BallotDefinition;
  /** The client's submission id (a retry repeats it) and the browser's voter identifier (link mode). */
  submissionId: string;
  voterIdentifier: string;
  /** The checked parts: a poll family's (民主测评, 民主评议), or 民主推荐's posts. */
  clean: CleanBallot[] | CleanPost[];
  /** The normalised code in codes mode (consumed by the statement), or null. */
  code: NormalizedCode | null;
  source: 'online' | 'paper';
}

/** In codes mode the stored voter identifier is this fresh random value: nothing ties it to the code. */
const newCodeVoter = () => `c-${randomId128()}`;

/** Sum in tenths: scores are multiples of 0.1 and the total must not pick up float noise. */
const totalOf = (ballots: readonly (CleanBallot | CleanPost)[]) => {
  const scores = ballots.map((b) => ('score' in b ? b.score : null));
  return scores.some((s) => s !== null)
    ? scores.reduce<number>((a, s) => a + Math.round((s ?? 0) * 10), 0) / 10
    : null;
};

/** A checked part as the statement stores it. */
const rowOf = (c: CleanBallot | CleanPost): BallotRowInsert =>
  'postId' in c
    ? { postId: c.postId, status: c.status, answers: c.answers }
    : {
        pollId: c.part.poll.row.id,
        targetId: c.part.target?.id ?? null,
        kind: c.part.poll.kind,
        answers: c.answers,
        score: c.score,
      };

/** The stored form of a checked ballot: phone ballots and paper sheets differ only in `source`. */
function insertOf(b: BallotToStore): SubmissionInsert {
  const { def, code } = b;
  return {
    id: b.submissionId,
    linkId: def.voteType.linkId,
    family: def.family,
    voterIdentifier: b.voterIdentifier,
    // Only a code's ballot stores it (the statement stores no ballot in codes mode without a code).
    codeVoter: code?.ok ? newCodeVoter() : '',
    code: code?.ok ? code.code : null,
    receiptId: newReceiptId(),
    source: b.source,
    mode: def.voteType.accessMode === 'codes' ? 'codes' : 'link',
    fingerprint: def.fingerprint,
    totalScore: totalOf(b.clean),
    rows: (b.clean as readonly (CleanBallot | CleanPost)[]).map(rowOf),
  };
}

/** What the door stored: the row's day and test flag, and the receipt id made for it. */
export interface StoredBallot extends Stored {
  receiptId: string;
  submissionId: string;
  ballotCount: number;
}

/**
 * Stores one whole ballot atomically and exactly once, or nothing (undefined: the caller asks
 * conditions.ts `refusalOf` why). The route:
 * - a paper sheet: inside the keyer's transaction, which holds the vote type row; the statement counts
 *   the cap of 应到人数 and consumes the printed code;
 * - a phone in codes mode: one prepared statement, which consumes the code;
 * - a phone in link mode with 应到人数: a short transaction that locks the vote type row, so that the
 *   statement's count of the cap cannot go stale;
 * - a phone in link mode without: the group commit (lanes.ts), possibly with other ballots of its link.
 */
export async function storeBallot(db: Db, b: BallotToStore): Promise<StoredBallot | undefined> {
  const insert = insertOf(b);
  const v = b.def.voteType;
  const stored =
    b.source === 'paper'
      ? await insertCapped(db, insert)
      : v.accessMode === 'codes'
        ? await insertSubmission(db, insert)
        : v.expectedVoters !== null
          ? await db.transaction(async (tx) => {
              await lockVoteType(tx, v.id);
              return insertCapped(tx, insert);
            })
          : await insertLinkSubmission(db, insert);
  // A paper sheet may be keyed after the vote ended (until 完成计票): the vote type's stored figures go
  // in the keyer's transaction, which holds its row (decision 0052). A phone's ballot needs no such
  // step: it is stored only while the vote is open, when no figures exist.
  if (stored && b.source === 'paper') await invalidateFigures(db, v.id);
  return (
    stored && {
      ...stored,
      receiptId: insert.receiptId,
      submissionId: insert.id,
      ballotCount: insert.rows.length,
    }
  );
}
