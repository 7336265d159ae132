/**
 * The product list's price and stock filters (decision 010): bounds inclusive and combined with
 * the other filters, the next page's link in the canonical query, and 400 for a bad bound.
 */
import type { components } from '../../common/storefront-api';
import { cents, useCatalogApi } from '../test/catalog.ts';

type Page = components['schemas']['PaginatedProductList'];

const { get, listAll } = useCatalogApi();

describe('product list filters', () => {
  it('keeps prices within min_price and max_price, inclusive, combined with other filters', async () => {
    const all = await listAll('');
    const prices = [...new Set(all.map(cents))].sort((a, b) => a - b);
    const low = prices[2]!;
    const high = prices[prices.length - 3]!;
    const within = await listAll(`min_price=${low / 100}&max_price=${(high / 100).toFixed(2)}`);
    expect(within.map((p) => p.id).sort()).toEqual(
      all
        .filter((p) => cents(p) >= low && cents(p) <= high)
        .map((p) => p.id)
        .sort(),
    );
    expect(within.some((p) => cents(p) === low) && within.some((p) => cents(p) === high)).toBe(
      true,
    );

    const category = all[0]!.category.slug;
    const combined = await listAll(
      `category__slug=${category}&min_price=${low / 100}&ordering=-price`,
    );
    expect(combined.every((p) => p.category.slug === category && cents(p) >= low)).toBe(true);
    expect(combined.map(cents)).toEqual([...combined.map(cents)].sort((a, b) => b - a));
  });

  it('filters by stock: in_stock=true has stock, in_stock=false is the sold-out ones', async () => {
    const all = await listAll('');
    const soldOut = all.filter((p) => p.stock === 0);
    expect(soldOut.length).toBeGreaterThan(0);
    expect((await listAll('in_stock=true')).map((p) => p.id)).toEqual(
      all.filter((p) => p.stock > 0).map((p) => p.id),
    );
    expect((await listAll('in_stock=false')).map((p) => p.id)).toEqual(soldOut.map((p) => p.id));
  });

  it('links the next page with the canonical query, dropping unknown parameters', async () => {
    const { body } = await get(
      '/api/products/products/?x=1&ordering=price&page_size=3&min_price=1&is_active=true',
    );
    expect((body as Page).next).toBe(
      'http://127.0.0.1:8080/api/products/products/?is_active=true&ordering=price&min_price=1.00&page_size=3&page=2',
    );
  });

  it.each([
    ['min_price=abc', { min_price: ['A valid number is required.'] }],
    ['max_price=', { max_price: ['A valid number is required.'] }],
    ['min_price=-1', { min_price: ['Ensure this value is greater than or equal to 0.'] }],
    ['min_price=Infinity', { min_price: ['Ensure this value is less than or equal to 1000000.'] }],
    ['max_price=1e400', { max_price: ['Ensure this value is less than or equal to 1000000.'] }],
    ['min_price=NaN', { min_price: ['A valid number is required.'] }],
    ['min_price=10.005', { min_price: ['Ensure that there are no more than 2 decimal places.'] }],
    [
      'min_price=50&max_price=10',
      { max_price: ['Ensure this value is greater than or equal to min_price.'] },
    ],
    ['in_stock=maybe', { in_stock: ['Must be a valid boolean.'] }],
    ['search=a%00b', { search: ['Null characters are not allowed.'] }],
    [
      'ordering=-name',
      {
        ordering: [
          'Not a valid choice. Expected one of: price, -price, -created_at, -average_rating, name.',
        ],
      },
    ],
  ])('answers 400 with field errors for %s', async (query, errors) => {
    expect(await get(`/api/products/products/?${query}`)).toEqual({ status: 400, body: errors });
  });

  it('accepts equal bounds and two decimals', async () => {
    const all = await listAll('');
    const price = all[0]!.price;
    const exact = await listAll(`min_price=${price}&max_price=${price}`);
    expect(exact.length).toBeGreaterThan(0);
    expect(exact.every((p) => p.price === price)).toBe(true);
  });
});
