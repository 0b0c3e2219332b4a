import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditVerify } from '@kaoping/contracts/audit-log';
import { adminRequest } from '@/lib/api-client';

export interface AuditFilters {
  company_id?: number;
  user_id?: number;
  action?: string;
  from?: string;
  to?: string;
}

export function useAuditLog(filters: AuditFilters, page: { skip: number; limit: number }) {
  return useQuery({
    queryKey: ['audit-log', filters, page],
    queryFn: () => adminRequest<AuditPage>('/admin/audit-log/', { query: { ...filters, ...page } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The audit chain's state (GET /audit-log/verify): the server checks every row's keyed MAC and links and the
 * whole against the newest anchor. Checked each time the screen opens and again on 校验完整性.
 */
export const useAuditChain = () =>
  useQuery({
    queryKey: ['audit-chain'],
    queryFn: () => adminRequest<AuditVerify>('/admin/audit-log/verify', { timeoutMs: 60_000 }),
    // Each visit checks again (the log may have grown); not on every return to the window: a whole walk.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
