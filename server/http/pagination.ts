/**
 * DRF-style page links (`next`/`previous`) for the paginated lists: products, orders and blog
 * posts. A page's row offset is the database's business (platform/db/page-offset.ts).
 */
import type { FastifyRequest } from 'fastify';

/**
 * The absolute URL of the same list with another page, as DRF builds `next`/`previous`
 * (page 1 drops the parameter; every other query parameter is kept as written), on the site's
 * shop's own origin (`app.siteOrigin`), never the request's Host.
 */
export function pageUrl(request: FastifyRequest, page: number): string {
  const [path = '/', query = ''] = request.url.split('?', 2);
  const params = new URLSearchParams(query);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const search = params.toString();
  return `${request.server.siteOrigin(request.tenant.id)}${path}${search ? `?${search}` : ''}`;
}
