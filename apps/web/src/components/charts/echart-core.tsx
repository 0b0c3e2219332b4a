import { useEffect, useRef } from 'react';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { EChartProps } from './echart';

// Only what the results screens draw, so the admin chunk stays small. SVG rather than canvas: crisp on
// high-density screens and in screenshots for reports, light on phones, and the labels stay real text.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = echarts.ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

const FALLBACK_WIDTH = 320;

/** One ECharts chart that follows its container's width (loaded lazily through ./echart). */
export default function EChartCore({ option, height, label }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // An explicit size: a hidden or not yet laid out container measures 0 and ECharts would draw nothing.
    const instance = echarts.init(el, undefined, {
      renderer: 'svg',
      width: el.clientWidth || FALLBACK_WIDTH,
      height: el.clientHeight || undefined,
    });
    chart.current = instance;
    const observer = new ResizeObserver((entries) => {
      const rect = entries[0]?.contentRect;
      if (rect && rect.width > 0) instance.resize({ width: rect.width, height: rect.height });
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.resize({ width: box.current?.clientWidth || FALLBACK_WIDTH, height });
    instance.setOption(option, { notMerge: true });
  }, [option, height]);

  return (
    <div ref={box} role="img" aria-label={label} className="kp-echart" style={{ width: '100%', height }} />
  );
}
