// 与上年度比较 (issue 14): each target beside the target of the earlier round it was copied from.
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import type { AppraisalResults } from '@kaoping/contracts/target-results';
import type { Cell } from './export-columns';
import { addSheet, dataRow, headerRow, textRow, titleRow, type Book } from './export-xlsx';

/** ▲ 1.25 / ▼ 0.50 / 0.00; empty when either figure is missing. */
export function changeText(change: number | null): Cell {
  if (change === null) return null;
  if (change === 0) return '0.00';
  return `${change > 0 ? '▲' : '▼'} ${Math.abs(change).toFixed(2)}`;
}

export function comparisonSheet(book: Book, name: string, r: AppraisalResults) {
  const sheet = addSheet(book, name, [22, 8, 18, 14, 14, 14, 12, 16, 16, 12], 3);
  titleRow(sheet, `${r.company.name}民主测评与上年度比较`, 10);
  textRow(sheet, [
    '加权得分与最高等次占比（%）；变化为本轮减上一轮，▲ 上升，▼ 下降；新增的测评对象无上年度数据',
  ]);
  headerRow(sheet, [
    '测评对象',
    '类型',
    '职务',
    '上年度批次',
    '上年度加权得分',
    '本年度加权得分',
    '变化',
    '上年度最高等次占比',
    '本年度最高等次占比',
    '变化',
  ]);
  for (const t of r.targets) {
    const prev = t.comparison.previous;
    const top = t.combined.count ? (t.combined.overall[0]?.share ?? null) : null;
    dataRow(
      sheet,
      [
        t.name,
        POLL_KIND_LABELS[t.type].short,
        t.title,
        prev?.round_name ?? null,
        prev?.weighted_score ?? null,
        t.weighted_score,
        changeText(t.comparison.change.weighted_score),
        prev?.top_share ?? null,
        top,
        changeText(t.comparison.change.top_share),
      ],
      new Set([4, 5, 7, 8]),
    );
  }
  sheet.commit();
}
