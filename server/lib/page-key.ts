/**
 * What the rendered-page cache keys a page request by, and which URL it renders: never the raw
 * URL, which a client spells as it likes (`/?a=1`, `/?a=2`… would each be a render and an
 * entry pushing real pages out). A page without a query string is its path. A list page whose
 * search parameters the storefront validates (the catalogue, the blog, the order history) is
 * its path and the parameters as its own router reads them, in one order: unknown parameters
 * dropped, bad values gone, `?page=abc` the same page as none. The validators are the
 * storefront's own (src/), so the server renders exactly what the browser will hydrate. A page
 * whose parameters are the shopper's own (a login's redirect, a payment id, a reset token) is
 * rendered as asked and not kept. Every other page reads no parameter: its path alone.
 */
import { pageParam } from '../../src/api/search-params';
import { blogListSearchSchema } from '../../src/features/blog/search';
import { productListSearchSchema } from '../../src/features/catalog/schemas';

type Validator = (search: Record<string, unknown>) => Record<string, unknown>;

/** The pages whose search parameters are validated, by path. */
const VALIDATED: Readonly<Record<string, Validator>> = {
  '/products': (search) => ({ ...productListSearchSchema.parse(search) }),
  '/blog': (search) => ({ ...blogListSearchSchema.parse(search) }),
  '/account/orders': (search) => ({ page: pageParam(search.page) }),
};

/** Pages whose query is the shopper's own: rendered as asked, never kept. */
const OWN_QUERY = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/cart',
  '/order-confirmation',
  '/payment/return',
  '/account',
];

/**
 * The page to render for `url` (a request's path and query) and the cache key it is kept
 * under; `key` null: render `url` itself and keep nothing.
 */
export function pageKey(url: string): { render: string; key: string | null } {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt + 1);
  if (query === '') return { render: path, key: path };
  const validate = VALIDATED[path];
  if (!validate) {
    const own = OWN_QUERY.some((page) => path === page || path.startsWith(`${page}/`));
    return own ? { render: url, key: null } : { render: path, key: path };
  }
  const raw: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(query)) raw[name] ??= value;
  const canonical = new URLSearchParams();
  for (const [name, value] of Object.entries(validate(raw))) {
    if (value !== undefined && value !== null) canonical.append(name, String(value));
  }
  const search = canonical.toString();
  const render = search ? `${path}?${search}` : path;
  return { render, key: render };
}
