import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from './helpers/real-server';

// The real entry point as an operator runs it (`npm start`: the built dist/main.js, here a private copy;
// tsx compiling src/ at each start cost about 3 s of CPU more): environment in, HTTP out, signals to stop.
const serverRoot = path.resolve(import.meta.dirname, '..');
const main = buildServer('process');
const children: ChildProcess[] = [];
afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [main], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const port = () => 20_000 + Math.floor(Math.random() * 20_000);

describe('the server process', () => {
  it('keeps its data and its generated JWT secret across a clean SIGTERM restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kaoping-proc-'));
    const p = port();
    const first = start({ PORT: String(p), DATA_DIR: dataDir });
    await waitForHealth(p);
    const reg = await fetch(`http://127.0.0.1:${p}/api/v1/admin/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Password123' }),
    });
    expect(reg.status).toBe(201);
    const form = new FormData();
    form.append('username', 'admin');
    form.append('password', 'Password123');
    const login = await fetch(`http://127.0.0.1:${p}/api/v1/admin/auth/login`, {
      method: 'POST',
      body: form,
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(32);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start({ PORT: String(p), DATA_DIR: dataDir });
    await waitForHealth(p);
    // The same secret signs, so the token from before the restart still works, and the account is kept.
    const me = await fetch(`http://127.0.0.1:${p}/api/v1/admin/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('refuses to start on a bad setting, saying which one in Chinese', async () => {
    const bad = start({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kaoping-proc-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('环境变量配置错误');
    expect(bad.output()).toContain('PORT');
  }, 60_000);
});
