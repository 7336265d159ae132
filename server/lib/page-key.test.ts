import { pageKey } from './page-key.ts';

describe('pageKey', () => {
  it('keys a page without a query by its path', () => {
    expect(pageKey('/products/damascus-gyuto-210mm')).toEqual({
      render: '/products/damascus-gyuto-210mm',
      key: '/products/damascus-gyuto-210mm',
    });
  });

  it('drops what the storefront would ignore: unknown parameters, bad values, any order', () => {
    const same = [
      '/products?category=chef-knives&page=2',
      '/products?page=2&category=chef-knives',
      '/products?page=2&category=chef-knives&utm_source=mail&a=1',
      '/products?category=%20chef-knives%20&page=2',
    ].map((url) => pageKey(url).key);
    expect(new Set(same)).toEqual(new Set(['/products?category=chef-knives&page=2']));
    expect(pageKey('/products?page=abc&ordering=nonsense').key).toBe('/products');
    expect(pageKey('/?a=1').key).toBe('/');
    expect(pageKey('/?a=2')).toEqual({ render: '/', key: '/' });
    expect(pageKey('/blog?page=3&x=1').key).toBe('/blog?page=3');
  });

  it('renders the canonical URL it keys, so every spelling gets the same page', () => {
    expect(pageKey('/products?in_stock=on&search=oak&junk=1')).toEqual({
      render: '/products?search=oak&in_stock=true',
      key: '/products?search=oak&in_stock=true',
    });
  });

  it('keeps nothing for a page whose query is the shopper’s own', () => {
    expect(pageKey('/login?redirect=/cart')).toEqual({ render: '/login?redirect=/cart', key: null });
    expect(pageKey('/payment/return?paymentId=abc').key).toBeNull();
  });
});
