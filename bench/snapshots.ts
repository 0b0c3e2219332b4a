// Snapshots while voting (issue 28). Builds the server into apps/server/dist-bench-snapshots, starts it on
// a fresh PGlite folder with a snapshot every BENCH_SNAPSHOT_SECONDS (default 10), sets up the company of
// bench/ballots.ts, and submits BENCH_VOTERS (default 1,000) whole ballots from BENCH_CONNECTIONS (default
// 20) voters at once. Then 结束投票 (a snapshot), the live results read, a clean stop (a snapshot), the last
// snapshot restored with the backup tool into an empty folder, a server started on it, and its results
// compared with the live ones. Prints JSON: submit latency overall, during snapshots and outside them,
// each snapshot's hold (the time the database waited), duration and size, and whether the restored
// figures are identical.
//   npx tsx bench/snapshots.ts
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { bodyPool } from './ballots-bodies';
import { freePort, loadEnv, setUpCompany, untilHealthy } from './ballots-server';

const VOTERS = Number(process.env.BENCH_VOTERS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SNAPSHOT_SECONDS = Number(process.env.BENCH_SNAPSHOT_SECONDS ?? 10);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const outDir = path.join(serverDir, 'dist-bench-snapshots');

interface Snap {
  file: string | null;
  reason: string;
  hold_ms: number;
  read_while_held_bytes?: number;
  duration_ms: number;
  bytes: number;
  submissions: number;
  started_at: string;
}

interface Server {
  url: string;
  child: ChildProcess;
  snapshots: Snap[];
  stop(): Promise<void>;
}

async function start(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn('node', [path.join(outDir, 'main.js')], {
    cwd: root,
    env: {
      ...loadEnv(port),
      WEB_DIST: path.join(root, 'bench/no-web'),
      JWT_SECRET: 'bench-snapshots-secret-bench-snapshots-secret',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const snapshots: Snap[] = [];
  let rest = '';
  child.stdout!.on('data', (d: Buffer) => {
    const lines = (rest + d.toString()).split('\n');
    rest = lines.pop()!;
    for (const l of lines) {
      if (l.includes('"snapshot":')) snapshots.push((JSON.parse(l) as { snapshot: Snap }).snapshot);
      else if (l.includes('"level":50')) process.stderr.write(`${l}\n`);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  await untilHealthy(child, url, 180);
  return {
    url,
    child,
    snapshots,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! * 10) / 10;
};

async function results(url: string, token: string, companyId: number) {
  const res = await fetch(`${url}/api/v1/admin/companies/${companyId}/results`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`results: ${res.status} ${await res.text()}`);
  const { generated_at: _made, ...rest } = (await res.json()) as Record<string, unknown>;
  return rest;
}

async function main() {
  execFileSync('node', ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, SERVER_OUTFILE: path.join(outDir, 'main.js') },
    stdio: 'inherit',
  });
  const work = fs.mkdtempSync(path.join(tmpdir(), 'kaoping-bench-snapshots-'));
  const dataDir = path.join(work, 'data');
  try {
    const live = await start({ DATA_DIR: dataDir, SNAPSHOT_SECONDS: String(SNAPSHOT_SECONDS) });
    const company = await setUpCompany(live.url);
    const next = bodyPool(company, 200);
    const submits: { t0: number; t1: number; ms: number }[] = [];
    let sent = 0;
    let refused = 0;
    const voter = async () => {
      while (sent < VOTERS) {
        sent++;
        const body = next();
        const t0 = Date.now();
        const p0 = performance.now();
        const res = await fetch(`${live.url}/api/v1/public/polls/votes/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        const ms = performance.now() - p0;
        if (res.status !== 201) refused++;
        submits.push({ t0, t1: Date.now(), ms });
      }
    };
    const began = Date.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, voter));
    const votingSeconds = (Date.now() - began) / 1000;
    const during = live.snapshots.filter((s) => s.reason === 'timer');

    // 结束投票: the snapshot of every ballot; the live figures; a clean stop (one more).
    const close = await fetch(`${company.adminUrl}/vote-types/${company.voteTypeId}/close`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.token}` },
    });
    if (!close.ok) throw new Error(`close: ${close.status} ${await close.text()}`);
    for (let i = 0; i < 1200 && !live.snapshots.some((s) => s.reason === 'close'); i++)
      await new Promise((r) => setTimeout(r, 100));
    const liveFigures = await results(live.url, company.token, company.companyId);
    await live.stop();
    const last = live.snapshots.at(-1)!;
    if (last.reason !== 'stop' || !last.file) throw new Error('no snapshot at the clean stop');

    const restored = path.join(work, 'restored');
    const t0 = performance.now();
    execFileSync(
      'node',
      [path.join(outDir, 'backup-cli.js'), 'restore', path.join(dataDir, 'snapshots', last.file)],
      { env: { ...process.env, DATA_DIR: restored }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const restoreMs = Math.round(performance.now() - t0);
    for (const key of ['audit-key', 'jwt-secret'])
      if (fs.existsSync(path.join(dataDir, key)))
        fs.copyFileSync(path.join(dataDir, key), path.join(restored, key));
    const again = await start({ DATA_DIR: restored, SNAPSHOT_MINUTES: '0' });
    const restoredFigures = await results(again.url, company.token, company.companyId);
    await again.stop();

    // A submit counts as during a snapshot when it overlaps one's whole making (read, pack, check, write).
    const windows = during.map((s) => {
      const a = Date.parse(s.started_at);
      return [a, a + s.duration_ms] as const;
    });
    const overlaps = (x: { t0: number; t1: number }) => windows.some(([a, b]) => x.t0 < b && x.t1 > a);
    const inside = submits.filter(overlaps).map((x) => x.ms);
    const outside = submits.filter((x) => !overlaps(x)).map((x) => x.ms);
    console.log(
      JSON.stringify(
        {
          machine: { cpus: cpus().length, load_average: loadavg().map((l) => Math.round(l * 100) / 100) },
          voters: VOTERS,
          connections: CONNECTIONS,
          snapshot_every_s: SNAPSHOT_SECONDS,
          voting_seconds: votingSeconds,
          refused,
          submit_ms: {
            all: {
              p50: pct(
                submits.map((x) => x.ms),
                50,
              ),
              p99: pct(
                submits.map((x) => x.ms),
                99,
              ),
            },
            during_snapshots: { n: inside.length, p50: pct(inside, 50), p99: pct(inside, 99) },
            outside_snapshots: { n: outside.length, p50: pct(outside, 50), p99: pct(outside, 99) },
          },
          snapshots: live.snapshots.map((s) => ({
            reason: s.reason,
            hold_ms: s.hold_ms,
            read_while_held_kb: s.read_while_held_bytes && Math.round(s.read_while_held_bytes / 1024),
            duration_ms: s.duration_ms,
            kb: Math.round(s.bytes / 1024),
            submissions: s.submissions,
          })),
          restore: {
            file: last.file,
            ms: restoreMs,
            submissions_in_snapshot: last.submissions,
            figures_identical: isDeepStrictEqual(liveFigures, restoredFigures),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
