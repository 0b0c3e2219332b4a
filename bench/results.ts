// Results benchmark (issue 7): 100,000 stored appraisal ballots (5,000 voters × 20 targets over 5 vote
// types), then the company results call and the xlsx export against the real built server, on PGlite and
// (with BENCH_DATABASE_URL) on PostgreSQL. Issue 14: a second unit holds the same 100,000 ballots spread
// over 3 rounds (two archived); its results call (the current round, with the comparison against the
// round before) is timed in the same run, call for call alternating with the single-round unit. Prints
// JSON. Loopback only.
//   npx tsx bench/results.ts            (from the repo root; builds apps/server/dist-bench7 first)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5571/postgres npx tsx bench/results.ts
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { seedAppraisal, type Exec } from './results.seed';
import { withScratchDatabase } from './scratch-postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const outfile = 'dist-bench7/main.js';
const SIZE = { voters: Number(process.env.BENCH_VOTERS ?? 5000), voteTypes: 5, targets: 20 };
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const deadline = Date.now() + 20 * 60_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const r1 = (x: number) => Math.round(x * 10) / 10;

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(serverDir, outfile)], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // One load generator stands for thousands of phones: the per-address limits would measure themselves.
      PUBLIC_SUBMIT_LIMIT: '100000000',
      PUBLIC_READ_LIMIT: '100000000',
      MAX_IN_FLIGHT: '100000',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (i > 600) throw new Error('server did not start');
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function signIn(base: string) {
  const body = { username: 'bench', password: 'Kaoping-Hall-2026' };
  await fetch(`${base}/api/v1/admin/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const form = new FormData();
  form.set('username', body.username);
  form.set('password', body.password);
  const res = await fetch(`${base}/api/v1/admin/auth/login`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`login failed ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Seeded {
  companyId: number;
}

/**
 * Times the results call of both units (alternating, so both see the same load) and the export of the
 * single-round one on a running server; samples its RSS while exporting.
 */
async function measure(base: string, pid: number, single: Seeded, rounds: Seeded) {
  // The server's resident memory over the whole run (results calls and exports), every 25 ms.
  const rssAfterStart = rssMb(pid);
  let rssPeak = rssAfterStart;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(pid))), 25);
  try {
    return {
      ...(await measureCalls(base, pid, single, rounds)),
      rss_after_start_mb: r1(rssAfterStart),
      rss_peak_mb: r1(rssPeak),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function measureCalls(base: string, pid: number, single: Seeded, rounds: Seeded) {
  const headers = { authorization: `Bearer ${await signIn(base)}` };
  const url = `${base}/api/v1/admin/companies/${single.companyId}/results`;
  const caller = (u: string) => async () => {
    const t = performance.now();
    const res = await fetch(u, { headers, signal: AbortSignal.timeout(120_000) });
    const body = (await res.json()) as {
      targets: { combined: { count: number }; comparison?: { previous: unknown } }[];
    };
    if (!res.ok) throw new Error(`results ${res.status}`);
    return { ms: performance.now() - t, body };
  };
  const call = caller(url);
  const callRounds = caller(`${base}/api/v1/admin/companies/${rounds.companyId}/results`);
  const first = await call();
  const firstRounds = await callRounds();
  const counted = first.body.targets.reduce((a, t) => a + t.combined.count, 0);
  for (let i = 0; i < 3; i++) {
    await call();
    await callRounds();
  }
  const times: number[] = [];
  const roundTimes: number[] = [];
  for (let i = 0; i < CALLS && Date.now() < deadline; i++) {
    times.push((await call()).ms);
    roundTimes.push((await callRounds()).ms);
  }

  const exportOnce = async (suffix: string) => {
    const baseline = rssMb(pid);
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
    const t = performance.now();
    const res = await fetch(`${url}/${suffix}`, { headers, signal: AbortSignal.timeout(300_000) });
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    const ms = performance.now() - t;
    clearInterval(timer);
    peak = Math.max(peak, rssMb(pid));
    if (!res.ok) throw new Error(`export ${suffix} ${res.status}`);
    return {
      ms: Math.round(ms),
      bytes,
      rss_baseline_mb: r1(baseline),
      rss_peak_mb: r1(peak),
      rss_growth_mb: r1(peak - baseline),
    };
  };
  const xlsx = await exportOnce('export.xlsx');
  const csv = await exportOnce('ballots.csv');
  return {
    ballots_counted: counted,
    targets: first.body.targets.length,
    results_first_ms: Math.round(first.ms),
    results_calls: times.length,
    results_p50_ms: Math.round(pct(times, 50)),
    results_p99_ms: Math.round(pct(times, 99)),
    results_max_ms: Math.round(Math.max(...times)),
    export_xlsx: xlsx,
    export_csv: csv,
    three_rounds: {
      current_round_ballots_counted: firstRounds.body.targets.reduce((a, t) => a + t.combined.count, 0),
      targets_compared: firstRounds.body.targets.filter((t) => t.comparison?.previous).length,
      results_first_ms: Math.round(firstRounds.ms),
      results_calls: roundTimes.length,
      results_p50_ms: Math.round(pct(roundTimes, 50)),
      results_p99_ms: Math.round(pct(roundTimes, 99)),
      results_max_ms: Math.round(Math.max(...roundTimes)),
    },
  };
}

/** Both units: today's single round, and the same number of ballots over 3 rounds. */
async function seedBoth(exec: Exec) {
  const single = await seedAppraisal(exec, SIZE);
  const rounds = await seedAppraisal(exec, { ...SIZE, rounds: 3, seed: 8 });
  return { single, rounds };
}

/** The two seeded units of a data folder seeded by an earlier run (BENCH_PGLITE_DIR). */
async function seededUnits(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  const { rows } = await db.query<{ id: number }>('SELECT id FROM companies ORDER BY id');
  await db.close();
  return { single: { companyId: rows[0]!.id }, rounds: { companyId: rows[1]!.id } };
}

async function runPglite() {
  // BENCH_PGLITE_DIR keeps the seeded folder for the next run (which then skips the seeding).
  const kept = process.env.BENCH_PGLITE_DIR;
  const reuse = !!kept && existsSync(path.join(kept, 'pglite'));
  if (kept) mkdirSync(kept, { recursive: true });
  const dataDir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'kaoping-bench7-'));
  try {
    const t = performance.now();
    let seeded;
    if (reuse) seeded = await seededUnits(dataDir);
    else {
      const migrated = await openDatabase({ dataDir });
      await migrated.close();
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      seeded = await seedBoth(((q, p) => db.query(q, p)) as Exec);
      await db.query('ANALYZE');
      await db.close();
    }
    const seedMs = reuse ? 0 : Math.round(performance.now() - t);
    const { child, base } = await startServer({ DATA_DIR: dataDir });
    try {
      return {
        database: 'pglite',
        seed_ms: seedMs,
        ...(await measure(base, child.pid!, seeded.single, seeded.rounds)),
      };
    } finally {
      await stopServer(child);
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

const runPostgres = (adminUrl: string) =>
  withScratchDatabase(adminUrl, 'kaoping_bench7', async (url) => {
    const migrated = await openDatabase({ url });
    await migrated.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const t = performance.now();
    const seeded = await seedBoth((q, p) => client.query(q, p));
    await client.query('ANALYZE');
    await client.end();
    const seedMs = Math.round(performance.now() - t);
    const { child, base } = await startServer({ DATABASE_URL: url });
    try {
      return {
        database: 'postgres',
        seed_ms: seedMs,
        ...(await measure(base, child.pid!, seeded.single, seeded.rounds)),
      };
    } finally {
      await stopServer(child);
    }
  });

async function main() {
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, SERVER_OUTFILE: outfile },
  });
  const runs = process.env.BENCH_PGLITE === '0' ? [] : [await runPglite()];
  if (process.env.BENCH_DATABASE_URL) runs.push(await runPostgres(process.env.BENCH_DATABASE_URL));
  const report = {
    benchmark: 'results',
    stored_ballots: SIZE.voters * SIZE.targets,
    ...SIZE,
    machine: { cpus: os.cpus().length, load_average: os.loadavg().map(r1), node: process.version },
    targets: {
      results_p50_ms: { postgres: 200, pglite: 1000 },
      export_ms: 20_000,
      export_rss_growth_mb: 200,
    },
    runs,
  };
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
