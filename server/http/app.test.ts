import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DEMO = asTenant('demo-handcraft');

describe('API request bodies', () => {
  it('answer a body of any media type but JSON with 415, before a handler sees it', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/login/',
        headers: { ...DEMO, 'content-type': type },
        payload: 'login_id=customer&password=x',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ detail: 'Unsupported Media Type' });
    }
  });

  it('answer a body nested 10,000 levels deep with 400 on every operation, login and register included', async () => {
    const bodies = [
      '['.repeat(10_000) + ']'.repeat(10_000),
      '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
    ];
    for (const url of [
      '/api/accounts/login/',
      '/api/accounts/register/',
      '/api/contact/messages/',
      '/api/orders/cart/add-item/',
    ]) {
      for (const payload of bodies) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...DEMO, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({ detail: 'The JSON body is nested too deeply.' });
      }
    }
  });

  it('answer a missing body with a 400 detail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: DEMO,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'A JSON request body is required.' });
  });

  it('answer a number too large for a double (Infinity once parsed) with 400, in a body or a query', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages/',
      headers: { ...DEMO, 'content-type': 'application/json' },
      payload:
        '{"name": "Ada", "email": "ada@example.com", "subject": "Hi", "message": "Hello", "extra": -1e309}',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ extra: ['A valid number is required.'] });
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/products/products/?page=1e309',
      headers: DEMO,
    });
    expect(query.statusCode).toBe(400);
    // Refused either as not a number or as beyond the contract's maximum page.
    expect(query.json()).toEqual({ page: [expect.any(String)] });
  });

  it('answer a NUL character in a path or query parameter with 400, on SQLite and PostgreSQL alike', async () => {
    for (const [url, field] of [
      ['/api/products/products/a%00b/', 'slug'],
      ['/api/products/categories/a%00b/', 'slug'],
      ['/api/products/products/?search=a%00b', 'search'],
      ['/api/products/products/?category__slug=%00', 'category__slug'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: DEMO });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ [field]: ['Null characters are not allowed.'] });
    }
  });

  it('answer a list where a body expects a single value with 400 (no list coercion in bodies)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages/',
      headers: DEMO,
      payload: { name: ['Ada'], email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: ['Not a valid string.'] });
  });

  it('accept JSON with a charset', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: { ...DEMO, 'content-type': 'application/json; charset=utf-8' },
      payload: '{"login_id":"nobody","password":"wrong-password"}',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('header parameters of the contract', () => {
  it('are validated under their lowercase names (Idempotency-Key, X-Gateway-Signature)', async () => {
    const badKey = await t.app.inject({
      method: 'POST',
      url: '/api/orders/orders/',
      headers: { ...DEMO, 'Idempotency-Key': 'has a space' },
      payload: {
        payment_method: 'bank_transfer',
        delivery_address: {
          street: 'a',
          city: 'b',
          postalCode: 'c',
          country: 'GB',
          fullname: 'e',
          contact_number: 'f',
        },
        shipping: [{ item_id: 1, method: 'uk-standard' }],
        expected_total_price: '10.00',
      },
    });
    expect(badKey.statusCode).toBe(400);
    expect(Object.keys(badKey.json() as object)).toEqual(['idempotency-key']);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/gateway/notify/',
      headers: DEMO,
      payload: {
        event_id: '0b7c6a52-1f7e-4c86-a3c5-6f9d2e8b1a40',
        payment_uuid: '9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
        status: 'succeeded',
        amount: '1.00',
        currency: 'USD',
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ 'x-gateway-signature': ['This field is required.'] });
  });
});
