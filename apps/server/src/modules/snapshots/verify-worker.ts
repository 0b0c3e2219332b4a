import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Opens a snapshot the way a restore would, on a worker thread so that voting on the main thread goes on:
 * a fresh in-memory PGlite loads the archive (`loadDataDir`), PostgreSQL replays its write-ahead log, and
 * the migrations table and the submissions are counted. A snapshot that does not open is never kept.
 */
const CODE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PGlite } = require(workerData.pglite);
  const db = await PGlite.create({ loadDataDir: new Blob([workerData.dump]) });
  try {
    const m = await db.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    const s = await db.query('SELECT count(*)::int AS n FROM submissions');
    parentPort.postMessage({ migrations: m.rows[0].n, submissions: s.rows[0].n });
  } finally {
    await db.close();
  }
})().catch((e) => parentPort.postMessage({ error: String((e && e.message) || e) }));
`;

let pgliteEntry: string | undefined;

export interface Verified {
  migrations: number;
  submissions: number;
}

/** Resolves with what the opened copy holds; rejects with PostgreSQL's reason when it does not open. */
export function verifySnapshot(dump: Uint8Array): Promise<Verified> {
  pgliteEntry ??= createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    const worker = new Worker(CODE, { eval: true, workerData: { pglite: pgliteEntry, dump } });
    let settled = false;
    worker.once('message', (m: Verified & { error?: string }) => {
      settled = true;
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else if (!(m.migrations > 0)) reject(new Error('快照中没有考评的数据表'));
      else resolve({ migrations: m.migrations, submissions: m.submissions });
    });
    worker.once('error', (err) => {
      if (!settled) reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`校验线程意外退出（${code}）`));
    });
  });
}
