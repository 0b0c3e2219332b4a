import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CopyFromTemplateBody, Poll, PollUpdateBody } from '@kaoping/contracts/poll';
import type { PollTargetType } from '@kaoping/contracts/poll-kinds';
import { adminRequest } from '@/lib/api-client';

/** Every poll query is under 'polls', so an import or save on one screen refreshes all of them. */
export const companyPollKey = (companyId: number, kind: PollTargetType) =>
  ['polls', 'company', companyId, kind] as const;

/** GET /admin/polls/company/{companyId}?target_type=: the company's poll of one kind, or null. */
export async function getCompanyPoll(companyId: number, kind: PollTargetType): Promise<Poll | null> {
  const polls = await adminRequest<Poll[]>(`/admin/polls/company/${companyId}`, {
    query: { target_type: kind },
  });
  // Filtered here too, so a server that ignores target_type still gives the right poll.
  return polls.find((p) => p.target_type === kind) ?? null;
}

export const companyPollQueryOptions = (companyId: number, kind: PollTargetType) =>
  queryOptions({ queryKey: companyPollKey(companyId, kind), queryFn: () => getCompanyPoll(companyId, kind) });

/** The company's poll of one kind (one per company and kind), or null when it has none yet. */
export function useCompanyPoll(companyId: number | undefined, kind: PollTargetType) {
  return useQuery({ ...companyPollQueryOptions(companyId ?? 0, kind), enabled: companyId !== undefined });
}

export const copyPollFromTemplate = (body: CopyFromTemplateBody) =>
  adminRequest<Poll>('/admin/polls/copy-from-template', { method: 'POST', body });

export const updatePoll = (id: number, body: PollUpdateBody) =>
  adminRequest<Poll>(`/admin/polls/${id}`, { method: 'PUT', body });

/** Import from template and save; both reload every poll query (the ballot count too). */
export function usePollMutations() {
  const qc = useQueryClient();
  const reload = () => qc.invalidateQueries({ queryKey: ['polls'] });
  return {
    copy: useMutation({ mutationFn: copyPollFromTemplate, onSuccess: reload }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: PollUpdateBody }) => updatePoll(id, body),
      onSuccess: reload,
    }),
  };
}
