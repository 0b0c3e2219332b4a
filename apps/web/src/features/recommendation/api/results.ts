// 民主推荐 results (issue 30): per post, per voter group (vote type) and in total, of the closed vote types;
// 姓名校改 merges the spellings of one write-in person (an audited action on the server).
import { useQuery } from '@tanstack/react-query';
import type { RecommendationNameMergeBody, RecommendationResults } from '@kaoping/contracts/recommendation';
import { adminRequest } from '@/lib/api-client';

/** Every round's results of the unit (a merge changes them all). */
export const resultsKey = (companyId: number) => ['recommendation-results', companyId] as const;

/** GET /admin/companies/{id}/recommendation-results?round_id= (undefined: the current round). */
export function useRecommendationResults(companyId: number | undefined, roundId?: number) {
  return useQuery({
    queryKey: [...resultsKey(companyId ?? 0), roundId ?? 'current'],
    queryFn: () =>
      adminRequest<RecommendationResults>(`/admin/companies/${companyId}/recommendation-results`, {
        query: { round_id: roundId },
      }),
    enabled: companyId !== undefined,
  });
}

/** 姓名校改: these spellings of a post's write-ins count as `name`. */
export const mergeNames = (body: RecommendationNameMergeBody) =>
  adminRequest<unknown>('/admin/recommendation-posts/name-merges', { method: 'POST', body });
