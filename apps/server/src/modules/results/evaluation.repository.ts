import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cadreVotes } from '../../db/schema';

/**
 * Evaluation ballots of a company (one vote type or all) in the order they were stored. One row per voter
 * and poll: a few thousand at most per company, so they are counted in memory by contracts' functions.
 */
export async function evaluationBallots(db: Db, companyId: number, voteTypeId?: number) {
  return db
    .select({ pollKind: cadreVotes.pollKind, answers: cadreVotes.answers })
    .from(cadreVotes)
    .where(
      and(
        eq(cadreVotes.companyId, companyId),
        voteTypeId === undefined ? undefined : eq(cadreVotes.voteTypeId, voteTypeId),
      ),
    )
    .orderBy(asc(cadreVotes.id));
}
