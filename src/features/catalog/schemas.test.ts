import {
  hasProductFilters,
  inStockParam,
  priceParam,
  productListSearchSchema,
} from '../../../common/product-list-search';

const parse = productListSearchSchema.parse;

describe('/products search params (sort and filters fall back, never fail)', () => {
  it('keeps a valid sort, price range and stock filter', () => {
    expect(
      parse({ ordering: '-price', min_price: 10, max_price: '250.5', in_stock: true, page: 2 }),
    ).toEqual({
      category: undefined,
      search: undefined,
      ordering: '-price',
      min_price: 10,
      max_price: 250.5,
      in_stock: true,
      page: 2,
    });
  });

  it('drops an unknown sort and bad prices instead of showing an error', () => {
    const parsed = parse({ ordering: '-name', min_price: 'abc', max_price: '-5', in_stock: 'no' });
    expect(parsed.ordering).toBeUndefined();
    expect(parsed.min_price).toBeUndefined();
    expect(parsed.max_price).toBeUndefined();
    expect(parsed.in_stock).toBeUndefined();
    // Every key is returned, so a refused raw value cannot survive the router's merge.
    expect(Object.keys(parsed).sort()).toEqual(
      ['category', 'in_stock', 'max_price', 'min_price', 'ordering', 'page', 'search'].sort(),
    );
  });

  it('reads a reversed price range the right way round', () => {
    expect(parse({ min_price: 300, max_price: 20 })).toMatchObject({
      min_price: 20,
      max_price: 300,
    });
  });

  it('accepts prices as a plain GET form sends them, refuses what the API would', () => {
    expect(priceParam('12')).toBe(12);
    expect(priceParam(' 12.50 ')).toBe(12.5);
    expect(priceParam(0)).toBe(0);
    expect(priceParam('1000000')).toBe(1_000_000);
    for (const bad of [
      '',
      ' ',
      '12.345',
      '1e3',
      '1e400',
      'Infinity',
      '-1',
      '1000000.01',
      '0x10',
      null,
      {},
      [5],
      'a\u0000',
    ])
      expect(priceParam(bad), String(bad)).toBeUndefined();
  });

  it('cuts a search term to the 200 characters the API takes, counting characters, not code units', () => {
    expect(parse({ search: 'w'.repeat(250) }).search).toBe('w'.repeat(200));
    const knives = '🔪'.repeat(201);
    expect(parse({ search: knives }).search).toBe('🔪'.repeat(200));
    expect(parse({ search: `${'a'.repeat(199)} tail` }).search).toBe('a'.repeat(199));
  });

  it('reads the in-stock checkbox', () => {
    for (const on of [true, 'true', '1', 'on']) expect(inStockParam(on)).toBe(true);
    for (const off of [false, 'false', '', undefined, 'yes'])
      expect(inStockParam(off)).toBeUndefined();
  });

  it('knows when a filter (not the sort) is active', () => {
    expect(hasProductFilters({ ordering: 'price' })).toBe(false);
    expect(hasProductFilters({ min_price: 0 })).toBe(true);
    expect(hasProductFilters({ in_stock: true })).toBe(true);
  });
});
