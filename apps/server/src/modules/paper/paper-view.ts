import type {
  PaperCounts,
  PaperSheet,
  PaperSheetState,
  PaperSheetSummary,
} from '@kaoping/contracts/paper-ballots';
import type { BallotEntryInput } from '@kaoping/contracts/public-vote-types';
import {
  RECOMMENDATION_FORM_CATEGORY,
  type RecommendationAnswers,
  type RecommendationBallotEntry,
} from '@kaoping/contracts/recommendation-rules';
import type { Db } from '../../db/client';
import { listSubmissionBallots } from '../ballots/ballot-rows.repository';
import { submissionPostRows } from '../ballots/recommendation-votes.repository';
import { countBySource } from '../ballots/submissions.repository';
import type { VoteTypeRow } from '../vote-types/vote-types.repository';
import { labelOf } from './paper-sheet-key';
import { openSheetCounts, type PaperSheetRow } from './paper.repository';
import { lastPrinted, printedCounts } from './print-runs.repository';

/**
 * Counted ballots by source and the sheets waiting, for the vote type's current mode; in link mode the
 * numbered sheets printed for it, those not keyed yet, and the last number printed.
 */
export async function countsOf(db: Db, v: VoteTypeRow): Promise<PaperCounts> {
  const [counted, open, printed, last] = await Promise.all([
    countBySource(db, v.id, v.testMode),
    openSheetCounts(db, v.id),
    printedCounts(db, v.id, v.testMode),
    lastPrinted(db, v.id),
  ]);
  return { ...counted, ...open, ...printed, last_number: last };
}

export function summaryOf(v: VoteTypeRow, row: PaperSheetRow): PaperSheetSummary {
  return {
    id: row.id,
    key: row.sheetKey,
    label: labelOf(v, row.sheetKey),
    state: row.state as PaperSheetState,
    entered_at: row.enteredAt.toISOString(),
    entries: row.secondAnswers === null ? 1 : 2,
  };
}

/** The answers of the counted ballot, as entries (a 民主推荐 sheet's one per post, as stored). */
async function countedOf(
  db: Db,
  v: VoteTypeRow,
  row: PaperSheetRow,
): Promise<(BallotEntryInput | RecommendationBallotEntry)[] | null> {
  if (row.state !== 'counted' || !row.submissionId) return null;
  if (v.formCategory === RECOMMENDATION_FORM_CATEGORY) {
    const posts = await submissionPostRows(db, row.submissionId); // in the posts' order
    return posts.map((p) => ({ post_id: p.postId, answers: p.answers as RecommendationAnswers }));
  }
  const stored = await listSubmissionBallots(db, row.submissionId);
  return stored.map((b) => ({
    poll_id: b.pollId,
    target_id: b.targetId,
    answers: b.answers as Record<string, unknown>,
  }));
}

/** One sheet with both entries and the counted answers. */
export async function sheetOf(
  db: Db,
  v: VoteTypeRow,
  row: PaperSheetRow,
  userId: number,
): Promise<PaperSheet> {
  return {
    ...summaryOf(v, row),
    first: row.firstAnswers as BallotEntryInput[],
    second: (row.secondAnswers as BallotEntryInput[] | null) ?? null,
    counted: await countedOf(db, v, row),
    entered_by_me: row.firstUserId === userId || row.secondUserId === userId,
    counts: await countsOf(db, v),
  };
}
