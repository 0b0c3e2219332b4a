import { useMemo } from 'react';
import type { TargetResult } from '@kaoping/contracts/target-results';
import { Card, Col, Row } from 'antd';
import { EChart, OPTION_COLORS, type ChartOption } from '@/components/charts/echart';
import { stackedSharesOption } from '@/components/charts/stacked-shares';

const ROW_PX = 34;
const barHeight = (rows: number) => 70 + rows * ROW_PX;
// Long Chinese names would squeeze the bars: the axis shows at most this many characters.
const shortName = (name: string) => (name.length > 8 ? `${name.slice(0, 8)}…` : name);

/** Targets with ballots, best weighted result first: both charts list them in the same order. */
const ranked = (targets: readonly TargetResult[]) =>
  targets
    .filter((t) => t.weighted_score !== null)
    .sort((a, b) => (b.weighted_score ?? 0) - (a.weighted_score ?? 0));

/** Horizontal bars of the weighted result, best at the top. */
function weightedOption(targets: readonly TargetResult[], label: string): ChartOption {
  const rows = ranked(targets);
  return {
    animationDuration: 400,
    grid: { left: 8, right: 56, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', min: 0, max: (v) => Math.max(100, Math.ceil(v.max)) },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows.map((t) => t.name),
      axisLabel: { formatter: shortName },
    },
    series: [
      {
        type: 'bar',
        name: label,
        data: rows.map((t) => t.weighted_score ?? 0),
        barMaxWidth: 22,
        itemStyle: { color: OPTION_COLORS[0], borderRadius: [0, 3, 3, 0] },
        label: { show: true, position: 'right', formatter: ({ value }) => Number(value).toFixed(2) },
      },
    ],
  };
}

/** 100% stacked bars: the share of each overall option (优秀/称职/… or 好/较好/…) per target. */
function overallOption(targets: readonly TargetResult[]): ChartOption {
  const rows = ranked(targets);
  const options = rows[0]?.combined.overall ?? [];
  return stackedSharesOption({
    rows: rows.map((t) => t.name),
    rowLabel: shortName,
    top: 40,
    barMaxWidth: 22,
    segmentLabel: {
      show: true,
      color: '#fff',
      fontSize: 11,
      // Only where the segment is wide enough to hold its number.
      formatter: ({ value }: { value: unknown }) =>
        Number(value) >= 12 ? `${Math.round(Number(value))}%` : '',
    },
    series: options.map((o, i) => ({
      name: o.label,
      color: OPTION_COLORS[i % OPTION_COLORS.length],
      data: rows.map((t) => t.combined.overall.find((x) => x.value === o.value)?.share ?? 0),
    })),
  });
}

/** The two charts of one poll's targets, side by side on wide screens. */
export function TargetCharts({
  targets,
  scoreLabel,
}: {
  targets: readonly TargetResult[];
  scoreLabel: string;
}) {
  const weighted = useMemo(() => weightedOption(targets, scoreLabel), [targets, scoreLabel]);
  const overall = useMemo(() => overallOption(targets), [targets]);
  const rows = ranked(targets).length;
  if (rows === 0) return null;
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} xl={12}>
        <Card size="small" title={`${scoreLabel}对比`}>
          <EChart option={weighted} height={barHeight(rows)} label={`各测评对象${scoreLabel}条形图`} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title="总体评价分布">
          <EChart
            option={overall}
            height={barHeight(rows) + 24}
            label="各测评对象总体评价选项占比堆叠条形图"
          />
        </Card>
      </Col>
    </Row>
  );
}
