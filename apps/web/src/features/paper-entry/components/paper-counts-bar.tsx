import type { PaperCounts } from '@kaoping/contracts/paper-ballots';

/**
 * 纸质 / 线上 ballots counted, sheets waiting, and what this tab entered; in link mode (`numbered`) also the
 * numbered sheets printed and those not keyed yet.
 */
export function PaperCountsBar({
  counts,
  entered,
  numbered = false,
  talk = false,
}: {
  counts: PaperCounts;
  entered: number;
  numbered?: boolean;
  /** 谈话调研推荐: talk records only (no phone, no print, single entry). */
  talk?: boolean;
}) {
  const printed: { label: string; value: number; warn?: boolean }[] = numbered
    ? [
        {
          label: counts.printed > 0 ? `已打印（编号至 ${counts.last_number}）` : '已打印',
          value: counts.printed,
        },
        { label: '已打印未录入', value: counts.unkeyed },
      ]
    : [];
  const items = talk
    ? [
        { label: '谈话记录已计入', value: counts.paper },
        { label: '本次已录入', value: entered },
      ]
    : [
        ...printed,
        { label: '纸质票已计票', value: counts.paper },
        { label: '线上投票', value: counts.online },
        { label: '待第二次录入', value: counts.pending, warn: counts.pending > 0 },
        { label: '两次录入不一致', value: counts.conflict, warn: counts.conflict > 0 },
        { label: '本次已录入', value: entered },
      ];
  return (
    <div
      className={`kp-pe-counts${talk ? ' kp-pe-counts-two' : ''}`}
      aria-label={talk ? '谈话记录统计' : '纸质票统计'}
    >
      {items.map((i) => (
        <div key={i.label} className={`kp-pe-count${i.warn ? ' kp-pe-count-warn' : ''}`}>
          <div className="kp-pe-count-value">{i.value}</div>
          <div className="kp-pe-count-label">{i.label}</div>
        </div>
      ))}
    </div>
  );
}
