/**
 * The signed-in staff member's token pair: kept in memory, mirrored to sessionStorage so a
 * reload of the tab stays signed in, and gone when the tab closes. Keys of their own
 * (`backOffice.access`, `backOffice.refresh`), never the storefront's (`authToken`,
 * `refreshToken` in localStorage): a shopper's session and a staff session in the same browser
 * never mix. sessionStorage is per tab, so no other tab's change needs hearing.
 *
 * Signed in means an access token is held. Listeners (React through `useSyncExternalStore`, the
 * query cache's cleanup) hear every change.
 */
export const ACCESS_KEY = 'backOffice.access';
export const REFRESH_KEY = 'backOffice.refresh';

interface TokenPair {
  access: string | null;
  refresh: string | null;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage blocked: memory only, signed out on reload
  }
}

function load(): TokenPair {
  const s = storage();
  return { access: s?.getItem(ACCESS_KEY) ?? null, refresh: s?.getItem(REFRESH_KEY) ?? null };
}

let tokens: TokenPair = load();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of [...listeners]) listener();
}

/** The access token, or null when signed out. */
export function getAccessToken(): string | null {
  return tokens.access;
}

/** The refresh token, or null. */
export function getRefreshToken(): string | null {
  return tokens.refresh;
}

/** True while an access token is held. */
export function isSignedIn(): boolean {
  return tokens.access !== null;
}

/** Stores a pair; `refresh` undefined keeps the current refresh token (a refresh that does not rotate). */
export function setTokens(access: string, refresh?: string): void {
  tokens = { access, refresh: refresh ?? tokens.refresh };
  const s = storage();
  s?.setItem(ACCESS_KEY, access);
  if (tokens.refresh) s?.setItem(REFRESH_KEY, tokens.refresh);
  changed();
}

/** Forgets both tokens (signing out). Does nothing, and tells no one, when already signed out. */
export function clearTokens(): void {
  if (tokens.access === null && tokens.refresh === null) return;
  tokens = { access: null, refresh: null };
  const s = storage();
  s?.removeItem(ACCESS_KEY);
  s?.removeItem(REFRESH_KEY);
  changed();
}

/** Calls `listener` after every change of the tokens; returns the unsubscribe function. */
export function subscribeToTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads sessionStorage (for tests that write it directly). */
export function reloadTokensForTests(): void {
  tokens = load();
}
