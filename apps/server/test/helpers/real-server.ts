// The real built server as a child process, for the crash and load-balancer tests (issue 18): a private
// build, start and stop (SIGKILL or SIGTERM), and an `inject` over HTTP so the fixtures of the in-process
// tests set up data the same way.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App } from '../../src/app';
import { serverPath } from '../../src/lib/paths';

/** Builds dist-<name>/main.js once (esbuild, about a second); the build finds drizzle/ from there. */
export function buildServer(name: string) {
  const outfile = serverPath(`dist-${name}`, 'main.js');
  const res = spawnSync('node', ['build.mjs'], {
    cwd: serverPath(),
    env: { ...process.env, SERVER_OUTFILE: outfile },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`build failed: ${res.stderr}`);
  return outfile;
}

export interface RunningServer {
  proc: ChildProcess;
  url: string;
  output: () => string;
}

export async function startServer(main: string, port: number, env: Record<string, string>) {
  let out = '';
  const proc = spawn('node', [main], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      REGISTER_RATE_LIMIT: '1000',
      // Every voter of these tests comes from 127.0.0.1: test/overload.test.ts checks the limits.
      PUBLIC_SUBMIT_LIMIT: '1000000',
      PUBLIC_READ_LIMIT: '1000000',
      JWT_SECRET: 'crash-test-secret-crash-test-secret-0123',
      // No automatic snapshots (each one is about 2 s of CPU: copy, gzip, and the check that opens it) but
      // where a test asks for them: test/snapshots.test.ts sets SNAPSHOTS=on; npm run backup works either way.
      SNAPSHOTS: 'off',
      // Every instance on one PostgreSQL shares the audit key (docs/DEPLOY.md): with a key each, each would
      // find the other's audit rows forged.
      AUDIT_KEY: 'process-test-audit-key-shared-by-every-instance',
      // A data folder of its own unless the test names one: never the repository's data/, whose key file and
      // audit anchors belong to the product someone runs there.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kaoping-server-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Up to three minutes: a first start creates the embedded database on disk, slow on a loaded machine.
  for (let i = 0; i < 1800; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { proc, url, output: () => out };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start: ${out}`);
}

/** Stops the process with the signal and waits until it is gone. */
export async function stopServer(s: RunningServer, signal: NodeJS.Signals = 'SIGTERM') {
  if (s.proc.exitCode !== null || s.proc.signalCode !== null) return;
  const gone = new Promise((r) => s.proc.once('exit', r));
  s.proc.kill(signal);
  await gone;
}

interface InjectOpts {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

/** The part of Fastify's inject the fixtures use, over real HTTP to `base`. */
export function httpApp(base: () => string, onStatus?: (status: number) => void): App {
  const inject = async (o: InjectOpts) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    let body: string | undefined;
    if (o.payload !== undefined) {
      body = typeof o.payload === 'string' ? o.payload : JSON.stringify(o.payload);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${base()}${o.url}`, { method: o.method, headers, body });
    const text = await res.text();
    onStatus?.(res.status);
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers),
      body: text,
      json: () => JSON.parse(text) as unknown,
    };
  };
  return { inject } as unknown as App;
}
