import { useEffect, useState } from 'react';

/** The library search waits this long after the last keystroke (docs/behaviour/timings-and-limits.md#lists-and-pages). */
export const LIBRARY_SEARCH_DEBOUNCE_MS = 500;

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
