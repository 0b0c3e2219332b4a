import type { TableProps } from 'antd';
import { AdminTable } from '@/components/admin-table';

/** A table of the 汇总表 as printed: small and ruled, every row on the page; it scrolls sideways on a phone. */
export function SummaryTable<T extends object>(props: TableProps<T>) {
  return <AdminTable<T> size="small" bordered pagination={false} {...props} />;
}
