// Snapshots of the embedded database while the server runs (issue 28): GET /api/v1/admin/settings/snapshots.
import { z } from 'zod';

export const snapshotReason = z.enum(['timer', 'close', 'stop', 'backup']);

/** SNAPSHOTS=off, as 会前检查 and 系统设置 both say it: what is off, and what to do. */
export const SNAPSHOTS_OFF = {
  title: '自动快照已关闭（SNAPSHOTS=off）',
  action: '去掉 SNAPSHOTS=off 后重启服务；或在会前、会后各运行一次 npm run backup -- 文件名',
} as const;

export const snapshotStatusView = z.object({
  /** The server writes snapshots (embedded database). */
  enabled: z.boolean(),
  /**
   * 'postgres': the DBA backs the database up (pg_dump); 'off': this process takes none; 'disabled': the
   * embedded database with automatic snapshots turned off (SNAPSHOTS=off).
   */
  mode: z.enum(['pglite', 'postgres', 'off', 'disabled']),
  /** The snapshot folder, a full path on the server. */
  dir: z.string().nullable(),
  interval_minutes: z.number().int(),
  /** Set only by tests (SNAPSHOT_SECONDS). */
  interval_seconds: z.number().int().nullable(),
  keep: z.number().int(),
  /** The newest snapshot file in the folder (kaoping-YYYYMMDD-HHMMSS-mmm.backup) and when it was taken. */
  last_file: z.string().nullable(),
  last_at: z.string().nullable(),
  last_age_seconds: z.number().int().nullable(),
  last_bytes: z.number().int().nullable(),
  last_reason: snapshotReason.nullable(),
  /** Submissions (returned ballots) in the copy as opened for the check. */
  last_ballots: z.number().int().nullable(),
  /** Milliseconds the database waited while the folder was read. */
  last_hold_ms: z.number().nullable(),
  last_duration_ms: z.number().int().nullable(),
  next_due_at: z.string().nullable(),
  /** The last failure since the last success, in Chinese. */
  last_error: z.object({ at: z.string(), message: z.string() }).nullable(),
  count: z.number().int(),
});
export type SnapshotStatusView = z.infer<typeof snapshotStatusView>;
