/**
 * Registration (`POST /accounts/register/`): e-mails and usernames as the spec words them, the
 * refusals in DRF's field-error shape, one shop's customers apart from another's, and the limit
 * of registrations per client address.
 */
import type { components } from '../../common/storefront-api';
import { DEMO_CUSTOMERS } from '../seed/customer-seed.ts';
import { createTestApp } from '../test/test-app.ts';
import { DEMO, POTTERY, useAccountsApi } from '../test/accounts.ts';
import { REGISTRATION_MESSAGES } from './registration.ts';

type User = components['schemas']['User'];

const demoCustomer = DEMO_CUSTOMERS[0]!;

const { call, post, loginAs } = useAccountsApi();

describe('register', () => {
  it('creates a customer with a lowercased e-mail and a username from its local part', async () => {
    const answer = await post('/accounts/register/', {
      email: 'New.Shopper@Example.COM',
      password: 'correct-horse-42',
      password_confirm: 'correct-horse-42',
    });
    expect(answer).toMatchObject({
      status: 201,
      body: { id: expect.any(Number), email: 'new.shopper@example.com', username: 'new.shopper' },
    });
    // The new account can log in at once, by either name.
    await loginAs('NEW.SHOPPER@example.com', 'correct-horse-42');
    await loginAs('new.shopper', 'correct-horse-42');
  });

  it('gives a derived username a numeric suffix when it is taken in the shop', async () => {
    const answer = await post('/accounts/register/', {
      email: 'customer@elsewhere.example',
      password: 'correct-horse-42',
      password_confirm: 'correct-horse-42',
    });
    expect(answer.status).toBe(201);
    expect((answer.body as User).username).toBe('customer2');
  });

  it('keeps a chosen username and refuses one already taken', async () => {
    const first = await post('/accounts/register/', {
      email: 'chooser@example.com',
      username: 'Whittler_7',
      password: 'correct-horse-42',
      password_confirm: 'correct-horse-42',
    });
    expect(first).toMatchObject({ status: 201, body: { username: 'Whittler_7' } });
    expect(
      await post('/accounts/register/', {
        email: 'chooser2@example.com',
        username: 'Whittler_7',
        password: 'correct-horse-42',
        password_confirm: 'correct-horse-42',
      }),
    ).toMatchObject({ status: 400, body: { username: [REGISTRATION_MESSAGES.usernameTaken] } });
  });

  it('refuses an e-mail that is already taken in the shop, whatever its case', async () => {
    const answer = await post('/accounts/register/', {
      email: 'Customer@EmberAndOak.example',
      password: 'correct-horse-42',
      password_confirm: 'correct-horse-42',
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { email: ['A user with this e-mail already exists.'] },
    });
  });

  it('refuses a short password and mismatched passwords with the spec’s messages', async () => {
    expect(
      await post('/accounts/register/', {
        email: 'short@example.com',
        password: 'seven77',
        password_confirm: 'seven77',
      }),
    ).toMatchObject({
      status: 400,
      body: { password: ['Password must be at least 8 characters long.'] },
    });
    expect(
      await post('/accounts/register/', {
        email: 'mismatch@example.com',
        password: 'correct-horse-42',
        password_confirm: 'correct-horse-43',
      }),
    ).toMatchObject({ status: 400, body: { password_confirm: ['Passwords do not match.'] } });
    // Nothing was created: the e-mail is still free.
    expect(
      (
        await post('/accounts/register/', {
          email: 'short@example.com',
          password: 'eight888',
          password_confirm: 'eight888',
        })
      ).status,
    ).toBe(201);
  });

  it('refuses an invalid e-mail and a missing field as DRF field errors', async () => {
    expect(
      await post('/accounts/register/', {
        email: 'not-an-email',
        password: 'correct-horse-42',
        password_confirm: 'correct-horse-42',
      }),
    ).toMatchObject({ status: 400, body: { email: ['Enter a valid email address.'] } });
    expect(
      await post('/accounts/register/', { email: 'x@example.com', password: 'correct-horse-42' }),
    ).toMatchObject({ status: 400, body: { password_confirm: ['This field is required.'] } });
  });

  it('allows the same e-mail in another shop: users belong to a tenant', async () => {
    const answer = await post(
      '/accounts/register/',
      {
        email: demoCustomer.email,
        password: 'another-shop-42',
        password_confirm: 'another-shop-42',
      },
      POTTERY,
    );
    expect(answer).toMatchObject({ status: 201, body: { email: demoCustomer.email } });
    // Each shop's account keeps its own password.
    await loginAs(demoCustomer.email, 'another-shop-42', POTTERY);
    await loginAs(demoCustomer.email, demoCustomer.password, DEMO);
  });
});

describe('register throttling', () => {
  it('limits registrations per client address', async () => {
    const app = await createTestApp({ registerMaxPerAddress: 2 });
    try {
      const attempt = (n: number, ip = '203.0.113.20') =>
        call('POST', '/accounts/register/', {
          app,
          body: {
            email: `spam${n}@example.com`,
            password: 'long-enough-1',
            password_confirm: 'long-enough-1',
          },
          ip,
        });
      expect((await attempt(1)).status).toBe(201);
      expect((await attempt(2)).status).toBe(201);
      const throttled = await attempt(3);
      expect(throttled.status).toBe(429);
      expect(throttled.body).toEqual({ detail: expect.stringMatching(/^Request was throttled\./) });
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt(4, '203.0.113.21')).status).toBe(201);
    } finally {
      await app.close();
    }
  });
});
