import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CodeList, CodeListQuery } from '@kaoping/contracts/ballot-codes-api';
import { adminRequest } from '@/lib/api-client';

export type CodeListParams = Partial<CodeListQuery>;

/** Every query of one vote type's codes starts with this key (issue and void refresh them all). */
export const codesKey = (voteTypeId: number) => ['ballot-codes', voteTypeId] as const;

/** GET /admin/vote-types/{id}/codes: the counts per state and one page of codes. */
export const getCodeList = (voteTypeId: number, params: CodeListParams = {}) =>
  adminRequest<CodeList>(`/admin/vote-types/${voteTypeId}/codes`, { query: params });

export const codeListQueryOptions = (voteTypeId: number, params: CodeListParams) =>
  queryOptions({
    queryKey: [...codesKey(voteTypeId), params],
    queryFn: () => getCodeList(voteTypeId, params),
  });

/** One page of a vote type's codes with the counts; the page on screen stays while the next loads. */
export function useCodeList(voteTypeId: number, params: CodeListParams) {
  return useQuery({ ...codeListQueryOptions(voteTypeId, params), placeholderData: keepPreviousData });
}

/** Only the counts (issued, used, voided, unused …) of a vote type's codes. */
export const getCodeCounts = (voteTypeId: number) => getCodeList(voteTypeId, { limit: 1 });
