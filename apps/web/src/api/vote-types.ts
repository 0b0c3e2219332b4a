import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FormCategory, VoteType } from '@kaoping/contracts/vote-type';
import { adminRequest } from '@/lib/api-client';

export const voteTypesKey = (companyId: number) => ['vote-types', companyId] as const;

/** GET /admin/vote-types/?company_id=: both families of the company, by sort_order. */
export const getVoteTypes = (companyId: number) =>
  adminRequest<VoteType[]>('/admin/vote-types/', { query: { company_id: companyId } });

export const voteTypesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: voteTypesKey(companyId), queryFn: () => getVoteTypes(companyId) });

/**
 * The company's vote types, of one family when `family` is given (picked from the same cached list, so
 * every screen shares one request); idle without a company.
 */
export function useVoteTypes(companyId: number | undefined, family?: FormCategory) {
  return useQuery({
    ...voteTypesQueryOptions(companyId ?? 0),
    enabled: companyId !== undefined,
    select: family ? (list: VoteType[]) => list.filter((vt) => vt.form_category === family) : undefined,
  });
}
