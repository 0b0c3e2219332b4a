import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '@kaoping/contracts/poll';
import type { Round, RoundCreateInput } from '@kaoping/contracts/rounds';
import { adminRequest } from '@/lib/api-client';

/** GET /admin/polls/company/{id}: every questionnaire of the unit's current round (what a new round copies). */
export function useRoundPolls(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['polls', 'company', companyId, 'all'],
    queryFn: () => adminRequest<Poll[]>(`/admin/polls/company/${companyId}`),
    enabled,
  });
}

/** POST /admin/companies/{id}/rounds (advanced mode): archives the current round, starts this one. */
export const createRound = (companyId: number, body: RoundCreateInput) =>
  adminRequest<Round>(`/admin/companies/${companyId}/rounds`, { method: 'POST', body });

/**
 * Starts a new round. Afterwards every page of the unit shows other data (the setup pages now edit the
 * new round, the results show it), so every query is asked again.
 */
export function useCreateRound(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RoundCreateInput) => createRound(companyId, body),
    onSuccess: () => qc.invalidateQueries(),
  });
}
