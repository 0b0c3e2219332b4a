import { useCallback } from 'react';
import { useParams, useSearchParams } from 'react-router';

/**
 * The company chosen at the top of an admin page, kept in the URL (`?company=ID`, or the
 * `company/{companyId}/...` path) so a reload or a shared link keeps it.
 */
export function useCompanyParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const { companyId: fromPath } = useParams();
  const raw = params.get('company') ?? fromPath;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const setId = useCallback(
    (next: number | undefined) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === undefined) p.delete('company');
          else p.set('company', String(next));
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [id, setId];
}
