// 会前检查 (issue 28): GET /api/v1/admin/preflight?company_id= — what to put right before a meeting, one
// line per check, each green / amber / red (or neutral) with what to do, in Chinese.
import { z } from 'zod';

/** ok 绿, warn 黄, fail 红; info: nothing to do here (e.g. backups on PostgreSQL are the DBA's). */
export const preflightLevel = z.enum(['ok', 'warn', 'fail', 'info']);
export type PreflightLevel = z.infer<typeof preflightLevel>;

export const PREFLIGHT_LEVEL_LABELS: Record<PreflightLevel, string> = {
  ok: '正常',
  warn: '注意',
  fail: '需处理',
  info: '说明',
};

/**
 * What a line checks. Server: public_url, disk, snapshot_dir, snapshot_age, time_zone. Per vote type:
 * window, test_mode, codes, covers, paper; `vote_types` when the unit has none switched on.
 */
export const preflightCheck = z.enum([
  'public_url',
  'disk',
  'snapshot_dir',
  'snapshot_age',
  'time_zone',
  'vote_types',
  'window',
  'test_mode',
  'codes',
  'covers',
  'paper',
]);
export type PreflightCheck = z.infer<typeof preflightCheck>;

export const preflightLine = z.object({
  check: preflightCheck,
  level: preflightLevel,
  /** The line's title, e.g. 公网地址. */
  title: z.string(),
  /** What was found, e.g. 'https://kp.example.cn 可以访问（32 毫秒）'. */
  detail: z.string(),
  /** What to do when not green; empty when nothing is to be done. */
  action: z.string(),
});
export type PreflightLine = z.infer<typeof preflightLine>;

export const preflightVoteType = z.object({
  id: z.number().int(),
  name: z.string(),
  lines: z.array(preflightLine),
});
export type PreflightVoteType = z.infer<typeof preflightVoteType>;

export const preflightReport = z.object({
  company_id: z.number().int(),
  /** The server's clock when it answered (ISO): the screen compares it with the browser's. */
  server_time: z.string(),
  /** The server's time zone (IANA name) and its offset from UTC in minutes (480 for Asia/Shanghai). */
  time_zone: z.string(),
  utc_offset_minutes: z.number().int(),
  /** The worst level of all lines: what the screen's summary shows. */
  level: preflightLevel,
  /** The server's lines: public address, disk, snapshot folder and age, time zone. */
  server: z.array(preflightLine),
  /** The unit's own lines: a red `vote_types` line when no vote type is switched on. */
  unit: z.array(preflightLine),
  /** One group per switched-on vote type of the unit's current round. */
  vote_types: z.array(preflightVoteType),
});
export type PreflightReport = z.infer<typeof preflightReport>;

/** The clock line, computed on the screen: how far the browser's clock is from the server's. */
export function clockLevel(skewMs: number): PreflightLevel {
  const s = Math.abs(skewMs) / 1000;
  if (s <= 30) return 'ok';
  if (s <= 120) return 'warn';
  return 'fail';
}

/** The worst of some levels (info counts as ok). */
export function worstLevel(levels: PreflightLevel[]): PreflightLevel {
  if (levels.includes('fail')) return 'fail';
  if (levels.includes('warn')) return 'warn';
  return 'ok';
}
