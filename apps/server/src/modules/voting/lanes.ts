import type { Db } from '../../db/client';
import { inBackground } from '../../db/hot-statement';
import { insertSubmissionBatch } from './statements';
import { insertSubmission, type Stored, type SubmissionInsert } from './statements';

// Group commit for link-mode ballots. Each statement and each commit has a fixed cost on the server
// and in the database (a round trip, executing the plan, locking the vote type row, computing its
// fingerprint, flushing the WAL); at a meeting many voters submit at once. Ballots of the same link
// and fingerprint that arrive while LANE_WIDTH statements of theirs are in flight wait for one to end
// and then go together in one statement (batch-statement.ts). A ballot that finds a free slot
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
/**
 * Ballots that must wait before a second statement of a lane starts while one is running; fewer wait for
 * the running one to end and go with the next. At a meeting the answers of one statement bring their
 * voters' next requests back together: a free slot took the first one or two of them, and a statement
 * of one or two ballots costs the database nearly what one of twenty does (a batch histogram under
 * load: one statement in seven held a single ballot). A quiet vote is not affected: with nothing
 * running a ballot goes at once.
 */
const MIN_MORE = 8;
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

/** Tells a batch's voters what became of their ballots (their handlers then answer them). */
type Settle = () => void;

/**
 * Runs one statement for the batch and answers, once it has ended, how to tell its voters: the caller
 * decides when, so that it can send the lane's next statement first.
 */
async function storeBatch(db: Db, batch: Waiting[]): Promise<Settle> {
  if (batch.length === 1) {
    const [one] = batch;
    return insertSubmission(db, one!.insert).then(
      (stored) => () => one!.resolve(stored),
      (err: unknown) => () => one!.reject(err),
    );
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
    return () => undefined;
  }
  return () => {
    const byReceipt = new Map(rows.map((r) => [r.receipt_id, r]));
    for (const w of batch) {
      const row = byReceipt.get(w.insert.receiptId);
      w.resolve(row && { voted_on: row.voted_on, is_test: row.is_test });
    }
  };
}

/**
 * The next statement of a drain (which counts itself in inFlight): all the lane's waiting ballots (up to
 * MAX_BATCH), or none when another statement of the lane is running and fewer than MIN_MORE wait; that
 * one's drain takes them when it ends.
 */
function nextBatch(db: Db, lane: Lane) {
  const othersRunning = lane.inFlight > 1;
  if (lane.queue.length === 0 || (othersRunning && lane.queue.length < MIN_MORE)) return undefined;
  return storeBatch(db, lane.queue.splice(0, MAX_BATCH));
}

async function drain(db: Db, key: string, lane: Lane) {
  lane.inFlight++;
  try {
    // PostgreSQL: the ballots that queued while a statement ran go to the database before its voters
    // are answered (the driver sends a statement on the next tick; the answers follow on a later one), so
    // the database works while this process writes them. PGlite runs a statement inside this process,
    // synchronously: answer first, then the next.
    const sendFirst = inBackground(db);
    let running = nextBatch(db, lane);
    while (running) {
      const settle = await running;
      if (!sendFirst) settle();
      running = nextBatch(db, lane);
      if (sendFirst) process.nextTick(settle);
    }
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
  const free = lane.inFlight === 0 || (lane.inFlight < LANE_WIDTH && lane.queue.length >= MIN_MORE);
  if (free && !lane.scheduled) schedule(db, key, lane);
  return done;
}
