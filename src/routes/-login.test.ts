import { Route } from './login';

// The '-' prefix keeps the router generator from reading this file as a route.
function parseSearch(search: Record<string, unknown>): unknown {
  const validate = Route.options.validateSearch as { parse: (value: unknown) => unknown };
  return validate.parse(search);
}

describe('/login search params (redirect: same-site path only)', () => {
  it('keeps a same-site path', () => {
    expect(parseSearch({ redirect: '/products/damascus-chef-knife' })).toEqual({
      redirect: '/products/damascus-chef-knife',
    });
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 42])(
    'drops %j instead of failing',
    (redirect) => {
      expect(parseSearch({ redirect })).toEqual({ redirect: undefined });
    },
  );

  it('accepts no redirect at all', () => {
    expect(parseSearch({})).toEqual({ redirect: undefined });
  });
});
