/**
 * Session tokens in localStorage (spec sections 3, 4 and 9): the access token under
 * `authToken` and the refresh token under `refreshToken`. Logged in means an access token is
 * stored. Saving or clearing tokens fires a notification so the header and the cart
 * re-evaluate in this tab; other tabs hear the browser's own `storage` event.
 *
 * Part of the client: its middleware reads the access token and refreshes it (./token-refresh.ts,
 * ./token-expiry.ts); the auth feature's calls store and clear the pair.
 */
export const ACCESS_TOKEN_KEY = 'authToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** Name of the same-tab event fired after tokens change. */
export const TOKENS_CHANGED_EVENT = 'storefront:tokens-changed';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage blocked (privacy mode): behave as logged out
  }
}

/** The stored access token, or null. */
export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

/** The stored refresh token, or null. */
export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

/** True when an access token is stored (spec section 6: login state comes solely from it). */
export function isLoggedIn(): boolean {
  return Boolean(getAccessToken());
}

function notify(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

/** Stores a token pair; a refresh token of undefined keeps the current one. */
export function setTokens(access: string, refresh?: string): void {
  const s = storage();
  if (!s) return;
  s.setItem(ACCESS_TOKEN_KEY, access);
  if (refresh !== undefined) s.setItem(REFRESH_TOKEN_KEY, refresh);
  notify();
}

/** Removes both tokens. */
export function clearTokens(): void {
  const s = storage();
  if (!s) return;
  s.removeItem(ACCESS_TOKEN_KEY);
  s.removeItem(REFRESH_TOKEN_KEY);
  notify();
}

/**
 * Calls `listener` whenever the tokens change, in this tab or another one.
 * @returns an unsubscribe function.
 */
export function subscribeToTokens(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY)
      listener();
  };
  window.addEventListener(TOKENS_CHANGED_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(TOKENS_CHANGED_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
