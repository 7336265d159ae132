/**
 * React's view of the session: re-renders when tokens are saved or cleared, in this tab or
 * another (spec section 4: the header and the cart re-evaluate on the storage notification).
 */
import { useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeToTokens } from './token-storage';

/** True while an access token is stored. */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeToTokens, isLoggedIn, () => false);
}
