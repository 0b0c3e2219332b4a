// Export while voting (issue 28): a unit with a closed appraisal vote type of BENCH_BALLOTS stored ballots
// (default 6,000 rows: one per voter and target, 9 targets), and a second vote type of the same unit still
// open. 50 connections submit whole ballots to the open one for BENCH_DURATION seconds while
// /api/v1/health is polled every 50 ms, first alone, then with 4 exports of the closed unit running side
// by side (CSV, results workbook, report PDF, rankings workbook, each repeated until the phase ends), in
// the same run against the same server. Prints JSON: submit throughput and p50/p99, health p50/p99/max,
// exports finished and their times. PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set.
//   npx tsx bench/export-while-voting.ts
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5571/postgres npx tsx bench/export-while-voting.ts
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { bodyPool } from './ballots-bodies';
import { freePort, loadEnv, setUpCompany, untilHealthy, type BenchCompany } from './ballots-server';
import { withScratchDatabase } from './scratch-postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
// BENCH_OUTFILE (relative to apps/server) runs a bundle built elsewhere, e.g. a before build, with BENCH_SKIP_BUILD=1.
const outfile = process.env.BENCH_OUTFILE ?? 'dist-bench-exports/main.js';
const BALLOTS = Number(process.env.BENCH_BALLOTS ?? 6000);
const SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const EXPORTS = 4;
const CONNECTIONS = 50;

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!);
};

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  // BENCH_NODE_ARGS: flags for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn('node', [...nodeArgs, path.join(serverDir, outfile)], {
    cwd: root,
    env: { ...loadEnv(port), WEB_DIST: path.join(root, 'bench/no-web'), ...env },
    stdio: ['ignore', 2, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(child, url, 90);
  return {
    url,
    /** The server's resident memory now and at its peak so far, in MB (Linux /proc; null elsewhere). */
    memory() {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const mb = (field: string) =>
          Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024);
        return { rss_mb: mb('VmRSS'), rss_peak_mb: mb('VmHWM') };
      } catch {
        return null;
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function post<T>(url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Stores `rows` ballot rows (whole ballots of every target) in the unit's first vote type, then closes it. */
async function seedClosed(url: string, company: BenchCompany) {
  const next = bodyPool(company, 50);
  const voters = Math.ceil(BALLOTS / company.view.targets.length);
  let sent = 0;
  const worker = async () => {
    while (sent < voters) {
      sent++;
      const res = await fetch(`${url}/api/v1/public/polls/votes/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: next(),
      });
      if (!res.ok) throw new Error(`seed submit: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await post(`${company.adminUrl}/vote-types/${company.voteTypeId}/close`, company.token);
  return voters * company.view.targets.length;
}

/** The unit's second vote type, open: the one the phones submit to while the first is exported. */
async function openSecond(url: string, company: BenchCompany): Promise<BenchCompany> {
  const vt = await post<{ id: number; link_id: string }>(`${company.adminUrl}/vote-types/`, company.token, {
    company_id: company.companyId,
    name: '中层干部',
    form_category: 'democratic_appraisal',
  });
  const view = (await (
    await fetch(`${url}/api/v1/public/polls/vote-type/${vt.link_id}`)
  ).json()) as BenchCompany['view'];
  return { ...company, voteTypeId: vt.id, linkId: vt.link_id, view };
}

const exportPaths = (c: BenchCompany) => [
  `/companies/${c.companyId}/results/ballots.csv`,
  `/companies/${c.companyId}/results/export.xlsx`,
  `/companies/${c.companyId}/report.pdf`,
  // The round's year is this year in Beijing time (the unit was created just now).
  `/rankings/export?year=${new Date(Date.now() + 8 * 3600_000).getUTCFullYear()}`,
];

/** One phase: 50 connections submitting, health polled, and `exports` download loops of the closed unit. */
async function phase(url: string, closed: BenchCompany, open: BenchCompany, exports: number) {
  const stop = Date.now() + SECONDS * 1000;
  const health: number[] = [];
  const poll = (async () => {
    while (Date.now() < stop) {
      const t0 = performance.now();
      try {
        await (await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(30_000) })).arrayBuffer();
      } catch {
        // unanswered within 30 s: counted at its wait
      }
      health.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const done: { path: string; ms: number; status: number; bytes: number }[] = [];
  const paths = exportPaths(closed);
  const loops = Array.from({ length: exports }, async (_, i) => {
    const p = paths[i % paths.length]!;
    while (Date.now() < stop) {
      const t0 = performance.now();
      const res = await fetch(`${closed.adminUrl}${p}`, {
        headers: { authorization: `Bearer ${closed.token}` },
      });
      const bytes = (await res.arrayBuffer()).byteLength;
      done.push({
        path: p.split('?')[0]!.split('/').pop()!,
        ms: Math.round(performance.now() - t0),
        status: res.status,
        bytes,
      });
      if (res.status === 429) await new Promise((r) => setTimeout(r, 500));
    }
  });
  const nextBody = bodyPool(open, 200);
  const run = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/public/polls/votes/',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: nextBody() }),
      },
    ],
  });
  await poll;
  const tail = Date.now();
  await Promise.all(loops);
  const byKind: Record<string, { finished: number; refused_429: number; ms_max: number | null }> = {};
  for (const d of done) {
    const k = (byKind[d.path] ??= { finished: 0, refused_429: 0, ms_max: null });
    if (d.status === 200) {
      k.finished++;
      k.ms_max = Math.max(k.ms_max ?? 0, d.ms);
    } else if (d.status === 429) k.refused_429++;
    else throw new Error(`export ${d.path}: ${d.status}`);
  }
  return {
    exports_running: exports,
    submit: {
      ballots: run['2xx'],
      per_s: Math.round(run['2xx'] / run.duration),
      p50_ms: run.latency.p50,
      p99_ms: run.latency.p99,
      max_ms: run.latency.max,
      non_2xx: run.non2xx,
      timeouts: run.timeouts,
    },
    health: {
      checks: health.length,
      p50_ms: pct(health, 50),
      p99_ms: pct(health, 99),
      max_ms: pct(health, 100),
    },
    exports: byKind,
    exports_tail_ms: Date.now() - tail,
  };
}

async function runOn(name: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const company = await setUpCompany(server.url);
    const t0 = performance.now();
    const stored = await seedClosed(server.url, company);
    const seedS = Math.round((performance.now() - t0) / 100) / 10;
    const open = await openSecond(server.url, company);
    const alone = { ...(await phase(server.url, company, open, 0)), memory: server.memory() };
    const withExports = { ...(await phase(server.url, company, open, EXPORTS)), memory: server.memory() };
    return {
      database: name,
      closed_unit_ballot_rows: stored,
      seed_s: seedS,
      alone,
      with_exports: withExports,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    execFileSync('node', ['build.mjs'], {
      cwd: serverDir,
      env: { ...process.env, SERVER_OUTFILE: outfile },
      stdio: ['ignore', 2, 'inherit'],
    });
  }
  const results: unknown[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaoping-bench-exports-'));
  try {
    results.push(await runOn('pglite', { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    results.push(
      await withScratchDatabase(pgUrl, 'bench_exports', (url) =>
        runOn('postgresql', { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kp-bx-')) }),
      ),
    );
  }
  console.log(
    JSON.stringify(
      {
        machine: { cpus: cpus().length, load_average: loadavg().map((x) => Math.round(x * 10) / 10) },
        seconds_per_phase: SECONDS,
        results,
      },
      null,
      2,
    ),
  );
}

await main();
