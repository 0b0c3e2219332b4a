// Issue 28, faults in Chinese, on the real built server (PGlite). A full disk: the data folder on a small
// tmpfs, filled while the server runs; ballots then answer 503 '服务器存储空间不足，请联系管理员' with
// Retry-After, reads still answer, and once space is freed the refused ballots, sent again, are stored
// exactly once with all their rows (nothing partial stayed). A data folder the server cannot write (on
// a read-only disk, a file in its place, a parent that is a file) stops the start with a Chinese message
// naming the folder and the fix, exit code 1, no stack trace. The mounts need root (the test machine
// and CI run as root); without it those cases are skipped and say why.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { openDatabase, rowsOf } from '../src/db/client';
import { createAdmin } from './helpers/factories';
import { buildBallotFixture, PUBLIC, submission } from './helpers/ballot-fixtures';
import { buildServer, httpApp, startServer, stopServer, type RunningServer } from './helpers/real-server';

const PORT = 4362;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoping-disk-'));
const mounts: string[] = [];
let server: RunningServer | undefined;

/** Mounts a tmpfs of `size` at dir (options such as `ro`); false when this machine does not allow it. */
function mountTmpfs(dir: string, options: string): boolean {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
    mounts.push(dir);
    return true;
  } catch {
    return false;
  }
}
const canMount = (() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = path.join(tmp, 'probe');
  if (!mountTmpfs(probe, 'size=1m')) return false;
  execFileSync('umount', [probe]);
  mounts.pop();
  return true;
})();
const NO_MOUNT = 'needs root and tmpfs mounts (mount -t tmpfs): not available here';

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  for (const dir of mounts.reverse()) {
    try {
      execFileSync('umount', ['-l', dir]);
    } catch {
      // Already gone.
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Fills the file system of `dir` to the last byte; answers the filler's path. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler.bin');
  const fd = fs.openSync(filler, 'w');
  for (const size of [1 << 20, 64 << 10, 4 << 10, 512]) {
    const chunk = Buffer.alloc(size, 1);
    try {
      for (;;) fs.writeSync(fd, chunk);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
    }
  }
  fs.closeSync(fd);
  return filler;
}

const post = (base: string, body: SubmissionBody) =>
  fetch(`${base}${PUBLIC}/votes/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a full disk (PGlite on a small tmpfs)', { timeout: 300_000 }, () => {
  it.skipIf(!canMount)(
    `answers ballots 503 with Retry-After, stores nothing partial, and stores them once space is back${canMount ? '' : ` (skipped: ${NO_MOUNT})`}`,
    async () => {
      const disk = path.join(tmp, 'disk');
      expect(mountTmpfs(disk, 'size=80m')).toBe(true);
      const dataDir = path.join(disk, 'data');
      server = await startServer(buildServer('disk-faults'), PORT, { DATA_DIR: dataDir });
      const base = server.url;
      const app = httpApp(() => base);
      const token = await createAdmin(app);
      const f = await buildBallotFixture(app, token);
      const stored: SubmissionBody[] = [];
      for (let i = 0; i < 3; i++) {
        const body = submission(f);
        expect((await post(base, body)).status).toBe(201);
        stored.push(body);
      }

      const filler = fillDisk(disk);
      const refused: SubmissionBody[] = [];
      let first: { status: number; retryAfter: string | null; json: unknown } | undefined;
      // The tables' last pages may still take a few ballots; then the files must grow, and cannot.
      for (let i = 0; i < 400 && refused.length < 5; i++) {
        const body = submission(f);
        const res = await post(base, body);
        const json: unknown = await res.json();
        if (res.status === 201) {
          stored.push(body);
          continue;
        }
        first ??= { status: res.status, retryAfter: res.headers.get('retry-after'), json };
        expect(res.status, JSON.stringify(json)).toBe(503);
        refused.push(body);
      }
      console.log(`[disk-faults] disk full: ${stored.length} ballots stored, then ${refused.length} refused`);
      expect(first).toEqual({
        status: 503,
        retryAfter: '30',
        json: { detail: '服务器存储空间不足，请联系管理员', code: 'STORAGE_FULL' },
      });
      // Reads still answer: a voter opens the ballot, health is fine.
      expect((await fetch(`${base}${PUBLIC}/vote-type/${f.appraisal.link_id}`)).status).toBe(200);
      expect((await fetch(`${base}/api/v1/health`)).status).toBe(200);

      // Space freed: the voter page sends the same ballots again, and they are stored.
      fs.rmSync(filler);
      for (const body of refused) expect((await post(base, body)).status).toBe(201);
      await stopServer(server, 'SIGTERM');
      expect(server.proc.exitCode).toBe(0);
      server = undefined;

      // Every ballot once, each with all its rows: a refused ballot left nothing behind that its retry
      // would have taken for a replay (a submission without votes).
      const database = await openDatabase({ dataDir });
      try {
        const rows = await rowsOf<{ id: string; votes: number }>(
          database.db,
          sql`SELECT s.id, (SELECT count(*) FROM votes v WHERE v.submission_id = s.id)::int AS votes
              FROM submissions s`,
        );
        const expected = [...stored, ...refused];
        expect(rows.map((r) => r.id).sort()).toEqual(expected.map((b) => b.submission_id).sort());
        expect(rows.filter((r) => r.votes !== expected[0]!.ballots.length)).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );
});

/** Starts the built server on `dataDir` and waits for it to stop by itself. */
function startAndExit(main: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn('node', [main], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(PORT + 1),
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

const FIX = '请检查权限，或用 DATA_DIR 指定一个可写的目录';

describe('a data folder the server cannot write', { timeout: 120_000 }, () => {
  const main = buildServer('disk-faults');
  const expectRefusal = (r: { code: number | null; output: string }, message: string) => {
    expect(r.code).toBe(1);
    expect(r.output).toBe(message);
    // One line of Chinese, no stack trace.
    expect(r.output).not.toMatch(/\n|\bat \S+ \(|Error:/);
  };

  it('names the folder when a file stands where it should be, and when its parent is a file', async () => {
    const file = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(file, 'x');
    expectRefusal(
      await startAndExit(main, file),
      `数据目录 ${file} 无法创建（已有同名的文件而不是文件夹，EEXIST）：${FIX}`,
    );
    const below = path.join(file, 'data');
    expectRefusal(
      await startAndExit(main, below),
      `数据目录 ${below} 无法创建（${file}：已有同名的文件而不是文件夹，EEXIST）：${FIX}`,
    );
  });

  it.skipIf(!canMount)(
    `names the folder on a read-only disk, new or existing${canMount ? '' : ` (skipped: ${NO_MOUNT})`}`,
    async () => {
      const ro = path.join(tmp, 'ro');
      expect(mountTmpfs(ro, 'size=1m')).toBe(true);
      fs.mkdirSync(path.join(ro, 'data'));
      execFileSync('mount', ['-o', 'remount,ro', ro]);
      const existing = path.join(ro, 'data');
      expectRefusal(
        await startAndExit(main, existing),
        `数据目录 ${existing} 不可写（所在磁盘为只读，EROFS）：${FIX}`,
      );
      const missing = path.join(ro, 'new', 'data');
      expectRefusal(
        await startAndExit(main, missing),
        `数据目录 ${missing} 无法创建（${path.dirname(missing)}：所在磁盘为只读，EROFS）：${FIX}`,
      );
    },
  );
});
