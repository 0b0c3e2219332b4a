/** A share as the 汇总表 prints it: two decimals and a percent sign; '—' without voters. */
export const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? '—' : `${x.toFixed(2)}%`;
/** A score with two decimals; '—' without voters. */
export const score = (x: number | null | undefined) => (x === null || x === undefined ? '—' : x.toFixed(2));
/** An instant in Beijing time, to the minute. */
export const minute = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('zh-CN', {
        timeZone: 'Asia/Shanghai',
        hour12: false,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
    : '—';
