import { createHash } from 'node:crypto';
import { CODE_ALPHABET } from '@kaoping/contracts/ballot-codes';
import type { PublicFormCategory, SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { randomId128 } from '../../lib/random-id';
import { findSubmission } from '../ballots/submissions.repository';

// A receipt proves that a ballot was counted, never how it was cast: no choice, no score, no line of the
// ballot (issue 12). Its address is a server-made receipt id, not the client's submission id. It shows the
// unit, the vote type, the day, how many were answered and the 回执码; nothing else (issue 26): not the
// submission id, not a time of day.

/** 128 random bits, URL-safe: the receipt's public address. */
export const newReceiptId = randomId128;

/** A short code to read out or compare (XXXX-XXXX), derived from the receipt id. */
export function receiptCode(receiptId: string) {
  const digest = createHash('sha256').update(receiptId).digest();
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[digest[i]! % CODE_ALPHABET.length];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export interface ReceiptInput {
  receiptId: string;
  /** The day the ballot was cast, 'YYYY-MM-DD' in Beijing time, as stored. */
  votedOn: string;
  company: { id: number; name: string };
  voteType: { name: string; family: PublicFormCategory };
  ballotCount: number;
  isTest: boolean;
}

/** The receipt of a stored ballot; the 201 answer and GET /votes/{receipt_id} both come from here. */
export function buildReceipt(input: ReceiptInput): SubmissionReceipt {
  return {
    receipt_id: input.receiptId,
    receipt_code: receiptCode(input.receiptId),
    voted_on: input.votedOn,
    company: input.company,
    vote_type: { name: input.voteType.name, form_category: input.voteType.family },
    ballot_count: input.ballotCount,
    is_test: input.isTest,
  };
}

/** The receipt of a stored submission, by receipt id (public) or submission id (a replay); 404 when none. */
export async function loadReceipt(
  db: Db,
  by: { receiptId: string } | { id: string },
): Promise<SubmissionReceipt> {
  const head = await findSubmission(db, by);
  if (!head) throw fail('RECEIPT_RECORD_NOT_FOUND');
  return buildReceipt({
    receiptId: head.receiptId,
    votedOn: head.votedOn,
    company: { id: head.companyId, name: head.companyName },
    voteType: { name: head.voteTypeName, family: head.formCategory as PublicFormCategory },
    ballotCount: head.ballotCount,
    isTest: head.isTest,
  });
}
