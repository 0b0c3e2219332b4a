import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '@kaoping/contracts/poll';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { adminRequest } from '@/lib/api-client';
import { companyPollKey } from './poll-keys';

export interface UpdateScoringPoll {
  id: number;
  title: string;
  description: string;
  form_schema: ScoringFormSchema;
}

export const updatePoll = ({ id, ...body }: UpdateScoringPoll) =>
  adminRequest<Poll>(`/admin/polls/${id}`, { method: 'PUT', body });

/** Saves title, description and scoring rules; the answer (trimmed, rounded) becomes the cached poll. */
export function useUpdatePoll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updatePoll,
    onSuccess: (poll) => qc.setQueryData(companyPollKey(poll.company_id, poll.target_type), poll),
  });
}
