import createClient from 'openapi-fetch';
import type { paths } from './schema';
import { storefrontMiddleware } from './client';
import { ApiError } from './errors';
import { clearTokens, setTokens } from '../auth/token-storage';

function clientWith(fetchImpl: (request: Request) => Promise<Response>) {
  const client = createClient<paths>({ baseUrl: 'http://shop.test/api', fetch: fetchImpl });
  client.use(storefrontMiddleware('tenant-abc'));
  return client;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('storefront client middleware', () => {
  afterEach(() => clearTokens());

  it('sends the tenant header on every request, and no bearer when logged out', async () => {
    const seen: Request[] = [];
    const client = clientWith(async (request) => {
      seen.push(request);
      return json(200, []);
    });
    await client.GET('/products/categories/');
    expect(seen[0]!.headers.get('X-Tenant-Token')).toBe('tenant-abc');
    expect(seen[0]!.headers.get('Authorization')).toBeNull();
  });

  it('sends the bearer token when stored, but never on login', async () => {
    setTokens('access-1', 'refresh-1');
    const seen: Request[] = [];
    const client = clientWith(async (request) => {
      seen.push(request);
      return json(200, { access: 'a', refresh: 'r', user: { id: 1, email: 'a@b.c', username: 'a' } });
    });
    await client.GET('/orders/cart/');
    await client.POST('/accounts/login/', { body: { login_id: 'a@b.c', password: 'x' } });
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer access-1');
    expect(seen[1]!.headers.get('Authorization')).toBeNull();
  });

  it('turns a non-2xx answer into an ApiError with status and body', async () => {
    const client = clientWith(async () => json(404, { detail: 'Not found.' }));
    const failure = await client.GET('/products/products/{slug}/', { params: { path: { slug: 'nope' } } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    expect((failure as ApiError).body).toEqual({ detail: 'Not found.' });
  });
});
