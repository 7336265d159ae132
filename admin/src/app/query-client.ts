/**
 * The back office's QueryClient: data is fresh for 15 seconds and refetched when the tab comes
 * back into focus (a member returns to the tab after a parcel is packed and must see the orders as
 * they are now); a failed query is retried at most twice, never after a 4xx (asking again will
 * not help); mutations never retry on their own (a second "Mark paid" is the staff member's
 * call, not the client's).
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** Retry rule of every query: at most twice, never for a 4xx ApiError. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
