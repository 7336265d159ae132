/**
 * Catalogue handlers: categories (list, detail) and products (paginated list, detail by slug)
 * as spec section 7 lists them. Every query filters by the request's tenant; inactive products
 * do not exist for the storefront (absent from lists, 404 on detail).
 *
 * The list costs at most five queries whatever the page size: the page itself, its total count
 * (skipped when page 1 is not full), then the page's images, attributes and review statistics
 * in one batched query each. Answers are kept briefly in `app.catalogCache`
 * (plugins/catalog-cache.ts), keyed by the normalized parameters: whoever changes catalogue
 * data must invalidate it.
 *
 * Decision 010 added the list's `ordering`, `min_price`, `max_price` and `in_stock`, and decision
 * 033 the header's search suggestions (`listProductSuggestions`).
 *
 * The handlers translate HTTP to the catalogue reads in server/catalog/ and back; the page
 * links, built on the site's own origin, are the HTTP layer's.
 */
import type { FastifyRequest } from 'fastify';
import { loadCategories, loadCategory } from '../../catalog/categories.ts';
import { loadDeliveryTable } from '../../catalog/delivery-from.ts';
import { loadProduct } from '../../catalog/product-detail.ts';
import { redirectedSlug } from '../../catalog/product-slugs.ts';
import { DomainError } from '../../platform/domain-error.ts';
import { loadProductPage } from '../../catalog/product-list.ts';
import {
  canonicalListQuery,
  listFilterKey,
  productListParams,
} from '../../catalog/product-list-params.ts';
import type { CatalogScope } from '../../catalog/product-rows.ts';
import { loadOpenSales, nextBoundary } from '../../catalog/sales.ts';
import { loadSuggestions, suggestionTerm } from '../../catalog/product-suggestions.ts';
import { sendCached } from '../catalog-cache.ts';
import type { OperationHandler } from '../contract-types.ts';

/**
 * The catalogue reads' scope for a request: its app's database and engine, its tenant, and the
 * shop's delivery table (`delivery_from`) and open sales as the catalogue cache keeps them. The
 * cache is told when the next sale starts or ends: its answers (and pages) go at that moment.
 */
function catalogScope(request: FastifyRequest): CatalogScope {
  const { db, dbDialect, catalogCache } = request.server;
  const tenantId = request.tenant.id;
  return {
    db,
    dialect: dbDialect,
    tenantId,
    deliveryTable: () =>
      catalogCache.shopTable(tenantId, 'delivery table', () => loadDeliveryTable(db, tenantId)),
    sales: () =>
      catalogCache.shopTable(tenantId, 'sales', async () => {
        const now = Date.now();
        const table = await loadOpenSales(db, tenantId, new Date(now));
        catalogCache.expireAt(tenantId, nextBoundary(table, now));
        return table;
      }),
  };
}

/** GET /products/categories/ -> all the shop's categories in the shop's order (a plain array). */
export const listCategories: OperationHandler<'listCategories'> = async (request, reply) =>
  sendCached(reply, request.tenant.id, 'categories', () => loadCategories(catalogScope(request)));

/** GET /products/categories/{slug}/ -> Category; 404 `{"detail":"Not found."}` when unknown. */
export const getCategory: OperationHandler<'getCategory'> = async (request) =>
  loadCategory(catalogScope(request), request.params.slug);

/**
 * GET /products/products/ -> PaginatedProductList (for ordering and the price
 * and stock filters). Filters: is_active (only active products exist here), category__slug,
 * search (name or description, case-insensitive), min_price/max_price (inclusive, in the
 * shop's currency), in_stock. Order: `ordering`, then the id as tie-breaker; id order without
 * one. A page past the last answers 404 `{"detail":"Invalid page."}` as DRF does; page 1 is
 * always valid. Invalid parameters: 400 with field errors (see {@link productListParams}).
 * `next`/`previous` carry the canonical query ({@link canonicalListQuery}), not the raw one.
 */
export const listProducts: OperationHandler<'listProducts'> = async (request, reply) => {
  const params = productListParams(request.query);
  // The key names only what the query uses, in a fixed order: `search=%20`, unknown
  // parameters or another Host header are the same entry. The page links are absolute on the
  // site's own origin, so the cached answer holds them, and is sent as it is kept.
  const base = `${request.server.siteOrigin(request.tenant.id)}${request.routeOptions.url ?? ''}`;
  const pageLink = (page: number) => {
    const query = canonicalListQuery(params, page);
    return `${base}${query ? `?${query}` : ''}`;
  };
  return sendCached(
    reply,
    request.tenant.id,
    `list ${canonicalListQuery(params, params.page)}`,
    () =>
      loadProductPage(catalogScope(request), params, pageLink, (count) =>
        request.server.catalogCache.count(request.tenant.id, listFilterKey(params), count),
      ),
  );
};

/**
 * GET /products/suggestions/?q= -> ProductSuggestion[]: at most six of the tenant's
 * active products whose name holds the term (case-insensitive; LIKE wildcards are literal).
 * Names that start with the term first, then the rest, each by name as the list's `name`
 * ordering sorts, then by id. Cached like the catalogue, keyed by the lowered term (the match
 * ignores case, so "Gyu" and "gyu" share an entry).
 * A term under 2 characters once trimmed answers 400 `{"q": ["Ensure this field has at least 2
 * characters."]}` ({@link suggestionTerm}).
 */
export const listProductSuggestions: OperationHandler<'listProductSuggestions'> = async (
  request,
  reply,
) => {
  const term = suggestionTerm(request.query.q);
  return sendCached(reply, request.tenant.id, `suggest ${term}`, () =>
    loadSuggestions(catalogScope(request), term),
  );
};

/**
 * GET /products/products/{slug}/ -> Product with images and attributes in their order and
 * reviews newest first; 404 `{"detail":"Not found."}` for an unknown or inactive product. A
 * renamed product's former slug answers 301 with the current address in `Location`
 * (../../catalog/product-slugs.ts), looked up only once the slug is not a product's.
 */
export const getProduct: OperationHandler<'getProduct'> = async (request, reply) => {
  try {
    return await sendCached(reply, request.tenant.id, `product ${request.params.slug}`, () =>
      loadProduct(catalogScope(request), request.params.slug),
    );
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'product_not_found') throw error;
    const current = await redirectedSlug(request.server.db, request.tenant.id, request.params.slug);
    if (current === null) throw error;
    const path = (request.routeOptions.url ?? '').replace('{slug}', encodeURIComponent(current));
    return reply
      .code(301)
      .header('Location', path.replace(':slug', encodeURIComponent(current)))
      .header('Cache-Control', 'no-cache')
      .send();
  }
};
