import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
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

/** 校验完整性: the server recomputes the whole hash chain. */
export const useVerifyAuditLog = () =>
  useMutation({
    mutationFn: () => adminRequest<AuditVerify>('/admin/audit-log/verify', { timeoutMs: 60_000 }),
  });
