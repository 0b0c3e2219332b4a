import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '@/lib/api-client';

/** One figure the recount found different from the stored one. */
export interface RecountDifference {
  /** What differs, in Chinese (e.g. “张三 · 优秀票数”). */
  what: string;
  /** Null where one side has no such figure at all. */
  stored: number | null;
  recounted: number | null;
}

/** The recount of one closed vote type. */
export interface RecountedVoteType {
  vote_type_id: number;
  name: string;
  ballots: number;
  ok: boolean;
  differences: RecountDifference[];
}

/** POST /admin/companies/{id}/figures/recount: every closed vote type's stored figures against its ballots. */
export interface RecountAnswer {
  checked_at: string;
  vote_types: RecountedVoteType[];
}

/**
 * 重新核算: the server counts every closed vote type of the unit again from its raw ballots and compares
 * with the figures it stored at 结束投票 (audited). The 汇总表 and results are read again afterwards.
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
