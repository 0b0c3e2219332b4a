import { useCallback, useEffect, useState } from 'react';
import { publicRequest } from '@/lib/api-client';

interface GetState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
}

/** GET a public API path (null: nothing to fetch). `retry` asks again after a failure. */
export function usePublicGet<T>(path: string | null) {
  const [state, setState] = useState<GetState<T>>({ data: null, error: null, loading: path !== null });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (path === null) return;
    const ctrl = new AbortController();
    publicRequest<T>(path, { signal: ctrl.signal }).then(
      (data) => setState({ data, error: null, loading: false }),
      (error: unknown) => {
        if (!ctrl.signal.aborted) setState({ data: null, error, loading: false });
      },
    );
    return () => ctrl.abort();
  }, [path, round]);

  const retry = useCallback(() => {
    setState({ data: null, error: null, loading: true });
    setRound((r) => r + 1);
  }, []);

  return { ...state, retry };
}
