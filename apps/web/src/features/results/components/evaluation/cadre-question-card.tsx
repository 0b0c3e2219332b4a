import { useMemo } from 'react';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import { Card, Col, Empty, Grid, Row, Table, Tag, Typography } from 'antd';
import { EChart, OPTION_COLORS, type ChartOption } from '@/components/charts/echart';
import { formatShare } from '@/lib/format';

type Question = EvaluationResults['cadre']['questions'][number];
type OptionRow = Question['options'][number];

const TYPE_TAG = { single_choice: '单选', multiple_choice: '多选', text_area: '文字' } as const;

/** Judgement options get the scale from good to bad; 不了解 is grey; ticked problems all one colour. */
function barColor(q: Question, option: string, index: number) {
  if (option === '不了解') return OPTION_COLORS[OPTION_COLORS.length - 1];
  if (q.type === 'multiple_choice') return OPTION_COLORS[0];
  return OPTION_COLORS[index % (OPTION_COLORS.length - 1)];
}

/** Horizontal bars of the number of voters per option, share beside each bar. */
function optionChart(q: Question, compact: boolean): ChartOption {
  return {
    animationDuration: 400,
    // On a phone the option names get less room and the bars carry only the count (the table has the rest).
    grid: { left: 8, right: compact ? 36 : 90, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, splitNumber: compact ? 2 : 5 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: q.options.map((o) => o.option),
      axisLabel: { width: compact ? 84 : 140, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: '人数',
        barMaxWidth: 20,
        data: q.options.map((o, i) => ({
          value: o.count,
          itemStyle: { color: barColor(q, o.option, i) },
        })),
        label: {
          show: true,
          position: 'right',
          formatter: ({ dataIndex }) => {
            const o = q.options[dataIndex];
            return compact ? String(o?.count ?? 0) : `${o?.count ?? 0}（${formatShare(o?.share)}）`;
          },
        },
      },
    ],
  };
}

/** One question of the 选人用人工作 poll: a chart and the counts, or the list of written answers. */
export function CadreQuestionCard({ q, index }: { q: Question; index: number }) {
  const compact = Grid.useBreakpoint().sm === false;
  const option = useMemo(() => optionChart(q, compact), [q, compact]);
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={
        <span style={{ whiteSpace: 'normal' }}>
          {index}. {q.text} <Tag style={{ marginLeft: 4 }}>{TYPE_TAG[q.type]}</Tag>
        </span>
      }
      extra={<Typography.Text type="secondary">{q.answered} 人作答</Typography.Text>}
    >
      {q.type === 'text_area' ? (
        <TextAnswers texts={q.texts} />
      ) : (
        <Row gutter={[16, 8]}>
          <Col xs={24} lg={14}>
            <EChart
              option={option}
              height={40 + q.options.length * 34}
              label={`第${index}题各选项人数条形图`}
            />
          </Col>
          <Col xs={24} lg={10}>
            <Table<OptionRow>
              rowKey="option"
              size="small"
              pagination={false}
              dataSource={q.options}
              columns={[
                { title: '选项', dataIndex: 'option' },
                { title: '人数', dataIndex: 'count', align: 'right', width: 64 },
                {
                  title: '占比',
                  dataIndex: 'share',
                  align: 'right',
                  width: 84,
                  render: (v: number) => formatShare(v),
                },
              ]}
            />
            {q.type === 'multiple_choice' && (
              <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '6px 0 0' }}>
                多选题占比为勾选该项的人数占全部投票人的比例，合计可超过 100%。
              </Typography.Paragraph>
            )}
          </Col>
        </Row>
      )}
    </Card>
  );
}

/** Written answers, numbered, in a scrolling box (a large meeting leaves hundreds). */
export function TextAnswers({ texts, empty = '暂无文字意见' }: { texts: readonly string[]; empty?: string }) {
  if (texts.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ol className="kp-text-answers" style={{ paddingLeft: 24, margin: 0 }}>
      {texts.map((t, i) => (
        <li key={i} style={{ padding: '4px 0', borderBottom: '1px dashed #f0f0f0', whiteSpace: 'pre-wrap' }}>
          {t}
        </li>
      ))}
    </ol>
  );
}
