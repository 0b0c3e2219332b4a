import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { countRows, submission, submit } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';

// The group commit's rule for a second statement (modules/voting/lanes.ts): while a statement
// of a link runs, the ballots that arrive wait for it unless eight or more of them wait, so a meeting's
// ballots go in few, large statements. Seen from PostgreSQL: a session holds the vote type's row FOR
// UPDATE (as closing a vote does), so every submission statement of the link waits on that lock where
// pg_stat_activity shows it. PGlite has one session: nothing can wait on a lock there.

const pgUrl = process.env.TEST_DATABASE_URL;

const w = useBallotWorld();

const pool = () => (w.ctx.database.db as unknown as { $client: pg.Pool }).$client;

/** Submission statements of this database that wait on a lock (both begin `WITH vt AS`; the activity
 * view keeps only a statement's first kilobyte). */
async function waitingStatements() {
  const res = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%WITH vt AS%'`,
  );
  return res.rows[0]!.n;
}

async function until(what: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs `fn` while another session holds the appraisal vote type's row FOR UPDATE; `release` commits. */
async function withVoteTypeLocked(fn: (release: () => Promise<void>) => Promise<void>) {
  const lock = await pool().connect();
  try {
    await lock.query('BEGIN');
    await lock.query('SELECT 1 FROM vote_types WHERE id = $1 FOR UPDATE', [w.f.appraisal.id]);
    await fn(async () => {
      await lock.query('COMMIT');
    });
  } finally {
    await lock.query('ROLLBACK').catch(() => undefined);
    lock.release();
  }
}

describe.skipIf(!pgUrl)('group commit on PostgreSQL: when a second statement starts', () => {
  it('ballots that arrive while a statement runs wait for it until eight of them wait', async () => {
    await withVoteTypeLocked(async (release) => {
      const first = submit(w.ctx.app, submission(w.f));
      await until(async () => (await waitingStatements()) === 1);

      // Seven more: too few for a second statement while the first runs.
      const seven = Array.from({ length: 7 }, () => submit(w.ctx.app, submission(w.f)));
      await new Promise((r) => setTimeout(r, 600));
      expect(await waitingStatements()).toBe(1);

      // The eighth waiting ballot starts the second statement, with all eight.
      const eighth = submit(w.ctx.app, submission(w.f));
      await until(async () => (await waitingStatements()) === 2);

      await release();
      const answers = await Promise.all([first, ...seven, eighth]);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(9).fill(201));
    });
    expect(await countRows(w.ctx.database.db)).toEqual({ submissions: 9, votes: 36, cadre_votes: 0 });
    // Rows of one statement share its transaction id: the first ballot alone, then the eight together.
    const groups = (await w.ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM submissions GROUP BY xmin::text ORDER BY n`,
    )) as unknown as { rows: { n: number }[] };
    expect(groups.rows.map((r) => r.n)).toEqual([1, 8]);
  });

  it('a quiet vote waits for nothing: with no statement running a single ballot goes at once', async () => {
    await withVoteTypeLocked(async (release) => {
      const one = submit(w.ctx.app, submission(w.f));
      // It reached the database (and waits on the lock there) without any other ballot to wait for.
      await until(async () => (await waitingStatements()) === 1);
      await release();
      expect((await one).statusCode).toBe(201);
    });
  });
});
