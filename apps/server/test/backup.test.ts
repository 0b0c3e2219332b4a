// Issue 18: the embedded database's folder is private to the server's user, and a backup restores every
// results figure as it was; a foreign or damaged file, or a folder in use, is refused and nothing changes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { BackupError, backupPglite, restorePglite } from '../src/db/backup';
import { openDatabase, type Database } from '../src/db/client';
import { bearer, createAdmin, elevate } from './helpers/factories';
import { endVotes } from './helpers/round-fixtures';
import { buildBallotFixture, submission, submit, type BallotFixture } from './helpers/ballot-fixtures';
import { serverPath } from '../src/lib/paths';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kaoping-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function open(dataDir: string): Promise<{ app: App; database: Database }> {
  const database = await openDatabase({ dataDir });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000' });
  const app = await buildApp({ config, database, jwtSecret: 'backup-test-secret-backup-test-secret' });
  await app.ready();
  return { app, database };
}
const shut = async (s: { app: App; database: Database }) => {
  await s.app.close();
  await s.database.close();
};

/** Every figure of both families' results, as the admin screens read them. */
async function figures(app: App, token: string, companyId: number) {
  const read = async (q: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/companies/${companyId}/results?${q}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Every figure; not the moment the answer was made.
    const { generated_at: _made, ...rest } = res.json<Record<string, unknown>>();
    return rest;
  };
  return { appraisal: await read(''), evaluation: await read('form_category=democratic_evaluation') };
}

function loosePaths(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = fs.statSync(p);
    if ((st.mode & 0o077) !== 0) out.push(`${(st.mode & 0o777).toString(8)} ${p}`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return out;
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)(
  'the embedded database on disk',
  { timeout: 240_000 },
  () => {
    const dataDir = path.join(root, 'data');
    const file = path.join(root, 'kaoping.backup');
    let token: string;
    let f: BallotFixture;
    let before: Awaited<ReturnType<typeof figures>>;

    it('keeps the data folder 0700 and its files 0600, even under umask 000', async () => {
      const old = process.umask(0);
      try {
        const s = await open(dataDir);
        token = await elevate(s.app, await createAdmin(s.app));
        f = await buildBallotFixture(s.app, token);
        for (let i = 0; i < 4; i++) {
          expect((await submit(s.app, submission(f))).statusCode).toBe(201);
          expect((await submit(s.app, submission(f, 'evaluation'))).statusCode).toBe(201);
        }
        // Figures are read once the votes have ended (decision 0041).
        await endVotes(s.app, token, [f.appraisal.id, f.evaluation.id]);
        before = await figures(s.app, token, f.company.id);
        await shut(s);
      } finally {
        process.umask(old);
      }
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'pglite', 'PG_VERSION')).mode & 0o777).toBe(0o600);
      expect(loosePaths(dataDir)).toEqual([]);
    });

    it('backs up, and a restore brings back every results figure after the data changed', async () => {
      const meta = await backupPglite(dataDir, file);
      expect(meta.bytes).toBeGreaterThan(1000);
      expect(fs.statSync(file).mode & 0o077).toBe(0);

      const s = await open(dataDir);
      // Two more ballots: the vote reopened (advanced mode), then ended again.
      const reopen = await s.app.inject({
        method: 'POST',
        url: `/api/v1/admin/vote-types/${f.appraisal.id}/reopen`,
        headers: bearer(token),
      });
      expect(reopen.statusCode, reopen.body).toBe(200);
      for (let i = 0; i < 2; i++) expect((await submit(s.app, submission(f))).statusCode).toBe(201);
      await endVotes(s.app, token, [f.appraisal.id]);
      const changed = await figures(s.app, token, f.company.id);
      expect(changed.appraisal).not.toEqual(before.appraisal);
      await shut(s);

      const restored = path.join(root, 'restored');
      await restorePglite(file, restored);
      const r = await open(restored);
      expect(await figures(r.app, token, f.company.id)).toEqual(before);
      await shut(r);
      expect(loosePaths(restored)).toEqual([]);
    });

    it('refuses a foreign file, a damaged file and a folder that holds data, changing nothing', async () => {
      const target = path.join(root, 'never');
      const foreign = path.join(root, 'photo.png');
      fs.writeFileSync(foreign, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
      await expect(restorePglite(foreign, target)).rejects.toThrow(/不是考评的备份文件/);

      const damaged = path.join(root, 'damaged.backup');
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
      fs.writeFileSync(damaged, bytes);
      await expect(restorePglite(damaged, target)).rejects.toThrow(/已损坏/);
      fs.writeFileSync(damaged, fs.readFileSync(file).subarray(0, 5000));
      await expect(restorePglite(damaged, target)).rejects.toThrow(/已损坏/);
      expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);

      const listing = fs.readdirSync(path.join(dataDir, 'pglite')).sort();
      await expect(restorePglite(file, dataDir)).rejects.toThrow(BackupError);
      await expect(restorePglite(file, dataDir)).rejects.toThrow(/已有数据库.*现有数据未改动/);
      expect(fs.readdirSync(path.join(dataDir, 'pglite')).sort()).toEqual(listing);
      await expect(backupPglite(dataDir, file)).rejects.toThrow(/已存在/);
    });

    it('npm run backup refuses while a server without its backup channel holds the folder, and says so', async () => {
      const s = await open(dataDir);
      try {
        const res = spawnSync(
          'npm',
          ['run', '--silent', 'backup', '--', path.join(root, 'while-running.backup')],
          {
            cwd: serverPath(),
            env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
            encoding: 'utf8',
          },
        );
        expect(res.status).toBe(1);
        // A server without the loopback channel (one started in process, or an older version).
        expect(res.stderr).toMatch(/正被进程 PID \d+ 使用，但找不到运行中备份的通道/);
        expect(fs.existsSync(path.join(root, 'while-running.backup'))).toBe(false);
      } finally {
        await shut(s);
      }
    });
  },
);
