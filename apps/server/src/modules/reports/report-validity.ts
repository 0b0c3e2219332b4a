import { COUNT_STAGE_LABELS, FORM_CATEGORY_LABELS } from '@kaoping/contracts/vote-type';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import { oneRowHeader, type ReportBlock } from '../../lib/report/report-model';
import { closedLine, count, minute, share, thresholdsLine } from './report-common';

/** 发出数 / 收回数 / 参评率 per voter group, the 未超过半数 warning, the thresholds and the close time. */
export function validityBlocks(s: UnitSummary): ReportBlock[] {
  const v = s.validity;
  const blocks: ReportBlock[] = [{ kind: 'heading', text: '一、参评情况', level: 1 }];
  if (v.under_half)
    blocks.push({
      kind: 'paragraph',
      tone: 'warning',
      text: `警告：${v.vote_types
        .filter((r) => r.under_half)
        .map((r) => `“${r.name}”`)
        .join('、')}收回数未超过发出数的半数（未超过半数），结果仅供参考。`,
    });
  if (!v.count_finished)
    blocks.push({
      kind: 'paragraph',
      tone: 'warning',
      text: `${v.count_note}：${v.vote_types
        .filter((r) => r.count_stage !== 'counted')
        .map((r) => `“${r.name}”${COUNT_STAGE_LABELS[r.count_stage]}`)
        .join('、')}，以下结果不是最终结果。`,
    });
  // Groups still open are counted in the table below and left out of every table after it (decision 0041).
  if (v.open_note) blocks.push({ kind: 'paragraph', tone: 'warning', text: `${v.open_note}。` });
  for (const r of v.vote_types)
    if (r.deleted_note)
      blocks.push({ kind: 'paragraph', tone: 'warning', text: `“${r.name}”${r.deleted_note}。` });
  if (s.empty)
    blocks.push({ kind: 'paragraph', tone: 'warning', text: '本批次尚无正式选票，以下各表为空。' });
  blocks.push({
    kind: 'table',
    table: {
      header: oneRowHeader(
        '类别',
        '投票类型（票类）',
        '发出数',
        '收回数',
        '参评率',
        '提示',
        '阶段',
        '结束时间（北京时间）',
      ),
      widths: [11, 18, 8, 8, 9, 16, 11, 19],
      rows: v.vote_types.map((r) => ({
        flagged: r.under_half || r.deleted_ballots > 0,
        cells: [
          FORM_CATEGORY_LABELS[r.form_category],
          r.name,
          r.issued === null ? '未设置' : count(r.issued),
          count(r.received),
          share(r.rate),
          [r.under_half ? '未超过半数' : '', r.deleted_ballots > 0 ? `删除 ${r.deleted_ballots} 张` : '']
            .filter(Boolean)
            .join('；') || null,
          COUNT_STAGE_LABELS[r.count_stage],
          r.closed_at ? minute(r.closed_at) : '未结束',
        ],
      })),
    },
  });
  if (v.vote_types.length === 0)
    blocks.push({ kind: 'paragraph', tone: 'muted', text: '本批次没有投票类型。' });
  // The thresholds and the close time go with the figures (issue 15 item 6), not only on the cover.
  blocks.push({ kind: 'paragraph', text: thresholdsLine(s) }, { kind: 'paragraph', text: closedLine(s) });
  blocks.push({ kind: 'paragraph', tone: 'muted', text: `说明：${v.rounding_note}` });
  return blocks;
}
