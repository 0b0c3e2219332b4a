// Issue 18: no ballot lost, none doubled. The real built server on a data folder (PGlite) or a database
// (PostgreSQL, when TEST_DATABASE_URL is set), 200 concurrent voters, a tenth of them sending their ballot
// twice with the same submission_id, a third voting with one-time codes; the server is killed with
// SIGKILL mid-run and restarted on the same data; every voter retries until acknowledged. Then: every
// acknowledged submission is stored exactly once with all its rows, nothing else is stored, every code is
// used at most once, and the results equal a recount of the stored rows.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../src/db/client';
import { createAdmin } from './helpers/factories';
import { endVotes } from './helpers/round-fixtures';
import { buildBallotFixture, submission, type BallotFixture } from './helpers/ballot-fixtures';
import { buildServer, httpApp, startServer, stopServer, type RunningServer } from './helpers/real-server';
import { serverSandbox } from './helpers/server-sandbox';
import { adminCalls } from './helpers/vote-control';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';

const PORT = 4326;
const VOTERS = 200;
const CODE_VOTERS = 60;
const KILL_AFTER = 60;
const box = serverSandbox('crash');
const { pgUrl, kind, cleanups } = box;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`a server killed mid-run (${kind})`, { timeout: 300_000 }, () => {
  it('keeps every acknowledged ballot exactly once, and nothing else', async () => {
    const main = buildServer('crash');
    const env = await box.env();
    const dataDir = env.DATA_DIR!;
    let server: RunningServer = await startServer(main, PORT, env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    const app = httpApp(() => server.url);
    const token = await createAdmin(app);
    const f: BallotFixture = await buildBallotFixture(app, token);
    const admin = adminCalls(app, () => token);
    expect((await admin.update(f.evaluation.id, { access_mode: 'codes' })).statusCode).toBe(200);
    const codes = await admin.codes(f.evaluation.id, CODE_VOTERS + 10);

    // Voter i: the first CODE_VOTERS vote the evaluation ballot with code i, the rest the appraisal one.
    const bodies: SubmissionBody[] = Array.from({ length: VOTERS }, (_, i) =>
      i < CODE_VOTERS ? submission(f, 'evaluation', { code: codes[i] }) : submission(f),
    );
    const acknowledged = new Map<string, string>();
    const refusals: string[] = [];
    let dropped = 0;
    let restarting: Promise<void> | undefined;

    /** Sends until the server answers 201; a dropped connection or a 5xx/503 is tried again. */
    async function send(body: SubmissionBody): Promise<string> {
      for (let attempt = 0; attempt < 400; attempt++) {
        try {
          const res = await fetch(`${server.url}/api/v1/public/polls/votes/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const text = await res.text();
          if (res.status === 201) return (JSON.parse(text) as { receipt_id: string }).receipt_id;
          if (res.status < 500 && res.status !== 429) {
            refusals.push(`${res.status} ${text}`);
            return '';
          }
        } catch {
          // The server is down: wait for the restart.
          dropped++;
        }
        await (restarting ?? sleep(50 + Math.random() * 100));
      }
      throw new Error('never acknowledged');
    }

    async function voter(i: number) {
      const body = bodies[i]!;
      await sleep(Math.random() * 1500);
      const retrier = i % 10 === 0;
      const receipts = retrier ? await Promise.all([send(body), send(body)]) : [await send(body)];
      if (retrier) receipts.push(await send(body));
      expect(new Set(receipts).size, `one receipt for ${body.submission_id}`).toBe(1);
      acknowledged.set(body.submission_id, receipts[0]!);
      if (acknowledged.size === KILL_AFTER && !restarting) {
        restarting = (async () => {
          await stopServer(server, 'SIGKILL');
          server = await startServer(main, PORT, env);
        })();
        await restarting;
        restarting = undefined;
      }
    }

    await Promise.all(bodies.map((_, i) => voter(i)));
    expect(refusals).toEqual([]);
    expect(acknowledged.size).toBe(VOTERS);
    // The kill really cut voters off (requests in flight, or refused while the server restarted).
    expect(dropped).toBeGreaterThan(0);

    // Figures are read once the votes have ended (decision 0041).
    await endVotes(app, token, [f.appraisal.id, f.evaluation.id]);
    const results = async (q: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/admin/companies/${f.company.id}/results?${q}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as Record<string, unknown>;
    const appraisal = (await results('')) as {
      targets: { target_id: number; combined: { count: number; total: number } }[];
    };
    const evaluation = (await results('form_category=democratic_evaluation')) as {
      cadre: { ballot_count: number };
      newly_promoted: { subjects: { subject_id: number; counts: Record<string, number> }[] };
    };
    await stopServer(server, 'SIGTERM');

    const database: Database = await openDatabase(pgUrl ? { url: env.DATABASE_URL } : { dataDir });
    try {
      const stored = await rowsOf<{ id: string; receipt_id: string; votes: number; cadre: number }>(
        database.db,
        sql`SELECT s.id, s.receipt_id, (SELECT count(*) FROM votes v WHERE v.submission_id = s.id)::int AS votes,
                   (SELECT count(*) FROM cadre_votes c WHERE c.submission_id = s.id)::int AS cadre
            FROM submissions s`,
      );
      expect(stored.length).toBe(VOTERS);
      for (const s of stored) {
        expect(acknowledged.get(s.id), `stored but never acknowledged: ${s.id}`).toBe(s.receipt_id);
        const codeVoter = bodies.findIndex((b) => b.submission_id === s.id) < CODE_VOTERS;
        expect([s.votes, s.cadre]).toEqual(codeVoter ? [0, 2] : [1 + f.persons.length, 0]);
      }
      const [codeState] = await rowsOf<{ used: number }>(
        database.db,
        sql`SELECT count(*) FILTER (WHERE state = 'used')::int AS used FROM ballot_codes WHERE vote_type_id = ${f.evaluation.id}`,
      );
      expect(codeState!.used).toBe(CODE_VOTERS);

      // The results as the server answered them, against a recount of the rows.
      const recount = await rowsOf<{ target_id: number; n: number; total: number }>(
        database.db,
        sql`SELECT target_id, count(*)::int AS n, sum(score)::float AS total FROM votes GROUP BY target_id`,
      );
      const shown = appraisal.targets
        .filter((t) => t.combined.count > 0)
        .map((t) => [t.target_id, t.combined.count, Math.round(t.combined.total * 100)]);
      expect(shown.sort()).toEqual(recount.map((r) => [r.target_id, r.n, Math.round(r.total * 100)]).sort());
      expect(evaluation.cadre.ballot_count).toBe(CODE_VOTERS);
      for (const subject of evaluation.newly_promoted.subjects) {
        const [row] = await rowsOf<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM cadre_votes
              WHERE poll_kind = 'newly_promoted' AND answers->>${`subject_${subject.subject_id}`} = '认同'`,
        );
        expect(subject.counts['认同']).toBe(row!.n);
      }
    } finally {
      await database.close();
    }
  });
});
