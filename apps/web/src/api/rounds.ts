import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoundList, RoundSummary } from '@kaoping/contracts/rounds';
import { adminRequest } from '@/lib/api-client';

/** Every rounds query is under 'rounds': starting a new round refreshes the selectors and the rounds page. */
export const roundsKey = (companyId: number) => ['rounds', companyId] as const;

/** GET /admin/companies/{id}/rounds: the unit's rounds (测评批次), newest first, with what each holds. */
export const getRounds = (companyId: number) =>
  adminRequest<RoundList>(`/admin/companies/${companyId}/rounds`);

export const roundsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: roundsKey(companyId), queryFn: () => getRounds(companyId) });

/** The unit's rounds (the selectors, the setup pages' round name, the rounds page); idle without a unit. */
export function useRounds(companyId: number | undefined) {
  return useQuery({ ...roundsQueryOptions(companyId ?? 0), enabled: companyId !== undefined });
}

/** The unit's current round (the one every setup page edits), once the list is loaded. */
export function useCurrentRound(companyId: number | undefined): RoundSummary | undefined {
  return useRounds(companyId).data?.items.find((r) => r.state === 'current');
}

/** The round a results or records page shows: what it asks the server for, and whether it may change. */
export interface RoundScope {
  /** Sent as `round_id`; undefined = the current round (the server's default). */
  roundId: number | undefined;
  /** The round itself, once the list is loaded (undefined while loading, or for an unknown id). */
  round: RoundSummary | undefined;
  /**
   * Nothing may be changed from the page: an archived round, or a round named in the address that the
   * list has not confirmed as the current one yet (so a delete never shows before the list is loaded).
   */
  readOnly: boolean;
  /** The round named in the address is not a round of this unit (the list is loaded and lacks it). */
  unknown: boolean;
}

/** Resolves `?round=ID` of one unit against its rounds list. */
export function useRoundScope(companyId: number | undefined, roundParam: number | undefined): RoundScope {
  const { data } = useRounds(companyId);
  const items = data?.items;
  if (roundParam === undefined) {
    const current = items?.find((r) => r.state === 'current');
    return { roundId: undefined, round: current, readOnly: false, unknown: false };
  }
  const round = items?.find((r) => r.id === roundParam);
  const unknown = items !== undefined && round === undefined;
  return {
    roundId: unknown ? undefined : roundParam,
    round: unknown ? items.find((r) => r.state === 'current') : round,
    readOnly: !unknown && round?.state !== 'current',
    unknown,
  };
}
