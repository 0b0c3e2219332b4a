import { useQuery } from '@tanstack/react-query';
import type { PreflightReport } from '@kaoping/contracts/preflight';
import { adminRequest } from '@/lib/api-client';

/** A check as the screen shows it: the server's answer and how far this browser's clock is from its. */
export interface PreflightResult {
  report: PreflightReport;
  /** This browser's clock minus the server's (ms), taken at the middle of the request. */
  skewMs: number;
}

/** GET /admin/preflight?company_id=: 会前检查 of one unit, made again on every ask (no cache). */
export function usePreflight(companyId: number | undefined) {
  return useQuery({
    queryKey: ['preflight', companyId],
    queryFn: async (): Promise<PreflightResult> => {
      const sent = Date.now();
      const report = await adminRequest<PreflightReport>('/admin/preflight', {
        query: { company_id: companyId! },
      });
      const received = Date.now();
      return { report, skewMs: (sent + received) / 2 - Date.parse(report.server_time) };
    },
    enabled: companyId !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
