// The voter build's stand-in for react-router (vite.voter.config.ts aliases 'react-router' to this file):
// the three hooks the voter pages use, over the browser's own address and history, and no router. The
// page for an address is chosen by a plain path switch (public/voter-app.tsx). The admin build keeps
// react-router, so the same pages work under both.
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';

type Params = Readonly<Record<string, string | undefined>>;

const ParamsContext = createContext<Params>({});

/** Gives the pages below it the values the path switch read from the address (`:linkId`, `:id`). */
export function ParamsProvider({ params, children }: { params: Params; children: ReactNode }) {
  return createElement(ParamsContext.Provider, { value: params }, children);
}

const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('popstate', changed);
    window.addEventListener('hashchange', changed);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('popstate', changed);
      window.removeEventListener('hashchange', changed);
    }
  };
}

const address = () => window.location.pathname + window.location.search + window.location.hash;

/** The address now open; the component draws again when it changes (a navigation, back, a new fragment). */
export function useLocation() {
  useSyncExternalStore(subscribe, address);
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

export interface NavigateOptions {
  replace?: boolean;
}

/** Moves to `to` (a path on this site) in place: a new history entry, or the current one replaced. */
export function navigate(to: string, options: NavigateOptions = {}) {
  if (options.replace) window.history.replaceState(window.history.state, '', to);
  else window.history.pushState(null, '', to);
  changed();
}

export const useNavigate = () => navigate;

export const useParams = () => useContext(ParamsContext);
