import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopyFromTemplateBody, Poll } from '@kaoping/contracts/poll';
import { adminRequest } from '@/lib/api-client';
import { companyPollKey } from './poll-keys';

export const copyFromTemplate = (body: CopyFromTemplateBody) =>
  adminRequest<Poll>('/admin/polls/copy-from-template', { method: 'POST', body });

/** Imports the kind's template for a company, then reloads that company's poll. */
export function useCopyFromTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: copyFromTemplate,
    onSuccess: (_poll, body) =>
      qc.invalidateQueries({ queryKey: companyPollKey(body.company_id, body.target_type) }),
  });
}
