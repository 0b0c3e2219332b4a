import type { BarSeriesOption } from 'echarts/charts';
import type { ChartOption } from './echart';

export interface ShareSeries {
  name: string;
  color: string | undefined;
  /** One share (percent) per row. */
  data: number[];
}

export interface StackedSharesProps {
  /** One bar per row, top to bottom. */
  rows: string[];
  series: ShareSeries[];
  /** Room above the bars for the legend. */
  top: number;
  barMaxWidth: number;
  rowLabel?: (name: string) => string;
  /** A label inside each segment (its share), where the chart wants one. */
  segmentLabel?: BarSeriesOption['label'];
}

/** Horizontal 100% stacked bars: how the answers of each row divide, in percent, with a legend on top. */
export function stackedSharesOption({
  rows,
  series,
  top,
  barMaxWidth,
  rowLabel,
  segmentLabel,
}: StackedSharesProps): ChartOption {
  return {
    animationDuration: 400,
    grid: { left: 8, right: 16, top, bottom: 8, containLabel: true },
    legend: { top: 0, itemWidth: 14, itemHeight: 10 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v) => `${Number(v).toFixed(2)}%`,
    },
    xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows,
      ...(rowLabel && { axisLabel: { formatter: rowLabel } }),
    },
    series: series.map((s) => ({
      type: 'bar' as const,
      name: s.name,
      stack: 'shares',
      barMaxWidth,
      itemStyle: { color: s.color },
      ...(segmentLabel && { label: segmentLabel }),
      data: s.data,
    })),
  };
}
