import { useCallback, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ROUND_PARAM } from './use-round-param';

/** Where the last chosen company is remembered, so every admin page opens on it. */
export const COMPANY_STORAGE_KEY = 'kp-admin-company';

const asId = (raw: string | null | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : undefined);

/** The company the admin chose last in this browser, if any. */
export function rememberedCompany(): number | undefined {
  try {
    return asId(localStorage.getItem(COMPANY_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/** Remembers the chosen company for the next page and the next visit; undefined forgets it. */
export function rememberCompany(id: number | undefined): void {
  try {
    if (id === undefined) localStorage.removeItem(COMPANY_STORAGE_KEY);
    else localStorage.setItem(COMPANY_STORAGE_KEY, String(id));
  } catch {
    // Storage refused (private mode): the address still carries the choice.
  }
}

/**
 * The company chosen at the top of an admin page. It is kept in the URL (`?company=ID`, or the
 * `company/{companyId}/...` path) so a reload or a shared link keeps it, and remembered in local storage
 * so a page opened without it (a bookmark, the address typed) starts on the same company. The company
 * selector drops a remembered company that no longer exists.
 */
export function useCompanyParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const { companyId: fromPath } = useParams();
  const inUrl = asId(params.get('company') ?? fromPath);
  const id = inUrl ?? rememberedCompany();

  const setId = useCallback(
    (next: number | undefined) => {
      rememberCompany(next);
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          // A round belongs to one unit: another unit opens on its current round.
          if (asId(p.get('company')) !== next) p.delete(ROUND_PARAM);
          if (next === undefined) p.delete('company');
          else p.set('company', String(next));
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    // A company in the address (a link, another page) becomes the remembered one; a remembered one
    // is written into the address, so the address always says which company the page shows. Storage
    // is read again here: the selector may have just dropped a company that no longer exists.
    if (inUrl !== undefined) {
      rememberCompany(inUrl);
      return;
    }
    const remembered = rememberedCompany();
    if (remembered !== undefined) setId(remembered);
  }, [inUrl, setId]);

  return [id, setId];
}
