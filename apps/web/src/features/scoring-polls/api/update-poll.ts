import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import { companyPollKey, updatePoll } from '@/api/company-polls';

export interface UpdateScoringPoll {
  id: number;
  title: string;
  description: string;
  form_schema: ScoringFormSchema;
}

/** Saves title, description and scoring rules; the answer (trimmed, rounded) becomes the cached poll. */
export function useUpdatePoll() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateScoringPoll) => updatePoll(id, body),
    onSuccess: (poll) => qc.setQueryData(companyPollKey(poll.company_id, poll.target_type), poll),
  });
}
