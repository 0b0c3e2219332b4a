import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The address parameter of the round (测评批次) a results or records page shows. */
export const ROUND_PARAM = 'round';

const asId = (raw: string | null) => (raw && /^\d+$/.test(raw) ? Number(raw) : undefined);

/**
 * The round chosen on a results or records page, kept in `?round=ID` so a reload or a shared link shows
 * the same round; absent = the unit's current round. Choosing another unit drops it (see
 * use-company-param), since a round belongs to one unit.
 */
export function useRoundParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const id = asId(params.get(ROUND_PARAM));
  const setId = useCallback(
    (next: number | undefined) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === undefined) p.delete(ROUND_PARAM);
          else p.set(ROUND_PARAM, String(next));
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [id, setId];
}
