/**
 * Login (`POST /accounts/login/`): by e-mail in any case or by username, the one 401 for every
 * wrong answer, a shop's customers only in their shop, and the throttles of an account and of a
 * client address.
 */
import type { components } from '../../common/storefront-api';
import { DEMO_CUSTOMERS } from '../seed/customer-seed.ts';
import { createTestApp } from '../test/test-app.ts';
import { DEMO, NOT_VALID, POTTERY, useAccountsApi } from '../test/accounts.ts';
import { LOGIN_MESSAGES } from './login.ts';

type TokenPair = components['schemas']['TokenPair'];

const demoCustomer = DEMO_CUSTOMERS[0]!;

const BAD_CREDENTIALS = { detail: LOGIN_MESSAGES.badCredentials };

const { t, call, post, loginAs, cart, registerCustomer } = useAccountsApi();

describe('login', () => {
  it('accepts the e-mail in any case, the username, or the `email` field', async () => {
    const byEmail = await loginAs(demoCustomer.email.toUpperCase(), demoCustomer.password);
    expect(byEmail.user).toEqual({
      id: expect.any(Number),
      email: demoCustomer.email,
      username: demoCustomer.username,
    });
    expect(byEmail.access).not.toBe(byEmail.refresh);

    const byUsername = await loginAs(demoCustomer.username, demoCustomer.password);
    expect(byUsername.user.id).toBe(byEmail.user.id);

    const emailField = await post('/accounts/login/', {
      email: demoCustomer.email,
      password: demoCustomer.password,
    });
    expect(emailField.status).toBe(200);
    expect((emailField.body as TokenPair).user.id).toBe(byEmail.user.id);

    // The access token opens a customer operation.
    expect((await cart(`Bearer ${byEmail.access}`)).status).not.toBe(401);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await post('/accounts/login/', {
      login_id: demoCustomer.email,
      password: 'not-the-password',
    });
    const unknown = await post('/accounts/login/', {
      login_id: 'nobody@example.com',
      password: 'not-the-password',
    });
    const unknownName = await post('/accounts/login/', {
      login_id: 'nobody',
      password: 'not-the-password',
    });
    expect(wrong).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
    expect(unknown).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
    expect(unknownName).toMatchObject({ status: 401, body: BAD_CREDENTIALS });
  });

  it('refuses an inactive account with the same 401, even with the right password', async () => {
    const { email, password, user } = await registerCustomer();
    const { access } = await loginAs(email, password);
    await t.app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', user.id).execute();
    expect(await post('/accounts/login/', { login_id: email, password })).toMatchObject({
      status: 401,
      body: BAD_CREDENTIALS,
    });
    // Its still unexpired access token no longer opens anything either.
    expect(await cart(`Bearer ${access}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('needs a login id or e-mail and a password', async () => {
    expect(await post('/accounts/login/', { password: 'x' })).toMatchObject({ status: 400 });
    expect(await post('/accounts/login/', { login_id: 'customer' })).toMatchObject({
      status: 400,
      body: { password: ['This field is required.'] },
    });
  });

  it('refuses a user of one shop logging in with another shop’s tenant token', async () => {
    const { email, password } = await registerCustomer(DEMO);
    expect(await post('/accounts/login/', { login_id: email, password }, POTTERY)).toMatchObject({
      status: 401,
      body: BAD_CREDENTIALS,
    });
  });

  it('throttles an account from the guessing address after LOGIN_MAX_FAILURES failures, while its owner elsewhere still gets in', async () => {
    const { email, password } = await registerCustomer();
    const attacker = '198.51.100.66';
    const attempt = (loginId: string, pass: string, ip: string) =>
      call('POST', '/accounts/login/', { body: { login_id: loginId, password: pass }, ip });
    for (let i = 0; i < t.config.loginMaxFailures; i++) {
      // Alternating e-mail and username still counts against the one account.
      const id = i % 2 === 0 ? email : email.toUpperCase();
      expect((await attempt(id, 'wrong-password', attacker)).status).toBe(401);
    }
    const throttled = await attempt(email, password, attacker);
    expect(throttled.status).toBe(429);
    expect((throttled.body as { detail: string }).detail).toMatch(
      /^Request was throttled\. Expected available in \d+ seconds\.$/,
    );
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own address, is not locked out (anyone could lock anyone).
    expect((await attempt(email, password, '192.0.2.10')).status).toBe(200);
    // Nor is another account from the attacking address.
    expect((await attempt(demoCustomer.email, demoCustomer.password, attacker)).status).toBe(200);
  });

  it('clears the failure count after a successful login', async () => {
    const { email, password } = await registerCustomer();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < t.config.loginMaxFailures - 1; i++) {
        await post('/accounts/login/', { login_id: email, password: 'wrong-password' });
      }
      await loginAs(email, password);
    }
  });

  it('throttles a client address across accounts', async () => {
    const app = await createTestApp({ loginMaxAttemptsPerAddress: 3 });
    try {
      const attempt = (loginId: string, ip = '203.0.113.9') =>
        call('POST', '/accounts/login/', {
          app,
          body: { login_id: loginId, password: 'wrong-password' },
          ip,
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`someone${i}`)).status).toBe(401);
      const throttled = await attempt('someone-else');
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await attempt('someone-else', '203.0.113.10')).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
