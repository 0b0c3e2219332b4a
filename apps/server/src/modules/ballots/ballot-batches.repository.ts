import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { quietDatabase } from '../../db/pglite-turns';
import { cadreVotes, votes } from '../../db/schema';
import { ENDED_SQL, revealedSql } from './sealed-while-open';

/**
 * Rows fetched per round trip while streaming an export: memory stays flat whatever the vote size. A
 * slice is also the longest the embedded database is given to an export at a stretch (issue 28): 250
 * rows of one vote type read through the (vote_type_id, id) index take a few milliseconds on PGlite, and
 * the statements of the ballots arriving meanwhile run between two slices (db/pglite-turns.ts).
 */
export const EXPORT_BATCH = 250;

async function voteBatch(db: Db, voteTypeId: number, afterId: number) {
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
      and(
        eq(votes.voteTypeId, voteTypeId),
        gt(votes.id, afterId),
        eq(votes.isTest, false),
        revealedSql('votes'),
      ),
    )
    .orderBy(asc(votes.id))
    .limit(EXPORT_BATCH);
}
export type VoteExportRow = Awaited<ReturnType<typeof voteBatch>>[number];

async function cadreVoteBatch(db: Db, voteTypeId: number, afterId: number) {
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
        eq(cadreVotes.voteTypeId, voteTypeId),
        gt(cadreVotes.id, afterId),
        eq(cadreVotes.isTest, false),
        revealedSql('cadre_votes'),
      ),
    )
    .orderBy(asc(cadreVotes.id))
    .limit(EXPORT_BATCH);
}
export type CadreVoteExportRow = Awaited<ReturnType<typeof cadreVoteBatch>>[number];

/** The round's vote types that have ended when an export starts: only their ballots are read. */
async function endedVoteTypes(db: Db, roundId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`SELECT v.id FROM vote_types v WHERE v.round_id = ${roundId} AND ${ENDED_SQL} ORDER BY v.id`,
  );
  return rows.map((r) => r.id);
}

/**
 * The round's formal ballots of ended vote types in id order, EXPORT_BATCH at a time. Each ended vote type
 * is read by its own keyset range through the (vote_type_id, id) index, a slice at a time, and the slices
 * are merged by id: the same rows in the same order as one range over the round, without walking the rows
 * of a vote type still 投票中 (a slice of the round's range passed over every ballot the open vote type had
 * taken to find 250 of the ended one: 70–120 ms each on PGlite while voters waited; issue 28). Each slice
 * still carries revealedSql, so a vote type reopened during the export gives no more rows.
 */
async function* batches<T extends { id: number }>(
  db: Db,
  roundId: number,
  fetch: (voteTypeId: number, afterId: number) => Promise<T[]>,
) {
  const cursors = (await endedVoteTypes(db, roundId)).map((voteTypeId) => ({
    voteTypeId,
    rows: [] as T[],
    next: 0,
    after: 0,
    done: false,
  }));
  let out: T[] = [];
  for (;;) {
    for (const c of cursors) {
      if (c.done || c.next < c.rows.length) continue;
      c.rows = await fetch(c.voteTypeId, c.after);
      c.next = 0;
      c.done = c.rows.length < EXPORT_BATCH;
      if (c.rows.length > 0) c.after = c.rows[c.rows.length - 1]!.id;
    }
    let first: (typeof cursors)[number] | undefined;
    for (const c of cursors) {
      if (c.next < c.rows.length && (!first || c.rows[c.next]!.id < first.rows[first.next]!.id)) first = c;
    }
    if (!first) break;
    out.push(first.rows[first.next++]!);
    if (out.length === EXPORT_BATCH) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

/** The company's formal appraisal ballots (test ballots are never exported), by random id, in batches. */
export const voteBatches = (db: Db, roundId: number) =>
  batches(db, roundId, (vt, after) => voteBatch(db, vt, after));

/** The company's formal evaluation ballots, by random id, in batches. */
export const cadreVoteBatches = (db: Db, roundId: number) =>
  batches(db, roundId, (vt, after) => cadreVoteBatch(db, vt, after));
