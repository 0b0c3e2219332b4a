// Builds and starts the app under test for bench/voter-page.ts: any checkout (BENCH_APP_ROOT), so the
// same measurement runs on an older commit for a before/after table. Private output folders keep a
// parallel build or e2e run undisturbed.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, loadEnv, untilHealthy } from './ballots-server';

const OUT = 'dist-bench-voter';

export interface AppUnderTest {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Builds the web app and the server of the checkout at `root` (unless BENCH_SKIP_BUILD=1). */
export function buildApp(root: string) {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const web = path.join(root, 'apps/web');
  execFileSync('npx', ['vite', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
  execFileSync('node', ['build.mjs'], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, SERVER_OUTFILE: `${OUT}/main.js` },
    stdio: 'inherit',
  });
}

/** Starts the built server on a loopback port with a fresh PGlite folder, serving the built web app. */
export async function startApp(root: string): Promise<AppUnderTest> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kaoping-bench-voter-'));
  const child = spawn('node', [path.join(root, 'apps/server', OUT, 'main.js')], {
    cwd: root,
    env: {
      ...loadEnv(port),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(root, 'apps/web', OUT),
      REGISTRATION_CODE: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A fresh data folder is initialised first: at a load average of 30 that took over a minute.
  await untilHealthy(child, url, 180);
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
