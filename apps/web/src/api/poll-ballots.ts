import { useQuery } from '@tanstack/react-query';
import type { Poll, PollStatsRow } from '@kaoping/contracts/poll';
import { adminRequest } from '@/lib/api-client';

/**
 * How many ballots the poll already has (GET /admin/polls/{id}/stats?company_id=). Once there are any,
 * the server keeps options (names and scores) and questions as they are; the editors lock those inputs
 * up front and say why. A failure just leaves the editor open: the server still refuses what is locked.
 */
export function usePollBallotCount(poll: Poll | undefined) {
  return useQuery({
    queryKey: ['polls', 'stats', poll?.company_id, poll?.id],
    queryFn: async () => {
      const rows = await adminRequest<PollStatsRow[]>(`/admin/polls/${poll!.id}/stats`, {
        query: { company_id: poll!.company_id },
      });
      return rows.find((r) => r.id === poll!.id)?.ballot_count ?? 0;
    },
    enabled: poll !== undefined,
    retry: false,
  });
}
