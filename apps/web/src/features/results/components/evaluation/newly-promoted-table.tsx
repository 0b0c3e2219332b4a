import { useMemo } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EChart, OPTION_COLORS, type ChartOption } from '@/components/charts/echart';
import { stackedSharesOption } from '@/components/charts/stacked-shares';
import { formatShare } from '@/lib/format';
import { FiguresTable } from '../figure-blocks';

type Subject = EvaluationResults['newly_promoted']['subjects'][number];

const OPINIONS = ['认同', '基本认同', '不认同', '不了解'] as const;
// 认同 green-ish red scale would mislead: 不认同 is the one to notice, so it alone is strong red.
const OPINION_COLORS = ['#2e7d32', '#9ccc65', '#c62828', OPTION_COLORS[5]!];

/** The threshold (a share 0-1) as officials say it: 33.33%. */
export const thresholdText = (t: number) => `${(t * 100).toFixed(2)}%`;

function columns(threshold: number): ColumnsType<Subject> {
  return [
    { title: '序号', key: 'no', width: 56, align: 'center', responsive: ['sm'], render: (_, __, i) => i + 1 },
    {
      title: '姓名',
      dataIndex: 'name',
      fixed: 'left',
      width: 96,
      render: (name: string, s) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {s.flagged && <WarningOutlined style={{ color: '#c62828', marginRight: 4 }} aria-label="需关注" />}
          <Typography.Text strong>{name}</Typography.Text>
        </span>
      ),
    },
    { title: '现任职务', dataIndex: 'current_position', responsive: ['lg'], render: (v: string) => v || '-' },
    { title: '有效票', dataIndex: 'count', align: 'right', width: 72, responsive: ['md'] },
    ...OPINIONS.map((o) => ({
      title: o,
      key: o,
      align: 'right' as const,
      width: 84,
      // Count above, share below: four opinions side by side stay readable on a laptop.
      render: (_: unknown, s: Subject) => (
        <div style={{ lineHeight: 1.3 }}>
          <div>{s.counts[o]}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatShare(s.shares[o])}
          </Typography.Text>
        </div>
      ),
    })),
    {
      title: '认同率',
      dataIndex: 'approval_rate',
      align: 'right',
      width: 90,
      sorter: (a, b) => a.approval_rate - b.approval_rate,
      render: (v: number) => formatShare(v),
    },
    {
      title: '认同+基本认同率',
      dataIndex: 'approval_or_basic_rate',
      align: 'right',
      width: 100,
      sorter: (a, b) => a.approval_or_basic_rate - b.approval_or_basic_rate,
      render: (v: number) => <Typography.Text strong>{formatShare(v)}</Typography.Text>,
    },
    {
      title: '提示',
      key: 'flag',
      width: 140,
      render: (_, s) =>
        s.flagged ? (
          <Tag color="error">
            预警：<span>不认同超过 {thresholdText(threshold)}</span>
          </Tag>
        ) : (
          <Tag color="success">正常</Tag>
        ),
    },
  ];
}

function opinionChart(subjects: readonly Subject[]): ChartOption {
  return stackedSharesOption({
    rows: subjects.map((s) => s.name),
    top: 36,
    barMaxWidth: 20,
    series: OPINIONS.map((o, i) => ({
      name: o,
      color: OPINION_COLORS[i],
      data: subjects.map((s) => s.shares[o]),
    })),
  });
}

/** 新提拔任用干部: per subject the four opinions, 认同率, and rows above the 不认同 threshold marked. */
export function NewlyPromotedTable({ subjects, threshold }: { subjects: Subject[]; threshold: number }) {
  const cols = useMemo(() => columns(threshold), [threshold]);
  const chart = useMemo(() => opinionChart(subjects.filter((s) => s.count > 0)), [subjects]);
  const counted = subjects.filter((s) => s.count > 0).length;
  return (
    <>
      <FiguresTable<Subject>
        rowKey="subject_id"
        dataSource={subjects}
        columns={cols}
        rowClassName={(s) => (s.flagged ? 'kp-row-flagged' : '')}
        locale={{ emptyText: '暂无评议对象' }}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '8px 0 16px' }}>
        不认同占比超过 {thresholdText(threshold)} 的对象以红色标出并注明预警；占比的舍入见页末说明。
      </Typography.Paragraph>
      {counted > 0 && (
        <EChart option={chart} height={60 + counted * 34} label="新提拔干部评议意见占比堆叠条形图" />
      )}
    </>
  );
}
