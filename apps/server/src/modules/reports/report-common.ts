import type { CountShare, GradeCell, UnitSummary } from '@kaoping/contracts/summary-tables';
import { thresholdPercent } from '@kaoping/contracts/summary-thresholds';
import { COUNT_STAGE_LABELS } from '@kaoping/contracts/vote-type';
import type { ReportCell } from '../../lib/report/report-model';
import { beijingTime } from '../results/export-columns';

/** A count, or — where the row has none (the 加权合计 row's grades). */
export const count = (n: number | null): ReportCell => (n === null ? '—' : { num: n });
/** A share in percent, or — without voters. */
export const share = (n: number | null): ReportCell => (n === null ? '—' : { percent: n });
export const score = (n: number | null): ReportCell => (n === null ? '—' : { num: n, decimals: 2 });
export const pair = (c: CountShare | GradeCell, voters = 1): ReportCell[] =>
  voters ? [count(c.count), share(c.share)] : [count(c.count), '—'];
/** A time as printed: Beijing time to the minute. */
export const minute = (iso: string) => beijingTime(new Date(iso)).slice(0, 16);

/** The 汇总表 thresholds in words, as every report prints them with the figures. */
export function thresholdsLine(s: UnitSummary): string {
  const t = s.validity.thresholds;
  return `预警阈值：称职及以上率低于 ${thresholdPercent(t.flag_top_two_min)} 或不称职率高于 ${thresholdPercent(t.flag_bottom_max)}；新提拔干部不认同率高于 ${thresholdPercent(s.validity.newly_promoted_threshold)}`;
}

/** The time the vote closed (the last voter group's close), or that some vote is still open. */
export const closedLine = (s: UnitSummary) =>
  `投票结束时间：${s.validity.closed_at ? `${minute(s.validity.closed_at)}（北京时间）` : '尚有投票未结束'}`;

/** The lines every printed table carries under its title: unit, round, thresholds, close time, date. */
const GAP = '\u3000\u3000';
export function headLines(s: UnitSummary): string[] {
  return [
    `单位：${s.company.name}${GAP}测评批次：${s.round.name}`,
    thresholdsLine(s),
    `${closedLine(s)}${GAP}生成时间：${minute(s.generated_at)}（北京时间）`,
    ...(s.validity.count_note ? [`${s.validity.count_note}：以下结果不是最终结果`] : []),
    ...(s.validity.open_note ? [s.validity.open_note] : []),
    ...s.validity.vote_types.map(
      (v) =>
        `${v.name}：发出数 ${v.issued ?? '未设置'}，收回数 ${v.received}，参评率 ${v.rate === null ? '—' : `${v.rate.toFixed(2)}%`}${v.under_half ? '（未超过半数）' : ''}；${COUNT_STAGE_LABELS[v.count_stage]}${v.deleted_note ? `；${v.deleted_note}` : ''}`,
    ),
  ];
}
