import { useEffect, useState } from 'react';

/** The value as it was `delay` ms after its last change (the preview follows edits at 300 ms, spec §9). */
export function useDebouncedValue<T>(value: T, delay: number): [T, (now: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  // The second item applies a value at once (the refresh-preview button).
  return [debounced, setDebounced];
}
