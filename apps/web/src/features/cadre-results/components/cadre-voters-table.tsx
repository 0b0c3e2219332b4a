import type { VoterResult } from '@kaoping/contracts/results';
import { Button, Empty, Result, Space, Table, Typography } from 'antd';
import { DeleteVoterButton } from '@/components/charts/delete-voter-button';
import { TimeCell } from '@/components/charts/time-cell';
import type { useListState } from '@/components/charts/list-state';
import { errorDetail } from '@/lib/api-client';
import { useCadreVoterResults } from '../api/cadre-records';
import type { CadreFilterValues } from './cadre-record-filters';

export interface CadreVotersTableProps {
  companyId: number;
  filters: CadreFilterValues;
  list: ReturnType<typeof useListState<'created_at'>>;
  onView: (row: VoterResult) => void;
  onDelete: (row: VoterResult) => void;
}

/** One row per voter and vote type of the 民主评议 family. */
export function CadreVotersTable({ companyId, filters, list, onView, onDelete }: CadreVotersTableProps) {
  const { data, error, isError, isFetching, refetch } = useCadreVoterResults({
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
