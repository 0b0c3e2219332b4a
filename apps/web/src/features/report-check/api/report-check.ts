import { useQuery } from '@tanstack/react-query';
import type { ReportCheckAnswer } from '@kaoping/contracts/report-check';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/report-check?code=: whether a printed document's figures are still the ones held (none without a code). */
export function useReportCheck(code: string | null) {
  return useQuery({
    queryKey: ['report-check', code],
    queryFn: () => adminRequest<ReportCheckAnswer>('/admin/report-check', { query: { code: code! } }),
    enabled: !!code,
    // A check answers for the moment it is made: asked again, it is made again.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
