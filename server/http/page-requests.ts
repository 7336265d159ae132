/**
 * Which requests the storefront's pages answer (./pages.ts serves them): a GET or HEAD of a
 * page path (not the API, not /assets/) from a client that takes HTML (negotiated, so a client
 * preferring JSON gets the API's JSON 404), a POST of a server-rendered form to a page path,
 * and the product page of a former slug, which moves to its product's current page (301; the
 * slug history is ../catalog/product-slugs.ts). Pure but for that slug lookup; nothing throws.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { redirectedSlug } from '../catalog/product-slugs.ts';

/**
 * True unless the client asks for JSON and not for HTML: a browser, curl's `*\/*`, a link
 * checker or a preview fetcher without an Accept header all get the page; a client whose Accept
 * prefers `application/json` (or another `+json` type) over HTML gets the API's JSON 404.
 * Negotiated by `negotiator`, so quality values count (`text/html;q=0` refuses HTML).
 */
export function prefersPage(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  const preferred = new Negotiator({ headers: { accept } }).mediaType([
    'text/html',
    'application/json',
  ]);
  // Neither acceptable (`image/png`, `application/problem+json`): a page unless it is JSON.
  return preferred ? preferred === 'text/html' : !/json/i.test(accept);
}

/** The path of `request`'s URL, without its query. */
export function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

/** True when `request` asks for a page path (not API, media or an asset) and takes HTML. */
function asksForPagePath(request: FastifyRequest, publicApiPath: string): boolean {
  const path = pathOf(request);
  if (path === publicApiPath || path.startsWith(`${publicApiPath}/`) || path.startsWith('/assets/'))
    return false;
  return prefersPage(request.headers.accept);
}

/** True when `request` is a page navigation the SPA should answer (not API, media or an asset). */
export function isSpaNavigation(request: FastifyRequest, publicApiPath: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return asksForPagePath(request, publicApiPath);
}

/**
 * True when `request` is a POST to a page path from a client that takes HTML: a server-rendered
 * form (`method="post"`, no action) submitted before the scripts ran.
 */
export function isPagePost(request: FastifyRequest, publicApiPath: string): boolean {
  return request.method === 'POST' && asksForPagePath(request, publicApiPath);
}

/** `/products/{slug}` (an optional trailing slash, any query): the slug, decoded, or null. */
function productSlugOf(url: string): string | null {
  const match = /^\/products\/([^/?#]+)\/?(?:\?|$)/.exec(url);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * The current page of a product whose former slug `url` names (`/products/old-slug?x=1` ->
 * `/products/new-slug?x=1`), or null: not a product page, not a former slug, or its product is
 * not active (../catalog/product-slugs.ts).
 */
export async function movedProductPath(
  app: FastifyInstance,
  tenantId: number | null,
  url: string,
): Promise<string | null> {
  const slug = productSlugOf(url);
  if (tenantId === null || slug === null || slug.length > 255 || slug.includes('\u0000')) {
    return null;
  }
  const current = await redirectedSlug(app.db, tenantId, slug);
  if (current === null) return null;
  const queryAt = url.indexOf('?');
  return `/products/${encodeURIComponent(current)}${queryAt < 0 ? '' : url.slice(queryAt)}`;
}
