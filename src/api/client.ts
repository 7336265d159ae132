/**
 * The one openapi-fetch client of the storefront (architecture convention 5).
 *
 * Middleware, in order:
 * - every request carries `X-Tenant-Token` (spec section 7);
 * - requests other than login, register and token refresh carry the stored access token as
 *   a bearer token when there is one; an expired one is first refreshed, once for all
 *   concurrent requests (./token-refresh.ts). When the refresh fails and logs the shopper
 *   out, the request goes on without a token and the server answers as for a visitor.
 *   When it fails for another reason (network, 429, 5xx: the session may still be good), a
 *   request the contract lets a visitor make goes on without the token too (the
 *   catalogue must not fail because the token service did), while a request that needs the
 *   shopper ({@link needsShopper}) fails with that error;
 * - every non-2xx answer becomes a thrown {@link ApiError} with the status and parsed body,
 *   so callers get `data` or an exception, never a half-filled result;
 * - a 401 to a request that carried a bearer token first triggers one refresh
 *   (./token-refresh.ts `refreshRejectedToken`): when the server ended the session
 *   (a password change elsewhere) the refresh is refused and the shopper is logged out here,
 *   otherwise the next attempt (React Query's retry) carries the new token.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../common/storefront-api';
import { config } from './config';
import { ApiError } from './errors';
import {
  ensureFreshAccessToken,
  RefreshError,
  refreshRejectedToken,
  type RefreshTransport,
} from './token-refresh';
import { isTokenExpired } from './token-expiry';
import { getAccessToken } from './token-storage';

/** Paths that must never carry a bearer token (spec section 7). */
const UNAUTHENTICATED_PATHS = [
  '/accounts/login/',
  '/accounts/register/',
  '/accounts/token/refresh/',
];
/**
 * Logout carries the access token only while it is fresh: refreshing first would spend the
 * (rotating) refresh token that the logout is about to revoke.
 */
const NO_REFRESH_PATHS = ['/accounts/logout/'];

/** The shopper's own paths: every operation under them requires the bearer token. */
const SHOPPER_PATHS = /^\/(orders|accounts\/(me|addresses|password\/change))\//;
/** The other operations that require it, as `METHOD path` (their paths also serve visitors). */
const SHOPPER_OPERATIONS = [
  'POST /products/reviews/',
  'GET /products/reviews/eligibility/',
  'POST /blog/comments/',
  'POST /payments/card/initiate/',
  'GET /payments/history/{uuid}/',
];

/**
 * True for an operation whose `security` in the contract requires the bearer token (`method`
 * upper case, `path` the contract's, `/orders/orders/{id}/`). A rule rather than a list of the
 * 25 operations, to keep every page's first script small; client.test.ts checks it against
 * every operation of openapi/storefront.yaml.
 */
export function needsShopper(method: string, path: string): boolean {
  return SHOPPER_PATHS.test(path) || SHOPPER_OPERATIONS.includes(`${method} ${path}`);
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

async function bearerToken(
  refresh: RefreshTransport,
  needsShopper: boolean,
): Promise<string | null> {
  try {
    return await ensureFreshAccessToken(refresh);
  } catch (error) {
    if (error instanceof RefreshError && (error.loggedOut || !needsShopper)) return null;
    throw error;
  }
}

/**
 * Builds the middleware for a tenant token; `refresh` sends a refresh token to the API.
 * Exported for tests.
 */
export function storefrontMiddleware(tenantToken: string, refresh: RefreshTransport): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const shopper = needsShopper(request.method, schemaPath);
      request.headers.set('X-Tenant-Token', tenantToken);
      if (NO_REFRESH_PATHS.includes(schemaPath)) {
        const token = getAccessToken();
        if (token && !isTokenExpired(token))
          request.headers.set('Authorization', `Bearer ${token}`);
      } else if (!UNAUTHENTICATED_PATHS.includes(schemaPath)) {
        const token = await bearerToken(refresh, shopper);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      }
      return request;
    },
    async onResponse({ request, response, schemaPath }) {
      if (!response.ok) {
        const sent = request.headers.get('Authorization');
        if (
          response.status === 401 &&
          sent?.startsWith('Bearer ') &&
          !NO_REFRESH_PATHS.includes(schemaPath)
        ) {
          // The outcome shows in the stored tokens; this request fails as it did either way.
          await refreshRejectedToken(refresh, sent.slice('Bearer '.length)).catch(() => null);
        }
        throw new ApiError(response.status, await readBody(response));
      }
      return response;
    },
  };
}

/** Resolves a root-relative base against the page's origin; openapi-fetch needs a full URL in tests. */
function absoluteBase(base: string): string {
  if (/^https?:\/\//.test(base)) return base;
  const origin =
    typeof window !== 'undefined' && window.location ? window.location.origin : 'http://localhost';
  return `${origin}${base}`;
}

/** Sends one request and resolves its answer: `fetch`, or what {@link setApiTransport} installed. */
export type ApiTransport = (request: Request) => Promise<Response>;

let transport: ApiTransport | undefined;

/**
 * Replaces the network for every call of {@link api}. The server render installs a transport
 * that hands each request to the API in the same process, for the tenant of the page being
 * rendered (src/entry-server.tsx; decision 008); the browser never calls this.
 */
export function setApiTransport(next: ApiTransport | undefined): void {
  transport = next;
}

export const api = createClient<paths>({
  baseUrl: absoluteBase(config.apiBaseUrl),
  // Looked up per call rather than captured once, so tests and instrumentation can replace it.
  fetch: (request) => (transport ?? globalThis.fetch)(request),
});
api.use(
  storefrontMiddleware(config.tenantToken, async (refresh) => {
    const { data } = await api.POST('/accounts/token/refresh/', { body: { refresh } });
    return data;
  }),
);

/** The API base (for media paths given relative to the API host, such as the favicon). */
export const apiBaseUrl = config.apiBaseUrl;
