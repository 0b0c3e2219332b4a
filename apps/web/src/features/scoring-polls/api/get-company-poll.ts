import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Poll } from '@kaoping/contracts/poll';
import { adminRequest } from '@/lib/api-client';
import type { ScoringKind } from '../lib/scoring-kinds';
import { companyPollKey } from './poll-keys';

/** The company's poll of this kind, or null when it has none yet (one per company and kind). */
export async function getCompanyPoll(companyId: number, kind: ScoringKind): Promise<Poll | null> {
  const polls = await adminRequest<Poll[]>(`/admin/polls/company/${companyId}`, {
    query: { target_type: kind },
  });
  return polls.find((p) => p.target_type === kind) ?? null;
}

export const companyPollQueryOptions = (companyId: number, kind: ScoringKind) =>
  queryOptions({
    queryKey: companyPollKey(companyId, kind),
    queryFn: () => getCompanyPoll(companyId, kind),
  });

export function useCompanyPoll(companyId: number | undefined, kind: ScoringKind) {
  return useQuery({
    ...companyPollQueryOptions(companyId ?? 0, kind),
    enabled: companyId !== undefined,
  });
}
