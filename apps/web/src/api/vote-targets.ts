import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoteTarget } from '@kaoping/contracts/vote-target';
import { adminRequest } from '@/lib/api-client';

export const targetsKey = (companyId: number) => ['vote-targets', companyId] as const;

/** GET /admin/vote-targets/?company_id=: every appraisal target (both types, disabled ones too). */
export const getTargets = (companyId: number) =>
  adminRequest<VoteTarget[]>('/admin/vote-targets/', { query: { company_id: companyId } });

export const targetsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: targetsKey(companyId), queryFn: () => getTargets(companyId) });

/**
 * Every appraisal target of the company's current round by sort_order (inactive ones too: old ballots
 * may name them).
 */
export function useTargets(companyId: number, enabled = true) {
  return useQuery({ ...targetsQueryOptions(companyId), enabled });
}
