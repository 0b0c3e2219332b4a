import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Poll, PollTargetType } from '@kaoping/contracts/poll';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/polls/company/{companyId}: every poll of the company (one per kind at most). */
export const getCompanyPolls = (companyId: number, kind: PollTargetType) =>
  adminRequest<Poll[]>(`/admin/polls/company/${companyId}`, { query: { target_type: kind } });

export const companyPollQueryOptions = (companyId: number, kind: PollTargetType) =>
  queryOptions({
    queryKey: ['polls', 'company', companyId, kind],
    // Filtered here too, so a server that ignores target_type still gives the right poll.
    queryFn: async () => (await getCompanyPolls(companyId, kind)).find((p) => p.target_type === kind) ?? null,
  });

/** The company's poll of one kind, or null when it has none yet. */
export function useCompanyPoll(companyId: number | undefined, kind: PollTargetType) {
  return useQuery({
    ...companyPollQueryOptions(companyId ?? 0, kind),
    enabled: companyId !== undefined,
  });
}
