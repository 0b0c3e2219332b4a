import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Poll, PollUpdateBody } from '@kaoping/contracts/poll';
import { adminRequest, ApiError } from '@/lib/api-client';

const KIND = 'newly_promoted';

/** The company's newly promoted poll, or null when it has none yet (one per company). */
export async function getNewlyPromotedPoll(companyId: number): Promise<Poll | null> {
  const polls = await adminRequest<Poll[]>(`/admin/polls/company/${companyId}`, {
    query: { target_type: KIND },
  });
  return polls.find((p) => p.target_type === KIND) ?? null;
}

// Same key shape as the other poll screens, so an import or save anywhere refreshes all of them.
export const newlyPromotedPollQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['polls', 'company', companyId, KIND],
    queryFn: () => getNewlyPromotedPoll(companyId),
  });

export function useNewlyPromotedPoll(companyId: number | undefined) {
  return useQuery({ ...newlyPromotedPollQueryOptions(companyId ?? 0), enabled: companyId !== undefined });
}

/** Import from template (POST copy-from-template) and save (PUT); both reload the company's polls. */
export function useNewlyPromotedMutations() {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: ['polls'] });
  return {
    copy: useMutation({
      mutationFn: (companyId: number) =>
        adminRequest<Poll>('/admin/polls/copy-from-template', {
          method: 'POST',
          body: { company_id: companyId, target_type: KIND },
        }),
      onSuccess: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: PollUpdateBody }) =>
        adminRequest<Poll>(`/admin/polls/${id}`, { method: 'PUT', body }),
      onSuccess: reload,
    }),
  };
}

/** The server's own explanation of a failure; undefined for a network failure or a bare status. */
export function serverDetail(err: unknown): string | undefined {
  return err instanceof ApiError && err.responded ? err.detail : undefined;
}
