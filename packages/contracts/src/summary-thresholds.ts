// The flags of the 汇总表 (issue 15) and the round's thresholds for them: a row whose 称职及以上率 falls under
// flag_top_two_min or whose 不称职率 passes flag_bottom_max stands out. Both are set per round
// (rounds.flag_top_two_min / flag_bottom_max, PUT /admin/companies/{id}/summary/thresholds).
import { z } from 'zod';
import { bodyId, missingOr, strict } from './common';

export const DEFAULT_FLAG_TOP_TWO_MIN = 2 / 3;
export const DEFAULT_FLAG_BOTTOM_MAX = 1 / 3;

export const THRESHOLD_RANGE_DETAIL = '阈值必须在 0 到 1 之间';
export const THRESHOLD_ORDER_DETAIL = '称职及以上率阈值不能低于不称职率阈值';

/** The two thresholds as fractions (0.6667 = 66.67 %). */
export const summaryThresholds = z.object({
  /** 称职及以上率 (share of the first two grades) strictly below it flags a row. */
  flag_top_two_min: z.number(),
  /** 不称职率 (share of the lowest-scored grade) strictly above it flags a row. */
  flag_bottom_max: z.number(),
});
export type SummaryThresholds = z.infer<typeof summaryThresholds>;

export const DEFAULT_THRESHOLDS: SummaryThresholds = {
  flag_top_two_min: DEFAULT_FLAG_TOP_TWO_MIN,
  flag_bottom_max: DEFAULT_FLAG_BOTTOM_MAX,
};

const fraction = (label: string) =>
  z
    .number({ error: missingOr(label, THRESHOLD_RANGE_DETAIL) })
    .min(0, { error: THRESHOLD_RANGE_DETAIL })
    .max(1, { error: THRESHOLD_RANGE_DETAIL });

/** PUT /admin/companies/{id}/summary/thresholds: the round (absent = the current one) and both thresholds. */
export const summaryThresholdsBody = strict('阈值设置', {
  round_id: bodyId('测评批次 ID').optional(),
  flag_top_two_min: fraction('称职及以上率阈值'),
  flag_bottom_max: fraction('不称职率阈值'),
}).superRefine((b, ctx) => {
  if (b.flag_top_two_min < b.flag_bottom_max) {
    ctx.addIssue({ code: 'custom', path: ['flag_top_two_min'], message: THRESHOLD_ORDER_DETAIL });
  }
});
export type SummaryThresholdsBody = z.infer<typeof summaryThresholdsBody>;

/** The answer of the thresholds PUT: the round and what is now stored. */
export const roundThresholds = summaryThresholds.extend({ round_id: z.number().int() });
export type RoundThresholds = z.infer<typeof roundThresholds>;

export interface SummaryFlags {
  /** 称职及以上率 below flag_top_two_min. */
  top_two_low: boolean;
  /** 不称职率 above flag_bottom_max. */
  bottom_high: boolean;
}

// Float noise of a fraction such as 2/3 × 3 must not flag a row that sits exactly on the threshold.
const EPS = 1e-9;

/**
 * The flags of one row from the exact fractions (not the rounded shares): top two strictly under the
 * minimum, bottom strictly over the maximum. A row without voters is never flagged.
 */
export function flagsOf(
  topTwo: number | null,
  bottom: number | null,
  thresholds: SummaryThresholds,
): SummaryFlags {
  return {
    top_two_low: topTwo !== null && topTwo < thresholds.flag_top_two_min - EPS,
    bottom_high: bottom !== null && bottom > thresholds.flag_bottom_max + EPS,
  };
}

/** A threshold as the screens show it: percent, rounded half up to two decimals (0.6667 → '66.67%'). */
export function thresholdPercent(x: number): string {
  const cents = Math.round(x * 10_000 + 1e-7);
  return `${(cents / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The reasons a row is flagged, in Chinese, for the 预警 tag and the printed reports. */
export function flagReasons(flags: SummaryFlags, thresholds: SummaryThresholds): string[] {
  const out: string[] = [];
  if (flags.top_two_low) out.push(`称职及以上率低于 ${thresholdPercent(thresholds.flag_top_two_min)}`);
  if (flags.bottom_high) out.push(`不称职率高于 ${thresholdPercent(thresholds.flag_bottom_max)}`);
  return out;
}
