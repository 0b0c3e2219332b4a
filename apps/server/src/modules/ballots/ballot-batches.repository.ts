import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quietDatabase } from '../../db/pglite-turns';
import { cadreVotes, votes } from '../../db/schema';
import { revealedSql } from './sealed-while-open';

/**
 * Rows fetched per round trip while streaming an export: memory stays flat whatever the vote size. A
 * slice is also the longest the embedded database is given to an export at a stretch (issue 28): 250
 * rows read through the (round_id, id) index take a few tens of milliseconds on PGlite, and the
 * statements of the ballots arriving meanwhile run between two slices (db/pglite-turns.ts).
 */
export const EXPORT_BATCH = 250;

async function voteBatch(db: Db, roundId: number, afterId: number) {
  await quietDatabase();
  return db
    .select({
      id: votes.id,
      voterKey: votes.voterKey,
      voteTypeId: votes.voteTypeId,
      pollId: votes.pollId,
      targetId: votes.targetId,
      answers: votes.answers,
      score: votes.score,
      createdAt: votes.createdAt,
    })
    .from(votes)
    .where(
      and(eq(votes.roundId, roundId), gt(votes.id, afterId), eq(votes.isTest, false), revealedSql('votes')),
    )
    .orderBy(asc(votes.id))
    .limit(EXPORT_BATCH);
}
export type VoteExportRow = Awaited<ReturnType<typeof voteBatch>>[number];

async function cadreVoteBatch(db: Db, roundId: number, afterId: number) {
  await quietDatabase();
  return db
    .select({
      id: cadreVotes.id,
      voterKey: cadreVotes.voterKey,
      voteTypeId: cadreVotes.voteTypeId,
      pollKind: cadreVotes.pollKind,
      answers: cadreVotes.answers,
      createdAt: cadreVotes.createdAt,
    })
    .from(cadreVotes)
    .where(
      and(
        eq(cadreVotes.roundId, roundId),
        gt(cadreVotes.id, afterId),
        eq(cadreVotes.isTest, false),
        revealedSql('cadre_votes'),
      ),
    )
    .orderBy(asc(cadreVotes.id))
    .limit(EXPORT_BATCH);
}
export type CadreVoteExportRow = Awaited<ReturnType<typeof cadreVoteBatch>>[number];

/**
 * Keyset pagination by id: each batch starts after the last id of the one before, never with OFFSET. The
 * ids are random (db/ballot-defaults.ts), so the rows come out in an order unrelated to their arrival. The
 * next batch is already being fetched while the caller writes the current one.
 */
async function* batches<T extends { id: number }>(fetch: (afterId: number) => Promise<T[]>) {
  let pending: Promise<T[]> | null = fetch(0);
  try {
    while (pending) {
      const rows: T[] = await pending;
      pending = rows.length === EXPORT_BATCH ? fetch(rows[rows.length - 1]!.id) : null;
      if (rows.length > 0) yield rows;
    }
  } finally {
    // A reader that stops early (download cancelled) leaves one fetch in flight: let it settle quietly.
    pending?.catch(() => undefined);
  }
}

/** The company's formal appraisal ballots (test ballots are never exported), by random id, in batches. */
export const voteBatches = (db: Db, roundId: number) => batches((after) => voteBatch(db, roundId, after));

/** The company's formal evaluation ballots, by random id, in batches. */
export const cadreVoteBatches = (db: Db, roundId: number) =>
  batches((after) => cadreVoteBatch(db, roundId, after));
