import type { TurnoutRow } from '@kaoping/contracts/turnout';
import { FORM_CATEGORY_LABELS } from '@kaoping/contracts/vote-type';
import type { ReportBlock } from '../../lib/report/report-model';
import { beijingTime } from '../results/export-columns';

const HALF_WARNING = '未超过半数';

/** 发出数 / 收回数 / 参评率 per voter group, the 未超过半数 warnings and the time each vote closed. */
export function validityBlocks(rows: TurnoutRow[]): ReportBlock[] {
  const blocks: ReportBlock[] = [{ kind: 'heading', text: '一、参评情况', level: 1 }];
  if (rows.length === 0) {
    blocks.push({ kind: 'paragraph', text: '本批次没有投票类型。', tone: 'muted' });
    return blocks;
  }
  blocks.push({
    kind: 'table',
    table: {
      header: [
        [
          { text: '类别' },
          { text: '投票类型（票类）' },
          { text: '发出数' },
          { text: '收回数' },
          { text: '参评率' },
          { text: '提示' },
          { text: '结束时间（北京时间）' },
        ],
      ],
      widths: [12, 20, 9, 9, 10, 22, 20],
      rows: rows.map((r) => ({
        flagged: r.rate_warning !== null,
        cells: [
          FORM_CATEGORY_LABELS[r.form_category],
          r.name,
          r.issued === null ? '未设置' : { num: r.issued },
          { num: r.received },
          r.rate === null ? '—' : { percent: r.rate },
          r.rate_warning === 'under'
            ? `收回数${HALF_WARNING}，结果仅供参考`
            : r.rate_warning === 'over'
              ? '参评率超过 100%，请核对发出数'
              : null,
          r.closed_at ? beijingTime(new Date(r.closed_at)).slice(0, 16) : '未结束',
        ],
      })),
    },
  });
  for (const r of rows.filter((x) => x.rate_warning === 'under'))
    blocks.push({
      kind: 'paragraph',
      tone: 'warning',
      text: `注意：“${r.name}”收回数 ${r.received} 未超过发出数 ${r.issued ?? '—'} 的半数（${HALF_WARNING}）。`,
    });
  if (rows.every((r) => r.received === 0))
    blocks.push({ kind: 'paragraph', tone: 'warning', text: '本批次尚无正式选票，以下各表为空。' });
  return blocks;
}
