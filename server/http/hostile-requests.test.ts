/**
 * First list: what an attacker tried against `npm start` and got a wrong answer to.
 * Each test failed before its fix.
 */
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DEMO = asTenant('demo-handcraft');
const LOGIN = { login_id: 'customer', password: 'demo-customer-2026' };

describe('hostile input', () => {
  it('answers a JSON-looking text/plain body to login and register with 415 and a detail', async () => {
    for (const url of ['/api/accounts/login/', '/api/accounts/register/']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...DEMO, 'content-type': 'text/plain' },
        payload: JSON.stringify({ ...LOGIN, email: 'a@example.com', password_confirm: 'x' }),
      });
      expect(response.statusCode, url).toBe(415);
      expect(response.json()).toEqual({ detail: 'Unsupported Media Type' });
    }
  });

  it('refuses a page beyond the contract maximum (1e308, 1e21, Infinity) with 400, never 500', async () => {
    for (const page of ['1e308', '1e21', 'Infinity', '1000001']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/products/products/?page=${page}`,
        headers: DEMO,
      });
      expect(response.statusCode, page).toBe(400);
      expect(Object.keys(response.json())).toEqual(['page']);
    }
  });

  it('refuses a NUL in the search with DRF’s message instead of matching every product', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/products/?search=%00anything',
      headers: DEMO,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ search: ['Null characters are not allowed.'] });
  });

  it('sends X-Content-Type-Options: nosniff on every API answer, errors included', async () => {
    for (const [url, headers] of [
      ['/api/products/products/', DEMO],
      ['/api/products/products/no-such-product/', DEMO],
      ['/api/products/products/', {}],
      ['/api/no-such-route/', DEMO],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('sends Cache-Control: no-store with tokens (login, refresh) and with their errors', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: DEMO,
      payload: LOGIN,
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      headers: DEMO,
      payload: { refresh: login.json().refresh },
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/token/refresh/',
      headers: DEMO,
      payload: { refresh: 'not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('accepts every slug length the contract allows and answers longer ones in the {detail} or field shape, echoing nothing', async () => {
    const allowed = 'a'.repeat(120);
    for (const base of ['/api/products/categories/', '/api/products/products/']) {
      const ok = await t.app.inject({ method: 'GET', url: `${base}${allowed}/`, headers: DEMO });
      expect(ok.statusCode, base).toBe(404);
      expect(ok.json()).toEqual({ detail: 'Not found.' });
      const long = await t.app.inject({
        method: 'GET',
        url: `${base}${'b'.repeat(121)}/`,
        headers: DEMO,
      });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ slug: ['Ensure this field has no more than 120 characters.'] });
      const absurd = await t.app.inject({
        method: 'GET',
        url: `${base}${'c'.repeat(5000)}/`,
        headers: DEMO,
      });
      expect(absurd.statusCode).toBe(414);
      expect(absurd.json()).toEqual({ detail: 'URI Too Long' });
      expect(absurd.body).not.toContain('ccc');
    }
  });

  it('answers a malformed URL with a 400 detail, without the framework’s code or the URL', async () => {
    for (const url of ['/api/media/%E0%A4%A', '/api/products/products/%E0%A4%A/']) {
      const response = await t.app.inject({ method: 'GET', url, headers: DEMO });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ detail: 'Malformed request.' });
      expect(response.body).not.toMatch(/FST_|%E0/);
    }
  });

  it('answers malformed JSON without echoing the body or the parser’s message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { ...DEMO, 'content-type': 'application/json' },
      payload: '{"login_id": <script>alert(1)</script>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'JSON parse error.' });
  });
});

describe('health endpoints', () => {
  it('answers /healthz and /readyz without a tenant header', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});
