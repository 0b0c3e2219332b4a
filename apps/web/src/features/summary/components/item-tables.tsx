import type { AppraisalSection } from '@kaoping/contracts/summary-tables';
import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import { Collapse, Typography } from 'antd';
import { formatShare } from '@/lib/format';
import { spanLines, spanned } from '../lib/span-lines';
import { SummaryTable } from './summary-table';

interface ItemLine {
  key: string;
  target: string;
  span: number;
  item: string;
  answered: number;
  options: { count: number; share: number }[];
}
interface ReverseLine {
  key: string;
  target: string;
  span: number;
  item: string;
  count: number;
  share: number;
}

/** 分项评价 (per item, each option's 票数 and 占比) and 反向测评 (voters who marked each problem). */
function Tables({ section }: { section: AppraisalSection }) {
  const items: ItemLine[] = spanLines(
    section.targets,
    (t) => t.items,
    (t, it) => ({
      key: `${t.target_id}:${it.id}`,
      target: t.name,
      item: it.name,
      answered: it.answered,
      options: it.options,
    }),
  );
  const reverse: ReverseLine[] = spanLines(
    section.targets,
    (t) => t.reverse,
    (t, r) => ({
      key: `${t.target_id}:${r.id}`,
      target: t.name,
      item: r.description,
      count: r.count,
      share: r.share,
    }),
  );
  return (
    <>
      <Typography.Text strong>分项评价（各项的票数与占比，占比以答该项的人数为基数）</Typography.Text>
      <SummaryTable<ItemLine>
        rowKey="key"
        style={{ margin: '8px 0 16px' }}
        dataSource={items}
        columns={[
          { title: '测评对象', dataIndex: 'target', onCell: spanned },
          { title: '评价项目', dataIndex: 'item' },
          { title: '答题人数', dataIndex: 'answered', align: 'right' },
          ...section.item_options.map((o, i) => ({
            title: o.label,
            key: o.value,
            children: [
              {
                title: '票数',
                key: `${o.value}n`,
                align: 'right' as const,
                render: (_: unknown, l: ItemLine) => l.options[i]!.count,
              },
              {
                title: '占比',
                key: `${o.value}s`,
                align: 'right' as const,
                render: (_: unknown, l: ItemLine) => (l.answered ? formatShare(l.options[i]!.share) : '—'),
              },
            ],
          })),
        ]}
      />
      {reverse.length > 0 && (
        <>
          <Typography.Text strong>
            {section.reverse_title}（标记该问题的人数及其占参评人数的比例）
          </Typography.Text>
          <SummaryTable<ReverseLine>
            rowKey="key"
            style={{ marginTop: 8 }}
            dataSource={reverse}
            columns={[
              { title: '测评对象', dataIndex: 'target', onCell: spanned },
              { title: '问题', dataIndex: 'item' },
              { title: '人数', dataIndex: 'count', align: 'right' },
              { title: '占比', dataIndex: 'share', align: 'right', render: (s: number) => formatShare(s) },
            ]}
          />
        </>
      )}
    </>
  );
}

export function ItemTables({ section }: { section: AppraisalSection }) {
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 24 }}
      items={[
        {
          key: 'items',
          label: `${POLL_KIND_LABELS[section.kind].assessed}：分项评价与${section.reverse_title}明细`,
          children: <Tables section={section} />,
        },
      ]}
    />
  );
}
