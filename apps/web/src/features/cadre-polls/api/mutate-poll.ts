import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll, PollTargetType, PollUpdateBody } from '@kaoping/contracts/poll';
import { adminRequest, ApiError } from '@/lib/api-client';

export const copyPollFromTemplate = (companyId: number, kind: PollTargetType) =>
  adminRequest<Poll>('/admin/polls/copy-from-template', {
    method: 'POST',
    body: { company_id: companyId, target_type: kind },
  });

export const updatePoll = (id: number, body: PollUpdateBody) =>
  adminRequest<Poll>(`/admin/polls/${id}`, { method: 'PUT', body });

/** Import from template and save; both reload the company's polls afterwards. */
export function usePollMutations() {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: ['polls'] });
  return {
    copy: useMutation({
      mutationFn: ({ companyId, kind }: { companyId: number; kind: PollTargetType }) =>
        copyPollFromTemplate(companyId, kind),
      onSuccess: reload,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: PollUpdateBody }) => updatePoll(id, body),
      onSuccess: reload,
    }),
  };
}

/** The server's own explanation of a failure; undefined for a network failure or a bare status. */
export function serverDetail(err: unknown): string | undefined {
  return err instanceof ApiError && err.responded ? err.detail : undefined;
}
