import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoteType, VoteTypeUpdateBody, voteTypeCreateBody } from '@kaoping/contracts/vote-type';
import type { z } from 'zod';
import { adminRequest } from '@/lib/api-client';

export const voteTypesKey = (companyId: number) => ['vote-types', companyId] as const;

export const getVoteTypes = (companyId: number) =>
  adminRequest<VoteType[]>('/admin/vote-types/', { query: { company_id: companyId } });

export const voteTypesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: voteTypesKey(companyId), queryFn: () => getVoteTypes(companyId) });

/** Both families of the company, by sort_order; idle without a company. */
export function useVoteTypes(companyId: number | undefined) {
  return useQuery({ ...voteTypesQueryOptions(companyId ?? 0), enabled: companyId !== undefined });
}

/** What the client sends (server defaults fill the rest). */
export type VoteTypeCreate = z.input<typeof voteTypeCreateBody>;

export const createVoteType = (body: VoteTypeCreate) =>
  adminRequest<VoteType>('/admin/vote-types/', { method: 'POST', body });

/** company_id is always sent so that the server refuses a vote type of another company. */
export const updateVoteType = (id: number, body: VoteTypeUpdateBody & { company_id: number }) =>
  adminRequest<VoteType>(`/admin/vote-types/${id}`, { method: 'PUT', body });

export const deleteVoteType = (id: number, companyId: number) =>
  adminRequest<void>(`/admin/vote-types/${id}`, { method: 'DELETE', query: { company_id: companyId } });
