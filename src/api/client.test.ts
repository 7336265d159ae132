import createClient from 'openapi-fetch';
import type { paths } from '../../common/storefront-api';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { needsShopper, storefrontMiddleware } from './client';
import { ApiError } from './errors';
import { clearTokens, getAccessToken, setTokens } from './token-storage';
import { fakeJwt } from '../test/fake-jwt';

function clientWith(fetchImpl: (request: Request) => Promise<Response>) {
  const client = createClient<paths>({ baseUrl: 'http://shop.test/api', fetch: fetchImpl });
  client.use(
    storefrontMiddleware('tenant-abc', async (refresh) => {
      const { data } = await client.POST('/accounts/token/refresh/', { body: { refresh } });
      return data;
    }),
  );
  return client;
}

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

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
    const access = fakeJwt({ exp: inSeconds(600) });
    setTokens(access, 'refresh-1');
    const seen: Request[] = [];
    const client = clientWith(async (request) => {
      seen.push(request);
      return json(200, {
        access: 'a',
        refresh: 'r',
        user: { id: 1, email: 'a@b.c', username: 'a' },
      });
    });
    await client.GET('/orders/cart/');
    await client.POST('/accounts/login/', { body: { login_id: 'a@b.c', password: 'x' } });
    expect(seen[0]!.headers.get('Authorization')).toBe(`Bearer ${access}`);
    expect(seen[1]!.headers.get('Authorization')).toBeNull();
  });

  it('turns a non-2xx answer into an ApiError with status and body', async () => {
    const client = clientWith(async () => json(404, { detail: 'Not found.' }));
    const failure = await client
      .GET('/products/products/{slug}/', { params: { path: { slug: 'nope' } } })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    expect((failure as ApiError).body).toEqual({ detail: 'Not found.' });
  });

  it('refreshes an expired token once for 10 concurrent requests, then sends the new one', async () => {
    setTokens(fakeJwt({ exp: inSeconds(10) }), 'refresh-1');
    const renewed = fakeJwt({ exp: inSeconds(300), n: 2 });
    const refreshBodies: unknown[] = [];
    const bearers: (string | null)[] = [];
    const client = clientWith(async (request) => {
      if (request.url.endsWith('/accounts/token/refresh/')) {
        refreshBodies.push(await request.json());
        expect(request.headers.get('Authorization')).toBeNull();
        return json(200, { access: renewed, refresh: 'refresh-2' });
      }
      bearers.push(request.headers.get('Authorization'));
      return json(200, { id: 1, items: [], total_items: 0, total_price: '0.00' });
    });
    await Promise.all(Array.from({ length: 10 }, () => client.GET('/orders/cart/')));
    expect(refreshBodies).toEqual([{ refresh: 'refresh-1' }]);
    expect(bearers).toEqual(Array(10).fill(`Bearer ${renewed}`));
  });

  it('logs out and sends the request as a visitor when the refresh is refused', async () => {
    setTokens(fakeJwt({ exp: inSeconds(-1) }), 'spent');
    let bearer: string | null = 'unset';
    const client = clientWith(async (request) => {
      if (request.url.endsWith('/accounts/token/refresh/'))
        return json(401, { detail: 'Token is invalid or expired.' });
      bearer = request.headers.get('Authorization');
      return json(401, { detail: 'Authentication credentials were not provided.' });
    });
    await expect(client.GET('/orders/cart/')).rejects.toMatchObject({ status: 401 });
    expect(bearer).toBeNull();
    expect(getAccessToken()).toBeNull();
  });

  it('logs out when the server refuses a fresh-looking token and its refresh (a password changed elsewhere)', async () => {
    const access = fakeJwt({ exp: inSeconds(600) });
    setTokens(access, 'revoked-family');
    const refreshes: unknown[] = [];
    const client = clientWith(async (request) => {
      if (request.url.endsWith('/accounts/token/refresh/')) {
        refreshes.push(await request.json());
        return json(401, { detail: 'Token is invalid or expired.' });
      }
      return json(401, { detail: 'Given token not valid for any token type' });
    });
    await expect(client.GET('/accounts/me/')).rejects.toMatchObject({ status: 401 });
    expect(refreshes).toEqual([{ refresh: 'revoked-family' }]);
    expect(getAccessToken()).toBeNull();
  });

  it('keeps a session whose refresh still works after a refused token, for the next attempt', async () => {
    setTokens(fakeJwt({ exp: inSeconds(600) }), 'refresh-1');
    const renewed = fakeJwt({ exp: inSeconds(600), n: 2 });
    let calls = 0;
    const client = clientWith(async (request) => {
      if (request.url.endsWith('/accounts/token/refresh/'))
        return json(200, { access: renewed, refresh: 'refresh-2' });
      calls += 1;
      return calls === 1
        ? json(401, { detail: 'Given token not valid for any token type' })
        : json(200, { id: 1, email: 'a@b.c', username: 'a' });
    });
    await expect(client.GET('/accounts/me/')).rejects.toMatchObject({ status: 401 });
    expect(getAccessToken()).toBe(renewed);
    await expect(client.GET('/accounts/me/')).resolves.toMatchObject({ data: { id: 1 } });
  });

  it('lets catalogue requests go on without the token when the refresh fails for a 503, a 429 or the network', async () => {
    for (const failure of [
      () => json(503, { detail: 'Service unavailable.' }),
      () => json(429, { detail: 'Request was throttled.' }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      const expiredToken = fakeJwt({ exp: inSeconds(-1) });
      setTokens(expiredToken, 'still-good');
      const bearers: (string | null)[] = [];
      const client = clientWith(async (request) => {
        if (request.url.endsWith('/accounts/token/refresh/')) return failure();
        bearers.push(request.headers.get('Authorization'));
        return json(200, []);
      });
      await expect(client.GET('/products/categories/')).resolves.toMatchObject({ data: [] });
      expect(bearers).toEqual([null]);
      // The session is kept (it may still be good) and the shopper's own calls fail visibly.
      expect(getAccessToken()).toBe(expiredToken);
      await expect(client.GET('/orders/cart/')).rejects.toThrow();
      expect(bearers).toEqual([null]);
    }
  });
});

describe('needsShopper', () => {
  it('is true for exactly the operations whose security in the contract requires the bearer token', () => {
    const contract = parse(
      readFileSync(path.join(process.cwd(), 'openapi/storefront.yaml'), 'utf8'),
    ) as {
      security: Array<Record<string, unknown>>;
      paths: Record<
        string,
        Record<string, { operationId?: string; security?: Array<Record<string, unknown>> }>
      >;
    };
    const required: string[] = [];
    const said: string[] = [];
    for (const [path, item] of Object.entries(contract.paths))
      for (const [method, operation] of Object.entries(item)) {
        if (!operation?.operationId) continue;
        const security = operation.security ?? contract.security;
        const key = `${method.toUpperCase()} ${path}`;
        if (security.every((requirement) => 'bearerAuth' in requirement)) required.push(key);
        if (needsShopper(method.toUpperCase(), path)) said.push(key);
      }
    expect(required.length).toBeGreaterThan(0);
    expect(said.sort()).toEqual(required.sort());
  });
});
