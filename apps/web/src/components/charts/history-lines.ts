import type { ChartOption } from './echart-core';

export interface HistoryLine {
  name: string;
  color: string;
  /** One value per round; null where the round has no figure (the line breaks there). */
  data: (number | null)[];
  /** Appended to the values in labels and the tooltip ('%'). */
  suffix?: string;
}

/** Lines across rounds (测评批次), oldest first: a target's or a unit's figures year by year. */
export function historyLinesOption({
  rounds,
  lines,
}: {
  rounds: string[];
  lines: HistoryLine[];
}): ChartOption {
  return {
    animationDuration: 400,
    grid: { left: 8, right: 24, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: rounds, boundaryGap: rounds.length < 2 },
    yAxis: { type: 'value', min: 0, max: (v) => Math.max(100, Math.ceil(v.max)) },
    series: lines.map((l, i) => ({
      type: 'line',
      name: l.name,
      data: l.data,
      connectNulls: false,
      symbolSize: 8,
      itemStyle: { color: l.color },
      lineStyle: { color: l.color, width: 2 },
      label: {
        show: true,
        // Alternately above and below, so that close values of two lines stay readable.
        position: i % 2 === 0 ? 'top' : 'bottom',
        formatter: ({ value }) =>
          value === null || value === undefined ? '' : `${Number(value).toFixed(2)}${l.suffix ?? ''}`,
      },
      tooltip: {
        valueFormatter: (v) =>
          v === null || v === undefined ? '—' : `${Number(v).toFixed(2)}${l.suffix ?? ''}`,
      },
    })),
  };
}
