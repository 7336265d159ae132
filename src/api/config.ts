/**
 * The storefront's runtime configuration, read once from Vite's env and validated, so a
 * misconfigured build fails loudly at start-up instead of sending requests to nowhere.
 *
 * - `VITE_API_BASE_URL`: the shop API's base, absolute (`https://shop.example/api`) or
 *   root-relative (`/api`, the default: the reference API serves the SPA and the API from one
 *   origin).
 * - The tenant token sent on every request (spec section 7): the page's
 *   `<meta name="tenant-token">`, which the reference API writes into every page it serves
 *   (server/platform/render/index-html.ts), so one build serves whichever shop the server is
 *   started for; else `VITE_TENANT_TOKEN` baked into the build (a storefront served by another
 *   host, the Prism mock); else the reference API's demo tenant.
 *
 * @throws Error when a variable is present but malformed.
 */
// Plain checks, not zod: this module is in every page's first load (the script budget).

export interface AppConfig {
  /** The API's base without a trailing slash: absolute (`https://shop.example/api`) or a path. */
  apiBaseUrl: string;
  tenantToken: string;
}

/** Parses raw env values and the page (none on the server) into an {@link AppConfig}; exported for tests. */
export function parseConfig(
  env: Record<string, string | undefined>,
  doc?: Pick<Document, 'querySelector'>,
): AppConfig {
  const issues: string[] = [];
  const apiBaseUrl = (env.VITE_API_BASE_URL || '/api').trim();
  if (!apiBaseUrl.startsWith('/') && !/^https?:\/\//.test(apiBaseUrl))
    issues.push('VITE_API_BASE_URL must be an http(s) URL or a path starting with /');
  const fromPage = doc?.querySelector<HTMLMetaElement>('meta[name=tenant-token]')?.content.trim();
  const tenantToken = (fromPage || env.VITE_TENANT_TOKEN || 'demo-handcraft').trim();
  if (!tenantToken) issues.push('VITE_TENANT_TOKEN must not be empty');
  if (issues.length) throw new Error(`Invalid storefront configuration: ${issues.join('; ')}`);
  return { apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''), tenantToken };
}

export const config: AppConfig = parseConfig(
  import.meta.env as Record<string, string | undefined>,
  typeof document !== 'undefined' ? document : undefined,
);
