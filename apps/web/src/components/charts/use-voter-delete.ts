import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { voterDeleteResult } from '@kaoping/contracts/results';
import { App } from 'antd';
import type { z } from 'zod';
import { useAdvancedMode } from '@/components/advanced-mode';
import { adminRequest, errorDetail } from '@/lib/api-client';

export interface VoterRef {
  voter: string;
  companyId: number;
  voteTypeId: number;
}

/**
 * Deletes one voter's ballots of one vote type (`votes` = 民主测评, `cadre-votes` = 民主评议): asks for
 * advanced mode first (the server refuses without it), reports how many ballots went, and refreshes
 * every query under 'results' (records, figures, turnout).
 */
export function useVoterDelete(family: 'votes' | 'cadre-votes') {
  const { message } = App.useApp();
  const ensureAdvancedMode = useAdvancedMode();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ voter, companyId, voteTypeId }: VoterRef) =>
      adminRequest<z.infer<typeof voterDeleteResult>>(`/admin/${family}/voter/${encodeURIComponent(voter)}`, {
        method: 'DELETE',
        query: { company_id: companyId, vote_type_id: voteTypeId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['results'] }),
  });
  const remove = async (ref: VoterRef) => {
    if (!(await ensureAdvancedMode())) return false;
    try {
      const res = await mutation.mutateAsync(ref);
      message.success(`已删除该投票人的 ${res.deleted_ballots} 份答卷`);
      return true;
    } catch (err) {
      message.error(errorDetail(err, '删除失败，请重试'));
      return false;
    }
  };
  return { remove, deleting: mutation.isPending };
}
