import { useQuery } from '@tanstack/react-query';
import type { AppraisalResults } from '@kaoping/contracts/target-results';
import { adminRequest } from '@/lib/api-client';

export const getAppraisalResults = (companyId: number) =>
  adminRequest<AppraisalResults>(`/admin/companies/${companyId}/results`, {
    query: { form_category: 'democratic_appraisal' },
    // Counted from every stored ballot: a large meeting may take a few seconds.
    timeoutMs: 30_000,
  });

/** Per target and vote type figures of the 民主测评 family (keys under 'results', see live-turnout). */
export function useAppraisalResults(companyId: number) {
  return useQuery({
    queryKey: ['results', 'appraisal', companyId],
    queryFn: () => getAppraisalResults(companyId),
  });
}
