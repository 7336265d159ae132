/**
 * Where the back office sends its requests, read once at start.
 *
 * - The API base: `VITE_API_BASE_URL` (the storefront's variable, default `/api`) plus `/admin`,
 *   without a trailing slash: the back office's operations live under `/api/admin/`.
 * - The tenant token (sent as `X-Tenant-Token` on every request): the page's
 *   `<meta name="tenant-token" content="…">` when the server put one in admin/index.html (one
 *   build serving any shop), else `VITE_TENANT_TOKEN` baked into the build as the storefront
 *   does (src/api/config.ts), else the reference API's demo shop.
 * - Whether the deployment waits for its first shop (`setup`): `required` when the server put
 *   `<meta name="shop-setup" content="required">` in the page (a deployment without any shop:
 *   the first-run set-up, features/setup); `none` when the page names its shop's tenant token
 *   instead; `unknown` for a page with neither (the dev server, an older server), which asks
 *   `GET /setup/` before sending a visitor to sign in.
 *
 * @throws Error when the API base is neither an http(s) URL nor a path.
 */
export interface AdminConfig {
  /** The back office API's base without a trailing slash, e.g. `/api/admin`. */
  apiBaseUrl: string;
  /** The shop's API base (the storefront contract), e.g. `/api`, for the shop's public name. */
  shopApiBaseUrl: string;
  tenantToken: string;
  /** Whether the first-run set-up is due, as the page says (see the module comment). */
  setup: 'required' | 'none' | 'unknown';
}

/** The reference API's demo shop, the storefront's default too. */
export const DEFAULT_TENANT_TOKEN = 'demo-handcraft';

/** Builds the config from env values and the page (exported for tests). */
export function parseAdminConfig(
  env: Record<string, string | undefined>,
  doc: Pick<Document, 'querySelector'> | undefined,
): AdminConfig {
  const base = (env.VITE_API_BASE_URL || '/api').trim().replace(/\/+$/, '');
  if (!base.startsWith('/') && !/^https?:\/\//.test(base))
    throw new Error('VITE_API_BASE_URL must be an http(s) URL or a path starting with /');
  const fromPage = doc
    ?.querySelector<HTMLMetaElement>('meta[name="tenant-token"]')
    ?.getAttribute('content')
    ?.trim();
  const tenantToken = fromPage || env.VITE_TENANT_TOKEN?.trim() || DEFAULT_TENANT_TOKEN;
  const setupMeta = doc
    ?.querySelector<HTMLMetaElement>('meta[name="shop-setup"]')
    ?.getAttribute('content')
    ?.trim();
  const setup = setupMeta === 'required' ? 'required' : fromPage ? 'none' : 'unknown';
  return { apiBaseUrl: `${base}/admin`, shopApiBaseUrl: base, tenantToken, setup };
}

export const config: AdminConfig = parseAdminConfig(
  import.meta.env as Record<string, string | undefined>,
  typeof document !== 'undefined' ? document : undefined,
);

/** A root-relative base resolved against the page (openapi-fetch needs a full URL in tests). */
export function absoluteUrl(base: string): string {
  if (/^https?:\/\//.test(base)) return base;
  const origin = typeof window !== 'undefined' ? window.location.origin : 'http://localhost';
  return `${origin}${base}`;
}
