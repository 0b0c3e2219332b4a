// Issue 28: snapshots of the embedded database while the server runs. The real built server on a data
// folder, a snapshot every second (SNAPSHOT_SECONDS, for tests) while ballots arrive; the folder pulled
// away and put back; 结束投票 and a clean stop each leave one; only SNAPSHOT_KEEP are kept. Then the
// snapshot taken at the close, restored with `npm run restore` into an empty folder and served, gives every
// results figure the live server gave after the close (no ballot can arrive after it, so the two are the
// same moment), and so does `npm run backup` taken while the server ran; a folder holding data is refused.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SnapshotStatusView } from '@kaoping/contracts/snapshots';
import { serverPath } from '../src/lib/paths';
import { bearer, createAdmin } from './helpers/factories';
import { endVotes } from './helpers/round-fixtures';
import { buildBallotFixture, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { buildServer, httpApp, startServer, stopServer, type RunningServer } from './helpers/real-server';
import { seedDataDir } from './helpers/server-sandbox';

const PORT = 4370;
const KEEP = 2;
const NAME = /^kaoping-\d{8}-\d{6}-\d{3}\.backup$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoping-snapshots-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await stopServer(s, 'SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Logged {
  file: string | null;
  reason: string;
  hold_ms: number;
  duration_ms: number;
  bytes: number;
  submissions: number;
}
/** The snapshots the server logged (one JSON line each), in order. */
const logged = (s: RunningServer): Logged[] =>
  s
    .output()
    .split('\n')
    .filter((l) => l.includes('"snapshot":'))
    .map((l) => (JSON.parse(l) as { snapshot: Logged }).snapshot);

async function until<T>(
  what: string,
  fn: () => T | undefined | false | Promise<T | undefined | false>,
  seconds = 120,
): Promise<T> {
  for (let i = 0; i < seconds * 10; i++) {
    const v = await fn();
    if (v) return v;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** npm run backup|restore -- FILE with DATA_DIR. */
function cli(command: 'backup' | 'restore', file: string, dataDir: string) {
  return spawnSync('npm', ['run', '--silent', command, '--', file], {
    cwd: serverPath(),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SNAPSHOT_DIR: '' },
    encoding: 'utf8',
  });
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)(
  'snapshots while the server runs (PGlite)',
  { timeout: 600_000 },
  () => {
    const dataDir = path.join(tmp, 'data');
    const usb = path.join(tmp, 'usb');
    let main: string;
    let server: RunningServer;
    let token: string;
    let f: BallotFixture;
    let live: unknown;
    let closeFile: string;
    const backupFile = path.join(tmp, 'while-running.backup');

    const figures = async (s: RunningServer) => {
      const app = httpApp(() => s.url);
      const read = async (q: string) => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/v1/admin/companies/${f.company.id}/results?${q}`,
          headers: bearer(token),
        });
        expect(res.statusCode, res.body).toBe(200);
        const { generated_at: _made, ...rest } = res.json() as Record<string, unknown>;
        return rest;
      };
      return { appraisal: await read(''), evaluation: await read('form_category=democratic_evaluation') };
    };
    const status = async () => {
      const res = await fetch(`${server.url}/api/v1/admin/settings/snapshots`, { headers: bearer(token) });
      expect(res.status).toBe(200);
      return (await res.json()) as SnapshotStatusView;
    };

    it('writes snapshots on schedule while ballots arrive, survives a pulled folder, keeps the last N', async () => {
      main = buildServer('snapshots');
      fs.mkdirSync(usb);
      seedDataDir(dataDir);
      server = await startServer(main, PORT, {
        DATA_DIR: dataDir,
        SNAPSHOTS: 'on',
        SNAPSHOT_DIR: usb,
        SNAPSHOT_SECONDS: '1',
        SNAPSHOT_KEEP: String(KEEP),
        LOG_LEVEL: 'info',
      });
      servers.push(server);
      const app = httpApp(() => server.url);
      token = await createAdmin(app);
      f = await buildBallotFixture(app, token);

      // Voters keep coming while the timer runs, at a hall's pace (two ballots every quarter second): a
      // flood would only make every snapshot bigger and the run slower, not the test stricter.
      let voting = true;
      let accepted = 0;
      const voters = (async () => {
        while (voting) {
          const rs = await Promise.all([
            submit(app, submission(f)),
            submit(app, submission(f, 'evaluation')),
          ]);
          for (const r of rs) expect(r.statusCode, r.body).toBe(201);
          accepted += 2;
          await sleep(250);
        }
      })();

      const timers = () => logged(server).filter((s) => s.reason === 'timer');
      await until('three timer snapshots', () => timers().length >= KEEP + 1, 240);
      // More written than kept: the oldest went (a snapshot being written is a hidden .partial file).
      expect(fs.readdirSync(usb).filter((n) => !n.startsWith('.')).length).toBeLessThanOrEqual(KEEP);
      const first = await status();
      expect(first.enabled).toBe(true);
      expect(first.dir).toBe(usb);
      expect(first.interval_seconds).toBe(1);
      expect(first.last_file).toMatch(NAME);
      expect(first.next_due_at).not.toBeNull();
      expect(first.last_error).toBeNull();

      // The USB stick is pulled: the failure is logged in Chinese and shown; voting goes on.
      fs.rmSync(usb, { recursive: true });
      const failed = await until(
        'the failure on the settings screen',
        async () => (await status()).last_error ?? undefined,
        120,
      );
      expect(failed.message).toMatch(/快照文件夹 .* 不存在（U 盘是否已拔出？）/);
      expect(server.output()).toMatch(/快照文件夹 .* 不存在/);
      expect((await submit(app, submission(f))).statusCode).toBe(201);
      accepted++;
      // Put back: the next snapshot is written and the error goes away.
      fs.mkdirSync(usb);
      const before = timers().length;
      await until('a snapshot after the folder came back', () => timers().length > before, 120);
      expect((await status()).last_error).toBeNull();

      voting = false;
      await voters;
      expect(accepted).toBeGreaterThan(0);
      const kept = fs.readdirSync(usb).filter((n) => !n.startsWith('.'));
      expect(kept.length).toBeLessThanOrEqual(KEEP);
      for (const n of kept) expect(n).toMatch(NAME);
      // Every snapshot opened with the ballots of its moment: never fewer than an earlier one.
      const counts = timers().map((s) => s.submissions);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(counts.at(-1)).toBeGreaterThan(0);
      const holds = logged(server).map((s) => s.hold_ms);
      console.log(
        `snapshots while voting: ${holds.length}, database held (ms) ${holds.join(', ')}; ` +
          `written in ${logged(server)
            .map((s) => s.duration_ms)
            .join(', ')} ms; ${logged(server).at(-1)!.bytes} bytes`,
      );
    });

    it('takes one at 结束投票, and npm run backup works while the server runs', async () => {
      // The timer has done its part: left running it would take a snapshot every second (each opened on a
      // worker thread) under the rest of the file, and the ones asked for here would queue behind them. The
      // server is killed (a clean stop would take one more) and started again on the same data, untimed.
      await stopServer(server, 'SIGKILL');
      server = await startServer(main, PORT, {
        DATA_DIR: dataDir,
        SNAPSHOTS: 'on',
        SNAPSHOT_DIR: usb,
        SNAPSHOT_MINUTES: '0',
        SNAPSHOT_KEEP: String(KEEP),
        LOG_LEVEL: 'info',
      });
      servers.push(server);
      const closes = () => logged(server).filter((s) => s.reason === 'close');
      await endVotes(
        httpApp(() => server.url),
        token,
        [f.appraisal.id, f.evaluation.id],
      );
      await until('two close snapshots', () => closes().length >= 2);
      const made = path.join(usb, closes().at(-1)!.file!);
      // Kept aside: the folder keeps only SNAPSHOT_KEEP=2 snapshots, and later tests write more into it.
      closeFile = path.join(tmp, path.basename(made));
      fs.copyFileSync(made, closeFile);
      const s = await status();
      expect(s.last_ballots).toBe(closes().at(-1)!.submissions);
      live = await figures(server);

      const res = cli('backup', backupFile, dataDir);
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toMatch(/备份完成（服务运行中/);
      expect(fs.statSync(backupFile).mode & 0o077).toBe(0);
      // The server still serves (a fresh connection: an idle one may have been closed meanwhile).
      const health = await fetch(`${server.url}/api/v1/health`).catch(() =>
        fetch(`${server.url}/api/v1/health`),
      );
      expect(health.ok).toBe(true);
    });

    it('takes one at a clean stop', async () => {
      expect(logged(server).filter((s) => s.reason === 'stop')).toEqual([]);
      await stopServer(server, 'SIGTERM');
      const last = logged(server).at(-1)!;
      expect(last.reason).toBe('stop');
      expect(fs.existsSync(path.join(usb, last.file!))).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'snapshot-channel.json'))).toBe(false);
    });

    it('restores a snapshot and the backup into empty folders, each serving the live figures', async () => {
      for (const [i, file] of [closeFile, backupFile].entries()) {
        const restored = path.join(tmp, `restored-${i}`);
        const res = cli('restore', file, restored);
        expect(res.status, res.stderr).toBe(0);
        expect(res.stdout).toMatch(/恢复完成/);
        // The key kept outside the database goes with it (docs/DEPLOY.md, a standby laptop).
        for (const key of ['audit-key', 'jwt-secret'])
          if (fs.existsSync(path.join(dataDir, key)))
            fs.copyFileSync(path.join(dataDir, key), path.join(restored, key));
        const r = await startServer(main, PORT + 1 + i, {
          DATA_DIR: restored,
          SNAPSHOTS: 'on',
          SNAPSHOT_MINUTES: '0',
        });
        servers.push(r);
        expect(await figures(r)).toEqual(live);
        // Killed: a clean stop would take a snapshot of a database this test has just read.
        await stopServer(r, 'SIGKILL');
      }
    });

    it('refuses to restore into a folder that holds a database, in Chinese, changing nothing', () => {
      const listing = fs.readdirSync(path.join(dataDir, 'pglite')).sort();
      const res = cli('restore', closeFile, dataDir);
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/已有数据库：恢复只写入空的数据目录，现有数据未改动/);
      expect(fs.readdirSync(path.join(dataDir, 'pglite')).sort()).toEqual(listing);
    });
  },
);
