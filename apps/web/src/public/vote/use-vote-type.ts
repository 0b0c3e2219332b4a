import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { voterIdentifier } from '../lib/voter-store';
import { requestView, takeEarlyView } from './early-view';

interface State {
  loading: boolean;
  view: PublicVoteTypeView | null;
  /** The code the view on screen was asked with (its `code_state` is about that code). */
  viewCode: string | null;
  error: unknown;
}

/**
 * Everything the voter page needs for a link, asked with this browser's voter identifier (link mode:
 * has this voter already voted?) and the one-time code when there is one (codes mode: can it vote?).
 * `reload` keeps the page on screen while it asks; so does a change of code, with `checking` set.
 */
export function useVoteType(linkId: string, code: string | null) {
  const voter = useMemo(() => voterIdentifier(linkId), [linkId]);
  const [state, setState] = useState<State>({ loading: true, view: null, viewCode: null, error: null });
  const seq = useRef(0);

  const load = useCallback(async (): Promise<PublicVoteTypeView | null> => {
    const mine = ++seq.current;
    setState((s) => (s.error ? { ...s, error: null } : s));
    try {
      // The first answer may already be there or on its way (the entry started it before the first draw).
      const view = await (takeEarlyView(linkId, voter, code) ?? requestView(linkId, voter, code));
      if (mine === seq.current) setState({ loading: false, view, viewCode: code, error: null });
      return view;
    } catch (error) {
      // A failed refresh keeps the page already shown (with the error, for a code being checked); only a
      // first load turns into an error page.
      if (mine === seq.current) setState((s) => ({ ...s, loading: false, error }));
      return null;
    }
  }, [linkId, voter, code]);

  useEffect(() => {
    void load();
    // An answer arriving after the page is gone (or the link changed) is dropped.
    const counter = seq;
    return () => {
      counter.current++;
    };
  }, [load]);

  const retry = useCallback(() => {
    setState({ loading: true, view: null, viewCode: null, error: null });
    void load();
  }, [load]);

  const checking = !!state.view && state.viewCode !== code && !state.error;
  return { ...state, checking, voter, reload: load, retry };
}
