import { useQuery } from '@tanstack/react-query';
import type { VoteTarget } from '@kaoping/contracts/vote-target';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { adminRequest } from '@/lib/api-client';

/** The company's 民主测评 vote types, for the filter select. */
export function useAppraisalVoteTypes(companyId: number) {
  return useQuery({
    queryKey: ['vote-types', companyId, 'democratic_appraisal'],
    queryFn: () =>
      adminRequest<VoteType[]>('/admin/vote-types/', {
        query: { company_id: companyId, form_category: 'democratic_appraisal' },
      }),
  });
}

/** Every appraisal target of the company (inactive ones too: old ballots may name them). */
export function useTargets(companyId: number) {
  return useQuery({
    queryKey: ['vote-targets', companyId, 'all'],
    queryFn: () => adminRequest<VoteTarget[]>('/admin/vote-targets/', { query: { company_id: companyId } }),
  });
}
