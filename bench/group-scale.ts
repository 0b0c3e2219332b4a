// Group-scale benchmark (issue 29): a 集团 of N units seeded straight into PostgreSQL or PGlite
// (group-scale.seed.ts: set-based inserts of the rows the ballot statements write), then the real built
// server on them: one unit's results (both families) and 汇总表, the cross-unit ranking, the rankings
// workbook, and 结束投票 of open vote types of 3,000 voters. p50/p99 per figure, the server's RSS, the load
// average around each phase. Prints JSON. Loopback only.
//   npx tsx bench/group-scale.ts                        (3 units on PGlite: a quick try)
//   npx tsx bench/group-scale.ts --units 50 --db postgres            (the scale)
//   npx tsx bench/group-scale.ts --units 10 --db postgres --explain  (+ EXPLAIN of the 汇总表 and results)
// See bench/README.md "Group scale" for every option.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import { startServer as startBenchServer } from './ballots-server';
import { explainStatements } from './group-scale.explain';
import { createPools, seedUnit, type SeededUnit, type UnitShape } from './group-scale.seed';
import type { Exec } from './results.seed';
import { withScratchDatabase } from './scratch-postgres';

const { values: opt } = parseArgs({
  options: {
    units: { type: 'string', default: '3' },
    db: { type: 'string', default: 'pglite' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5600/postgres' },
    voters: { type: 'string', default: '3000' },
    groups: { type: 'string', default: '5' },
    targets: { type: 'string', default: '10' },
    subjects: { type: 'string', default: '4' },
    calls: { type: 'string', default: '10' },
    'ranking-calls': { type: 'string', default: '5' },
    'xlsx-calls': { type: 'string', default: '3' },
    'close-voters': { type: 'string', default: '3000' },
    'close-reps': { type: 'string', default: '2' },
    explain: { type: 'boolean', default: false },
    'explain-only': { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    outfile: { type: 'string', default: 'dist-group-bench/main.js' },
    src: { type: 'string' },
  },
});
const num = (k: keyof typeof opt) => Number(opt[k]);
const UNITS = num('units');
const DB = opt.db as 'pglite' | 'postgres';
if (DB !== 'pglite' && DB !== 'postgres') throw new Error('--db pglite|postgres');
const SHAPE: UnitShape = {
  voters: num('voters'),
  groups: num('groups'),
  targets: num('targets'),
  subjects: num('subjects'),
};
const YEAR = 2026;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The checkout whose server is measured (built, migrated, explained): this one, or e.g. a git worktree of
// an older commit placed inside this repository (so that its imports find this one's node_modules).
const src = path.resolve(opt.src ?? root);
const serverDir = path.join(src, 'apps/server');
const entry = path.join(serverDir, opt.outfile!);
const provenance = path.join(path.dirname(entry), 'built-from.json');
const { openDatabase } = (await import(path.join(serverDir, 'src/db/client.ts'))) as {
  openDatabase: (o: { url?: string; dataDir?: string }) => Promise<Database>;
};

const load = () => Math.round(os.loadavg()[0]! * 10) / 10;
const rssMb = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const log = (...m: unknown[]) =>
  console.error(`[group-bench ${new Date().toISOString().slice(11, 19)}]`, ...m);

// —— Seeding ——

interface Group {
  units: SeededUnit[];
  /** A unit of another year, with open vote types of close-voters voters for 结束投票. */
  closeUnit: SeededUnit;
  seedMs: number;
  /** The server stores figures of ended vote types (issue 29, vote_type_figures). */
  storedFigures: boolean;
}

async function seedGroup(exec: Exec): Promise<Group> {
  const t = performance.now();
  await createPools(exec);
  const units: SeededUnit[] = [];
  for (let i = 1; i <= UNITS; i++) {
    units.push(await seedUnit(exec, `集团成员单位${String(i).padStart(2, '0')}`, YEAR, SHAPE));
    if (i % 5 === 0 || i === UNITS) log(`seeded ${i} of ${UNITS} units`);
  }
  const closeUnit = await seedUnit(exec, '结束投票测量单位', YEAR - 1, SHAPE, {
    types: num('close-reps'),
    voters: num('close-voters'),
  });
  await exec('ANALYZE');
  const stored = await exec(`SELECT to_regclass('vote_type_figures') IS NOT NULL AS yes`);
  return {
    units,
    closeUnit,
    seedMs: Math.round(performance.now() - t),
    storedFigures: Boolean(stored.rows[0]!.yes),
  };
}

// —— The server ——

function buildServer() {
  const from = commitOf();
  execFileSync('node', ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, SERVER_OUTFILE: opt.outfile },
    stdio: ['ignore', 2, 'inherit'],
  });
  writeFileSync(provenance, JSON.stringify({ commit: from, built_at: new Date().toISOString() }));
}

/** The commit the measured server bundle was built from (recorded at build time). */
function builtFrom(): string {
  try {
    return (JSON.parse(readFileSync(provenance, 'utf8')) as { commit: string }).commit;
  } catch {
    return 'unknown (bundle built outside this benchmark)';
  }
}

/** The measured bundle (entry), with no timed snapshots, given 120 s to answer its health check. */
const startServer = (env: Record<string, string>) =>
  startBenchServer({ SNAPSHOT_MINUTES: '0', ...env }, { server: entry, seconds: 120 });

async function signIn(url: string) {
  const api = `${url}/api/v1/admin`;
  const body = { username: 'bench', password: 'Kaoping-Hall-2026' };
  const reg = await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!reg.ok) throw new Error(`register ${reg.status} ${await reg.text()}`);
  const form = new FormData();
  form.set('username', body.username);
  form.set('password', body.password);
  const res = await fetch(`${api}/auth/login`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`login ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

// —— Measuring ——

interface Figure {
  calls: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  first_ms: number;
  load_average: [number, number];
  rss_before_mb: number;
  rss_peak_mb: number;
  [more: string]: unknown;
}

/**
 * Times `calls` requests made by `once` one after another (the first, cold one reported apart and not
 * in the percentiles when there are more than two calls), with the server's RSS sampled every 25 ms.
 */
async function phase(
  name: string,
  pid: number,
  calls: number,
  once: (i: number) => Promise<Record<string, unknown> | void>,
): Promise<Figure> {
  const loadBefore = load();
  const rssBefore = rssMb(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
  const ms: number[] = [];
  let extra: Record<string, unknown> = {};
  try {
    for (let i = 0; i < calls; i++) {
      const t = performance.now();
      extra = (await once(i)) ?? extra;
      ms.push(performance.now() - t);
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMb(pid));
  const timed = ms.length > 2 ? ms.slice(1) : ms;
  const f: Figure = {
    calls: timed.length,
    p50_ms: Math.round(pct(timed, 50)),
    p99_ms: Math.round(pct(timed, 99)),
    max_ms: Math.round(Math.max(...timed)),
    first_ms: Math.round(ms[0]!),
    load_average: [loadBefore, load()],
    rss_before_mb: rssBefore,
    rss_peak_mb: peak,
    ...extra,
  };
  log(name, `p50 ${f.p50_ms} ms, p99 ${f.p99_ms} ms (${f.calls} calls), load ${f.load_average.join('→')}`);
  return f;
}

async function measure(url: string, pid: number, group: Group) {
  const token = await signIn(url);
  const api = `${url}/api/v1/admin`;
  const headers = { authorization: `Bearer ${token}` };
  const get = async (p: string) => {
    const res = await fetch(`${api}${p}`, { headers, signal: AbortSignal.timeout(900_000) });
    if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${await res.text()}`);
    return res;
  };
  const getJson = async <T>(p: string) => (await (await get(p)).json()) as T;
  const post = async (p: string) => {
    const res = await fetch(`${api}${p}`, { method: 'POST', headers, signal: AbortSignal.timeout(900_000) });
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const unit = group.units[0]!.companyId;
  const calls = num('calls');
  const out: Record<string, unknown> = { rss_after_start_mb: rssMb(pid) };
  if (group.storedFigures) {
    // The seeded vote types were closed without the server: it stores their figures on the first read
    // (what its migration does for vote types ended before it). One ranking reads every unit once.
    out.first_ranking_storing_figures = await phase(
      'first ranking (stores the figures)',
      pid,
      1,
      async () => {
        await getJson(`/rankings?year=${YEAR}`);
      },
    );
  }

  out.results_appraisal = await phase('results (民主测评)', pid, calls, async () => {
    const r = await getJson<{ targets: { combined: { count: number } }[] }>(`/companies/${unit}/results`);
    return { targets: r.targets.length, ballots: r.targets.reduce((a, t) => a + t.combined.count, 0) };
  });
  out.results_evaluation = await phase('results (民主评议)', pid, calls, async () => {
    const r = await getJson<Record<string, unknown>>(
      `/companies/${unit}/results?form_category=democratic_evaluation`,
    );
    return { bytes: JSON.stringify(r).length };
  });
  out.summary = await phase('汇总表', pid, calls, async () => {
    const s = await getJson<{
      appraisal: { sections: { targets: unknown[] }[] };
      validity: { vote_types: { received: number }[] };
    }>(`/companies/${unit}/summary`);
    return {
      received: s.validity.vote_types.reduce((a, v) => a + v.received, 0),
      appraisal_rows: s.appraisal.sections.reduce((a, x) => a + x.targets.length, 0),
    };
  });
  out.ranking = await phase('ranking', pid, num('ranking-calls'), async () => {
    const r = await getJson<{ units: unknown[]; leaders: unknown[]; newly_promoted: { items: unknown[] } }>(
      `/rankings?year=${YEAR}`,
    );
    if (r.units.length !== UNITS) throw new Error(`ranking: ${r.units.length} units, expected ${UNITS}`);
    return {
      units: r.units.length,
      leaders: r.leaders.length,
      newly_promoted: r.newly_promoted.items.length,
    };
  });
  out.rankings_xlsx = await phase('rankings xlsx', pid, num('xlsx-calls'), async () => {
    const res = await get(`/rankings/export?year=${YEAR}`);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    return { bytes };
  });
  // 结束投票 of open vote types of close-voters voters each, then 完成计票 of the same.
  const closeUnit = group.closeUnit.companyId;
  for (const [name, ids] of [
    ['close_appraisal', group.closeUnit.openAppraisal],
    ['close_evaluation', group.closeUnit.openEvaluation],
  ] as const) {
    out[name] = await phase(`结束投票 (${name})`, pid, ids.length, async (i) => {
      await post(`/vote-types/${ids[i]}/close?company_id=${closeUnit}`);
      return { voters: num('close-voters') };
    });
    out[name.replace('close', 'finish_count')] = await phase(
      `完成计票 (${name})`,
      pid,
      ids.length,
      async (i) => {
        await post(`/vote-types/${ids[i]}/finish-count?company_id=${closeUnit}`);
      },
    );
  }
  // The closed unit's 汇总表 once after the closes (figures of the vote types just closed).
  out.summary_after_close = await phase('汇总表 after close', pid, 3, async () => {
    await getJson(`/companies/${closeUnit}/summary`);
  });
  out.rss_end_mb = rssMb(pid);
  return out;
}

// —— One run ——

function commitOf() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: src }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'apps/server/src'], { cwd: src })
      .toString()
      .trim();
    return dirty ? `${head} (+ uncommitted server changes)` : head;
  } catch {
    return 'unknown';
  }
}

async function runPostgres() {
  return withScratchDatabase(opt['database-url']!, `bench_group_${UNITS}`, async (url, name) => {
    log(`PostgreSQL database ${name}: migrating`);
    await (await openDatabase({ url })).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let group: Group;
    try {
      group = await seedGroup((q, p) => client.query(q, p) as never);
      const size = await client.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS s`);
      log(`seeded in ${group.seedMs} ms, database ${size.rows[0].s}`);
    } finally {
      await client.end();
    }
    if (opt['explain-only'])
      return { seed_ms: group.seedMs, explain: await explainStatements(src, url, group.units[0]!.companyId) };
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kaoping-group-bench-'));
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
    try {
      const figures = await measure(server.url, server.pid, group);
      const explain = opt.explain ? await explainStatements(src, url, group.units[0]!.companyId) : undefined;
      return { seed_ms: group.seedMs, ...figures, ...(explain ? { explain } : {}) };
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

async function runPglite() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kaoping-group-bench-'));
  try {
    log(`PGlite in ${dataDir}: migrating`);
    await (await openDatabase({ dataDir })).close();
    const raw = await PGlite.create(path.join(dataDir, 'pglite'));
    let group: Group;
    try {
      group = await seedGroup((q, p) => raw.query(q, p) as never);
    } finally {
      await raw.close();
    }
    log(`seeded in ${group.seedMs} ms`);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      return { seed_ms: group.seedMs, ...(await measure(server.url, server.pid, group)) };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!opt['skip-build'] && !opt['explain-only']) buildServer();
const started = new Date().toISOString();
const loadAtStart = load();
const result = DB === 'postgres' ? await runPostgres() : await runPglite();
console.log(
  JSON.stringify(
    {
      started,
      server_built_from: opt['explain-only'] ? undefined : builtFrom(),
      source: commitOf(),
      db: DB,
      units: UNITS,
      unit: { ...SHAPE, ballot_rows: SHAPE.voters * SHAPE.targets + SHAPE.voters * 2 },
      machine: { cores: os.cpus().length, load_average_start: loadAtStart, load_average_end: load() },
      ...result,
    },
    null,
    2,
  ),
);
