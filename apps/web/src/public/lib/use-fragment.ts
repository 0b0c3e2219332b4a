import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fragmentOf, secretParams, withSecretsMoved } from './address-secrets';

/**
 * A voter page's values kept in its address's fragment (address-secrets.ts), with an old address's
 * ?code= / ?receipt= read as well and then moved into the fragment. `set` replaces the fragment's values
 * (the history entry is replaced, not added).
 */
export function useFragment() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => secretParams({ search, hash }), [search, hash]);
  const moved = withSecretsMoved({ search, hash });
  const target = moved ? `${pathname}${moved.search}${moved.hash}` : null;

  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);

  const set = useCallback(
    (values: Record<string, string>) => {
      const rest = withSecretsMoved({ search, hash })?.search ?? search;
      void navigate(`${pathname}${rest}${fragmentOf(values)}`, { replace: true });
    },
    [navigate, pathname, search, hash],
  );
  return [params, set] as const;
}
