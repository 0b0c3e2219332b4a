import { useQuery } from '@tanstack/react-query';
import type { Rankings } from '@kaoping/contracts/rankings';
import { adminRequest } from '@/lib/api-client';
import { downloadAdminFile } from '@/lib/admin-download';

/** GET /admin/rankings?year=: the units the account sees, ranked across each other. */
export function useRankings(year: number) {
  return useQuery({
    queryKey: ['rankings', year],
    queryFn: () => adminRequest<Rankings>('/admin/rankings', { query: { year } }),
  });
}

/** The same as three print sheets. */
export const downloadRankings = (year: number) =>
  downloadAdminFile('/admin/rankings/export', { year }, `${year}年度跨单位排名.xlsx`);
