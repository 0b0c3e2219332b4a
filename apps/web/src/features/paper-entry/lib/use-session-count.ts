import { useState } from 'react';

const storageKey = (voteTypeId: number) => `kp-paper-entered-${voteTypeId}`;

/** Sheets this browser tab entered for the vote type: kept while the tab lives, across page changes. */
export function useSessionCount(voteTypeId: number): [number, () => void] {
  const [count, setCount] = useState(() => {
    try {
      return Number(sessionStorage.getItem(storageKey(voteTypeId))) || 0;
    } catch {
      return 0;
    }
  });
  const add = () =>
    setCount((n) => {
      try {
        sessionStorage.setItem(storageKey(voteTypeId), String(n + 1));
      } catch {
        // Private mode: the count lives in memory only.
      }
      return n + 1;
    });
  return [count, add];
}
