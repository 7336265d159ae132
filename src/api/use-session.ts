/**
 * React's view of the session: re-renders when tokens are saved or cleared, in this tab or
 * another (spec section 4: the header and the cart re-evaluate on the storage notification).
 *
 * The tokens live in the browser's localStorage, so a server render cannot know them: there,
 * and while the browser hydrates the server's HTML, the session is `undefined` (unknown) and
 * the views that depend on it show a neutral placeholder of their size, never the logged-out
 * view that would then flip (decision 008). Right after hydration it is true or false.
 *
 * Beside the tokens it watches (./token-storage.ts), below every feature: the header, the cart
 * and each page that changes with the session read it on the first paint, and a feature reaches
 * another only through its api.ts, whose account calls (login, register, passwords) would then
 * load with every page.
 */
import { useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeToTokens } from './token-storage';

/** True while an access token is stored, false without one; undefined while not known yet. */
export function useIsLoggedIn(): boolean | undefined {
  return useSyncExternalStore(subscribeToTokens, isLoggedIn, () => undefined);
}
