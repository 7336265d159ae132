/**
 * What the rendered-page cache keys a page request by: never a URL a client spelled as it
 * liked (`/?a=1`, `/?a=2`… would each be an entry pushing real pages out). The validators are
 * the storefront's own (src/), so what is kept is what its router reads.
 */
import { pageParam } from '../../../common/search-params';
import { blogListSearchSchema } from '../../../common/blog-list-search';
import { productListSearchSchema } from '../../../common/product-list-search';

type Validator = (search: Record<string, unknown>) => Record<string, unknown>;

/** The pages whose search parameters are validated, by path. */
const VALIDATED: Readonly<Record<string, Validator>> = {
  '/products': (search) => ({ ...productListSearchSchema.parse(search) }),
  '/blog': (search) => ({ ...blogListSearchSchema.parse(search) }),
  '/account/orders': (search) => ({ page: pageParam(search.page) }),
};

/**
 * The cache key of the page request `url` (its path and query), or null when it is not kept.
 * Only a URL written as the storefront itself writes it is kept: its path alone, or its path
 * and the validated parameters in the validator's order. Any other spelling (unknown or bad
 * parameters, another order) is rendered as asked, where the router redirects it to its clean
 * address or ignores what it does not read, and is not kept: a flood of distinct URLs costs
 * renders (capped in ../../http/pages.ts) but never pushes a real page out of the cache.
 */
export function pageKey(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt + 1);
  if (query === '') return path;
  const validate = VALIDATED[path];
  if (!validate) return null;
  const raw: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(query)) raw[name] ??= value;
  const canonical = new URLSearchParams();
  for (const [name, value] of Object.entries(validate(raw))) {
    if (value !== undefined && value !== null) canonical.append(name, String(value));
  }
  const search = canonical.toString();
  return search !== '' && search === query ? `${path}?${search}` : null;
}
