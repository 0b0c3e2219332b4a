import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FiguresRecount } from '@kaoping/contracts/figures-recount';
import { adminRequest } from '@/lib/api-client';

/** POST /admin/companies/{id}/figures/recount: every ended vote type's stored figures against its ballots. */
export type RecountAnswer = FiguresRecount;

/**
 * 重新核算: the server counts every ended vote type of the unit again from its raw ballots and compares
 * with the figures it stored when the vote ended (audited). The 汇总表 and results are read again afterwards.
 */
export function useRecount(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<RecountAnswer>(`/admin/companies/${companyId}/figures/recount`, {
        method: 'POST',
        // A recount reads every ballot of the unit again: a large unit takes seconds, not the usual 10.
        timeoutMs: 120_000,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['results'] }),
  });
}
