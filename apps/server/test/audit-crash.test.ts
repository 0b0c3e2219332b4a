// Issue 27: an admin write and its audit row commit together. The real built server on a data folder
// (PGlite) or a database (PostgreSQL, when TEST_DATABASE_URL is set); 8 parallel streams of target
// creations (POST /vote-targets/); the server is killed with SIGKILL mid-run and restarted on the same
// data, and the streams go on (a creation cut off is sent again). Then every stored target has its one audit row (vote_target.create naming
// it), no such row names a target that is not stored, and every acknowledged creation is stored.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../src/db/client';
import { bearer, createAdmin, createCompany } from './helpers/factories';
import { buildServer, httpApp, startServer, stopServer, type RunningServer } from './helpers/real-server';
import { serverSandbox } from './helpers/server-sandbox';

const PORT = 4341;
/** Long and of three kinds, as the password rules ask. */
const PASSWORD = 'Audit-crash-2026';
const STREAMS = 8;
// Each kill finds the eight streams in flight, whatever the count between kills: 240 creations give the
// six kills their room (480 took twice the time on the loaded CI machine and added no other case).
const PER_STREAM = 30;
/** A kill comes each time this many more creations were acknowledged (of STREAMS × PER_STREAM). */
const KILL_EVERY = 30;
const KILLS = 6;
const box = serverSandbox('audit-crash');
const { pgUrl, kind, cleanups } = box;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`admin writes when the server is killed (${kind})`, { timeout: 300_000 }, () => {
  it('leaves no write without its audit row, and no audit row without its write', async () => {
    const main = buildServer('audit-crash');
    const env = await box.env();
    const dataDir = env.DATA_DIR!;
    let server: RunningServer = await startServer(main, PORT, env);
    cleanups.push(() => stopServer(server, 'SIGKILL'));
    const app = httpApp(() => server.url);
    const token = await createAdmin(app, 'admin', PASSWORD);
    const company = await createCompany(app, token);

    const acknowledged = new Set<number>();
    const refusals: string[] = [];
    let dropped = 0;
    let restarting: Promise<void> | undefined;
    let streamsDone = false;
    let kills = 0;

    /** One creation: sent until the server answers; a dropped connection or a 5xx is sent again. */
    async function create(name: string) {
      for (let attempt = 0; attempt < 400; attempt++) {
        try {
          const res = await fetch(`${server.url}/api/v1/admin/vote-targets/`, {
            method: 'POST',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            body: JSON.stringify({ company_id: company.id, name, type: 'person' }),
          });
          const text = await res.text();
          if (res.status === 201) return (JSON.parse(text) as { id: number }).id;
          if (res.status < 500) {
            refusals.push(`${res.status} ${text}`);
            return undefined;
          }
        } catch {
          dropped++;
        }
        await (restarting ?? sleep(20));
      }
      throw new Error('never answered');
    }

    async function stream(s: number) {
      for (let i = 0; i < PER_STREAM; i++) {
        const id = await create(`对象${s}-${i}`);
        if (id !== undefined) acknowledged.add(id);
      }
    }

    /** Kills the server while the streams run, whatever its requests are doing at that moment. */
    async function killer() {
      for (let k = 1; k <= KILLS; k++) {
        while (acknowledged.size < k * KILL_EVERY && !streamsDone) await sleep(5);
        if (streamsDone) return;
        // Not in step with an answer: whatever the requests in flight are doing.
        await sleep(Math.random() * 40);
        restarting = (async () => {
          await stopServer(server, 'SIGKILL');
          server = await startServer(main, PORT, env);
        })();
        await restarting;
        restarting = undefined;
        kills++;
      }
    }

    const killing = killer();
    await Promise.all(Array.from({ length: STREAMS }, (_, s) => stream(s)));
    streamsDone = true;
    await killing;
    expect(refusals).toEqual([]);
    // Every kill came before the streams ended (the killer stops quietly when they end first).
    expect(kills).toBe(KILLS);
    // The kill really cut requests off in flight.
    expect(dropped).toBeGreaterThan(0);
    await stopServer(server, 'SIGTERM');

    const database = await openDatabase(pgUrl ? { url: env.DATABASE_URL } : { dataDir });
    try {
      const targets = await rowsOf<{ id: number; name: string }>(
        database.db,
        sql`SELECT id, name FROM vote_targets WHERE company_id = ${company.id}`,
      );
      const audited = await rowsOf<{ object_id: string; n: number }>(
        database.db,
        sql`SELECT object_id, count(*)::int AS n FROM audit_log
            WHERE action = 'vote_target.create' GROUP BY object_id`,
      );
      const rows = new Map(audited.map((a) => [Number(a.object_id), a.n]));
      const stored = new Set(targets.map((t) => t.id));
      console.log(
        `${kind}: ${stored.size} targets stored, ${audited.reduce((n, a) => n + a.n, 0)} vote_target.create rows, ` +
          `${acknowledged.size} acknowledged, ${dropped} requests cut off`,
      );
      // Every creation was stored (one cut off after its commit and sent again is stored twice).
      expect(new Set(targets.map((t) => t.name)).size).toBe(STREAMS * PER_STREAM);
      expect(
        [...stored].filter((id) => rows.get(id) !== 1),
        'targets without exactly one audit row',
      ).toEqual([]);
      expect(
        [...rows.keys()].filter((id) => !stored.has(id)),
        'audit rows without their target',
      ).toEqual([]);
      expect(
        [...acknowledged].filter((id) => !stored.has(id)),
        'acknowledged but not stored',
      ).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
