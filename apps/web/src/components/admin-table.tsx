import { SwapOutlined } from '@ant-design/icons';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import './admin-table.css';

/** The column that holds a row's buttons; it stays in view while the rest scrolls sideways. */
export const ACTIONS_COLUMN_KEY = 'actions';

/**
 * Pins the actions column on the right, unless the table already pins its own key column (the figures
 * tables keep the name in view): two pinned sides would leave a phone almost no room for the rest.
 */
function pinActions<T>(columns: TableColumnsType<T> | undefined): TableColumnsType<T> | undefined {
  if (!columns || columns.some((c) => c.fixed)) return columns;
  return columns.map((c) => (c.key === ACTIONS_COLUMN_KEY ? { ...c, fixed: 'end' } : c));
}

/**
 * Every admin list table. On a narrow screen it scrolls sideways: a shadow marks the side with more
 * columns, a hint above says so, and the actions column (key 'actions') stays pinned on the right, so
 * 编辑 and 删除 are always in reach without scrolling.
 */
export function AdminTable<T extends object>({ columns, scroll, className, ...props }: TableProps<T>) {
  return (
    <div className="kp-admin-table">
      <div className="kp-admin-table-hint" aria-hidden="true">
        <SwapOutlined /> 左右滑动可查看更多列
      </div>
      <Table<T>
        {...props}
        className={className}
        columns={pinActions(columns)}
        scroll={{ x: 'max-content', ...scroll }}
      />
    </div>
  );
}
