import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EvaluationResults } from '@kaoping/contracts/cadre-results';
import { adminRequest } from '@/lib/api-client';

/**
 * 民主评议 figures of a company (the current round or `roundId`), all vote types pooled or one (keys
 * under 'results', see live-turnout).
 */
export function useEvaluationStatistics(companyId: number, voteTypeId: number | undefined, roundId?: number) {
  return useQuery({
    queryKey: ['results', 'evaluation', companyId, roundId ?? 'current', voteTypeId ?? 'all'],
    queryFn: () =>
      adminRequest<EvaluationResults>('/admin/cadre-results/statistics', {
        query: { company_id: companyId, vote_type_id: voteTypeId, round_id: roundId },
        timeoutMs: 30_000,
      }),
    // Switching the vote type keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
