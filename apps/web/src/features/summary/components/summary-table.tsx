import type { TableProps } from 'antd';
import { AdminTable } from '@/components/admin-table';

/**
 * A table of the 汇总表 as printed: small and ruled, every row on the page, headers wrapping; it fits a
 * 1366 px laptop and scrolls sideways only on a narrower screen.
 */
export function SummaryTable<T extends object>({ className, ...props }: TableProps<T>) {
  return (
    <AdminTable<T>
      size="small"
      bordered
      pagination={false}
      className={['kp-sum-table', className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
