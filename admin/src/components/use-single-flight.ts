/**
 * One request per intent: while `run`'s work is under way, calling it again does nothing. A
 * disabled button stops a second click once React has re-rendered; this stops the one that
 * lands before (a fast double click, Enter pressed twice).
 */
import { useCallback, useRef } from 'react';

export function useSingleFlight(): <T>(work: () => Promise<T>) => Promise<T | undefined> {
  const busy = useRef(false);
  return useCallback(async <T>(work: () => Promise<T>) => {
    if (busy.current) return undefined;
    busy.current = true;
    try {
      return await work();
    } finally {
      busy.current = false;
    }
  }, []);
}
