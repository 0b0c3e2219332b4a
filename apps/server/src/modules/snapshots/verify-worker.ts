import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
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
  const kept = workerData.artifacts;
  const db = await PGlite.create({
    loadDataDir: new Blob([workerData.dump]),
    ...(kept && {
      pgliteWasmModule: kept.pglite,
      initdbWasmModule: kept.initdb,
      fsBundle: new Blob([kept.bundle]),
    }),
  });
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

/** A compiled WebAssembly.Module, handed to the worker as it is. */
type CompiledWasm = object;
/**
 * PGlite's WebAssembly, compiled once per process, and its file bundle, read once, for every snapshot's
 * check: a worker given them skips reading and compiling 9 MB of WebAssembly, and V8 shares the compiled
 * code between threads. A check of the migrated database took 1.5–1.7 s of CPU, 1.1–1.2 s with them
 * (2026-11-26).
 */
interface Artifacts {
  pglite: CompiledWasm;
  initdb: CompiledWasm;
  bundle: Uint8Array;
}
let artifacts: Promise<Artifacts | undefined> | undefined;
/** Node's global WebAssembly (not every workspace's type check declares it). */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm> } })
  .WebAssembly;

function pgliteArtifacts(entry: string): Promise<Artifacts | undefined> {
  artifacts ??= (async () => {
    const dir = path.dirname(entry);
    const [pglite, initdb, bundle] = await Promise.all([
      readFile(path.join(dir, 'pglite.wasm')).then((b) => wasm.compile(b)),
      readFile(path.join(dir, 'initdb.wasm')).then((b) => wasm.compile(b)),
      readFile(path.join(dir, 'pglite.data')),
    ]);
    return { pglite, initdb, bundle };
  })().catch(() => undefined); // Not where expected: the worker loads PGlite's own files, as before.
  return artifacts;
}

export interface Verified {
  migrations: number;
  submissions: number;
}

/** Resolves with what the opened copy holds; rejects with PostgreSQL's reason when it does not open. */
export async function verifySnapshot(dump: Uint8Array): Promise<Verified> {
  const entry = (pgliteEntry ??= createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const kept = await pgliteArtifacts(entry);
  return new Promise((resolve, reject) => {
    const worker = new Worker(CODE, { eval: true, workerData: { pglite: entry, dump, artifacts: kept } });
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
