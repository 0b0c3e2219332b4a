import type { PGlite } from '@electric-sql/pglite';

/** One turn of the event loop: the timers, sockets and requests waiting meanwhile go first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Statements (and transactions) of the embedded database sent and not yet answered, in this process. */
let busy = 0;

/** How long statements may follow one another (awaited in a chain) before the event loop gets a turn. */
export const CHAIN_MS = 8;

/** When the current run of statements without a turn of the loop began; -1 once the loop has turned. */
let chainStart = -1;
let turnWatched = false;

/** Counts this statement into the current run; the run ends at the loop's next turn (one setImmediate a turn). */
function inChain() {
  if (chainStart < 0) chainStart = performance.now();
  if (turnWatched) return;
  turnWatched = true;
  setImmediate(() => {
    turnWatched = false;
    chainStart = -1;
  });
}

/**
 * Voters first on the embedded database (issue 28, decision 0051). PGlite runs each statement inside
 * this process, synchronously, and answers through a promise: a chain of awaited statements (an
 * export's slices, a report's dozens of counts) never gives the event loop a turn, so /health and every
 * ballot waited for the whole chain (10 s for one CSV of a 6,000-ballot unit). A statement (or a
 * transaction, as one) that would extend such a chain past CHAIN_MS now starts on a turn of its own,
 * after the requests that arrived meanwhile: the loop is held at most CHAIN_MS and one statement, not a
 * whole export. A statement after the loop has turned (a ballot's, a health check's, most of them) runs
 * at once: a turn for every statement made each of a ballot's statements wait behind every other
 * request's I/O (submit p99 949 ms → 3.3 s on a busy machine with no export running). Statements are
 * still sent in the order they were made and run one at a time.
 */
export function statementsTakeTurns(client: PGlite) {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const exec = client.exec.bind(client);
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      busy += 1;
      try {
        if (chainStart >= 0 && performance.now() - chainStart > CHAIN_MS) await nextTurn();
        inChain();
        return await run(...args);
      } finally {
        busy -= 1;
      }
    };
  client.query = counted(query) as typeof client.query;
  client.exec = counted(exec) as typeof client.exec;
  client.transaction = counted(transaction) as typeof client.transaction;
  return client;
}

/** The longest an export's slice waits for the database to fall quiet. */
export const QUIET_WAIT_MS = 250;

/**
 * Before an export reads its next slice: waits (a turn at a time, at most QUIET_WAIT_MS) until no other
 * statement is waiting or running, so the ballots that arrive during an export go before its next slice.
 * On PostgreSQL nothing is counted and this returns at once.
 */
export async function quietDatabase() {
  const until = performance.now() + QUIET_WAIT_MS;
  while (busy > 0 && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
