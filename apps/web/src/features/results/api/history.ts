import { useQuery } from '@tanstack/react-query';
import type { CompanyHistory, TargetHistory } from '@kaoping/contracts/rounds';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/vote-targets/{id}/history: one target's figures in every round it (or its origin) was in. */
export function useTargetHistory(targetId: number) {
  return useQuery({
    queryKey: ['results', 'history', 'target', targetId],
    queryFn: () =>
      adminRequest<TargetHistory>(`/admin/vote-targets/${targetId}/history`, { timeoutMs: 30_000 }),
  });
}

/** GET /admin/companies/{id}/rounds/history: the unit's own figures per round, oldest first. */
export function useCompanyHistory(companyId: number) {
  return useQuery({
    queryKey: ['results', 'history', 'company', companyId],
    queryFn: () =>
      adminRequest<CompanyHistory>(`/admin/companies/${companyId}/rounds/history`, { timeoutMs: 30_000 }),
  });
}
