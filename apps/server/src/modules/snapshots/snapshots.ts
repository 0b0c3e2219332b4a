import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { backupFileBytes, readBackup, sha256, type BackupMeta } from '../../db/backup';
import { FolderCopy, tarPieces, type LockablePglite } from './folder-copy';
import { openSnapshotChannel } from './snapshot-channel';
import {
  configureSnapshotStatus,
  listSnapshots,
  recordNextDue,
  recordSnapshot,
  recordSnapshotError,
  snapshotName,
  type SnapshotReason,
} from './snapshot-status';
import { verifySnapshot } from './verify-worker';

/**
 * Snapshots of the embedded database while the server runs (issue 28, decision 0049): on a timer
 * (SNAPSHOT_MINUTES), after every 结束投票, at a clean stop, and for `npm run backup` while running. Each
 * one: the folder read while PGlite is held (folder-copy.ts), packed and gzipped off the database, opened
 * on a worker thread (verify-worker.ts), written to `.<name>.partial`, flushed, read back and its SHA-256
 * checked, then renamed to its final name, so a half-written file is never the newest; the oldest beyond
 * SNAPSHOT_KEEP are removed. A failure (folder gone, USB stick pulled, disk full) is logged in Chinese and
 * shown on the settings screen; the server goes on.
 */

export interface SnapshotResult {
  file: string | null;
  bytes: Buffer;
  meta: BackupMeta;
  holdMs: number;
  durationMs: number;
}

export interface SnapshotterOptions {
  pglite: LockablePglite;
  /** DATA_DIR/pglite. */
  pgDir: string;
  dir: string;
  intervalMs: number;
  keep: number;
  log: FastifyBaseLogger;
  /** false (SNAPSHOTS=off): snapshots only when asked by `npm run backup`. */
  automatic?: boolean;
}

/** What an operator reads when writing to the folder failed. */
export function snapshotErrorText(dir: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT')
    return `快照文件夹 ${dir} 不存在（U 盘是否已拔出？）。插回 U 盘或修改 SNAPSHOT_DIR 后，下一次快照会自动写入。`;
  if (code === 'ENOSPC') return `快照文件夹 ${dir} 所在磁盘空间不足，快照未写入。请清理空间或更换 U 盘。`;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return `快照文件夹 ${dir} 不可写（只读或没有权限），快照未写入。`;
  if (code === 'ENOTDIR') return `快照位置 ${dir} 不是文件夹，快照未写入。`;
  return `快照失败：${err instanceof Error ? err.message : String(err)}`;
}

async function gzip(pieces: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(pieces), createGzip({ level: 6 }), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk);
  });
  return Buffer.concat(out);
}

export class Snapshotter {
  private readonly copy: FolderCopy;
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private running = 0;

  constructor(private readonly o: SnapshotterOptions) {
    this.copy = new FolderCopy(o.pgDir);
  }

  /** Makes the folder (when it can), clears what a crash left, starts the timer. */
  start() {
    configureSnapshotStatus({
      mode: this.o.automatic === false ? 'disabled' : 'pglite',
      dir: this.o.dir,
      intervalMs: this.o.intervalMs,
      keep: this.o.keep,
    });
    try {
      fs.mkdirSync(this.o.dir, { recursive: true, mode: 0o700 });
      for (const n of fs.readdirSync(this.o.dir))
        if (n.startsWith('.kaoping-') && n.endsWith('.partial')) fs.rmSync(path.join(this.o.dir, n));
    } catch (err) {
      this.fail(err);
    }
    this.schedule();
  }

  private schedule() {
    if (this.stopped || this.o.intervalMs <= 0) {
      recordNextDue(null);
      return;
    }
    const due = new Date(Date.now() + this.o.intervalMs);
    recordNextDue(due);
    this.timer = setTimeout(() => {
      this.timer = null;
      // On the timer, one at a time: a snapshot still being written is not queued behind.
      const run = this.running ? Promise.resolve() : this.take('timer').catch(() => undefined);
      void run.finally(() => this.schedule());
    }, this.o.intervalMs);
    this.timer.unref();
  }

  private fail(err: unknown) {
    const msg = snapshotErrorText(this.o.dir, err);
    recordSnapshotError(msg);
    this.o.log.error({ err }, msg);
  }

  /** A snapshot soon (after 结束投票); errors are logged and shown, never thrown. */
  request(reason: SnapshotReason) {
    if (this.stopped || this.o.automatic === false) return;
    void this.take(reason).catch(() => undefined);
  }

  /**
   * Takes one snapshot, after any in progress. 'backup' returns the file's bytes without keeping them in
   * the folder; the others write to the folder. Rejects (after logging) when it failed.
   */
  take(reason: SnapshotReason): Promise<SnapshotResult> {
    const run = this.chain.then(() => this.once(reason));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async once(reason: SnapshotReason): Promise<SnapshotResult> {
    this.running++;
    const started = performance.now();
    const at = new Date();
    try {
      let captured;
      try {
        // Twice: the second pass reads only what changed during the first, so the locked read is short.
        await this.copy.warm();
        await this.copy.warm();
        captured = await this.copy.capture(this.o.pglite);
      } catch (err) {
        this.copy.clear();
        throw err;
      }
      const { holdMs, readBytes } = captured;
      const dump = await gzip(tarPieces(captured.entries));
      // The copy lives only while a snapshot is made: the next one reads the folder afresh (warm()).
      captured = undefined;
      this.copy.clear();
      const verified = await verifySnapshot(dump);
      const meta: BackupMeta = {
        created_at: at.toISOString(),
        bytes: dump.length,
        sha256: sha256(dump),
        reason,
        submissions: verified.submissions,
      };
      const bytes = backupFileBytes(dump, meta);
      let file: string | null = null;
      if (reason !== 'backup') file = await this.write(at, bytes);
      const durationMs = Math.round(performance.now() - started);
      const result = { file, bytes, meta, holdMs: Math.round(holdMs * 10) / 10, durationMs };
      const summary = {
        file,
        reason,
        hold_ms: result.holdMs,
        read_while_held_bytes: readBytes,
        duration_ms: durationMs,
        bytes: bytes.length,
        submissions: verified.submissions,
        started_at: at.toISOString(),
      };
      if (file) {
        recordSnapshot({
          file,
          at,
          bytes: bytes.length,
          reason,
          ballots: verified.submissions,
          holdMs: result.holdMs,
          durationMs,
        });
        this.o.log.info({ snapshot: summary }, `快照已写入 ${path.join(this.o.dir, file)}`);
      } else {
        this.o.log.info({ snapshot: summary }, '已为运行中的备份生成快照');
      }
      return result;
    } catch (err) {
      if (reason !== 'backup') this.fail(err);
      else this.o.log.error({ err }, `备份失败：${(err as Error).message}`);
      throw err;
    } finally {
      this.running--;
    }
  }

  /** Writes `.name.partial`, flushes it, reads it back and checks it, renames it; then prunes. */
  private async write(at: Date, bytes: Buffer): Promise<string> {
    const name = snapshotName(at);
    const final = path.join(this.o.dir, name);
    const tmp = path.join(this.o.dir, `.${name}.partial`);
    try {
      const fh = await fs.promises.open(tmp, 'wx', 0o600);
      try {
        await fh.writeFile(bytes);
        await fh.sync();
      } finally {
        await fh.close();
      }
      // What is on the disk (the USB stick) is what was made: header, length and SHA-256.
      readBackup(tmp);
      await fs.promises.rename(tmp, final);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
      throw err;
    }
    this.prune();
    return name;
  }

  private prune() {
    const files = listSnapshots(this.o.dir);
    for (const n of files.slice(0, Math.max(0, files.length - this.o.keep))) {
      try {
        fs.rmSync(path.join(this.o.dir, n));
      } catch {
        // Gone already, or the folder went away: the next snapshot says so.
      }
    }
  }

  /** Stops the timer and takes the last snapshot (a clean stop), after any in progress. */
  async stop() {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.o.automatic !== false) await this.take('stop').catch(() => undefined);
    this.stopped = true;
    recordNextDue(null);
  }
}

/** The running server's snapshotter (main.ts), for the hooks that ask for one. */
let active: Snapshotter | null = null;

/** Asks for a snapshot now (after 结束投票); nothing when no snapshotter runs (PostgreSQL, tests in process). */
export function requestSnapshot(reason: SnapshotReason) {
  active?.request(reason);
}

/**
 * Starts snapshots for the server in main.ts: on the embedded database with a data folder, the timer, the
 * hooks and the backup channel; on PostgreSQL only the status that says they are the DBA's business.
 * Returns what a clean stop calls.
 */
export async function startSnapshots(opts: {
  config: {
    SNAPSHOT_DIR?: string;
    SNAPSHOT_MINUTES: number;
    SNAPSHOT_SECONDS?: number;
    SNAPSHOT_KEEP: number;
    SNAPSHOTS?: 'on' | 'off';
  };
  kind: 'pglite' | 'postgres';
  client: unknown;
  dataDir: string;
  log: FastifyBaseLogger;
}): Promise<{ stop(): Promise<void> }> {
  const { config } = opts;
  const pglite = opts.client as Partial<LockablePglite> | undefined;
  if (opts.kind !== 'pglite' || typeof pglite?._runExclusiveTransaction !== 'function') {
    configureSnapshotStatus({ mode: 'postgres', dir: null, intervalMs: 0, keep: config.SNAPSHOT_KEEP });
    return { stop: async () => undefined };
  }
  const dir = path.resolve(
    process.env.INIT_CWD ?? process.cwd(),
    config.SNAPSHOT_DIR ?? path.join(opts.dataDir, 'snapshots'),
  );
  const intervalMs =
    config.SNAPSHOT_SECONDS !== undefined ? config.SNAPSHOT_SECONDS * 1000 : config.SNAPSHOT_MINUTES * 60_000;
  const snapshotter = new Snapshotter({
    pglite: pglite as LockablePglite,
    pgDir: path.join(opts.dataDir, 'pglite'),
    dir,
    // SNAPSHOTS=off: no timer either.
    intervalMs: config.SNAPSHOTS === 'off' ? 0 : intervalMs,
    keep: config.SNAPSHOT_KEEP,
    log: opts.log,
    // SNAPSHOTS=off: none on the timer, at 结束投票 or at the stop; the backup channel still takes one.
    automatic: config.SNAPSHOTS !== 'off',
  });
  snapshotter.start();
  active = snapshotter;
  let channel: { close(): Promise<void> } | null = null;
  try {
    channel = await openSnapshotChannel(opts.dataDir, snapshotter);
  } catch (err) {
    opts.log.error({ err }, '无法开启运行中备份的本机通道：npm run backup 需要先停止服务');
  }
  return {
    async stop() {
      await channel?.close();
      await snapshotter.stop();
      active = null;
    },
  };
}
