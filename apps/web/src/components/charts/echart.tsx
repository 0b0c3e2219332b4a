import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ChartOption } from './echart-core';

export type { ChartOption };

/** Colours of ordered answer options, best first; the last grey is for 不了解-like answers. */
export const OPTION_COLORS = ['#c62828', '#ef6c00', '#f9a825', '#607d8b', '#8d6e63', '#bdbdbd'];

export interface EChartProps {
  option: ChartOption;
  height: number;
  /** What the chart shows, for screen readers (the same figures are always in a table nearby). */
  label: string;
}

// ECharts is about half a megabyte: its own chunk, so the tables show while the charts load.
const Core = lazy(() => import('./echart-core'));

/** A bar chart (or any ECharts option) that follows its container's width. */
export function EChart(props: EChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height }} />}>
      <Core {...props} />
    </Suspense>
  );
}
