import { createRequire } from 'node:module';
import type * as Resvg from '@resvg/resvg-js';
import type * as Echarts from 'echarts';
import { cjkFontPath } from '../pdf/fonts';

// Loaded on the first chart, not at start-up: ECharts alone takes most of a second to load, which every
// server start (and every test file) would pay for a report few requests ask for.
const load = createRequire(import.meta.url);
let libs: { echarts: typeof Echarts; Resvg: typeof Resvg.Resvg } | undefined;
const chartLibs = () =>
  (libs ??= {
    echarts: load('echarts') as typeof Echarts,
    Resvg: (load('@resvg/resvg-js') as typeof Resvg).Resvg,
  });

// Charts for the printed report: ECharts renders SVG on the server (no DOM), resvg turns it into a PNG
// with the same Noto Sans SC font as the PDF text, so Chinese labels render on any machine.

export interface ChartPng {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * A chart not drawn yet: the ECharts option (plain data, no functions) and its size in points. The
 * report's blocks carry charts this way and the renderers draw them on the render worker
 * (render-pool.ts), so the server's thread never spends the seconds resvg takes (issue 28).
 */
export interface ChartSpec {
  option: Echarts.EChartsCoreOption;
  width: number;
  height: number;
}

/** The PNG of a report's chart block: drawn now when it is a spec (on the render worker). */
export const blockPng = (b: ChartPng | ChartSpec): Buffer =>
  'png' in b ? b.png : chartPng(b.option, b.width, b.height).png;

const FAMILY = 'Noto Sans SC';

/** Renders an ECharts option (animation off) at width × height points, as a PNG at twice that size. */
export function chartPng(option: Echarts.EChartsCoreOption, width: number, height: number): ChartPng {
  const { echarts, Resvg } = chartLibs();
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: FAMILY }, ...option });
    const svg = chart.renderToSVGString();
    const png = new Resvg(svg, {
      font: { fontFiles: [cjkFontPath()], loadSystemFonts: false, defaultFontFamily: FAMILY },
      fitTo: { mode: 'zoom', value: 2 },
      background: '#ffffff',
    })
      .render()
      .asPng();
    return { png, width, height };
  } finally {
    chart.dispose();
  }
}

/** 100 % stacked horizontal bars: one bar per name, one segment per series (shares in percent). */
export function stackedSharesChart(
  title: string,
  names: string[],
  series: { name: string; shares: number[] }[],
): ChartPng {
  const spec = stackedSharesSpec(title, names, series);
  return chartPng(spec.option, spec.width, spec.height);
}

/** stackedSharesChart, not drawn yet. */
export function stackedSharesSpec(
  title: string,
  names: string[],
  series: { name: string; shares: number[] }[],
): ChartSpec {
  const height = Math.max(170, 86 + names.length * 22);
  return {
    option: {
      title: { text: title, left: 'center', textStyle: { fontSize: 13 } },
      legend: { bottom: 0, textStyle: { fontSize: 10 } },
      grid: { left: 110, right: 24, top: 32, bottom: 52 },
      xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%', fontSize: 10 } },
      yAxis: {
        type: 'category',
        data: names,
        inverse: true,
        axisLabel: { fontSize: 10, width: 100, overflow: 'truncate' },
      },
      color: ['#1d4ed8', '#60a5fa', '#fbbf24', '#dc2626', '#9ca3af', '#10b981'],
      series: series.map((s) => ({ name: s.name, type: 'bar', stack: 'all', data: s.shares, barWidth: 14 })),
    },
    width: 640,
    height,
  };
}

/** Bars of one figure per name (e.g. 认同率), with a dashed line at the average. */
export function barsWithAverage(title: string, names: string[], values: number[], average: number | null) {
  const spec = barsWithAverageSpec(title, names, values, average);
  return chartPng(spec.option, spec.width, spec.height);
}

/** barsWithAverage, not drawn yet. */
export function barsWithAverageSpec(
  title: string,
  names: string[],
  values: number[],
  average: number | null,
): ChartSpec {
  return {
    option: {
      title: { text: title, left: 'center', textStyle: { fontSize: 13 } },
      grid: { left: 48, right: 24, top: 36, bottom: 48 },
      xAxis: {
        type: 'category',
        data: names,
        axisLabel: { fontSize: 10, interval: 0, rotate: names.length > 8 ? 30 : 0 },
      },
      yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%', fontSize: 10 } },
      series: [
        {
          type: 'bar',
          data: values,
          barMaxWidth: 28,
          itemStyle: { color: '#1d4ed8' },
          label: { show: true, position: 'top', fontSize: 9, formatter: '{c}%' },
          markLine:
            average === null
              ? undefined
              : {
                  symbol: 'none',
                  lineStyle: { type: 'dashed', color: '#dc2626' },
                  label: { formatter: `平均 ${average}%`, fontSize: 10 },
                  data: [{ yAxis: average }],
                },
        },
      ],
    },
    width: 640,
    height: 280,
  };
}
