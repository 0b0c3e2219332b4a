// A clean stop (SIGTERM) while ballots are still being stored for voters who have already hung up:
// Node's server.close() waits for open connections, not for handlers whose client is gone, so the
// database used to be closed under them ("Cannot use a pool after calling end on the pool", logged as
// an unhandled error). The server now waits for every handler before it closes the database: nothing
// is logged as an error, the process exits 0, and every ballot stored is whole.
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../src/db/client';
import { buildBallotFixture, submission } from './helpers/ballot-fixtures';
import { createAdmin } from './helpers/factories';
import { buildServer, httpApp, startServer, stopServer } from './helpers/real-server';
import { serverSandbox } from './helpers/server-sandbox';

const PORT = 4329;
const BALLOTS = 300;
const box = serverSandbox('shutdown');
const { pgUrl, kind, cleanups } = box;

/** Sends the body and hangs up as soon as it is written: the voter closed the page. */
function sendAndHangUp(port: number, body: string) {
  return new Promise<void>((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/public/polls/votes/',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('error', () => resolve());
    req.end(body, () => {
      req.destroy();
      resolve();
    });
  });
}

describe(`SIGTERM while ballots are in flight (${kind})`, { timeout: 300_000 }, () => {
  it('finishes every handler before the database closes: no error logged, exit 0, whole ballots', async () => {
    const main = buildServer('shutdown');
    const env = await box.env();
    // Warnings and errors only: an error logged while stopping is what this test looks for.
    const server = await startServer(main, PORT, env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    const app = httpApp(() => server.url);
    const token = await createAdmin(app);
    const f = await buildBallotFixture(app, token);

    const bodies = Array.from({ length: BALLOTS }, () => JSON.stringify(submission(f)));
    await Promise.all(bodies.map((b) => sendAndHangUp(PORT, b)));
    const exited = new Promise<number | null>((r) => server.proc.once('exit', (code) => r(code)));
    server.proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    const log = server.output();
    expect(log).not.toMatch(/Cannot use a pool|PGlite is closed|unhandled error|"level":50/);

    // Whatever was stored is whole: a submission and all its rows, or nothing.
    const database = await openDatabase(pgUrl ? { url: env.DATABASE_URL! } : { dataDir: env.DATA_DIR! });
    try {
      const stored = await rowsOf<{ votes: number }>(
        database.db,
        sql`SELECT (SELECT count(*) FROM votes v WHERE v.submission_id = s.id)::int AS votes FROM submissions s`,
      );
      expect(stored.length).toBeGreaterThan(0);
      for (const s of stored) expect(s.votes).toBe(1 + f.persons.length);
    } finally {
      await database.close();
    }
  });
});
