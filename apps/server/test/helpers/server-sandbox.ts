// The setting of a process-level test that kills and restarts the built server: a temporary folder, the
// data the server runs on (a data folder on PGlite, a fresh database when TEST_DATABASE_URL is set), and
// clean-ups run after the file, newest first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { freshPostgres } from './fresh-postgres';

/**
 * Fills `dataDir/pglite` with the database test/global-setup.ts migrated once (its dump, unpacked with
 * tar), so that the server's first start opens a migrated database instead of running initdb and every
 * migration: about 5 s of CPU a start, 15 to 25 s on the loaded CI machine. For tests whose subject is
 * not the first start (process.test.ts, backup.test.ts and the e2e servers start on empty folders).
 * Nothing happens without an image (on PostgreSQL the global setup makes none).
 */
export function seedDataDir(dataDir: string) {
  const image = inject('pgliteImage');
  if (!image) return;
  const pgDir = path.join(dataDir, 'pglite');
  fs.mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  // The dump names its members /base/…: GNU tar drops the leading '/' (and says so on stderr).
  const res = spawnSync('tar', ['-xf', image, '-C', pgDir], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`tar -xf ${image} failed: ${res.stderr}`);
}

export function serverSandbox(prefix: string) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `kaoping-${prefix}-`));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  return {
    pgUrl,
    kind: pgUrl ? 'PostgreSQL' : 'PGlite',
    tmp,
    cleanups,
    /**
     * DATA_DIR in the folder, holding a migrated database (seedDataDir), and on PostgreSQL a fresh copy
     * of the suite's migrated template database, dropped after the file.
     */
    async env(): Promise<Record<string, string>> {
      const env: Record<string, string> = { DATA_DIR: path.join(tmp, 'data') };
      if (pgUrl) {
        const db = await freshPostgres(pgUrl, { template: inject('templateDatabase') || undefined });
        cleanups.push(db.drop);
        env.DATABASE_URL = db.url;
      } else {
        seedDataDir(env.DATA_DIR!);
      }
      return env;
    },
  };
}
