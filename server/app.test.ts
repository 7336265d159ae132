import { asTenant, createTestApp, type TestApp } from './test/test-app.ts';

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

  it('answer a missing body with a 400 detail', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login/',
      headers: DEMO,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'A JSON request body is required.' });
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
          country: 'd',
          fullname: 'e',
          contact_number: 'f',
        },
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
