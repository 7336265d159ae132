import { SignJWT } from 'jose';
import type { components } from '../../src/api/schema';
import { DEMO_CUSTOMERS } from '../seed/seed.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';
import { MESSAGES } from './auth.ts';

type TokenPair = components['schemas']['TokenPair'];
type User = components['schemas']['User'];

const demoCustomer = DEMO_CUSTOMERS[0]!;
const potteryCustomer = DEMO_CUSTOMERS[1]!;
const DEMO = asTenant(demoCustomer.tenantToken);
const POTTERY = asTenant(potteryCustomer.tenantToken);

const NOT_PROVIDED = { detail: 'Authentication credentials were not provided.' };
const NOT_VALID = { detail: 'Given token not valid for any token type' };
const BAD_CREDENTIALS = { detail: MESSAGES.badCredentials };
const TOKEN_INVALID = { detail: MESSAGES.tokenInvalid };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

async function call(
  app: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { headers?: Record<string, string>; body?: object; ip?: string } = {},
): Promise<Answer> {
  const response = await app.app.inject({
    method,
    url: `/api${url}`,
    headers: options.headers ?? DEMO,
    payload: options.body,
    remoteAddress: options.ip,
  });
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as unknown) : null,
    headers: response.headers,
  };
}

const post = (url: string, body: object, headers = DEMO, app = t) =>
  call(app, 'POST', url, { headers, body });

async function loginAs(
  loginId: string,
  password: string,
  headers = DEMO,
  app = t,
): Promise<TokenPair> {
  const answer = await post('/accounts/login/', { login_id: loginId, password }, headers, app);
  expect(answer.status).toBe(200);
  return answer.body as TokenPair;
}

/** GET /orders/cart/ (a bearerAuth operation) with the given Authorization header. */
function cart(authorization?: string, headers = DEMO, app = t) {
  return call(app, 'GET', '/orders/cart/', {
    headers: authorization ? { ...headers, authorization } : headers,
  });
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

let registered = 0;
/** Registers a fresh customer in the demo shop; returns its e-mail and password. */
async function newCustomer(headers = DEMO, app = t) {
  const email = `shopper${++registered}-${Date.now()}@example.com`;
  const password = 'correct-horse-42';
  const answer = await post(
    '/accounts/register/',
    { email, password, password_confirm: password },
    headers,
    app,
  );
  expect(answer.status).toBe(201);
  return { email, password, user: answer.body as User };
}

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
    ).toMatchObject({ status: 400, body: { username: [MESSAGES.usernameTaken] } });
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
    const { email, password, user } = await newCustomer();
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
    const { email, password } = await newCustomer(DEMO);
    expect(await post('/accounts/login/', { login_id: email, password }, POTTERY)).toMatchObject({
      status: 401,
      body: BAD_CREDENTIALS,
    });
  });

  it('throttles an account from the guessing address after LOGIN_MAX_FAILURES failures, while its owner elsewhere still gets in', async () => {
    const { email, password } = await newCustomer();
    const attacker = '198.51.100.66';
    const attempt = (loginId: string, pass: string, ip: string) =>
      call(t, 'POST', '/accounts/login/', { body: { login_id: loginId, password: pass }, ip });
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
    const { email, password } = await newCustomer();
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
        call(app, 'POST', '/accounts/login/', {
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

describe('register throttling', () => {
  it('limits registrations per client address', async () => {
    const app = await createTestApp({ registerMaxPerAddress: 2 });
    try {
      const attempt = (n: number, ip = '203.0.113.20') =>
        call(app, 'POST', '/accounts/register/', {
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

describe('bearer access tokens', () => {
  let pair: TokenPair;
  beforeAll(async () => {
    pair = await loginAs(demoCustomer.email, demoCustomer.password);
  });

  it('are required on customer operations', async () => {
    const missing = await cart();
    expect(missing).toMatchObject({ status: 401, body: NOT_PROVIDED });
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="api"');
    expect(await cart(`Basic ${Buffer.from('a:b').toString('base64')}`)).toMatchObject({
      status: 401,
      body: NOT_PROVIDED,
    });
    expect(await cart('Bearer')).toMatchObject({ status: 401, body: NOT_VALID });
    expect(await cart('Bearer not-a-jwt')).toMatchObject({ status: 401, body: NOT_VALID });
    expect((await cart(`bearer ${pair.access}`)).status).not.toBe(401);
  });

  it('refuse alg none', async () => {
    const [, payload] = pair.access.split('.') as [string, string];
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect(await cart(`Bearer ${none}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('refuse a tampered signature or payload', async () => {
    const [header, payload, signature] = pair.access.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await cart(`Bearer ${header}.${payload}.${flipped}`)).toMatchObject({
      status: 401,
      body: NOT_VALID,
    });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const otherUser = `${header}.${b64({ ...claims, sub: String(pair.user.id + 1) })}.${signature}`;
    expect(await cart(`Bearer ${otherUser}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('refuse a token signed with another secret', async () => {
    const tid = tenantIdOf(pair.access);
    const forged = await new SignJWT({ typ: 'access', tid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(pair.user.id))
      .setIssuer('storefront-reference-api')
      .setAudience(`tenant:${tid}`)
      .setIssuedAt()
      .setJti('forged')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('an-attacker-secret-that-is-long-enough'));
    expect(await cart(`Bearer ${forged}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('refuse an expired access token', async () => {
    const expired = await t.app.auth.tokens.issueAccessToken(
      pair.user.id,
      tenantIdOf(pair.access),
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect(await cart(`Bearer ${expired}`)).toMatchObject({ status: 401, body: NOT_VALID });
  });

  it('are never accepted in place of each other: refresh as access, access as refresh', async () => {
    expect(await cart(`Bearer ${pair.refresh}`)).toMatchObject({ status: 401, body: NOT_VALID });
    expect(await post('/accounts/token/refresh/', { refresh: pair.access })).toMatchObject({
      status: 401,
      body: TOKEN_INVALID,
    });
    expect(await post('/accounts/logout/', { refresh: pair.access })).toMatchObject({
      status: 401,
      body: TOKEN_INVALID,
    });
  });

  it('of one shop are refused with another shop’s tenant token', async () => {
    expect(await cart(`Bearer ${pair.access}`, POTTERY)).toMatchObject({
      status: 401,
      body: NOT_VALID,
    });
    expect(
      await post('/accounts/token/refresh/', { refresh: pair.refresh }, POTTERY),
    ).toMatchObject({ status: 401, body: TOKEN_INVALID });
    // Still good in its own shop.
    expect((await cart(`Bearer ${pair.access}`)).status).not.toBe(401);
  });
});

function tenantIdOf(token: string): number {
  const [, payload] = token.split('.') as [string, string];
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { tid: number }).tid;
}

const refresh = (token: string, headers = DEMO, app = t) =>
  post('/accounts/token/refresh/', { refresh: token }, headers, app);

describe('token refresh', () => {
  it('rotates: a new access and refresh token, and the new refresh token works', async () => {
    const { email, password } = await newCustomer();
    const first = await loginAs(email, password);
    const rotated = await refresh(first.refresh);
    expect(rotated.status).toBe(200);
    const pair = rotated.body as { access: string; refresh: string };
    expect(pair.refresh).not.toBe(first.refresh);
    expect(pair.access).not.toBe(first.access);
    expect((await cart(`Bearer ${pair.access}`)).status).not.toBe(401);

    const again = await refresh(pair.refresh);
    expect(again.status).toBe(200);
    // Rotation keeps the family's absolute expiry: refresh tokens never outlive the login.
    const expOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number })
        .exp;
    expect(expOf((again.body as { refresh: string }).refresh)).toBe(expOf(first.refresh));
  });

  it('lets a spent token be exchanged again within the grace window (two tabs at once)', async () => {
    const { email, password } = await newCustomer();
    const { refresh: token } = await loginAs(email, password);
    const [a, b] = await Promise.all([refresh(token), refresh(token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const later = await refresh(token);
    expect(later.status).toBe(200);
    // Every answer is a working token of the same family.
    for (const answer of [a, b, later]) {
      expect((await refresh((answer.body as { refresh: string }).refresh)).status).toBe(200);
    }
  });

  it("issues nothing that outlives a logout landing between a grace-window rotation's read and write", async () => {
    const { email, password } = await newCustomer();
    const { refresh: first } = await loginAs(email, password);
    const rotated = await refresh(first);
    const second = (rotated.body as { refresh: string }).refresh;
    // Tab B presents the spent token within the grace window; the logout of tab A lands while
    // B's rotation has read the family but not yet written its new token.
    const tokens = t.app.auth.tokens;
    const issue = tokens.issueRefreshToken.bind(tokens);
    const spy = vi.spyOn(tokens, 'issueRefreshToken').mockImplementationOnce(async (...args) => {
      expect((await post('/accounts/logout/', { refresh: second })).status).toBe(204);
      return issue(...args);
    });
    try {
      expect(await refresh(first)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    } finally {
      spy.mockRestore();
    }
    expect((await refresh(second)).status).toBe(401);
  });

  it('refuses garbage, and a token whose row is unknown', async () => {
    expect(await refresh('garbage')).toMatchObject({ status: 401, body: TOKEN_INVALID });
    const { email, password } = await newCustomer();
    const { access, user } = await loginAs(email, password);
    const orphan = await t.app.auth.tokens.issueRefreshToken(
      user.id,
      tenantIdOf(access),
      'no-such-family',
      Math.floor(Date.now() / 1000) + 3600,
    );
    expect(await refresh(orphan)).toMatchObject({ status: 401, body: TOKEN_INVALID });
  });

  describe('without a grace window', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ refreshReuseGraceSeconds: 0 });
    });
    afterAll(async () => {
      await strict?.close();
    });

    it('treats a spent token as a replay and revokes its whole family', async () => {
      const first = await loginAs(demoCustomer.email, demoCustomer.password, DEMO, strict);
      const second = await refresh(first.refresh, DEMO, strict);
      expect(second.status).toBe(200);
      const newest = (second.body as { refresh: string }).refresh;

      expect(await refresh(first.refresh, DEMO, strict)).toMatchObject({
        status: 401,
        body: TOKEN_INVALID,
      });
      // The family is revoked: the legitimate holder's newest token is refused too.
      expect(await refresh(newest, DEMO, strict)).toMatchObject({
        status: 401,
        body: TOKEN_INVALID,
      });
      // Another login starts a new, unaffected family.
      const fresh = await loginAs(demoCustomer.email, demoCustomer.password, DEMO, strict);
      expect((await refresh(fresh.refresh, DEMO, strict)).status).toBe(200);
    });

    it('treats a concurrent second exchange as a replay: nothing of the family survives', async () => {
      const { refresh: token } = await loginAs(
        potteryCustomer.email,
        potteryCustomer.password,
        POTTERY,
        strict,
      );
      const answers = await Promise.all([
        refresh(token, POTTERY, strict),
        refresh(token, POTTERY, strict),
      ]);
      // The conditional update lets at most one exchange spend the token; the other is a reuse.
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      expect(answers.some((a) => a.status === 401)).toBe(true);
      // The reuse revoked the family, including whatever the first exchange was given.
      for (const answer of answers.filter((a) => a.status === 200)) {
        const issued = (answer.body as { refresh: string }).refresh;
        expect((await refresh(issued, POTTERY, strict)).status).toBe(401);
      }
      expect((await refresh(token, POTTERY, strict)).status).toBe(401);
    });
  });
});

describe('logout', () => {
  it('revokes the refresh token: refreshing afterwards is refused', async () => {
    const { email, password } = await newCustomer();
    const pair = await loginAs(email, password);
    const rotated = (await refresh(pair.refresh)).body as { refresh: string };

    const out = await post('/accounts/logout/', { refresh: rotated.refresh });
    expect(out.status).toBe(204);
    expect(out.body).toBeNull();
    expect(await refresh(rotated.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    // The whole family went, including the spent token still inside its grace window.
    expect(await refresh(pair.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    // Idempotent.
    expect((await post('/accounts/logout/', { refresh: rotated.refresh })).status).toBe(204);
    // Other sessions of the same customer stay logged in.
    const other = await loginAs(email, password);
    expect((await refresh(other.refresh)).status).toBe(200);
  });

  it('answers 401 for a token that does not verify', async () => {
    expect(await post('/accounts/logout/', { refresh: 'garbage' })).toMatchObject({
      status: 401,
      body: TOKEN_INVALID,
    });
    const { refresh: token } = await loginAs(demoCustomer.email, demoCustomer.password);
    expect(await post('/accounts/logout/', { refresh: token }, POTTERY)).toMatchObject({
      status: 401,
      body: TOKEN_INVALID,
    });
    // A foreign shop's logout attempt left the token alone.
    expect((await refresh(token)).status).toBe(200);
  });
});
