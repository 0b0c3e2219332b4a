// The setting of a process-level test that kills and restarts the built server: a temporary folder, the
// data the server runs on (a data folder on PGlite, a fresh database when TEST_DATABASE_URL is set), and
// clean-ups run after the file, newest first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { freshPostgres } from './fresh-postgres';

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
    /** DATA_DIR in the folder, and on PostgreSQL a fresh database dropped after the file. */
    async env(): Promise<Record<string, string>> {
      const env: Record<string, string> = { DATA_DIR: path.join(tmp, 'data') };
      if (pgUrl) {
        const db = await freshPostgres(pgUrl);
        cleanups.push(db.drop);
        env.DATABASE_URL = db.url;
      }
      return env;
    },
  };
}
