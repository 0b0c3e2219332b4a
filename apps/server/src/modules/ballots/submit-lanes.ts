import type { Db } from '../../db/client';
import { insertSubmissionBatch } from './submit-batch.repository';
import { insertSubmission, type Stored, type SubmissionInsert } from './submit.repository';

// Group commit for link-mode ballots. Each statement and each commit has a fixed cost on the server
// and in the database (a round trip, executing the plan, locking the vote type row, computing its
// fingerprint, flushing the WAL); at a meeting many voters submit at once. Ballots of the same link
// and fingerprint that arrive while LANE_WIDTH statements of theirs are in flight wait for one to end
// and then go together in one statement (submit-batch.repository.ts). A ballot that finds a free slot
// goes at once: a quiet vote waits for nothing. If a batch statement fails, its ballots are stored one
// by one with the single statement, so one ballot can never make another fail.
//
// A lane's statement starts on the next turn of the event loop (setImmediate), not at once: every
// request that the same turn read from the network joins it first. On PGlite this is what makes a
// batch at all: its queries run synchronously inside the promise jobs of the request that sent them,
// so a statement started at once ran and finished before the next request was even parsed, and every
// ballot went alone. The wait is one turn of the loop (microseconds on a quiet vote).

/** Statements of one lane in flight at once. */
const LANE_WIDTH = 2;
/** Ballots in one statement at most. */
const MAX_BATCH = 64;

interface Waiting {
  insert: SubmissionInsert;
  resolve: (stored: Stored | undefined) => void;
  reject: (err: unknown) => void;
}

interface Lane {
  inFlight: number;
  /** A drain is scheduled for the next turn of the event loop and has not started yet. */
  scheduled: boolean;
  queue: Waiting[];
}

const lanes = new WeakMap<Db, Map<string, Lane>>();

const laneKey = (s: SubmissionInsert) => `${s.family}\n${s.linkId}\n${s.fingerprint}`;

async function runBatch(db: Db, batch: Waiting[]) {
  if (batch.length === 1) {
    const [one] = batch;
    await insertSubmission(db, one!.insert).then(one!.resolve, one!.reject);
    return;
  }
  let rows;
  try {
    rows = await insertSubmissionBatch(
      db,
      batch.map((w) => w.insert),
    );
  } catch {
    // Store each on its own: a ballot the batch could not take fails (or not) by itself.
    await Promise.all(batch.map((w) => insertSubmission(db, w.insert).then(w.resolve, w.reject)));
    return;
  }
  const byReceipt = new Map(rows.map((r) => [r.receipt_id, r]));
  for (const w of batch) {
    const row = byReceipt.get(w.insert.receiptId);
    w.resolve(row && { created_ms: row.created_ms, is_test: row.is_test });
  }
}

async function drain(db: Db, key: string, lane: Lane) {
  lane.inFlight++;
  try {
    while (lane.queue.length > 0) await runBatch(db, lane.queue.splice(0, MAX_BATCH));
  } finally {
    lane.inFlight--;
    if (lane.inFlight === 0 && !lane.scheduled && lane.queue.length === 0) lanes.get(db)?.delete(key);
  }
}

function schedule(db: Db, key: string, lane: Lane) {
  lane.scheduled = true;
  setImmediate(() => {
    lane.scheduled = false;
    void drain(db, key, lane);
  });
}

/**
 * Stores a link-mode ballot of a vote type without a cap, like insertSubmission (same conditions,
 * same answer: undefined when nothing was stored), possibly together with other ballots of its link.
 */
export function insertLinkSubmission(db: Db, insert: SubmissionInsert): Promise<Stored | undefined> {
  let byKey = lanes.get(db);
  if (!byKey) lanes.set(db, (byKey = new Map()));
  const key = laneKey(insert);
  let lane = byKey.get(key);
  if (!lane) byKey.set(key, (lane = { inFlight: 0, scheduled: false, queue: [] }));
  const done = new Promise<Stored | undefined>((resolve, reject) =>
    lane.queue.push({ insert, resolve, reject }),
  );
  if (lane.inFlight < LANE_WIDTH && !lane.scheduled) schedule(db, key, lane);
  return done;
}
