import { loginHref } from './login-link';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath (no open redirect)', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirectPath('/products/damascus-gyuto')).toBe('/products/damascus-gyuto');
    expect(safeRedirectPath('/cart')).toBe('/cart');
    expect(safeRedirectPath('/blog/post#comments')).toBe('/blog/post#comments');
    expect(safeRedirectPath('/products?category=paintings')).toBe('/products?category=paintings');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'products',
    '/\tevil',
    '/a/..//evil.example',
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/\t/evil.example',
    42,
    '/\n/evil.example',
    ' /cart',
    '',
    '   ',
  ])('rejects %j', (value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });

  it('rejects non-strings', () => {
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(['/cart'])).toBeUndefined();
  });
});

describe('loginHref', () => {
  it('builds /login?redirect= with readable slashes and an encoded rest', () => {
    expect(loginHref('/cart')).toBe('/login?redirect=/cart');
    expect(loginHref('/blog/a post#comments')).toBe('/login?redirect=/blog/a%20post%23comments');
    expect(
      safeRedirectPath(new URLSearchParams(loginHref('/x?y=1').split('?')[1]).get('redirect')),
    ).toBe('/x?y=1');
  });
});
