import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Result } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AdminTable } from '@/components/admin-table';
import { errorDetail } from '@/lib/api-client';
import type { ListState } from '../../lib/list-state';

export interface ServerTableProps<T> {
  rowKey: keyof T & string;
  query: UseQueryResult<{ items: T[]; total: number }>;
  /** Shown when the first page cannot be loaded. */
  errorTitle: string;
  list: ListState;
  columns: ColumnsType<T>;
  /** The empty state's text ('暂无投票数据' unless the ballots are held back while a vote is open). */
  emptyText?: string;
}

/** A records table whose paging and sorting happen on the server; a failed first load offers a retry. */
export function ServerTable<T extends object>({
  rowKey,
  query,
  errorTitle,
  list,
  columns,
  emptyText = '暂无投票数据',
}: ServerTableProps<T>) {
  const { data, error, isError, isFetching, refetch } = query;
  if (isError && !data)
    return (
      <Result
        status="error"
        title={errorTitle}
        subTitle={errorDetail(error, '请检查网络后重试。')}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  return (
    <AdminTable<T>
      rowKey={rowKey}
      size="middle"
      loading={isFetching}
      dataSource={data?.items}
      pagination={list.pagination(data?.total)}
      onChange={list.onChange}
      showSorterTooltip={false}
      locale={{ emptyText: <Empty description={emptyText} /> }}
      columns={columns}
    />
  );
}
