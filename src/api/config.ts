/**
 * The storefront's runtime configuration, read once from Vite's env and validated, so a
 * misconfigured build fails loudly at start-up instead of sending requests to nowhere.
 *
 * - `VITE_API_BASE_URL`: the shop API's base, absolute (`https://shop.example/api`) or
 *   root-relative (`/api`, the default: the reference API serves the SPA and the API from one origin).
 * - `VITE_TENANT_TOKEN`: the fixed tenant token sent on every request (spec section 7);
 *   defaults to the reference API's demo tenant.
 *
 * @throws Error when a variable is present but malformed.
 */
// zod/mini: this module is in every route's first load, and classic zod alone would cost ~23 KB gzipped.
import * as z from 'zod/mini';

const configSchema = z.object({
  apiBaseUrl: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((v) => v.startsWith('/') || /^https?:\/\//.test(v), {
        message: 'VITE_API_BASE_URL must be an http(s) URL or a path starting with /',
      }),
    ),
    z.transform((v: string) => v.replace(/\/+$/, '')),
  ),
  tenantToken: z.string().check(z.trim(), z.minLength(1, 'VITE_TENANT_TOKEN must not be empty')),
});

export type AppConfig = z.infer<typeof configSchema>;

/** Parses raw env values into an {@link AppConfig}; exported for tests. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = configSchema.safeParse({
    apiBaseUrl: env.VITE_API_BASE_URL || '/api',
    tenantToken: env.VITE_TENANT_TOKEN || 'demo-handcraft',
  });
  if (!parsed.success) {
    throw new Error(`Invalid storefront configuration: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return parsed.data;
}

export const config: AppConfig = parseConfig(import.meta.env as Record<string, string | undefined>);
