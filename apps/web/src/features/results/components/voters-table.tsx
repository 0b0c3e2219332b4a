import type { VoterResult } from '@kaoping/contracts/results';
import { Button, Empty, Result, Space, Table, Typography } from 'antd';
import { formatScore } from '@/components/charts/format';
import { TimeCell } from '@/components/charts/time-cell';
import { errorDetail } from '@/lib/api-client';
import { useVoterResults } from '../api/vote-records';
import type { useListState } from '@/components/charts/list-state';
import { DeleteVoterButton } from '@/components/charts/delete-voter-button';
import type { RecordFilterValues } from './record-filters';

export interface VotersTableProps {
  companyId: number;
  filters: RecordFilterValues;
  list: ReturnType<typeof useListState<'created_at' | 'total_score'>>;
  onView: (row: VoterResult) => void;
  onDelete: (row: VoterResult) => void;
}

/** One row per voter and vote type: when, how many ballots, total score. */
export function VotersTable({ companyId, filters, list, onView, onDelete }: VotersTableProps) {
  const { data, error, isError, isFetching, refetch } = useVoterResults({
    company_id: companyId,
    vote_type_id: filters.vote_type_id,
    voter_identifier: filters.voter_identifier,
    ...list.params,
  });
  if (isError && !data)
    return (
      <Result
        status="error"
        title="获取投票人列表失败"
        subTitle={errorDetail(error, '请检查网络后重试。')}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  return (
    <Table<VoterResult>
      rowKey="submission_id"
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
          title: '投票人',
          dataIndex: 'voter_identifier',
          render: (v: string) => (
            <Typography.Text copyable={{ text: v }} style={{ maxWidth: 160 }} ellipsis={{ tooltip: v }}>
              {v}
            </Typography.Text>
          ),
        },
        { title: '投票类型', dataIndex: 'vote_type_name', responsive: ['sm'] },
        {
          title: '投票时间',
          key: 'created_at',
          dataIndex: 'created_at',
          sorter: true,
          sortOrder: list.sortOrder('created_at'),
          responsive: ['md'],
          render: (v: string) => <TimeCell iso={v} />,
        },
        { title: '答卷数', dataIndex: 'ballot_count', align: 'right', responsive: ['md'] },
        {
          title: '总分',
          key: 'total_score',
          dataIndex: 'total_score',
          align: 'right',
          sorter: true,
          sortOrder: list.sortOrder('total_score'),
          render: (v: number | null) => formatScore(v),
        },
        {
          title: '操作',
          key: 'actions',
          render: (_, r) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => onView(r)}>
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
