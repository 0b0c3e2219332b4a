import { normalizeReceiptCode } from '@kaoping/contracts/ballot-codes';
import type { SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { findReceiptIdsByCode } from '../ballots/submissions.repository';
import { loadReceipt, receiptCode } from '../voting/receipt';

// A receipt by its 回执码 (XXXX-XXXX, typed by a voter who kept only the code). The code is derived from
// the receipt id and not stored; an expression index finds it. Lookups are still rate-limited far below
// the other public reads, per address and for all addresses together, against guessing. 31^8 codes (about 40 bits)
// against a few thousand ballots make a guessed code a miss; a receipt never shows a choice anyway.

export const LOOKUP_WINDOW_MS = 60_000;
/** Lookups per address per minute, and for the whole server per minute. */
export const LOOKUPS_PER_ADDRESS = 10;
export const LOOKUPS_IN_ALL = 120;

/** Fixed one-minute windows: per address and in all. Answers the seconds to wait, or 0. */
export class LookupLimiter {
  private start = 0;
  private all = 0;
  private byAddress = new Map<string, number>();
  constructor(
    private readonly perAddress = LOOKUPS_PER_ADDRESS,
    private readonly inAll = LOOKUPS_IN_ALL,
  ) {}

  hit(address: string, now = Date.now()): number {
    if (now - this.start >= LOOKUP_WINDOW_MS) {
      this.start = now;
      this.all = 0;
      this.byAddress.clear();
    }
    const mine = (this.byAddress.get(address) ?? 0) + 1;
    if (mine > this.perAddress || this.all >= this.inAll) {
      return Math.max(1, Math.ceil((this.start + LOOKUP_WINDOW_MS - now) / 1000));
    }
    this.byAddress.set(address, mine);
    this.all += 1;
    return 0;
  }
}

/** The receipt whose code is `typed`: 422 when it cannot be a code, 404 when no ballot has it. */
export async function loadReceiptByCode(db: Db, typed: string): Promise<SubmissionReceipt> {
  const code = normalizeReceiptCode(typed);
  if (!code) throw fail('RECEIPT_CODE_INVALID');
  const ids = (await findReceiptIdsByCode(db, code)).filter((id) => receiptCode(id) === code);
  if (ids.length === 0) throw fail('RECEIPT_NOT_FOUND');
  // Two ballots with one code (about one chance in 10^8 per pair): the code cannot say which.
  if (ids.length > 1) throw fail('RECEIPT_CODE_AMBIGUOUS');
  return loadReceipt(db, { receiptId: ids[0]! });
}
