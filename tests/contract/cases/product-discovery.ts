/**
 * Finding a product (contract: listProducts' ordering, min_price, max_price and in_stock, and
 * listProductSuggestions; spec section 2, the header's search box): each ordering really sorts,
 * the filters combine, bad values are refused, suggestions are one to six products matching
 * case-insensitively, and the second shop's suggestions never show the demo shop's products.
 */
import { demoTenant, potteryTenant, tenantErrors, type Case } from '../case';
import { isObject, str, type JsonObject } from '../contract-document';
import { results } from '../request';

/**
 * The product list's ordering, price and stock filters, and the header's suggestions.
 * Each new parameter and value is called once through the strict proxy (Prism checks the
 * request and the answer), and each refusal through the lenient one. `demoSlugs` are the
 * demo shop's products, which the second shop must never see.
 */
export function discoveryCases(listPath: string, demoSlugs: string[]): Case[] {
  const demo = demoTenant;
  const pottery = potteryTenant;
  const price = (p: JsonObject) => Number(str(p.price));
  const sortedBy = (list: JsonObject[], compare: (a: JsonObject, b: JsonObject) => number) =>
    list.every((p, i) => i === 0 || compare(list[i - 1]!, p) <= 0);
  const orderings: Array<[string, (a: JsonObject, b: JsonObject) => number]> = [
    ['price', (a, b) => price(a) - price(b) || Number(a.id) - Number(b.id)],
    ['-price', (a, b) => price(b) - price(a) || Number(a.id) - Number(b.id)],
    ['-created_at', () => 0],
    [
      '-average_rating',
      (a, b) =>
        (a.average_rating === null ? 1 : 0) - (b.average_rating === null ? 1 : 0) ||
        Number(b.average_rating ?? 0) - Number(a.average_rating ?? 0),
    ],
    [
      'name',
      (a, b) => {
        const x = str(a.name).replace(/[A-Z]/g, (c) => c.toLowerCase());
        const y = str(b.name).replace(/[A-Z]/g, (c) => c.toLowerCase());
        return x < y ? -1 : x > y ? 1 : 0;
      },
    ],
  ];
  const refusals: Array<[string, Record<string, string>, string]> = [
    ['min_price=abc', { min_price: 'abc' }, 'min_price'],
    ['min_price=-1', { min_price: '-1' }, 'min_price'],
    ['max_price=1e400', { max_price: '1e400' }, 'max_price'],
    ['min_price above max_price', { min_price: '50', max_price: '10' }, 'max_price'],
    ['in_stock=maybe', { in_stock: 'maybe' }, 'in_stock'],
    ['ordering=-name', { ordering: '-name' }, 'ordering'],
  ];
  const suggestionsPath = '/products/suggestions/';
  return [
    ...orderings.map(([ordering, compare]): Case => ({
      name: `listProducts ordering=${ordering}`,
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', ordering, page_size: '100' },
      headers: demo,
      status: 200,
      check: (b) =>
        results(b).length >= 36 && sortedBy(results(b), compare)
          ? null
          : `not in ${ordering} order`,
    })),
    {
      name: 'listProducts min_price, max_price, in_stock and ordering together',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: {
        is_active: 'true',
        min_price: '50',
        max_price: '200.50',
        in_stock: 'true',
        ordering: '-price',
        page_size: '100',
      },
      headers: demo,
      status: 200,
      check: (b) => {
        const list = results(b);
        if (list.length === 0) return 'no product between $50 and $200.50 in stock';
        const bad = list.find((p) => price(p) < 50 || price(p) > 200.5 || Number(p.stock) <= 0);
        return bad ? `${str(bad.slug)} is outside the filters` : null;
      },
    },
    {
      name: 'listProducts in_stock=false (sold out only)',
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', in_stock: 'false' },
      headers: demo,
      status: 200,
      check: (b) =>
        results(b).length > 0 && results(b).every((p) => p.stock === 0)
          ? null
          : 'expected only sold-out products',
    },
    ...refusals.map(([label, query, field]): Case => ({
      name: `listProducts ${label} (bad query)`,
      operationId: 'listProducts',
      method: 'GET',
      path: listPath,
      query: { is_active: 'true', ...query },
      headers: demo,
      status: 400,
      via: 'lenient',
      check: (b) =>
        isObject(b) && Array.isArray(b[field]) ? null : `expected field errors on ${field}`,
    })),
    {
      name: 'listProductSuggestions q=DAMASCUS',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'DAMASCUS' },
      headers: demo,
      status: 200,
      check: (b) =>
        Array.isArray(b) &&
        b.length > 0 &&
        b.length <= 6 &&
        b.every((s) => isObject(s) && str(s.name).toLowerCase().includes('damascus'))
          ? null
          : 'expected one to six products named damascus',
    },
    {
      name: 'listProductSuggestions limited to six',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      // A word start more than six names hold ("Knife"): suggestions match the start of words.
      query: { q: 'kn' },
      headers: demo,
      status: 200,
      check: (b) => (Array.isArray(b) && b.length === 6 ? null : 'expected exactly six'),
    },
    {
      name: 'listProductSuggestions for the second tenant (isolation)',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'kn' },
      headers: pottery,
      status: 200,
      check: (b) => {
        const leaked = (Array.isArray(b) ? b : []).find(
          (s) => isObject(s) && demoSlugs.includes(str(s.slug)),
        );
        return leaked && isObject(leaked) ? `the second tenant sees ${str(leaked.slug)}` : null;
      },
    },
    {
      name: 'listProductSuggestions q=a (too short)',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'a' },
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    {
      name: 'listProductSuggestions q of 101 characters (too long)',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      query: { q: 'x'.repeat(101) },
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    {
      name: 'listProductSuggestions without q',
      operationId: 'listProductSuggestions',
      method: 'GET',
      path: suggestionsPath,
      headers: demo,
      status: 400,
      via: 'lenient',
    },
    ...tenantErrors('listProductSuggestions', 'GET', suggestionsPath, { q: 'damascus' }),
  ];
}
