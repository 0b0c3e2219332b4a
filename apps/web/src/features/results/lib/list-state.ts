import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';

type Order = 'asc' | 'desc';

/** Paging and sorting of a server-side table; every change of filters goes back to the first page. */
export function useListState<S extends string>(defaultSort: S, pageSize = 20) {
  const [state, setState] = useState({ page: 1, pageSize, sortBy: defaultSort, order: 'desc' as Order });
  return {
    params: {
      skip: (state.page - 1) * state.pageSize,
      limit: state.pageSize,
      sort_by: state.sortBy,
      order: state.order,
    },
    pagination: (total: number | undefined): TablePaginationConfig => ({
      current: state.page,
      pageSize: state.pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (n) => `共 ${n} 条`,
      size: 'small',
    }),
    /** antd's sort state of the column `key`, so the header arrows show what the server sorted by. */
    sortOrder: (key: S): SortOrder =>
      state.sortBy === key ? (state.order === 'asc' ? 'ascend' : 'descend') : null,
    onChange: <T>(p: TablePaginationConfig, _f: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      // Clearing the sort (third click) returns to the server's default: newest first.
      const sortBy = s?.order ? ((s.columnKey ?? s.field) as S) : defaultSort;
      const order: Order = s?.order === 'ascend' ? 'asc' : 'desc';
      const sortChanged = sortBy !== state.sortBy || order !== state.order;
      setState({
        page: sortChanged ? 1 : (p.current ?? 1),
        pageSize: p.pageSize ?? state.pageSize,
        sortBy,
        order,
      });
    },
    firstPage: () => setState((s) => ({ ...s, page: 1 })),
  };
}

export type ListState<S extends string = string> = ReturnType<typeof useListState<S>>;
