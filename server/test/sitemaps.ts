/**
 * Fixtures of the sitemap tests: the sitemap read through `app.inject` with the scripts' own
 * reader (scripts/lib/sitemap-urls.ts), so the tests follow the index as a crawler and
 * `npm run check:html` do.
 */
import type { FastifyInstance } from 'fastify';
import { type FetchText, sitemapUrls } from '../../scripts/lib/sitemap-urls.ts';

/**
 * A `FetchText` over `app.inject` with `headers` (a Host, say).
 * @throws Error when a path does not answer 200
 */
export function injectText(app: FastifyInstance, headers: Record<string, string> = {}): FetchText {
  return async (path) => {
    const response = await app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
    return response.body;
  };
}

/** Every URL the sitemap of `app` lists, following its index. */
export function listedUrls(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<string[]> {
  return sitemapUrls(injectText(app, headers));
}
