import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { voterIdentifier } from '../lib/voter-store';
import { requestView, takeEarlyView } from './early-view';

interface State {
  loading: boolean;
  view: PublicVoteTypeView | null;
  error: unknown;
}

/**
 * Everything the voter page needs for a link, asked with this browser's voter identifier so the
 * server can say whether this voter already voted. `reload` keeps the page on screen while it asks.
 */
export function useVoteType(linkId: string) {
  const voter = useMemo(() => voterIdentifier(linkId), [linkId]);
  const [state, setState] = useState<State>({ loading: true, view: null, error: null });
  const seq = useRef(0);

  const load = useCallback(async (): Promise<PublicVoteTypeView | null> => {
    const mine = ++seq.current;
    try {
      // The first answer may already be on its way (vote.html started it before the app loaded).
      const view = await (takeEarlyView(linkId, voter) ?? requestView(linkId, voter));
      if (mine === seq.current) setState({ loading: false, view, error: null });
      return view;
    } catch (error) {
      // A failed refresh keeps the page already shown; only a first load turns into an error page.
      if (mine === seq.current)
        setState((s) => (s.view ? { ...s, loading: false } : { loading: false, view: null, error }));
      return null;
    }
  }, [linkId, voter]);

  useEffect(() => {
    void load();
    // An answer arriving after the page is gone (or the link changed) is dropped.
    const counter = seq;
    return () => {
      counter.current++;
    };
  }, [load]);

  const retry = useCallback(() => {
    setState({ loading: true, view: null, error: null });
    void load();
  }, [load]);

  return { ...state, voter, reload: load, retry };
}
