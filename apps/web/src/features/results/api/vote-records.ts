import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  voteDetail,
  VoteListQuery,
  VoteRecord,
  voterBallots,
  VoterResult,
  VoterResultsQuery,
} from '@kaoping/contracts/results';
import type { z } from 'zod';
import { adminRequest } from '@/lib/api-client';

export type VoteDetail = z.infer<typeof voteDetail>;
export type VoterBallots = z.infer<typeof voterBallots>;
type Paged<T> = { items: T[]; total: number };
type Query = Record<string, string | number | undefined>;

/** The records table: filters, paging and sorting all on the server. */
export function useVoteRecords(params: Partial<VoteListQuery> & { company_id: number }) {
  return useQuery({
    queryKey: ['results', 'votes', params],
    queryFn: () => adminRequest<Paged<VoteRecord>>('/admin/votes/', { query: params as Query }),
    placeholderData: keepPreviousData,
  });
}

/** One row per voter (submission): vote type, time, number of ballots, total score. */
export function useVoterResults(params: Partial<VoterResultsQuery> & { company_id: number }) {
  return useQuery({
    queryKey: ['results', 'voters', params],
    queryFn: () => adminRequest<Paged<VoterResult>>('/admin/votes/voter-results', { query: params as Query }),
    placeholderData: keepPreviousData,
  });
}

export function useVoteDetail(id: number | undefined) {
  return useQuery({
    queryKey: ['results', 'vote', id],
    queryFn: () => adminRequest<VoteDetail>(`/admin/votes/${id}`),
    enabled: id !== undefined,
  });
}

export function useVoterBallots(voter: string | undefined, companyId: number, voteTypeId?: number) {
  return useQuery({
    queryKey: ['results', 'by-voter', voter, companyId, voteTypeId],
    queryFn: () =>
      adminRequest<VoterBallots>(`/admin/votes/by-voter/${encodeURIComponent(voter ?? '')}`, {
        query: { company_id: companyId, vote_type_id: voteTypeId },
      }),
    enabled: voter !== undefined,
  });
}
