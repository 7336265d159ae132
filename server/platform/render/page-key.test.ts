import { pageKey } from './page-key.ts';

describe('pageKey', () => {
  it('keys a page without a query by its path', () => {
    expect(pageKey('/products/damascus-gyuto-210mm')).toBe('/products/damascus-gyuto-210mm');
    expect(pageKey('/')).toBe('/');
  });

  it('keys a list written as the storefront writes it by its validated parameters', () => {
    expect(pageKey('/products?category=chef-knives&page=2')).toBe(
      '/products?category=chef-knives&page=2',
    );
    expect(pageKey('/products?search=oak&in_stock=true')).toBe(
      '/products?search=oak&in_stock=true',
    );
    expect(pageKey('/blog?page=3')).toBe('/blog?page=3');
  });

  it('keeps no other spelling: unknown or bad parameters, another order, a page that reads none', () => {
    for (const url of [
      '/?a=1',
      '/?utm_source=mail',
      '/products?page=2&category=chef-knives',
      '/products?category=chef-knives&page=2&utm_source=mail',
      '/products?page=abc',
      '/products?in_stock=on',
      '/blog?page=3&x=1',
      '/login?redirect=/cart',
      '/payment/return?paymentId=abc',
    ])
      expect(pageKey(url), url).toBeNull();
  });
});
