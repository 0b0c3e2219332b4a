import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EvaluationResults } from '@kaoping/contracts/results';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { adminRequest } from '@/lib/api-client';

/** 民主评议 figures of a company, all vote types pooled or one (keys under 'results', see live-turnout). */
export function useEvaluationStatistics(companyId: number, voteTypeId: number | undefined) {
  return useQuery({
    queryKey: ['results', 'evaluation', companyId, voteTypeId ?? 'all'],
    queryFn: () =>
      adminRequest<EvaluationResults>('/admin/cadre-results/statistics', {
        query: { company_id: companyId, vote_type_id: voteTypeId },
        timeoutMs: 30_000,
      }),
    // Switching the vote type keeps the old figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** The company's 民主评议 vote types, for the filters. */
export function useEvaluationVoteTypes(companyId: number) {
  return useQuery({
    queryKey: ['vote-types', companyId, 'democratic_evaluation'],
    queryFn: () =>
      adminRequest<VoteType[]>('/admin/vote-types/', {
        query: { company_id: companyId, form_category: 'democratic_evaluation' },
      }),
  });
}
