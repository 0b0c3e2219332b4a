// npm test: every suite in turn, then one closing line "N passed, N failed".
// The server suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set, each time in
// two passes (in-process tests, then process-level ones).
// E2E needs the built app: it builds first. SKIP_E2E=1 leaves it out (quick local runs).
// Two lanes run side by side, each tier's output kept in .test-results/<tier>.log and printed whole when
// the tier ends: run one after the other, the tiers left about 40 % of two cores idle (13.1 min of wall
// time for 15.6 min of CPU). Lane A: contracts, the server on PGlite (in-process, then processes), then
// the process tests on PostgreSQL (the two process passes start the built server on the same ports and
// build the same dist-<name> copies); lane B: web, build, e2e, then the server on PostgreSQL (in-process).
// The split follows the tiers' wall times in CI (a fresh clone, two cores, both lanes running, 2026-11-26,
// at e016b91): contracts 14 s, server on PGlite 275 s and its process tests 277 s, on PostgreSQL 264 s and
// 132 s; web 211 s, build 9 s, e2e 234 s: 698 and 717 s for the two lanes (the split before 4213c02 left
// lane B idle for 190 s). TEST_SERIAL=1 runs one lane after the other. Each tier's line in the summary gives its wall time and the CPU time of its processes (not for
// e2e), and the last line how busy the machine's cores were meanwhile (other work included).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
// Each failed test's name and the start of its message, repeated under the summary, so the
// tail of a long CI log says what failed.
const failures = [];

function firstLines(text, n = 6) {
  return String(text ?? '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, n)
    .map((l) => `      ${l.slice(0, 300)}`)
    .join('\n');
}

const fileOf = (label) => label.replace(/\W+/g, '-').replace(/^-|-$/g, '');

/**
 * CPU seconds (user + system) of a tier's processes, when bash is there to count them: bash's `times`
 * after the command gives what its children (and theirs, once waited for) used. Not for e2e: Playwright's
 * browsers and web servers are not all waited for, and about two thirds of its CPU went uncounted.
 */
const bash = process.platform !== 'win32' && existsSync('/bin/bash') ? '/bin/bash' : null;
const COUNT_CPU = '"$@"; status=$?; times > "$TIER_CPU_FILE"; exit $status';

function cpuSeconds(file) {
  try {
    // Second line: the children's user and system time, e.g. "5m12.340s 0m41.020s".
    const children = readFileSync(file, 'utf8').trim().split('\n')[1] ?? '';
    let total = 0;
    for (const [, m, sec] of children.matchAll(/(\d+)m([\d.]+)s/g)) total += Number(m) * 60 + Number(sec);
    return total;
  } catch {
    return null;
  }
}

/** Runs one tier with its output in its own log, printed whole when it ends (lanes do not interleave). */
function run(label, cmd, args, cwd, env = {}, countCpu = true) {
  console.log(`--- ${label}: started`);
  const started = Date.now();
  const logFile = path.join(reports, `${fileOf(label)}.log`);
  const cpuFile = path.join(reports, `${fileOf(label)}.cpu`);
  const log = createWriteStream(logFile);
  return new Promise((resolve) => {
    const counting = bash && countCpu;
    const [file, argv] = counting ? [bash, ['-c', COUNT_CPU, label, cmd, ...args]] : [cmd, args];
    const child = spawn(file, argv, {
      cwd: path.join(root, cwd),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', TIER_CPU_FILE: cpuFile, ...env },
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code) => {
      log.end(() => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const cpu = counting ? cpuSeconds(cpuFile) : null;
        const timing = cpu === null ? `${seconds}s` : `${seconds}s, CPU ${cpu.toFixed(1)}s`;
        console.log(`\n=== ${label} (${timing}) ===`);
        console.log(readFileSync(logFile, 'utf8'));
        resolve({ status: code ?? 1, seconds: timing });
      });
    });
  });
}

async function vitest(label, cwd, env = {}, args = []) {
  const out = path.join(reports, `${fileOf(label)}.json`);
  const { status, seconds } = await run(
    label,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    cwd,
    env,
  );
  let r = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
  try {
    r = JSON.parse(readFileSync(out, 'utf8'));
  } catch {
    // The runner died before writing its report: count the suite as one failure.
  }
  for (const file of r.testResults ?? []) {
    const rel = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      failures.push(`${label} › ${rel} › ${t.fullName}\n${firstLines(t.failureMessages?.join('\n'))}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      failures.push(`${label} › ${rel} (the file failed outside its tests)\n${firstLines(file.message)}`);
    }
  }
  const failed = r.numFailedTests + (status !== 0 && r.numFailedTests === 0 ? 1 : 0);
  record(label, r.numPassedTests, failed, r.numPendingTests + r.numTodoTests, seconds);
}

function record(label, passed, failed, skipped, seconds) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  lines.push(`${label.padEnd(30)} ${passed} passed, ${failed} failed, ${skipped} skipped (${seconds})`);
}

// The server suite in two passes (apps/server/vitest.config.ts): the `app` project (the app in the test's
// process, the files of a worker sharing their imports and database), then the `processes` project
// (child processes, the built server, the heavy ones), each file on its own.
const serverApp = (db, env) => vitest(`server (${db})`, 'apps/server', env, ['--project', 'app']);
const serverProcesses = (db, env) =>
  vitest(`server processes (${db})`, 'apps/server', env, ['--project', 'processes']);
const onPostgres = !!process.env.TEST_DATABASE_URL;
const PGLITE = { TEST_DATABASE_URL: '' };

// The process tests on PostgreSQL follow those on PGlite in the same lane: both start the built server on
// the same ports and build the same dist-<name> copies.
async function laneA() {
  await vitest('contracts', 'packages/contracts');
  await serverApp('PGlite', PGLITE);
  await serverProcesses('PGlite', PGLITE);
  if (onPostgres) await serverProcesses('PostgreSQL', {});
}

async function laneB() {
  await vitest('web', 'apps/web');
  if (process.env.SKIP_E2E !== '1') await e2e();
  if (onPostgres) await serverApp('PostgreSQL', {});
}

async function e2e() {
  const build = await run('build', 'npm', ['run', 'build'], '.');
  if (build.status !== 0) {
    record('build', 0, 1, 0, build.seconds);
  } else {
    const { status, seconds } = await run('e2e (Chromium)', 'npx', ['playwright', 'test'], 'e2e', {}, false);
    let report = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 }, suites: [] };
    try {
      report = JSON.parse(readFileSync(path.join(root, 'e2e/test-results/results.json'), 'utf8'));
    } catch {
      // No report: counted below as one failure.
    }
    collectPlaywrightFailures(report);
    const { stats } = report;
    const failed = stats.unexpected + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
    record('e2e (Chromium)', stats.expected + stats.flaky, failed, stats.skipped, seconds);
  }
}

/** Jiffies the machine spent busy and in all, from /proc/stat (Linux), to tell how loaded it was. */
function machineCpu() {
  try {
    const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const all = f.reduce((a, b) => a + b, 0);
    return { busy: all - idle, all };
  } catch {
    return null;
  }
}

const wallStarted = Date.now();
const machineStarted = machineCpu();
if (process.env.TEST_SERIAL === '1') {
  await laneA();
  await laneB();
} else {
  await Promise.all([laneA(), laneB()]);
}
const wallSeconds = ((Date.now() - wallStarted) / 1000).toFixed(1);
const machineEnded = machineCpu();

function collectPlaywrightFailures(report) {
  const walk = (suite, names) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        const bad = results.filter((x) => x.status !== 'passed' && x.status !== 'skipped');
        if (bad.length === 0) continue;
        const verdict = test.status === 'flaky' ? 'flaky (passed on retry)' : 'failed';
        const message = bad[0].error?.message ?? bad[0].errors?.[0]?.message;
        failures.push(
          `e2e (Chromium) › ${[...names, spec.title].filter(Boolean).join(' › ')} [${verdict}]\n${firstLines(message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...names, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
}

if (failures.length > 0) {
  console.log('\n=== failed ===');
  for (const f of failures) console.log(`- ${f}`);
}

console.log('\n=== summary ===');
for (const l of lines) console.log(l);
const busy =
  machineStarted && machineEnded
    ? `; the machine's cores were ${Math.round(
        (100 * (machineEnded.busy - machineStarted.busy)) / (machineEnded.all - machineStarted.all),
      )} % busy`
    : '';
console.log(`all tiers: ${wallSeconds}s of wall time${busy}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
