import { useQuery } from '@tanstack/react-query';
import type { AppraisalResults } from '@kaoping/contracts/target-results';
import { adminRequest } from '@/lib/api-client';

export const getAppraisalResults = (companyId: number, roundId?: number) =>
  adminRequest<AppraisalResults>(`/admin/companies/${companyId}/results`, {
    query: { form_category: 'democratic_appraisal', round_id: roundId },
    // Counted from every stored ballot: a large meeting may take a few seconds.
    timeoutMs: 30_000,
  });

/**
 * Per target and vote type figures of the 民主测评 family, of the current round or of `roundId` (keys
 * under 'results', see live-turnout).
 */
export function useAppraisalResults(companyId: number, roundId?: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['results', 'appraisal', companyId, roundId ?? 'current'],
    queryFn: () => getAppraisalResults(companyId, roundId),
  });
}
