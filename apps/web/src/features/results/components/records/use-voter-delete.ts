import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { App } from 'antd';
import { useAdvancedMode } from '@/components/advanced-mode';
import { errorDetail } from '@/lib/api-client';
import { deleteVoter, type VoterRef } from '../../api/records';

/**
 * Deletes one voter's ballots of one vote type: asks for advanced mode first (the server refuses
 * without it), reports how many ballots went, and refreshes every query under 'results' (records,
 * figures, turnout).
 */
export function useVoterDelete(family: FormCategory) {
  const { message } = App.useApp();
  const ensureAdvancedMode = useAdvancedMode();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (ref: VoterRef) => deleteVoter(family, ref),
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
