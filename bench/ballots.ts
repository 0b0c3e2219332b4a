// Ballot submission benchmark (issue 6 §4). Starts the real server, sets up a realistic company, and
// submits whole ballots (9 targets each) from 50 connections with autocannon, on PGlite and, when
// BENCH_DATABASE_URL is set, on PostgreSQL; then inserts the same rows straight through the driver on
// the same database at the same concurrency, and prints everything as JSON. Loopback only.
//   npx tsx bench/ballots.ts                          (PGlite)
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/ballots.ts   (PGlite and PostgreSQL)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { bodyPool } from './ballots-bodies';
import { pgDriver, pgliteDriver, runDirect, type Driver } from './ballots-direct';
import { withScratchDatabase } from './scratch-postgres';
import {
  buildServer,
  cpuMs,
  postgresCpuMs,
  setUpCodes,
  setUpCompany,
  startServer,
  type BenchCompany,
  type CodesVoteType,
} from './ballots-server';

const SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = 50;
/** BENCH_CODES=0 skips the codes-mode phase (a quicker run while working on the link path). */
const WITH_CODES = process.env.BENCH_CODES !== '0';
/** The server's pool (openDatabase's default); the direct baseline gets the same. */
const PG_POOL = 20;
/**
 * BENCH_ROUNDS=3: after the full run, the link-mode HTTP phase and the prepared direct insert are run
 * again, alternately, until there are this many pairs; the ratio is then also given per pair and as
 * their median. On a shared machine one pair can be off by a third either way (a checkpoint, another
 * program); alternating spreads such a disturbance over both sides.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));

/** a / b to two decimals. */
const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
/** The middle value, or the mean of the two middle ones. */
function median(xs: number[]) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 1000) / 1000;
}

async function hammer(url: string, company: BenchCompany, seconds: number, codes?: CodesVoteType) {
  const nextBody = bodyPool(company, 200, codes);
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
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
}

async function countSubmissions(d: Driver, voteTypeId: number) {
  const res = (await d.query('SELECT count(*)::int AS n FROM submissions WHERE vote_type_id = $1', [
    voteTypeId,
  ])) as { rows: { n: number }[] };
  return res.rows[0]!.n;
}

type Run = Awaited<ReturnType<typeof autocannon>>;

const perBallotOf = (run: Run) => (ms: number | undefined) =>
  ms === undefined ? undefined : Math.round((ms / Math.max(1, run['2xx'])) * 1000) / 1000;

function httpFigures(run: Run, serverCpu?: number, dbCpuMs?: number) {
  const perBallot = perBallotOf(run);
  return {
    ballots: run['2xx'],
    ballots_per_s: Math.round(run['2xx'] / run.duration),
    p50_ms: run.latency.p50,
    p99_ms: run.latency.p99,
    max_ms: run.latency.max,
    errors: run.errors,
    timeouts: run.timeouts,
    non_2xx: run.non2xx,
    /** CPU the server process used per stored ballot (on PGlite this includes the database). */
    server_cpu_ms_per_ballot: perBallot(serverCpu),
    postgres_cpu_ms_per_ballot: perBallot(dbCpuMs),
  };
}

/** What every measured phase of one database shares. */
interface Phases {
  company: BenchCompany;
  /** CPU (ms) PostgreSQL's backends have used so far; undefined on PGlite (inside the server). */
  dbCpu: (() => number) | undefined;
  /** Run before each measured phase (a CHECKPOINT on PostgreSQL). */
  settle: () => Promise<void>;
}

/** One timed autocannon run after a warm-up, with the CPU the server (and PostgreSQL) used meanwhile. */
async function timedRun(server: { url: string; pid: number }, p: Phases, codes?: CodesVoteType) {
  const { company, dbCpu } = p;
  await p.settle();
  const warm = await hammer(server.url, company, WARMUP_SECONDS, codes);
  const cpu0 = cpuMs(server.pid);
  const db0 = dbCpu?.();
  const load0 = process.cpuUsage();
  const run = await hammer(server.url, company, SECONDS, codes);
  const load = process.cpuUsage(load0);
  const serverCpu = cpu0 === undefined ? undefined : cpuMs(server.pid)! - cpu0;
  const dbCpuMs = db0 === undefined ? undefined : dbCpu!() - db0;
  const http = httpFigures(run, serverCpu, dbCpuMs);
  /** This process: autocannon making the requests and reading the answers (the load, not the server). */
  const loadCpu = perBallotOf(run)((load.user + load.system) / 1000);
  return { warm, run, http: { ...http, load_generator_cpu_ms_per_ballot: loadCpu } };
}

/**
 * HTTP phase against a running server: link mode, then codes mode (issue 12) on a second vote type of the
 * same company, same run; then the server stops and the driver takes the same database.
 */
async function measure(
  env: Record<string, string>,
  openDriver: () => Promise<Driver>,
  settle: () => Promise<void>,
  database?: string,
) {
  const server = await startServer({ PUBLIC_URL: 'http://127.0.0.1', ...env });
  const dbCpu = database ? () => postgresCpuMs(database) : undefined;
  let phases: Phases;
  let link, codes, codesRun;
  try {
    phases = { company: await setUpCompany(server.url), dbCpu, settle };
    link = await timedRun(server, phases);
    if (WITH_CODES) {
      // Enough codes for the codes run at half again the link rate; every request spends one.
      const needed = Math.ceil(link.http.ballots_per_s * (SECONDS + WARMUP_SECONDS) * 1.5) + 5000;
      codes = await setUpCodes(phases.company, needed);
      codesRun = await timedRun(server, phases, codes);
    }
  } finally {
    await server.stop();
  }
  const { warm, run, http } = link;
  const { company } = phases;
  const driver = await openDriver();
  let result;
  try {
    // Every 2xx must be a stored ballot, and nothing else may be.
    const stored = await countSubmissions(driver, company.voteTypeId);
    const acknowledged = warm['2xx'] + run['2xx'];
    const storedCodes = codes && (await countSubmissions(driver, codes.voteTypeId));
    const acknowledgedCodes = codesRun && codesRun.warm['2xx'] + codesRun.run['2xx'];
    const transaction = await directRun(driver, phases, 'transaction');
    const oneStatement = await directRun(driver, phases, 'one_statement');
    const prepared = await directRun(driver, phases, 'prepared');
    const best = Math.max(transaction.ballots_per_s, oneStatement.ballots_per_s, prepared.ballots_per_s);
    const codesPart =
      codes && codesRun
        ? {
            /** The same ballots in codes mode: each request spends a fresh one-time code. */
            http_codes: codesRun.http,
            codes_to_link_ratio: ratio(codesRun.http.ballots_per_s, http.ballots_per_s),
            codes_admin: {
              issue_5000_ms: codes.issueMs,
              slips_pdf_500_codes_bytes: codes.pdf500Bytes,
              slips_pdf_500_codes_ms: codes.pdf500Ms,
            },
          }
        : { http_codes: 'skipped: BENCH_CODES=0' };
    result = {
      http,
      ...codesPart,
      direct: { transaction, one_statement: oneStatement, prepared },
      // HTTP ballots/s over the direct rate: against the fastest of the three ways and the usual way.
      ratio_to_best_direct: ratio(http.ballots_per_s, best),
      ratio_to_direct_transaction: ratio(http.ballots_per_s, transaction.ballots_per_s),
      // Requests still in flight when a run's clock stops are stored but not counted by autocannon:
      // at most one per connection per run.
      stored_check: {
        acknowledged_201: acknowledged,
        stored_submissions: stored,
        ok: stored >= acknowledged && stored <= acknowledged + 2 * CONNECTIONS,
        ...(codesRun && {
          codes_acknowledged_201: acknowledgedCodes,
          codes_stored_submissions: storedCodes,
          codes_ok:
            storedCodes! >= acknowledgedCodes! && storedCodes! <= acknowledgedCodes! + 2 * CONNECTIONS,
        }),
      },
      loadavg_after: loadavg().map((x) => Math.round(x * 10) / 10),
    };
  } finally {
    await driver.close();
  }
  if (ROUNDS === 1) return result;
  const first = { http: http.ballots_per_s, prepared: result.direct.prepared.ballots_per_s };
  return { ...result, rounds: await alternateRounds(env, openDriver, phases, first) };
}

/** The same rows straight through the driver, after the phase's settling. */
async function directRun(driver: Driver, p: Phases, method: Parameters<typeof runDirect>[2]) {
  await p.settle();
  return runDirect(driver, p.company, method, CONNECTIONS, SECONDS, p.dbCpu);
}

/** The further HTTP / prepared-direct pairs of BENCH_ROUNDS, on the same database and company. */
async function alternateRounds(
  env: Record<string, string>,
  openDriver: () => Promise<Driver>,
  phases: Phases,
  first: { http: number; prepared: number },
) {
  const pairs = [{ http_ballots_per_s: first.http, prepared_ballots_per_s: first.prepared }];
  while (pairs.length < ROUNDS) {
    const server = await startServer({ PUBLIC_URL: 'http://127.0.0.1', ...env });
    let http;
    try {
      http = (await timedRun(server, phases)).http;
    } finally {
      await server.stop();
    }
    const driver = await openDriver();
    try {
      const prepared = await directRun(driver, phases, 'prepared');
      pairs.push({ http_ballots_per_s: http.ballots_per_s, prepared_ballots_per_s: prepared.ballots_per_s });
    } finally {
      await driver.close();
    }
  }
  const ratios = pairs.map((p) => ratio(p.http_ballots_per_s, p.prepared_ballots_per_s));
  return {
    pairs: pairs.map((p, i) => ({ ...p, ratio: ratios[i] })),
    median_ratio_to_prepared: median(ratios),
  };
}

async function benchPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaoping-bench-'));
  try {
    return await measure(
      { DATA_DIR: dataDir },
      () => pgliteDriver(path.join(dataDir, 'pglite')),
      async () => undefined,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the given server, dropped afterwards. */
const benchPostgres = (adminUrl: string) =>
  withScratchDatabase(adminUrl, 'kaoping_bench', (url, name) =>
    measure(
      { DATABASE_URL: url },
      async () => pgDriver(url, PG_POOL),
      () => checkpoint(url),
      name,
    ),
  );

/**
 * PostgreSQL: CHECKPOINT before every measured phase, so that the WAL of the phase before is not
 * written out during this one (a checkpoint, timed every five minutes or forced by the WAL's size,
 * landing in one phase of a pair and not in the other moved that pair's ratio by a tenth). Needs a
 * superuser or pg_checkpoint; without it the phases run as they are.
 */
async function checkpoint(url: string) {
  const d = pgDriver(url, 1);
  try {
    await d.query('CHECKPOINT', []);
  } catch {
    // not allowed here: measure without
  } finally {
    await d.close();
  }
}

async function main() {
  buildServer();
  const pgUrl = process.env.BENCH_DATABASE_URL;
  const report = {
    benchmark: 'ballot submission (POST /api/v1/public/polls/votes/)',
    // Other programs on the machine compete for the same cores: the load average says how much.
    machine: {
      cpus: cpus().length,
      node: process.version,
      loadavg_at_start: loadavg().map((x) => Math.round(x * 10) / 10),
    },
    settings: {
      connections: CONNECTIONS,
      duration_s: SECONDS,
      warmup_s: WARMUP_SECONDS,
      rows_per_ballot:
        '1 submission + 9 votes (1 company target, 8 person targets; 6 items, 4 reverse items)',
      postgres_pool: PG_POOL,
    },
    pglite: process.env.BENCH_PGLITE === '0' ? 'skipped: BENCH_PGLITE=0' : await benchPglite(),
    postgres: pgUrl ? await benchPostgres(pgUrl) : 'skipped: set BENCH_DATABASE_URL',
  };
  const loadAtEnd = loadavg().map((x) => Math.round(x * 10) / 10);
  console.log(
    JSON.stringify({ ...report, machine: { ...report.machine, loadavg_at_end: loadAtEnd } }, null, 2),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
