/**
 * The catalogue as a shopper browses it (contract: listCategories, getCategory, listProducts,
 * getProduct; spec section 2, /products and /products/{slug}, and section 7): categories, the
 * product list with its category filter, search and pages, a product's detail, the bad-query
 * refusals, and that the second shop never sees the demo shop's categories or products. The
 * ordering, price and stock filters and the search suggestions are in product-discovery.ts.
 */
import { demoTenant, potteryTenant, tenantErrors, type Case } from '../case';
import { isObject, str } from '../contract-document';
import { results } from '../request';
import { discoveryCases } from './product-discovery';

/**
 * `slug` is the first product of the demo catalogue and `categorySlug` its category;
 * `demoSlugs` are all the demo shop's product slugs (the isolation checks).
 */
export function catalogueCases(slug: string, categorySlug: string, demoSlugs: string[]): Case[] {
  const demo = demoTenant;
  const pottery = potteryTenant;
  const listPath = '/products/products/';

  return [
    {
      name: 'listCategories',
      operationId: 'listCategories',
      method: 'GET',
      path: '/products/categories/',
      headers: demo,
      status: 200,
      check: (b) =>
        results(b).length >= 6 ? null : `expected at least 6 categories, got ${results(b).length}`,
    },
    ...tenantErrors('listCategories', 'GET', '/products/categories/'),
    {
      name: `getCategory ${categorySlug}`,
      operationId: 'getCategory',
      method: 'GET',
      path: `/products/categories/${categorySlug}/`,
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && b.slug === categorySlug ? null : `slug is ${isObject(b) ? b.slug : b}`,
    },
    {
      name: 'getCategory unknown slug',
      operationId: 'getCategory',
      method: 'GET',
      path: '/products/categories/no-such-category/',
      headers: demo,
      status: 404,
    },
    {
      name: `getCategory ${categorySlug} from the second tenant (isolation)`,
      operationId: 'getCategory',
      method: 'GET',
      path: `/products/categories/${categorySlug}/`,
      headers: pottery,
      status: 404,
    },
    ...tenantErrors('getCategory', 'GET', `/products/categories/${categorySlug}/`),
    {
      name: 'listProducts is_active=true',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true' },
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && typeof b.count === 'number' && b.count >= 36 && results(b).length === 12
          ? null
          : `expected count >= 36 and a first page of 12, got count ${isObject(b) ? b.count : '?'} and ${results(b).length}`,
    },
    {
      name: `listProducts category__slug=${categorySlug}`,
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', category__slug: categorySlug },
      headers: demo,
      status: 200,
      check: (b) => {
        const list = results(b);
        if (list.length === 0) return 'no products in the category';
        const other = list.find((p) => !isObject(p.category) || p.category.slug !== categorySlug);
        return other ? `product ${str(other.slug)} is not in ${categorySlug}` : null;
      },
    },
    {
      name: 'listProducts search (case-insensitive, name or description)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', search: slug.split('-')[0]!.toUpperCase() },
      headers: demo,
      status: 200,
      check: (b) =>
        results(b).some((p) => p.slug === slug) ? null : `search did not find ${slug}`,
    },
    {
      name: 'listProducts search with no match',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', search: 'zzqxnomatchzz' },
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && b.count === 0 && results(b).length === 0 ? null : 'expected an empty page',
    },
    {
      name: 'listProducts page=2',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page: '2' },
      headers: demo,
      status: 200,
      check: (b) => {
        const list = results(b);
        if (list.length === 0) return 'page 2 is empty';
        if (list.some((p) => p.slug === slug)) return `page 2 repeats ${slug} from page 1`;
        return isObject(b) && b.previous != null ? null : 'page 2 has no previous link';
      },
    },
    {
      name: 'listProducts page_size=100',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page_size: '100' },
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && results(b).length === b.count && b.next === null
          ? null
          : 'page_size=100 did not return the whole catalogue',
    },
    {
      name: 'listProducts for the second tenant (isolation)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page_size: '100' },
      headers: pottery,
      status: 200,
      check: (b) => {
        const list = results(b);
        if (list.length === 0) return 'the second tenant has no products';
        const leaked = list.find((p) => demoSlugs.includes(str(p.slug)));
        return leaked ? `the second tenant sees ${str(leaked.slug)}` : null;
      },
    },
    {
      name: 'listProducts page=0 (bad query)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page: '0' },
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    {
      name: 'listProducts page_size=101 (bad query)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', page_size: '101' },
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    ...discoveryCases(listPath, demoSlugs),
    ...tenantErrors('listProducts', 'GET', listPath, { is_active: 'true' }),
    {
      name: `getProduct ${slug}`,
      operationId: 'getProduct',
      method: 'GET',
      path: `/products/products/${slug}/`,
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) &&
        b.slug === slug &&
        Array.isArray(b.reviews) &&
        Array.isArray(b.images) &&
        Array.isArray(b.attributes)
          ? null
          : 'detail lacks slug, reviews, images or attributes',
    },
    // Issue 29: an honest was-price only (Directive 98/6/EC art. 6a), delivery by the price.
    {
      name: 'getProduct damascus-gyuto-210mm (an honest discount, age-verified delivery)',
      operationId: 'getProduct',
      method: 'GET',
      path: '/products/products/damascus-gyuto-210mm/',
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && b.price_before_discount === '420.00' && b.delivery_from === '9.50'
          ? null
          : `expected price_before_discount 420.00 and delivery_from 9.50, got ${isObject(b) ? `${str(b.price_before_discount)} and ${str(b.delivery_from)}` : b}`,
    },
    {
      name: 'getProduct ash-glazed-moon-jar (a dishonest discount is not sent; free delivery)',
      operationId: 'getProduct',
      method: 'GET',
      path: '/products/products/ash-glazed-moon-jar/',
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && b.price_before_discount === null && b.delivery_from === '0.00'
          ? null
          : `expected price_before_discount null and delivery_from 0.00, got ${isObject(b) ? `${str(b.price_before_discount)} and ${str(b.delivery_from)}` : b}`,
    },
    {
      name: 'getProduct unknown slug',
      operationId: 'getProduct',
      method: 'GET',
      path: '/products/products/no-such-product/',
      headers: demo,
      status: 404,
    },
    {
      name: `getProduct ${slug} from the second tenant (isolation)`,
      operationId: 'getProduct',
      method: 'GET',
      path: `/products/products/${slug}/`,
      headers: pottery,
      status: 404,
    },
    ...tenantErrors('getProduct', 'GET', `/products/products/${slug}/`),
  ];
}
