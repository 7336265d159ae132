import { pageRouteOf, pathKinds } from './page-routes.ts';

describe('pathKinds', () => {
  const kindOf = pathKinds([
    '__root__',
    '/',
    '/products/',
    '/products/$slug',
    '/faq',
    '/payment/return',
    '/account/orders/$orderId',
  ]);

  it('knows the pages every shop has, with or without a trailing slash', () => {
    for (const path of ['/', '/products', '/products/', '/faq', '/payment/return'])
      expect(kindOf(path), path).toBe('page');
  });

  it('cannot tell whether the record of a page with a parameter exists', () => {
    for (const path of ['/products/oak-knife', '/account/orders/12'])
      expect(kindOf(path), path).toBe('record');
  });

  it('knows that a path no route matches is no page', () => {
    for (const path of ['/no-such-page', '/faq/extra', '/products/a/b', '/payment'])
      expect(kindOf(path), path).toBe('none');
  });
});

describe('pageRouteOf', () => {
  const routeOf = pageRouteOf([
    '__root__',
    '/',
    '/products/',
    '/products/$slug',
    '/products/new',
    '/_layout/faq',
    '/-private/x',
  ]);

  it('names the route a path matches, one without parameters first', () => {
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/products')).toBe('/products');
    expect(routeOf('/products/')).toBe('/products');
    expect(routeOf('/products/oak-knife')).toBe('/products/$slug');
    expect(routeOf('/products/new')).toBe('/products/new');
  });

  it('names nothing for a path no page route matches', () => {
    for (const path of ['/no-such-page', '/products/a/b', '/_layout/faq', '/-private/x'])
      expect(routeOf(path), path).toBeNull();
  });
});
