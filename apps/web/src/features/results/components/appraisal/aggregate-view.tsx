import { GOOD_RATE_LABEL } from '@kaoping/contracts/constants';
import type { TargetResult } from '@kaoping/contracts/target-results';
import { Col, Empty, Progress, Row, Statistic, Table, Tag, Typography } from 'antd';
import { AdminTable } from '@/components/admin-table';
import { OPTION_COLORS } from '@/components/charts/echart';
import { formatScore, formatShare } from '@/lib/format';

type Aggregate = TargetResult['combined'];
type Item = Aggregate['items'][number];
type Reverse = Aggregate['reverse'][number];

const Heading = ({ children }: { children: string }) => (
  <Typography.Title level={5} style={{ marginTop: 20 }}>
    {children}
  </Typography.Title>
);

/** Every figure of one target in one vote type (or all pooled): overall, items, reverse items. */
export function AggregateView({ agg, reverseTitle }: { agg: Aggregate; reverseTitle: string }) {
  if (agg.count === 0) return <Empty description="暂无投票数据" />;
  const optionLabels = agg.items[0]?.distribution.map((d) => d) ?? [];
  return (
    <>
      <Row gutter={[16, 12]}>
        {[
          ['票数', String(agg.count)],
          ['平均分', formatScore(agg.mean)],
          ['最高分', formatScore(agg.max)],
          ['最低分', formatScore(agg.min)],
          [GOOD_RATE_LABEL, formatShare(agg.good_rate)],
        ].map(([title, value]) => (
          <Col key={title} xs={8} sm={4} style={{ minWidth: 90 }}>
            <Statistic title={title} value={value} styles={{ content: { fontSize: 20 } }} />
          </Col>
        ))}
      </Row>

      <Heading>总体评价</Heading>
      {agg.overall.map((o, i) => (
        <div key={o.value} className="kp-share-row">
          <span className="kp-share-label">{o.label}</span>
          <Progress
            percent={o.share}
            showInfo={false}
            strokeColor={OPTION_COLORS[i % OPTION_COLORS.length]}
            aria-label={`${o.label}占比`}
          />
          <span className="kp-share-value">
            {o.count} 票（{formatShare(o.share)}）
          </span>
        </div>
      ))}

      <Heading>分项评价</Heading>
      <AdminTable<Item>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={agg.items}
        locale={{ emptyText: '该问卷没有分项评价' }}
        columns={[
          { title: '项目', dataIndex: 'name', fixed: 'left' },
          {
            title: '平均分',
            dataIndex: 'mean',
            align: 'right',
            render: (v: number | null) => formatScore(v),
          },
          ...optionLabels.map((opt) => ({
            title: opt.label,
            key: opt.value,
            align: 'right' as const,
            render: (_: unknown, item: Item) => {
              const d = item.distribution.find((x) => x.value === opt.value);
              return d ? `${d.count}（${formatShare(d.share)}）` : '—';
            },
          })),
        ]}
      />

      <Heading>{reverseTitle}</Heading>
      <Table<Reverse>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={agg.reverse}
        locale={{ emptyText: '该问卷没有反向测评题' }}
        columns={[
          {
            title: '问题',
            dataIndex: 'description',
            render: (text: string) => (
              <span>
                <Tag color="volcano">反向</Tag>
                {text}
              </span>
            ),
          },
          {
            title: '认为存在',
            dataIndex: 'count',
            align: 'right',
            width: 90,
            render: (n: number) => `${n} 人`,
          },
          {
            title: '占比',
            dataIndex: 'share',
            align: 'right',
            width: 90,
            render: (v: number) => formatShare(v),
          },
        ]}
      />
    </>
  );
}
