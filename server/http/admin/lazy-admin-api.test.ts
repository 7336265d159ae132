/**
 * The back office's API is loaded on its first request (decision 045): a process that has served
 * only shoppers holds none of its routes, and the first staff request (any method, a body or
 * none) is answered exactly as if the routes had been there from the start; its reference is
 * not the back office and loads nothing. What a shopper reads from a change made there is
 * covered by every other test of server/http/admin/, which all now go through the hand-over.
 */
import { createStaff, staffTokenFor, asStaff, tenantIdOf } from '../../test/staff.ts';
import { asTenant, createTestApp, type TestApp } from '../../test/test-app.ts';

const SHOP = 'demo-handcraft';

describe('the back office API, loaded on its first request', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = asTenant(SHOP)) =>
    t.app.inject({ method: 'GET', url, headers });

  it('holds none of its routes while only shoppers are served', async () => {
    expect((await get('/api/products/products/')).statusCode).toBe(200);
    expect((await get('/api/admin/docs/', { accept: 'text/html' })).statusCode).toBe(200);
    expect(t.app.backOffice.loaded).toBe(false);
    expect(t.app.hasRoute({ method: 'POST', url: '/api/admin/auth/login/' })).toBe(false);
  });

  it('answers the first staff requests as the routes always did, then keeps them', async () => {
    const owner = await createStaff(t.app.db, {
      tenantId: await tenantIdOf(t.app.db, SHOP),
      role: 'owner',
    });
    // Several first requests at once share one load: a sign-in with a JSON body, a request
    // without a token, and a path the contract does not have.
    const [login, anonymous, unknown] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login/',
        headers: { ...asTenant(SHOP), 'content-type': 'application/json' },
        payload: JSON.stringify({ email: owner.email, password: owner.password }),
      }),
      get('/api/admin/staff/'),
      get('/api/admin/no-such-thing/'),
    ]);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ access: expect.any(String) });
    expect(login.headers['cache-control']).toBe('no-store');
    expect(login.headers['x-content-type-options']).toBe('nosniff');
    expect({ status: anonymous.statusCode, body: anonymous.json() as unknown }).toEqual({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
    expect({ status: unknown.statusCode, body: unknown.json() as unknown }).toEqual({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect(t.app.backOffice.loaded).toBe(true);

    const staffList = await get(
      '/api/admin/staff/',
      asStaff(SHOP, await staffTokenFor(t.app, owner)),
    );
    expect(staffList.statusCode, staffList.body).toBe(200);
    // A shopper's request never waits on it, before or after.
    expect((await get('/api/products/products/')).statusCode).toBe(200);
  });

  it('refuses a body that is not JSON as it always did', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login/',
      headers: { ...asTenant(SHOP), 'content-type': 'text/plain' },
      payload: 'email=a',
    });
    expect(response.statusCode).toBe(415);
  });
});
