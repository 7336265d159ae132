/**
 * Sends the browser to the sign-in screen the moment the session ends, whatever ended it: the
 * Sign out button, a refresh token the server refused, a session revoked from another device.
 * The route guards run again (router.invalidate) and redirect; the cached data of the member
 * who left is dropped (main.tsx).
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useIsSignedIn } from '../api/use-session';

export function SignOutWatcher() {
  const signedIn = useIsSignedIn();
  const router = useRouter();
  const was = useRef(signedIn);
  useEffect(() => {
    if (was.current && !signedIn) void router.invalidate();
    was.current = signedIn;
  }, [signedIn, router]);
  return null;
}
