import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML; true right after, and
 * in pages rendered in the browser alone. Views that depend on what only the browser knows
 * (the session, navigation state, the shopper's locale) render a neutral placeholder until it
 * is true, so the hydrated HTML matches the server's (decision 008; architecture convention 13).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
