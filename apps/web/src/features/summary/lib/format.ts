/** An instant in Beijing time, to the minute, as the 汇总表 prints it; '—' without one. */
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
