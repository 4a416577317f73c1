import { useEffect, useState } from 'react';

/** Typing in a filter asks the server once the user pauses, not on every key. */
export const FILTER_DEBOUNCE_MS = 300;

/** `value` once it has stayed unchanged for `delay` milliseconds. */
export function useDebouncedValue<T>(value: T, delay: number = FILTER_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
