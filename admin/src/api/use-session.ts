/**
 * React's view of the staff session: re-renders when the tokens are stored or cleared (signing
 * in, a refresh, signing out, a refused refresh).
 */
import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeToTokens } from './tokens';

/** True while an access token is held. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeToTokens, isSignedIn, isSignedIn);
}
