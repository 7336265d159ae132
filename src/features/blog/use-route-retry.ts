import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * For a route's error component: clears the failed queries' error boundary once the error is
 * shown, and returns a retry that resets the route and runs its loader again (as the router's
 * default error component does).
 */
export function useRouteRetry(reset?: () => void): () => void {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  useEffect(() => {
    queryReset.reset();
  }, [queryReset]);
  return () => {
    reset?.();
    void router.invalidate();
  };
}
