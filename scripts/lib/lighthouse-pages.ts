/**
 * Which pages `npm run lighthouse` audits: every route of the shop's sitemap (one URL each, or
 * every URL), then the pages kept out of search results.
 */
import { pathOfUrl } from './sitemap-urls.ts';

/** One page to audit. */
export interface Target {
  /** What the table calls it: the path, or the route and the path standing for it. */
  label: string;
  /** Path and query on the audited origin. */
  path: string;
  /** Pages meant to stay out of search results: their SEO score is not budgeted. */
  noindex?: boolean;
}

/** Pages kept out of search results (`noindex`): audited without the SEO budget. */
export const NOINDEX_PAGES = ['/cart', '/login'];

/**
 * The route a sitemap path belongs to: a second path segment becomes `:slug` and each query
 * value `:value`, so `/blog/sharpening-on-water-stones` is `/blog/:slug` and
 * `/products?category=ceramics` is `/products?category=:value`.
 */
export function routeOf(pathAndQuery: string): string {
  const url = new URL(pathAndQuery, 'http://route.invalid');
  const segments = url.pathname.split('/').filter(Boolean);
  const pathname = '/' + segments.map((segment, i) => (i >= 1 ? ':slug' : segment)).join('/');
  const query = [...url.searchParams.keys()].map((key) => `${key}=:value`).join('&');
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The pages to audit from a sitemap's URLs (absolute, as ./sitemap-urls.ts's `sitemapUrls`
 * returns them): the path and query of each, whatever its origin, the first of each route in
 * the sitemap's order (every one with `everyUrl`), then `NOINDEX_PAGES`.
 */
export function pagesToAudit(urls: readonly string[], { everyUrl = false } = {}): Target[] {
  const paths = urls.map(pathOfUrl);
  const seen = new Set<string>();
  const pages: Target[] = [];
  for (const page of paths) {
    const route = routeOf(page);
    if (seen.has(route) && !everyUrl) continue;
    if (seen.has(page)) continue;
    seen.add(route).add(page);
    const label = everyUrl || route === page ? page : `${route} (${page})`;
    pages.push({ label, path: page });
  }
  return [...pages, ...NOINDEX_PAGES.map((page) => ({ label: page, path: page, noindex: true }))];
}
