import { useQuery } from '@tanstack/react-query';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { getTurnout } from '@/api/turnout';

/** How often the turnout is asked again while a results page is open. */
export const TURNOUT_REFRESH_MS = 5_000;

/**
 * Ballots received per vote type, asked again every few seconds while the page is open (and visible:
 * react-query pauses the interval in a background tab). Keys start with 'results' so that deleting a
 * voter's ballots refreshes it together with every other figure. An archived round (`live` false) never
 * changes, so it is asked once.
 */
export function useLiveTurnout(companyId: number, category: FormCategory, roundId?: number, live = true) {
  return useQuery({
    queryKey: ['results', 'turnout', companyId, category, roundId ?? 'current'],
    queryFn: () => getTurnout(companyId, category, roundId),
    refetchInterval: live ? TURNOUT_REFRESH_MS : false,
    staleTime: live ? 0 : undefined,
  });
}
