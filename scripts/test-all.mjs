// npm test: every suite in turn, then one closing line "N passed, N failed".
// The server suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set, each time in
// two passes (in-process tests, then process-level ones).
// E2E needs the built app: it builds first. SKIP_E2E=1 leaves it out (quick local runs).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
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

function run(label, cmd, args, cwd, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const res = spawnSync(cmd, args, {
    cwd: path.join(root, cwd),
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return { status: res.status ?? 1, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function vitest(label, cwd, env = {}, args = []) {
  const out = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const { status, seconds } = run(
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
  lines.push(`${label.padEnd(30)} ${passed} passed, ${failed} failed, ${skipped} skipped (${seconds}s)`);
}

// The server suite in two passes (apps/server/vitest.config.ts): the `app` project (the app in the test's
// process, the files of a worker sharing their imports and database), then the `processes` project
// (child processes, the built server, the heavy ones), each file on its own.
function server(db, env) {
  vitest(`server (${db})`, 'apps/server', env, ['--project', 'app']);
  vitest(`server processes (${db})`, 'apps/server', env, ['--project', 'processes']);
}

vitest('contracts', 'packages/contracts');
server('PGlite', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) server('PostgreSQL', {});
vitest('web', 'apps/web');

if (process.env.SKIP_E2E !== '1') {
  const build = run('build', 'npm', ['run', 'build'], '.');
  if (build.status !== 0) {
    record('build', 0, 1, 0, build.seconds);
  } else {
    const { status, seconds } = run('e2e (Chromium)', 'npx', ['playwright', 'test'], 'e2e');
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
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
