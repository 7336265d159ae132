/**
 * How every back office request goes out (the `fetch` of the typed client, ./client.ts):
 *
 * - every request carries `X-Tenant-Token`;
 * - every request but sign-in, token refresh, accepting an invitation, resetting a forgotten
 *   password and the first-run set-up carries the staff access token as `Authorization: Bearer …`; one that expires within
 *   30 seconds is first refreshed;
 * - a 401 to a request that carried a token refreshes once (joining a refresh under way: one
 *   refresh for every request that failed together) and sends the request again with the new
 *   token. A 401 means the server did nothing, so sending a mutation again is safe;
 * - when the server refuses the refresh token (400 or 401) or none is held, the tokens are
 *   cleared: the staff member is signed out and the app shows the sign-in screen. A network
 *   failure, 429 or 5xx of the refresh keeps them (the session may still be good);
 * - every non-2xx answer becomes a thrown {@link ApiError} with the status and parsed body.
 *
 * Sign-out sends the access token it holds without refreshing it: a refresh would spend the
 * (rotating) refresh token the sign-out is about to revoke.
 */
import { ApiError } from './errors';
import { expiresSoon } from './token-expiry';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './tokens';

/** Sends the refresh token; resolves with the new pair or throws ApiError. */
export type RefreshCall = (refresh: string) => Promise<{ access: string; refresh?: string }>;

/** A refresh that gave no token; `signedOut` tells whether the tokens were cleared. */
export class RefreshError extends Error {
  readonly signedOut: boolean;
  constructor(message: string, signedOut: boolean) {
    super(message);
    this.name = 'RefreshError';
    this.signedOut = signedOut;
  }
}

/** Path endings of the operations that never carry the staff token. */
const PUBLIC_PATHS = [
  '/auth/login/',
  '/auth/refresh/',
  '/staff/invitations/accept/',
  '/auth/password/reset/',
  '/auth/password/reset/confirm/',
  '/setup/',
];
/** Path endings that carry the token as held, never refreshed first nor after a 401. */
const NO_REFRESH_PATHS = ['/auth/logout/'];

const endsWithOneOf = (url: string, endings: string[]) => {
  const path = new URL(url).pathname;
  return endings.some((ending) => path.endsWith(ending));
};

let inFlight: Promise<string> | null = null;

async function performRefresh(call: RefreshCall, rejected: string | null): Promise<string> {
  const current = getAccessToken();
  if (current && current !== rejected && !expiresSoon(current)) return current;
  const refresh = getRefreshToken();
  if (!refresh) {
    clearTokens();
    throw new RefreshError('Signed out.', true);
  }
  let pair: Awaited<ReturnType<RefreshCall>>;
  try {
    pair = await call(refresh);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
      clearTokens();
      throw new RefreshError('Your session has ended. Please sign in again.', true);
    }
    throw new RefreshError('Could not renew the session right now.', false);
  }
  // Signed out while the refresh was on the wire: keep it that way.
  if (getRefreshToken() !== refresh) throw new RefreshError('Signed out.', true);
  if (!pair || typeof pair.access !== 'string' || !pair.access) {
    clearTokens();
    throw new RefreshError('The server sent no access token.', true);
  }
  setTokens(
    pair.access,
    typeof pair.refresh === 'string' && pair.refresh ? pair.refresh : undefined,
  );
  return pair.access;
}

/**
 * One refresh at a time: concurrent callers share it. `rejected` is the access token the server
 * just refused (a 401), which must not be handed back as fresh.
 * @throws RefreshError when no new token came (see the module notes).
 */
export function refreshOnce(call: RefreshCall, rejected: string | null = null): Promise<string> {
  if (!inFlight) {
    inFlight = performRefresh(call, rejected).finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface TransportOptions {
  tenantToken: string;
  refresh: RefreshCall;
  /** The network; looked up per call so tests can replace `globalThis.fetch`. */
  send?: (request: Request) => Promise<Response>;
}

/** Builds the `fetch` the typed client uses (see the module notes). */
export function createAdminFetch(
  options: TransportOptions,
): (request: Request) => Promise<Response> {
  const send = (request: Request) => (options.send ?? globalThis.fetch)(request);
  return async (request) => {
    request.headers.set('X-Tenant-Token', options.tenantToken);
    if (endsWithOneOf(request.url, PUBLIC_PATHS)) return checked(await send(request));

    const noRefresh = endsWithOneOf(request.url, NO_REFRESH_PATHS);
    let token = getAccessToken();
    if (token && !noRefresh && expiresSoon(token)) {
      try {
        token = await refreshOnce(options.refresh);
      } catch (error) {
        if (!(error instanceof RefreshError && error.signedOut)) throw error;
        token = null;
      }
    }
    // Kept before sending: a body can be read once, and a 401 sends the request again.
    const again = request.clone();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    let response = await send(request);

    if (response.status === 401 && token && !noRefresh) {
      const renewed = await refreshOnce(options.refresh, token).catch(() => null);
      if (renewed && renewed !== token) {
        again.headers.set('Authorization', `Bearer ${renewed}`);
        response = await send(again);
      }
    }
    return checked(response);
  };
}

async function checked(response: Response): Promise<Response> {
  if (!response.ok) throw new ApiError(response.status, await readBody(response));
  return response;
}
