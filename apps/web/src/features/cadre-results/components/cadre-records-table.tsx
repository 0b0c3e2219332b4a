import type { CadreVoteRecord } from '@kaoping/contracts/results';
import { Button, Empty, Result, Space, Table, Tag, Typography } from 'antd';
import { DeleteVoterButton } from '@/components/charts/delete-voter-button';
import { TimeCell } from '@/components/charts/time-cell';
import type { useListState } from '@/components/charts/list-state';
import { errorDetail } from '@/lib/api-client';
import { useCadreRecords } from '../api/cadre-records';
import { POLL_KIND_LABELS, type CadreFilterValues } from './cadre-record-filters';

export interface CadreRecordsTableProps {
  companyId: number;
  filters: CadreFilterValues;
  list: ReturnType<typeof useListState<'created_at'>>;
  onView: (id: number) => void;
  onDelete: (row: CadreVoteRecord) => void;
}

/** A short line of what was answered, so a row can be told apart without opening it. */
function summary(r: CadreVoteRecord): string {
  if (r.poll_kind === 'newly_promoted') {
    const opinions = Object.entries(r.answers).filter(([k]) => k.startsWith('subject_'));
    const against = opinions.filter(([, v]) => v === '不认同').length;
    return `评议 ${opinions.length} 人${against ? `，其中不认同 ${against} 人` : ''}`;
  }
  return `作答 ${Object.keys(r.answers).length} 题`;
}

/** One row per ballot (a voter's answers on the cadre or the newly promoted poll); newest first. */
export function CadreRecordsTable({ companyId, filters, list, onView, onDelete }: CadreRecordsTableProps) {
  const { sort_by: _sortBy, ...paging } = list.params;
  const { data, error, isError, isFetching, refetch } = useCadreRecords({
    company_id: companyId,
    ...filters,
    ...paging,
  });
  if (isError && !data)
    return (
      <Result
        status="error"
        title="获取评议记录失败"
        subTitle={errorDetail(error, '请检查网络后重试。')}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  return (
    <Table<CadreVoteRecord>
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
          title: '问卷',
          dataIndex: 'poll_kind',
          render: (k: CadreVoteRecord['poll_kind']) => (
            <Tag color={k === 'cadre' ? 'blue' : 'purple'}>{POLL_KIND_LABELS[k]}</Tag>
          ),
        },
        { title: '投票类型', dataIndex: 'vote_type_name', responsive: ['sm'] },
        { title: '内容', key: 'summary', responsive: ['md'], render: (_, r) => summary(r) },
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
