import { useQuery } from '@tanstack/react-query';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import { getTurnout } from '@/api/turnout';

/** How often the turnout is asked again while a results page is open. */
export const TURNOUT_REFRESH_MS = 5_000;

/**
 * Ballots received per vote type, asked again every few seconds while the page is open (and visible:
 * react-query pauses the interval in a background tab). Keys start with 'results' so that deleting a
 * voter's ballots refreshes it together with every other figure.
 */
export function useLiveTurnout(companyId: number, category: FormCategory) {
  return useQuery({
    queryKey: ['results', 'turnout', companyId, category],
    queryFn: () => getTurnout(companyId, category),
    refetchInterval: TURNOUT_REFRESH_MS,
    staleTime: 0,
  });
}
