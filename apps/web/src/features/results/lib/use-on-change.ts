import { useEffect, useRef } from 'react';

/** Calls `onChange` when `value` changes after the first time it is known (new ballots came in). */
export function useOnChange<T>(value: T | undefined, onChange: () => void) {
  const last = useRef(value);
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    if (value === undefined) return;
    if (last.current !== undefined && last.current !== value) callback.current();
    last.current = value;
  }, [value]);
}
