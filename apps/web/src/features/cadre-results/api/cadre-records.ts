import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  cadreVoteDetail,
  CadreVoteListQuery,
  CadreVoteRecord,
  cadreVoterBallots,
  VoterResult,
  VoterResultsQuery,
} from '@kaoping/contracts/results';
import type { z } from 'zod';
import { adminRequest } from '@/lib/api-client';

export type CadreVoteDetail = z.infer<typeof cadreVoteDetail>;
export type CadreVoterBallots = z.infer<typeof cadreVoterBallots>;
type Paged<T> = { items: T[]; total: number };
type Query = Record<string, string | number | undefined>;

/** 民主评议 ballots (one per voter and poll): filters and paging on the server, newest first. */
export function useCadreRecords(params: Partial<CadreVoteListQuery> & { company_id: number }) {
  return useQuery({
    queryKey: ['results', 'cadre-votes', params],
    queryFn: () => adminRequest<Paged<CadreVoteRecord>>('/admin/cadre-votes/', { query: params as Query }),
    placeholderData: keepPreviousData,
  });
}

export function useCadreVoterResults(params: Partial<VoterResultsQuery> & { company_id: number }) {
  return useQuery({
    queryKey: ['results', 'cadre-voters', params],
    queryFn: () =>
      adminRequest<Paged<VoterResult>>('/admin/cadre-votes/voter-results', { query: params as Query }),
    placeholderData: keepPreviousData,
  });
}

export function useCadreVoteDetail(id: number | undefined) {
  return useQuery({
    queryKey: ['results', 'cadre-vote', id],
    queryFn: () => adminRequest<CadreVoteDetail>(`/admin/cadre-votes/${id}`),
    enabled: id !== undefined,
  });
}

export function useCadreVoterBallots(voter: string | undefined, companyId: number, voteTypeId?: number) {
  return useQuery({
    queryKey: ['results', 'cadre-by-voter', voter, companyId, voteTypeId],
    queryFn: () =>
      adminRequest<CadreVoterBallots>(`/admin/cadre-votes/by-voter/${encodeURIComponent(voter ?? '')}`, {
        query: { company_id: companyId, vote_type_id: voteTypeId },
      }),
    enabled: voter !== undefined,
  });
}
