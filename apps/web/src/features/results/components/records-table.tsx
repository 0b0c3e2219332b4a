import type { VoteRecord } from '@kaoping/contracts/results';
import { Button, Empty, Result, Space, Table, Typography } from 'antd';
import { formatScore } from '@/components/charts/format';
import { TimeCell } from '@/components/charts/time-cell';
import { errorDetail } from '@/lib/api-client';
import { useVoteRecords } from '../api/vote-records';
import type { useListState } from '@/components/charts/list-state';
import { DeleteVoterButton } from '@/components/charts/delete-voter-button';
import type { RecordFilterValues } from './record-filters';

export interface RecordsTableProps {
  companyId: number;
  filters: RecordFilterValues;
  list: ReturnType<typeof useListState<'created_at' | 'score'>>;
  onView: (id: number) => void;
  onDelete: (row: VoteRecord) => void;
}

/** One row per ballot (a voter's answers on one target); paging and sorting by the server. */
export function RecordsTable({ companyId, filters, list, onView, onDelete }: RecordsTableProps) {
  const { data, error, isError, isFetching, refetch } = useVoteRecords({
    company_id: companyId,
    ...filters,
    ...list.params,
  });
  if (isError && !data)
    return (
      <Result
        status="error"
        title="获取投票记录失败"
        subTitle={errorDetail(error, '请检查网络后重试。')}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  return (
    <Table<VoteRecord>
      rowKey="id"
      size="middle"
      loading={isFetching}
      dataSource={data?.items}
      pagination={list.pagination(data?.total)}
      onChange={list.onChange}
      scroll={{ x: 'max-content' }}
      showSorterTooltip={false}
      locale={{ emptyText: <Empty description="暂无投票数据" /> }}
      columns={[
        {
          title: '投票时间',
          key: 'created_at',
          dataIndex: 'created_at',
          sorter: true,
          sortOrder: list.sortOrder('created_at'),
          render: (v: string) => <TimeCell iso={v} />,
        },
        {
          title: '测评对象',
          key: 'target',
          render: (_, r) => (
            <div style={{ lineHeight: 1.3 }}>
              {r.target_name ?? '（已删除）'}
              {r.target_title && (
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.target_title}
                  </Typography.Text>
                </div>
              )}
            </div>
          ),
        },
        { title: '投票类型', dataIndex: 'vote_type_name', responsive: ['sm'] },
        {
          title: '得分',
          key: 'score',
          dataIndex: 'score',
          align: 'right',
          sorter: true,
          sortOrder: list.sortOrder('score'),
          render: (v: number) => formatScore(v),
        },
        {
          title: '投票人',
          dataIndex: 'voter_identifier',
          responsive: ['lg'],
          render: (v: string) => (
            <Typography.Text copyable={{ text: v }} style={{ maxWidth: 160 }} ellipsis={{ tooltip: v }}>
              {v}
            </Typography.Text>
          ),
        },
        {
          title: '操作',
          key: 'actions',
          render: (_, r) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => onView(r.id)}>
                查看答卷
              </Button>
              <DeleteVoterButton
                voter={r.voter_identifier}
                voteTypeName={r.vote_type_name}
                onConfirm={() => onDelete(r)}
              />
            </Space>
          ),
        },
      ]}
    />
  );
}
