// npm run check: formatting (prettier), lint (eslint) and the type check of every workspace (tsc), two at
// a time. Each of them uses one core; one after the other they left the CI machine's second core idle for
// the whole check (79 s of wall time). Longest first, so the two lanes end together; each job's output is
// printed whole when it ends, with its time, and the check fails if any job fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;

/** The workspaces that declare a type check, as `npm run typecheck --workspaces --if-present` ran them. */
const typechecked = workspaces.filter((dir) => {
  const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  return Boolean(pkg.scripts?.typecheck);
});

// Longest first, so the two lanes end together. CPU seconds measured on this tree (2026-11-26): eslint 40,
// prettier 24, tsc apps/server 24 (bench/ with it, apps/server/tsconfig.json), apps/web 19,
// packages/contracts 5, e2e 4.
const COST = { 'apps/server': 24, 'apps/web': 19, 'packages/contracts': 5, e2e: 4 };
const jobs = [
  { name: 'eslint', cost: 40, command: bin('eslint'), args: ['.', '--max-warnings', '0'], cwd: root },
  { name: 'prettier', cost: 24, command: bin('prettier'), args: ['--check', '.'], cwd: root },
  ...typechecked.map((dir) => ({
    name: `typecheck ${dir}`,
    cost: COST[dir] ?? 10,
    command: 'npm',
    args: ['run', 'typecheck'],
    cwd: path.join(root, dir),
  })),
].sort((a, b) => b.cost - a.cost);

function run(job) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(job.command, job.args, { cwd: job.cwd, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      console.log(`=== ${job.name}: ${ok ? 'ok' : `failed (exit ${code})`} in ${seconds}s ===`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(ok);
    });
  });
}

const queue = [...jobs];
const results = [];
const lane = async () => {
  for (let job = queue.shift(); job; job = queue.shift()) results.push({ job, ok: await run(job) });
};
await Promise.all([lane(), lane()]);

const failed = results.filter((r) => !r.ok).map((r) => r.job.name);
if (failed.length > 0) {
  console.log(`check failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`check passed: ${results.map((r) => r.job.name).join(', ')}`);
