/**
 * Single-flight refresh of the access token (spec section 4).
 *
 * Before an authenticated request, an expired access token (see token-expiry.ts) is refreshed
 * once: concurrent requests in this tab share one promise, and tabs take turns through the
 * Web Locks API so two tabs never spend the same (rotating, single-use) refresh token. The
 * tab that gets the lock second finds a fresh token stored by the first and uses it.
 *
 * Outcomes:
 * - success: the new access token (and the rotated refresh token, when one is returned) is stored;
 * - the server refuses the refresh token (400 or 401), no refresh token is stored, or the answer
 *   has no access token: the tokens are cleared (the shopper is logged out) and a
 *   {@link RefreshError} with `loggedOut: true` is thrown;
 * - a network failure, a 429 or a 5xx: nothing is cleared (the session may still be good) and a
 *   {@link RefreshError} with `loggedOut: false` is thrown;
 * - the shopper logged out (in this tab or another) while the refresh was on the wire: the
 *   answer's tokens are dropped, never stored over the logout, and a
 *   {@link RefreshError} with `loggedOut: true` is thrown.
 */
import { ApiError } from './errors';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './token-storage';
import { isTokenExpired } from './token-expiry';

/** Sends the refresh token to the API; throws ApiError on a non-2xx answer. */
export type RefreshTransport = (
  refresh: string,
) => Promise<{ access?: unknown; refresh?: unknown } | null | undefined>;

/** A refresh that did not produce a token; `loggedOut` tells whether the tokens were cleared. */
export class RefreshError extends Error {
  readonly loggedOut: boolean;
  constructor(message: string, loggedOut: boolean) {
    super(message);
    this.name = 'RefreshError';
    this.loggedOut = loggedOut;
  }
}

export const REFRESH_LOCK_NAME = 'storefront-token-refresh';

let inFlight: Promise<string> | null = null;

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') return locks.request(REFRESH_LOCK_NAME, work);
  return work();
}

async function performRefresh(transport: RefreshTransport, rejected?: string): Promise<string> {
  // Another tab may have refreshed while this one waited for the lock.
  const current = getAccessToken();
  if (current && !isTokenExpired(current) && current !== rejected) return current;

  const refresh = getRefreshToken();
  if (!refresh) {
    clearTokens();
    throw new RefreshError('Refresh token not found.', true);
  }

  let answer: Awaited<ReturnType<RefreshTransport>>;
  try {
    answer = await transport(refresh);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
      clearTokens();
      throw new RefreshError('Your session has expired. Please log in again.', true);
    }
    throw new RefreshError('Could not refresh the session right now.', false);
  }

  // A logout (here or in another tab) cleared or replaced the refresh token while this one was
  // on the wire: storing the answer would log the shopper back in behind their back.
  if (getRefreshToken() !== refresh) {
    throw new RefreshError('Logged out during the token refresh.', true);
  }
  if (!answer || typeof answer.access !== 'string' || !answer.access) {
    clearTokens();
    throw new RefreshError('Invalid token refresh response.', true);
  }
  setTokens(
    answer.access,
    typeof answer.refresh === 'string' && answer.refresh ? answer.refresh : undefined,
  );
  return answer.access;
}

/** Refreshes now, joining a refresh already under way in this tab. Resolves to the new access token. */
export function refreshAccessToken(transport: RefreshTransport): Promise<string> {
  if (!inFlight) {
    inFlight = withRefreshLock(() => performRefresh(transport)).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/**
 * After the API refused an access token that still looked fresh (401: the password was changed
 * or reset elsewhere, or the account was deactivated), refreshes once: a session the
 * server ended is then logged out here too (the refresh is refused), and a good one gets a new
 * token. Joins a refresh under way; does nothing when the stored token is no longer `rejected`
 * (another request or tab has refreshed already) or when logged out.
 * @throws RefreshError when the refresh fails (see the module notes).
 */
export function refreshRejectedToken(
  transport: RefreshTransport,
  rejected: string,
): Promise<string | null> {
  const current = getAccessToken();
  if (!current) return Promise.resolve(null);
  if (current !== rejected) return Promise.resolve(current);
  if (!inFlight) {
    inFlight = withRefreshLock(() => performRefresh(transport, rejected)).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

/**
 * The access token to send: null when logged out, the stored token while fresh, else the
 * result of one shared refresh.
 * @throws RefreshError when the refresh fails (see the module notes).
 */
export async function ensureFreshAccessToken(
  transport: RefreshTransport,
  nowMs: number = Date.now(),
): Promise<string | null> {
  const token = getAccessToken();
  if (!token) return null;
  if (!isTokenExpired(token, nowMs)) return token;
  return refreshAccessToken(transport);
}
