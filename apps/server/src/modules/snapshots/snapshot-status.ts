import fs from 'node:fs';
import path from 'node:path';

/**
 * Where and when the running server last wrote a snapshot of the embedded database (issue 28), for the
 * system settings screen and the pre-meeting check. One record per process: the snapshot scheduler
 * (snapshots.ts) fills it; anything may read it with `snapshotStatus()`.
 *
 * Snapshot files are `kaoping-YYYYMMDD-HHMMSS-mmm.backup` (the server's local time) in the snapshot
 * folder, so the newest file is the last one by name; each is a backup file `npm run restore` takes.
 */
export const SNAPSHOT_PREFIX = 'kaoping-';
export const SNAPSHOT_SUFFIX = '.backup';
const NAME = /^kaoping-\d{8}-\d{6}-\d{3}\.backup$/;

/** Why a snapshot was taken. */
export type SnapshotReason = 'timer' | 'close' | 'stop' | 'backup';

export interface SnapshotStatus {
  /** Snapshots are written by this server (embedded database, scheduler started). */
  enabled: boolean;
  /**
   * 'postgres': snapshots are the DBA's business; 'off': no scheduler in this process; 'disabled': the
   * embedded database with SNAPSHOTS=off.
   */
  mode: 'pglite' | 'postgres' | 'off' | 'disabled';
  /** The snapshot folder (full path), when there is one. */
  dir: string | null;
  /** Minutes between snapshots on the timer (0: only at close and stop). */
  interval_minutes: number;
  /** Seconds between snapshots when a test set SNAPSHOT_SECONDS; null otherwise. */
  interval_seconds: number | null;
  keep: number;
  /** The newest snapshot file in the folder (by name), whoever wrote it, and its age. */
  last_file: string | null;
  last_at: string | null;
  last_age_seconds: number | null;
  last_bytes: number | null;
  /** What this process measured for its own last snapshot. */
  last_reason: SnapshotReason | null;
  last_ballots: number | null;
  /** Milliseconds the database was held (no query could run) for the last snapshot. */
  last_hold_ms: number | null;
  last_duration_ms: number | null;
  next_due_at: string | null;
  /** The last failure since the last success, in Chinese. */
  last_error: { at: string; message: string } | null;
  /** Snapshot files currently in the folder. */
  count: number;
}

interface State {
  mode: SnapshotStatus['mode'];
  dir: string | null;
  intervalMs: number;
  keep: number;
  last: {
    file: string;
    at: Date;
    bytes: number;
    reason: SnapshotReason;
    ballots: number | null;
    holdMs: number;
    durationMs: number;
  } | null;
  nextDueAt: Date | null;
  error: { at: Date; message: string } | null;
}

const state: State = {
  mode: 'off',
  dir: null,
  intervalMs: 0,
  keep: 0,
  last: null,
  nextDueAt: null,
  error: null,
};

/** Called once by the scheduler when the server starts (or by main for PostgreSQL). */
export function configureSnapshotStatus(opts: {
  mode: SnapshotStatus['mode'];
  dir: string | null;
  intervalMs: number;
  keep: number;
}) {
  state.mode = opts.mode;
  state.dir = opts.dir;
  state.intervalMs = opts.intervalMs;
  state.keep = opts.keep;
  state.last = null;
  state.error = null;
  state.nextDueAt = null;
}

export function recordSnapshot(last: NonNullable<State['last']>) {
  state.last = last;
  state.error = null;
}

export function recordSnapshotError(message: string, at = new Date()) {
  state.error = { at, message };
}

export function recordNextDue(at: Date | null) {
  state.nextDueAt = at;
}

/** Snapshot files in `dir`, oldest first (the names sort by time). */
export function listSnapshots(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter((n) => NAME.test(n))
      .sort();
  } catch {
    return [];
  }
}

/** The time in a snapshot file's name (local time), or null for another name. */
export function snapshotTimeOf(name: string): Date | null {
  const m = /^kaoping-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})\.backup$/.exec(name);
  if (!m) return null;
  const [y, mo, d, h, mi, s, ms] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(y, mo - 1, d, h, mi, s, ms);
}

/** A snapshot file name for the moment `at` (local time, to the millisecond). */
export function snapshotName(at: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${SNAPSHOT_PREFIX}${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}-${p(at.getMilliseconds(), 3)}${SNAPSHOT_SUFFIX}`;
}

/** The snapshot state of this process, with the newest file read from the folder. */
export function snapshotStatus(now = new Date()): SnapshotStatus {
  const files = state.dir ? listSnapshots(state.dir) : [];
  const newest = files.at(-1) ?? null;
  let at: Date | null = null;
  let bytes: number | null = null;
  if (newest && state.dir) {
    at = snapshotTimeOf(newest);
    try {
      bytes = fs.statSync(path.join(state.dir, newest)).size;
    } catch {
      bytes = null;
    }
  }
  const mine = state.last && state.last.file === newest ? state.last : null;
  const seconds = state.intervalMs % 60_000 === 0 ? null : Math.round(state.intervalMs / 1000);
  return {
    enabled: state.mode === 'pglite',
    mode: state.mode,
    dir: state.dir,
    interval_minutes: Math.floor(state.intervalMs / 60_000),
    interval_seconds: seconds,
    keep: state.keep,
    last_file: newest,
    last_at: at ? at.toISOString() : null,
    last_age_seconds: at ? Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000)) : null,
    last_bytes: bytes,
    last_reason: mine?.reason ?? null,
    last_ballots: mine?.ballots ?? null,
    last_hold_ms: mine?.holdMs ?? null,
    last_duration_ms: mine?.durationMs ?? null,
    next_due_at: state.nextDueAt ? state.nextDueAt.toISOString() : null,
    last_error: state.error ? { at: state.error.at.toISOString(), message: state.error.message } : null,
    count: files.length,
  };
}
