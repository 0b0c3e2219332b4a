import type { Db } from '../../db/client';
import { fail } from '../../lib/errors';
import { insertCodes, nextBatch } from './ballot-codes.repository';
import { makeCodes } from './code-maker';

/**
 * Issues `count` new codes of a vote type as its next batch, inside the caller's transaction (which holds
 * the vote type): the one issuer for 发放测评码 and for printing paper ballots. Answers the batch and the
 * codes in the stored form. `forPaper`: the codes printed on paper ballots.
 */
export async function issueBatch(tx: Db, voteTypeId: number, count: number, forPaper = false) {
  const batch = await nextBatch(tx, voteTypeId);
  const issued: string[] = [];
  // A clash with an existing code of the vote type is rare (31^10 codes); the shortfall is topped up.
  for (let round = 0; issued.length < count; round++) {
    if (round === 10) throw fail('CODE_GENERATION_FAILED');
    issued.push(...(await insertCodes(tx, voteTypeId, batch, makeCodes(count - issued.length), forPaper)));
  }
  return { batch, codes: issued };
}
