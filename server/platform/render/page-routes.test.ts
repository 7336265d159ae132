import { pathKinds } from './page-routes.ts';

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
