// 民主推荐 benchmark (issue 30): the real built server, on PGlite and then on PostgreSQL, with one unit set up
// through the admin API: the 民主测评 company of ballots-server.ts (9 targets) and a 会议推荐 vote type of 5
// 推荐职位 and 40 参考人选 (recommendation-ballots.ts). 3,000 recommendation ballots and 3,000 民主测评
// ballots go through POST /api/v1/public/polls/votes/ from the same number of connections, in alternating
// slices (ABBA: 民主推荐, 民主测评, 民主测评, 民主推荐, …) so the machine's load falls on both alike; then both
// vote types are closed (结束投票, timed) and GET …/recommendation-results is timed (the first call apart)
// and checked against a recount of the ballots sent (contracts' countRecommendationPost). Prints a table
// (stderr) and JSON (stdout). Loopback only.
//   npx tsx bench/recommendation.ts                         (PGlite, then PostgreSQL on 127.0.0.1:5600)
//   npx tsx bench/recommendation.ts --db pglite --voters 300 --skip-build      (a quick try)
// Options: --db pglite|postgres|both (both), --database-url (postgres://postgres@127.0.0.1:5600/postgres;
// a scratch database recbench_<random> is made beside it and dropped), --voters (3000 of each family),
// --connections (50), --slice (250 ballots), --calls (20 results calls after the first), --warmup (200
// ballots of each family first, to vote types switched off afterwards), --skip-build,
// --outfile (dist-recbench/main.js, under apps/server).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  countRecommendationPost,
  type RecommendationPostResult,
} from '../packages/contracts/src/recommendation-count';
import type { RecommendationResults } from '../packages/contracts/src/recommendation';
import type { Turnout } from '../packages/contracts/src/turnout';
import autocannon from 'autocannon';
import { bodyPool } from './ballots-bodies';
import { call, cpuMs, postgresCpuMs, setUpCompany, startServer, type BenchCompany } from './ballots-server';
import {
  addVoteType,
  recommendationBodies,
  setUpRecommendation,
  type RecommendationUnit,
} from './recommendation-ballots';
import { withScratchDatabase } from './scratch-postgres';

const { values: opt } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5600/postgres' },
    voters: { type: 'string', default: '3000' },
    connections: { type: 'string', default: '50' },
    slice: { type: 'string', default: '250' },
    calls: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '200' },
    'skip-build': { type: 'boolean', default: false },
    outfile: { type: 'string', default: 'dist-recbench/main.js' },
  },
});
const VOTERS = Number(opt.voters);
const CONNECTIONS = Number(opt.connections);
const SLICE = Number(opt.slice);
const CALLS = Number(opt.calls);
const WARMUP = Number(opt.warmup);
/** Bodies made beyond those sent (they cost nothing; none is sent twice). */
const SLACK = 100;
if (!['pglite', 'postgres', 'both'].includes(opt.db!)) throw new Error('--db pglite|postgres|both');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const entry = path.join(serverDir, opt.outfile!);
const provenance = path.join(path.dirname(entry), 'built-from.json');

const log = (...m: unknown[]) => console.error(`[recbench ${new Date().toISOString().slice(11, 19)}]`, ...m);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim();
const load1 = () => Math.round(os.loadavg()[0]! * 10) / 10;
const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! * 10) / 10;
};

type Family = 'recommendation' | 'appraisal';
const FAMILY_LABEL: Record<Family, string> = { recommendation: '民主推荐', appraisal: '民主测评' };

interface FamilyTally {
  ms: number[];
  /** Wall time of this family's slices, summed. */
  wallMs: number;
  /** Ballots per second of each slice. */
  sliceRates: number[];
  /** HTTP status → count. */
  statuses: Record<number, number>;
  failures: string[];
  receipts: Set<string>;
  serverCpuMs: number;
  postgresCpuMs: number;
  /** This process (the load generator). */
  clientCpuMs: number;
  loads: number[];
}

const emptyTally = (): FamilyTally => ({
  ms: [],
  wallMs: 0,
  sliceRates: [],
  statuses: {},
  failures: [],
  receipts: new Set(),
  serverCpuMs: 0,
  postgresCpuMs: 0,
  clientCpuMs: 0,
  loads: [],
});

/** Request bodies of one vote type, sent in order; `accepted` the indices answered 201. */
interface Source {
  bodies: readonly string[];
  next: number;
  accepted: number[];
}
const source = (bodies: readonly string[]): Source => ({ bodies, next: 0, accepted: [] });

/**
 * Sends the next `count` bodies of `from` with autocannon (CONNECTIONS connections, each waiting for its
 * answer), into `tally`: every response's status and latency, the receipts, CPU of the server (and of
 * the PostgreSQL backends of database `db`) and of this process.
 */
async function slice(url: string, from: Source, count: number, tally: FamilyTally, pid: number, db?: string) {
  const cpu0 = cpuMs(pid) ?? 0;
  const pg0 = db ? postgresCpuMs(db) : 0;
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const run = autocannon({
    url,
    connections: Math.min(CONNECTIONS, count),
    amount: count,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/public/polls/votes/',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req, context) => {
          if (from.next >= from.bodies.length) throw new Error('bench: out of ballots');
          context.index = from.next++;
          return { ...req, body: from.bodies[context.index as number] };
        },
        onResponse: (status, body, context) => {
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
          if (status === 201) {
            from.accepted.push(context.index as number);
            tally.receipts.add((JSON.parse(body) as { receipt_id: string }).receipt_id);
          } else if (tally.failures.length < 5) tally.failures.push(`${status} ${body.slice(0, 300)}`);
        },
      },
    ],
  });
  // The slice ends with its last answer (autocannon itself stops on its next one-second tick).
  let last = t0;
  run.on('response', (_client, _status, _bytes, ms) => {
    tally.ms.push(ms);
    last = performance.now();
  });
  const result = await run;
  if (result.errors || result.timeouts)
    tally.failures.push(`${result.errors} connection errors, ${result.timeouts} timeouts`);
  const wall = last - t0;
  tally.wallMs += wall;
  tally.sliceRates.push(Math.round((count / wall) * 1000));
  tally.serverCpuMs += (cpuMs(pid) ?? 0) - cpu0;
  if (db) tally.postgresCpuMs += postgresCpuMs(db) - pg0;
  const client = process.cpuUsage(client0);
  tally.clientCpuMs += (client.user + client.system) / 1000;
  tally.loads.push(load1());
}

const summarise = (t: FamilyTally) => {
  const sent = Object.values(t.statuses).reduce((a, b) => a + b, 0);
  return {
    sent,
    accepted_201: t.statuses[201] ?? 0,
    distinct_receipts: t.receipts.size,
    statuses: t.statuses,
    failures: t.failures,
    ballots_per_s: Math.round((sent / t.wallMs) * 1000),
    slice_ballots_per_s: {
      min: Math.min(...t.sliceRates),
      median: pct(t.sliceRates, 50),
      max: Math.max(...t.sliceRates),
    },
    p50_ms: pct(t.ms, 50),
    p99_ms: pct(t.ms, 99),
    max_ms: pct(t.ms, 100),
    server_cpu_ms_per_ballot: Math.round((t.serverCpuMs / sent) * 1000) / 1000,
    postgres_cpu_ms_per_ballot: Math.round((t.postgresCpuMs / sent) * 1000) / 1000,
    client_cpu_ms_per_ballot: Math.round((t.clientCpuMs / sent) * 1000) / 1000,
    load_average: [Math.min(...t.loads), Math.max(...t.loads)],
  };
};

/** Timed calls of `get`, one after another: the first apart, then `calls` for p50/p99. */
async function timedCalls<T>(calls: number, get: () => Promise<T>) {
  let t = performance.now();
  const first = await get();
  const firstMs = performance.now() - t;
  const ms: number[] = [];
  let last = first;
  for (let i = 0; i < calls; i++) {
    t = performance.now();
    last = await get();
    ms.push(performance.now() - t);
  }
  return { first, last, first_ms: Math.round(firstMs), p50_ms: pct(ms, 50), p99_ms: pct(ms, 99), calls };
}

/** Where the server's figures differ from a recount of the ballots sent; empty when they agree. */
function recountProblems(
  results: RecommendationResults,
  expected: RecommendationPostResult[],
  voteTypeId: number,
): string[] {
  const problems: string[] = [];
  const group = results.groups.find((g) => g.vote_type_id === voteTypeId);
  if (!group) return [`no group for vote type ${voteTypeId}`];
  const key = (c: RecommendationPostResult['candidates'][number]) =>
    JSON.stringify([c.candidate_id ?? c.name, c.votes, c.share, c.rank, c.write_in, c.above_half]);
  for (const [label, posts] of [
    ['group', group.posts],
    ['total', results.total.posts],
  ] as const) {
    for (const want of expected) {
      const got = posts.find((p) => p.post_id === want.post_id);
      if (!got) {
        problems.push(`${label}: post ${want.name} missing`);
        continue;
      }
      for (const f of ['received', 'valid', 'invalid', 'abstained', 'expected', 'quorum_met'] as const)
        if (got[f] !== want[f]) problems.push(`${label} ${want.name}.${f}: ${got[f]}, recount ${want[f]}`);
      const a = got.candidates.map(key).sort();
      const b = want.candidates.map(key).sort();
      if (a.join() !== b.join())
        problems.push(`${label} ${want.name}: candidates ${a.filter((x) => !b.includes(x)).join(' ')}`);
    }
  }
  return problems;
}

/**
 * WARMUP ballots of each family to vote types of their own, then switched off (停用: left out of every
 * figure), so that neither family's first measured slice pays for the server's start.
 */
async function warmUp(url: string, pid: number, company: BenchCompany, rec: RecommendationUnit) {
  if (WARMUP <= 0) return;
  const warmRec = await addVoteType(company, '预热：民主推荐', 'democratic_recommendation');
  const warmApp = await addVoteType(company, '预热：民主测评', 'democratic_appraisal');
  const tallies = [emptyTally(), emptyTally()];
  const warmRecBodies = source(recommendationBodies({ ...rec, ...warmRec }, WARMUP + SLACK).bodies);
  await slice(url, warmRecBodies, WARMUP, tallies[0]!, pid);
  const next = bodyPool({ ...company, ...warmApp }, 50);
  await slice(url, source(Array.from({ length: WARMUP + SLACK }, next)), WARMUP, tallies[1]!, pid);
  if (tallies.some((t) => t.statuses[201] !== WARMUP))
    throw new Error(`warm-up refused: ${tallies.flatMap((t) => t.failures).join('; ')}`);
  for (const v of [warmRec, warmApp])
    await call(`${company.adminUrl}/vote-types/${v.voteTypeId}`, 'PUT', company.token, { is_active: false });
}

async function run(label: string, env: Record<string, string>, database?: string) {
  const loadBefore = loadavg();
  const server = await startServer({ SNAPSHOT_MINUTES: '0', ...env }, { server: entry, seconds: 120 });
  try {
    const company: BenchCompany = await setUpCompany(server.url);
    const rec = await setUpRecommendation(server.url, company);
    const { ballots, bodies: recBodies } = recommendationBodies(rec, VOTERS + SLACK);
    const nextAppraisal = bodyPool(company, 200);
    await warmUp(server.url, server.pid, company, rec);
    log(
      `${label}: set up and warmed up; ${VOTERS} + ${VOTERS} ballots in slices of ${SLICE}, ${CONNECTIONS} connections`,
    );

    const tallies: Record<Family, FamilyTally> = { recommendation: emptyTally(), appraisal: emptyTally() };
    const sources: Record<Family, Source> = {
      recommendation: source(recBodies),
      appraisal: source(Array.from({ length: VOTERS + SLACK }, nextAppraisal)),
    };
    const submitStart = performance.now();
    const loadSubmitBefore = loadavg();
    for (let s = 0; s * SLICE < VOTERS; s++) {
      // ABBA: each family goes first in every other pair, so neither always meets a warmer server.
      const order: Family[] = s % 2 === 0 ? ['recommendation', 'appraisal'] : ['appraisal', 'recommendation'];
      for (const f of order)
        await slice(
          server.url,
          sources[f],
          Math.min(SLICE, VOTERS - s * SLICE),
          tallies[f],
          server.pid,
          database,
        );
    }
    const submitMs = performance.now() - submitStart;
    const loadSubmitAfter = loadavg();
    log(`${label}: submitted in ${(submitMs / 1000).toFixed(1)} s`);

    const api = company.adminUrl;
    const token = company.token;
    const turnout = await call<Turnout>(`${api}/votes/turnout?company_id=${company.companyId}`, 'GET', token);
    const received = (id: number) => turnout.vote_types.find((v) => v.vote_type_id === id)?.received;
    // 应到 = the voters of the run, set before the close (a cap while voting would change the write path).
    for (const id of [rec.voteTypeId, company.voteTypeId])
      await call(`${api}/vote-types/${id}`, 'PUT', token, { expected_voters: VOTERS });
    const closeMs = async (id: number) => {
      const t = performance.now();
      await call(`${api}/vote-types/${id}/close`, 'POST', token, {});
      return Math.round(performance.now() - t);
    };
    const close = {
      recommendation_ms: await closeMs(rec.voteTypeId),
      appraisal_ms: await closeMs(company.voteTypeId),
    };

    const resultsUrl = `${api}/companies/${company.companyId}/recommendation-results`;
    const recResults = await timedCalls(CALLS, () => call<RecommendationResults>(resultsUrl, 'GET', token));
    const appraisalResults = await timedCalls(CALLS, () =>
      call(`${api}/companies/${company.companyId}/results`, 'GET', token),
    );
    const recount = rec.posts.map((post) =>
      countRecommendationPost(
        post,
        sources.recommendation.accepted.map((i) => ballots[i]!.find((e) => e.post_id === post.id)!.answers),
        { expected: VOTERS },
      ),
    );
    const problems = [
      ...recountProblems(recResults.first, recount, rec.voteTypeId),
      ...recountProblems(recResults.last, recount, rec.voteTypeId),
    ];
    const totals = recResults.first.total.posts;
    return {
      database: label,
      load_average_before: loadBefore,
      load_average_submit: [loadSubmitBefore, loadSubmitAfter],
      submit_wall_s: Math.round(submitMs / 100) / 10,
      recommendation: summarise(tallies.recommendation),
      appraisal: summarise(tallies.appraisal),
      stored: {
        recommendation_received: received(rec.voteTypeId),
        appraisal_received: received(company.voteTypeId),
        per_post_received: totals.map((p) => p.received),
        write_in_names: totals.reduce((n, p) => n + p.candidates.filter((c) => c.write_in).length, 0),
        abstained: totals.map((p) => p.abstained),
      },
      close,
      recommendation_results: {
        first_ms: recResults.first_ms,
        p50_ms: recResults.p50_ms,
        p99_ms: recResults.p99_ms,
        calls: CALLS,
        matches_recount: problems.length === 0,
        problems: problems.slice(0, 10),
      },
      appraisal_results: {
        first_ms: appraisalResults.first_ms,
        p50_ms: appraisalResults.p50_ms,
        p99_ms: appraisalResults.p99_ms,
        calls: CALLS,
      },
      load_average_after: loadavg(),
    };
  } finally {
    await server.stop();
  }
}

type Run = Awaited<ReturnType<typeof run>>;

function table(runs: Run[]): string {
  const rows: [string, ...string[]][] = [['', ...runs.map((r) => r.database)]];
  const row = (name: string, f: (r: Run) => string) => rows.push([name, ...runs.map(f)]);
  const fam = (r: Run, f: Family) => r[f];
  for (const f of ['recommendation', 'appraisal'] as Family[]) {
    const l = FAMILY_LABEL[f];
    row(`${l} ballots/s (slices min–median–max)`, (r) => {
      const s = fam(r, f).slice_ballots_per_s;
      return `${fam(r, f).ballots_per_s} (${s.min}–${s.median}–${s.max})`;
    });
    row(`${l} p50 / p99 ms`, (r) => `${fam(r, f).p50_ms} / ${fam(r, f).p99_ms}`);
    row(
      `${l} CPU ms per ballot: server + PostgreSQL + load generator`,
      (r) =>
        `${fam(r, f).server_cpu_ms_per_ballot} + ${fam(r, f).postgres_cpu_ms_per_ballot} + ${fam(r, f).client_cpu_ms_per_ballot}`,
    );
    row(`${l} 201 / sent / stored`, (r) => {
      const stored = f === 'recommendation' ? r.stored.recommendation_received : r.stored.appraisal_received;
      return `${fam(r, f).accepted_201} / ${fam(r, f).sent} / ${stored}`;
    });
  }
  row('民主推荐 ÷ 民主测评: ballots/s', (r) =>
    (r.recommendation.ballots_per_s / r.appraisal.ballots_per_s).toFixed(2),
  );
  row('结束投票 ms: 民主推荐 / 民主测评', (r) => `${r.close.recommendation_ms} / ${r.close.appraisal_ms}`);
  row('recommendation-results first / p50 / p99 ms', (r) => {
    const x = r.recommendation_results;
    return `${x.first_ms} / ${x.p50_ms} / ${x.p99_ms}`;
  });
  row('results (民主测评) first / p50 / p99 ms', (r) => {
    const x = r.appraisal_results;
    return `${x.first_ms} / ${x.p50_ms} / ${x.p99_ms}`;
  });
  row('results equal a recount', (r) => String(r.recommendation_results.matches_recount));
  const one = (l: string) => l.split(' ')[0];
  row('load average (1 min): before, submit, after', (r) =>
    [r.load_average_before, ...r.load_average_submit, r.load_average_after].map(one).join(' → '),
  );
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`).join('\n');
}

function commit() {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root }).toString();
  const head = git('rev-parse', '--short', 'HEAD').trim();
  // Other engineers' work in progress in this working tree goes into the bundle too: name it.
  const dirty = git('status', '--porcelain', '--', 'apps/server/src', 'packages/contracts/src')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
  return dirty.length ? `${head} + uncommitted changes of ${dirty.join(', ')}` : head;
}

if (!opt['skip-build']) {
  log(`building the server into apps/server/${opt.outfile}`);
  execFileSync('node', ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, SERVER_OUTFILE: opt.outfile },
    stdio: ['ignore', 2, 'inherit'],
  });
  writeFileSync(provenance, JSON.stringify({ commit: commit(), built_at: new Date().toISOString() }));
}
/** What the measured bundle was built from (recorded at build time: --skip-build reuses it). */
const built = existsSync(provenance)
  ? (JSON.parse(readFileSync(provenance, 'utf8')) as { commit: string; built_at: string })
  : 'unknown (bundle built outside this benchmark)';
const runs: Run[] = [];
if (opt.db !== 'postgres') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'recbench-'));
  try {
    runs.push(await run('PGlite', { DATA_DIR: dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (opt.db !== 'pglite') {
  runs.push(
    await withScratchDatabase(opt['database-url']!, 'recbench', (url, name) =>
      run('PostgreSQL', { DATABASE_URL: url }, name),
    ),
  );
}
console.error(table(runs));
console.log(
  JSON.stringify(
    {
      built_from: built,
      voters: VOTERS,
      connections: CONNECTIONS,
      slice: SLICE,
      cores: os.cpus().length,
      runs,
    },
    null,
    2,
  ),
);
const ok = runs.every(
  (r) =>
    r.recommendation_results.matches_recount &&
    (['recommendation', 'appraisal'] as const).every(
      (f) => r[f].accepted_201 === VOTERS && r[f].distinct_receipts === VOTERS,
    ) &&
    r.stored.recommendation_received === VOTERS &&
    r.stored.appraisal_received === VOTERS,
);
if (!ok) {
  log('FAILED: a ballot was refused, lost or doubled, or the results differ from the recount');
  process.exitCode = 1;
}
