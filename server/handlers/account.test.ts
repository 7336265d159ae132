/**
 * The shopper's account on the server: /accounts/me/, password change, password reset
 * by e-mail (outbox), saved addresses, and hostile input. Runs on SQLite, and on PostgreSQL
 * when TEST_DATABASE_URL is set (scripts/pg-throwaway.sh).
 */
import { Writable } from 'node:stream';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  UpdateQueryNode,
} from 'kysely';
import type { components } from '../../src/api/schema';
import { outboxMessagesTo, resetLinkOf } from '../mail/outbox-reader.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';
import { ACCOUNT_MESSAGES } from './account.ts';
import { ADDRESS_MESSAGES, MAX_ADDRESSES } from './addresses.ts';

type TokenPair = components['schemas']['TokenPair'];
type SavedAddress = components['schemas']['SavedAddress'];

const DEMO = asTenant('demo-handcraft');
const POTTERY = asTenant('demo-pottery');
const STOREFRONT = 'https://shop.example';
const TOKEN_INVALID = { detail: 'Token is invalid or expired.' };
const NOT_VALID = { detail: 'Given token not valid for any token type' };
const INVALID_LINK = { token: [ACCOUNT_MESSAGES.resetInvalid] };
const RESET_SENT = { detail: ACCOUNT_MESSAGES.resetRequested };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ storefrontUrl: STOREFRONT });
});
afterAll(async () => {
  await t?.close();
});

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function call(
  method: Method,
  url: string,
  options: {
    headers?: Record<string, string>;
    body?: unknown;
    token?: string;
    raw?: string;
    app?: TestApp;
    ip?: string;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? DEMO) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.raw !== undefined) {
    headers['content-type'] ??= 'application/json';
  }
  const response = await (options.app ?? t).app.inject({
    method,
    url: `/api${url}`,
    headers,
    payload: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    remoteAddress: options.ip,
  });
  return {
    status: response.statusCode,
    body: response.body ? (response.json() as unknown) : null,
    headers: response.headers,
  };
}

let registered = 0;
const PASSWORD = 'correct-horse-42';

/** Registers and logs in a fresh customer of a shop. */
async function newCustomer(headers = DEMO, app = t) {
  const email = `account${++registered}-${Date.now()}@example.com`;
  const reg = await call('POST', '/accounts/register/', {
    headers,
    app,
    body: { email, password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(reg.status).toBe(201);
  const pair = await login(email, PASSWORD, headers, app);
  return { email, pair };
}

async function login(email: string, password: string, headers = DEMO, app = t): Promise<TokenPair> {
  const answer = await call('POST', '/accounts/login/', {
    headers,
    app,
    body: { login_id: email, password },
  });
  expect(answer.status).toBe(200);
  return answer.body as TokenPair;
}

function loginStatus(email: string, password: string, headers = DEMO) {
  return call('POST', '/accounts/login/', { headers, body: { login_id: email, password } }).then(
    (a) => a.status,
  );
}

const refresh = (token: string, headers = DEMO) =>
  call('POST', '/accounts/token/refresh/', { headers, body: { refresh: token } });

/** Waits until the clock enters a new second (access tokens' `iat` counts whole seconds). */
async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
}

/** Asks for a reset of `email` and returns the link of the newest e-mail sent to it. */
async function resetLink(email: string, headers = DEMO, app = t): Promise<string> {
  const before = (await outboxMessagesTo(app.config.outboxDir, email)).length;
  const answer = await call('POST', '/accounts/password/reset/', { headers, app, body: { email } });
  expect(answer).toMatchObject({ status: 202, body: RESET_SENT });
  await app.app.account.idle();
  const messages = await outboxMessagesTo(app.config.outboxDir, email);
  expect(messages).toHaveLength(before + 1);
  const link = resetLinkOf(messages.at(-1)!);
  expect(link).not.toBeNull();
  return link!;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

const confirm = (token: string, password: string, headers = DEMO) =>
  call('POST', '/accounts/password/reset/confirm/', {
    headers,
    body: { token, new_password: password, new_password_confirm: password },
  });

describe('GET /accounts/me/', () => {
  it("answers the logged-in customer's e-mail and username", async () => {
    const { email, pair } = await newCustomer();
    const answer = await call('GET', '/accounts/me/', { token: pair.access });
    expect(answer).toMatchObject({ status: 200, body: { id: pair.user.id, email } });
    expect((answer.body as { username: string }).username).toBe(pair.user.username);
  });

  it('needs a bearer token', async () => {
    expect((await call('GET', '/accounts/me/')).status).toBe(401);
  });
});

describe('POST /accounts/password/change/', () => {
  it('changes the password, keeps this session and ends every other one, access tokens included', async () => {
    const { email, pair: other } = await newCustomer();
    const mine = await login(email, PASSWORD);
    await nextSecond();
    const answer = await call('POST', '/accounts/password/change/', {
      token: mine.access,
      body: {
        current_password: PASSWORD,
        new_password: 'tempered-steel-77',
        new_password_confirm: 'tempered-steel-77',
      },
    });
    expect(answer.status).toBe(200);
    const fresh = answer.body as TokenPair;
    expect(fresh.user.email).toBe(email);

    // This session carries on with the new pair.
    expect((await call('GET', '/accounts/me/', { token: fresh.access })).status).toBe(200);
    expect((await refresh(fresh.refresh)).status).toBe(200);
    // The other session (and this one's old tokens) are over.
    expect(await refresh(other.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    expect((await refresh(mine.refresh)).status).toBe(401);
    expect(await call('GET', '/accounts/me/', { token: other.access })).toMatchObject({
      status: 401,
      body: NOT_VALID,
    });
    // The new password logs in, the old one does not.
    expect(await loginStatus(email, 'tempered-steel-77')).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(401);
  });

  it('refuses a wrong current password, a short new one and a mismatch as field errors', async () => {
    const { pair } = await newCustomer();
    const change = (body: object) =>
      call('POST', '/accounts/password/change/', { token: pair.access, body });
    expect(
      await change({
        current_password: 'not-my-password',
        new_password: 'tempered-steel-77',
        new_password_confirm: 'tempered-steel-77',
      }),
    ).toMatchObject({
      status: 400,
      body: { current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] },
    });
    expect(
      await change({
        current_password: PASSWORD,
        new_password: 'short',
        new_password_confirm: 'shorter',
      }),
    ).toMatchObject({
      status: 400,
      body: {
        new_password: [ACCOUNT_MESSAGES.passwordTooShort],
        new_password_confirm: [ACCOUNT_MESSAGES.passwordMismatch],
      },
    });
    // Nothing changed.
    expect((await call('GET', '/accounts/me/', { token: pair.access })).status).toBe(200);
  });

  it('counts wrong current passwords as failed logins: 429 after LOGIN_MAX_FAILURES', async () => {
    const { pair } = await newCustomer();
    const body = {
      current_password: 'guess-guess',
      new_password: 'tempered-steel-77',
      new_password_confirm: 'tempered-steel-77',
    };
    for (let i = 0; i < t.config.loginMaxFailures; i++) {
      expect(
        (await call('POST', '/accounts/password/change/', { token: pair.access, body })).status,
      ).toBe(400);
    }
    const answer = await call('POST', '/accounts/password/change/', {
      token: pair.access,
      body: { ...body, current_password: PASSWORD },
    });
    expect(answer.status).toBe(429);
    expect((answer.body as { detail: string }).detail).toMatch(/^Request was throttled\./);
  });

  it('changes nothing when ending the other sessions fails: the password and the revocation commit together', async () => {
    const failing = new FailRefreshTokenUpdates();
    const app = await createTestApp({}, { plugins: [failing] });
    try {
      const { email, pair } = await newCustomer(DEMO, app);
      failing.on = true;
      const answer = await call('POST', '/accounts/password/change/', {
        app,
        token: pair.access,
        body: {
          current_password: PASSWORD,
          new_password: 'tempered-steel-77',
          new_password_confirm: 'tempered-steel-77',
        },
      });
      failing.on = false;
      expect(answer.status).toBe(500);
      // The old password still logs in and the new one does not: nothing was half done.
      expect(await login(email, PASSWORD, DEMO, app)).toBeTruthy();
      const withNew = await call('POST', '/accounts/login/', {
        app,
        body: { login_id: email, password: 'tempered-steel-77' },
      });
      expect(withNew.status).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses to rotate a refresh token issued before the password last changed, even unrevoked', async () => {
    const { email, pair } = await newCustomer();
    await nextSecond();
    // As after a crash between the password's commit and the revocation of the old sessions.
    await t.app.db
      .updateTable('users')
      .set({ password_changed_at: new Date().toISOString() })
      .where('email', '=', email)
      .execute();
    expect(await refresh(pair.refresh)).toMatchObject({ status: 401, body: TOKEN_INVALID });
    // A session begun after the change rotates as usual.
    const fresh = await login(email, PASSWORD);
    expect((await refresh(fresh.refresh)).status).toBe(200);
  });

  it('needs a bearer token', async () => {
    const answer = await call('POST', '/accounts/password/change/', {
      body: { current_password: 'x', new_password: 'yyyyyyyy', new_password_confirm: 'yyyyyyyy' },
    });
    expect(answer.status).toBe(401);
  });
});

describe('password reset', () => {
  it('answers a known and an unknown e-mail identically, and e-mails only the known one', async () => {
    const { email } = await newCustomer();
    const unknown = `nobody-${Date.now()}@example.com`;
    const known = await call('POST', '/accounts/password/reset/', { body: { email } });
    const stranger = await call('POST', '/accounts/password/reset/', { body: { email: unknown } });
    expect(stranger.status).toBe(known.status);
    expect(stranger.body).toEqual(known.body);
    expect(known).toMatchObject({ status: 202, body: RESET_SENT });
    await t.app.account.idle();
    expect(await outboxMessagesTo(t.config.outboxDir, email)).toHaveLength(1);
    expect(await outboxMessagesTo(t.config.outboxDir, unknown)).toHaveLength(0);
  });

  it('logs that the e-mail was written, never its link or token', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      {},
      {
        logger: {
          level: 'trace',
          stream: new Writable({
            write(chunk: Buffer, _encoding, done) {
              lines.push(chunk.toString('utf8'));
              done();
            },
          }),
        },
      },
    );
    try {
      const { email } = await newCustomer(DEMO, logged);
      const link = await resetLink(email, DEMO, logged);
      const log = lines.join('');
      expect(log).toContain('e-mail written to the outbox');
      expect(log).not.toContain(tokenOf(link));
      expect(log).not.toContain('reset-password?token=');
    } finally {
      await logged.close();
    }
  });

  it('takes at least PASSWORD_RESET_RESPONSE_MS for a known and an unknown e-mail', async () => {
    const slow = await createTestApp({ passwordResetResponseMs: 250 });
    try {
      const { email } = await newCustomer(DEMO, slow);
      for (const address of [email, `nobody-${Date.now()}@example.com`]) {
        const started = Date.now();
        const answer = await call('POST', '/accounts/password/reset/', {
          app: slow,
          body: { email: address },
        });
        expect(answer.status).toBe(202);
        expect(Date.now() - started).toBeGreaterThanOrEqual(245);
      }
    } finally {
      await slow.close();
    }
  });

  it('mails a link to the configured storefront, whatever Host the request names', async () => {
    const { email } = await newCustomer();
    const answer = await call('POST', '/accounts/password/reset/', {
      headers: { ...DEMO, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: { email },
    });
    expect(answer.status).toBe(202);
    await t.app.account.idle();
    const [message] = await outboxMessagesTo(t.config.outboxDir, email);
    const link = resetLinkOf(message!)!;
    expect(link.startsWith(`${STOREFRONT}/reset-password?token=`)).toBe(true);
    expect(message).not.toContain('evil.example');
    expect(tokenOf(link)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores only a hash of the token', async () => {
    const { email } = await newCustomer();
    const token = tokenOf(await resetLink(email));
    const rows = await t.app.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('sets the new password, ends every session, and refuses the token a second time', async () => {
    const { email, pair } = await newCustomer();
    const token = tokenOf(await resetLink(email));
    await nextSecond();
    expect(await confirm(token, 'tempered-steel-77')).toMatchObject({
      status: 200,
      body: { detail: ACCOUNT_MESSAGES.resetDone },
    });
    expect(await loginStatus(email, 'tempered-steel-77')).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe(401);
    expect((await refresh(pair.refresh)).status).toBe(401);
    expect((await call('GET', '/accounts/me/', { token: pair.access })).status).toBe(401);
    expect(await confirm(token, 'another-password-1')).toMatchObject({
      status: 400,
      body: INVALID_LINK,
    });
    expect(await loginStatus(email, 'another-password-1')).toBe(401);
  });

  it('refuses a token after its hour', async () => {
    const { email } = await newCustomer();
    const token = tokenOf(await resetLink(email));
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect(await confirm(token, 'tempered-steel-77')).toMatchObject({
      status: 400,
      body: INVALID_LINK,
    });
    expect(await loginStatus(email, PASSWORD)).toBe(200);
  });

  it('issues tokens that expire one hour after they are issued', async () => {
    const { email } = await newCustomer();
    const before = Date.now();
    await resetLink(email);
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const row = await t.app.db
      .selectFrom('password_reset_tokens')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const expires = new Date(row.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(3600_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(3600_000 + 5000);
  });

  it("refuses a token with another shop's tenant token", async () => {
    const { email } = await newCustomer();
    const token = tokenOf(await resetLink(email));
    expect(await confirm(token, 'tempered-steel-77', POTTERY)).toMatchObject({
      status: 400,
      body: INVALID_LINK,
    });
    // Still good in its own shop.
    expect((await confirm(token, 'tempered-steel-77')).status).toBe(200);
  });

  it('refuses an older token once a newer one was issued', async () => {
    const { email } = await newCustomer();
    const older = tokenOf(await resetLink(email));
    const newer = tokenOf(await resetLink(email));
    expect(older).not.toBe(newer);
    expect(await confirm(older, 'tempered-steel-77')).toMatchObject({
      status: 400,
      body: INVALID_LINK,
    });
    expect((await confirm(newer, 'tempered-steel-77')).status).toBe(200);
  });

  it('checks the new password before spending the token', async () => {
    const { email } = await newCustomer();
    const token = tokenOf(await resetLink(email));
    const answer = await call('POST', '/accounts/password/reset/confirm/', {
      body: { token, new_password: 'short', new_password_confirm: 'other' },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        new_password: [ACCOUNT_MESSAGES.passwordTooShort],
        new_password_confirm: [ACCOUNT_MESSAGES.passwordMismatch],
      },
    });
    expect((await confirm(token, 'tempered-steel-77')).status).toBe(200);
  });

  it('refuses unknown and malformed tokens the same way', async () => {
    for (const token of ['nope', 'A'.repeat(43), '../../etc/passwd', 'x\u0000y']) {
      expect(await confirm(token, 'tempered-steel-77')).toMatchObject({
        status: 400,
        body: INVALID_LINK,
      });
    }
  });
});

describe('password reset throttles', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ passwordResetMaxPerEmail: 2, passwordResetMaxPerAddress: 4 });
  });
  afterAll(async () => {
    await small?.close();
  });
  const ask = (email: string, ip: string) =>
    call('POST', '/accounts/password/reset/', { app: small, ip, body: { email } });

  it('limits requests per e-mail, known or not, across client addresses', async () => {
    const email = `limited-${Date.now()}@example.com`;
    expect((await ask(email, '10.0.0.1')).status).toBe(202);
    expect((await ask(email, '10.0.0.2')).status).toBe(202);
    const third = await ask(email.toUpperCase(), '10.0.0.3');
    expect(third.status).toBe(429);
    expect((third.body as { detail: string }).detail).toMatch(
      /^Request was throttled\. Expected available in \d+ seconds\.$/,
    );
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits requests per client address across e-mails', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await ask(`spray-${i}-${Date.now()}@example.com`, '10.0.9.9')).status).toBe(202);
    }
    const answer = await ask(`spray-x-${Date.now()}@example.com`, '10.0.9.9');
    expect(answer.status).toBe(429);
    expect(answer.body).toHaveProperty('detail');
  });

  it('keeps the counts in the database, shared by every process', async () => {
    const rows = await small.app.db
      .selectFrom('request_throttles')
      .select('scope')
      .where('scope', 'like', 'password-reset-%')
      .execute();
    expect(new Set(rows.map((r) => r.scope))).toEqual(
      new Set(['password-reset-address', 'password-reset-email']),
    );
  });
});

describe('saved addresses', () => {
  const HOME = {
    fullname: 'Ada Lovelace',
    contact_number: '+44 1904 496 0123',
    street: '7 Wren Close',
    city: 'York',
    postalCode: 'YO1 7HH',
    country: 'United Kingdom',
  };
  const add = (token: string, body: object) =>
    call('POST', '/accounts/addresses/', { token, body });
  const list = async (token: string) => {
    const answer = await call('GET', '/accounts/addresses/', { token });
    expect(answer.status).toBe(200);
    return answer.body as SavedAddress[];
  };

  it('makes the first address the default, and keeps exactly one default', async () => {
    const { pair } = await newCustomer();
    expect(await list(pair.access)).toEqual([]);
    const first = await add(pair.access, { ...HOME, street: '  7 Wren Close ' });
    expect(first).toMatchObject({ status: 201, body: { ...HOME, is_default: true } });
    const second = await add(pair.access, { ...HOME, city: 'Leeds' });
    expect(second).toMatchObject({ status: 201, body: { city: 'Leeds', is_default: false } });
    const third = await add(pair.access, { ...HOME, city: 'Hull', is_default: true });
    expect(third).toMatchObject({ status: 201, body: { city: 'Hull', is_default: true } });
    const all = await list(pair.access);
    expect(all.map((a) => [a.city, a.is_default])).toEqual([
      ['Hull', true],
      ['Leeds', false],
      ['York', false],
    ]);

    // Make Leeds the default, then edit it.
    const leeds = (second.body as SavedAddress).id;
    expect(
      await call('PATCH', `/accounts/addresses/${leeds}/`, {
        token: pair.access,
        body: { is_default: true },
      }),
    ).toMatchObject({ status: 200, body: { id: leeds, is_default: true } });
    expect((await list(pair.access)).filter((a) => a.is_default).map((a) => a.id)).toEqual([leeds]);
    expect(
      await call('PATCH', `/accounts/addresses/${leeds}/`, {
        token: pair.access,
        body: { street: ' 1 Briggate ' },
      }),
    ).toMatchObject({
      status: 200,
      body: { street: '1 Briggate', city: 'Leeds', is_default: true },
    });
    expect(
      await call('PATCH', `/accounts/addresses/${leeds}/`, {
        token: pair.access,
        body: { is_default: false },
      }),
    ).toMatchObject({ status: 400, body: { is_default: [ADDRESS_MESSAGES.keepDefault] } });

    // Deleting the default passes it on to the newest remaining address.
    expect(
      (await call('DELETE', `/accounts/addresses/${leeds}/`, { token: pair.access })).status,
    ).toBe(204);
    const left = await list(pair.access);
    expect(left.map((a) => [a.city, a.is_default])).toEqual([
      ['Hull', true],
      ['York', false],
    ]);
  });

  it("answers 404 for another customer's address and for another shop's", async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const id = ((await add(owner.pair.access, HOME)).body as SavedAddress).id;
    const url = `/accounts/addresses/${id}/`;
    expect(
      await call('PATCH', url, { token: stranger.pair.access, body: { city: 'Mine' } }),
    ).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await call('DELETE', url, { token: stranger.pair.access })).status).toBe(404);
    expect(await list(stranger.pair.access)).toEqual([]);
    const potter = await newCustomer(POTTERY);
    expect(
      (await call('DELETE', url, { headers: POTTERY, token: potter.pair.access })).status,
    ).toBe(404);
    expect(
      (await call('DELETE', '/accounts/addresses/2147483647/', { token: owner.pair.access }))
        .status,
    ).toBe(404);
    expect((await list(owner.pair.access)).map((a) => a.id)).toEqual([id]);
  });

  it(`refuses the address after ${MAX_ADDRESSES} with a clear 400`, async () => {
    const { pair } = await newCustomer();
    for (let i = 0; i < MAX_ADDRESSES; i++) {
      expect((await add(pair.access, { ...HOME, street: `${i} Wren Close` })).status).toBe(201);
    }
    expect(await add(pair.access, HOME)).toMatchObject({
      status: 400,
      body: { detail: ADDRESS_MESSAGES.tooMany },
    });
    expect(await list(pair.access)).toHaveLength(MAX_ADDRESSES);
  });

  it('refuses blank, NUL-carrying, oversized and wrongly typed fields with field errors', async () => {
    const { pair } = await newCustomer();
    expect(await add(pair.access, { ...HOME, city: '   ' })).toMatchObject({
      status: 400,
      body: { city: [ADDRESS_MESSAGES.blank] },
    });
    expect(await add(pair.access, { ...HOME, street: 'a\u0000b' })).toMatchObject({
      status: 400,
      body: { street: ['Null characters are not allowed.'] },
    });
    // A number too large for a double is not coerced into the text "Infinity" and saved.
    const infinite = await call('POST', '/accounts/addresses/', {
      token: pair.access,
      raw: JSON.stringify({ ...HOME, fullname: 0 }).replace('"fullname":0', '"fullname":1e400'),
    });
    expect(infinite).toMatchObject({ status: 400, body: { fullname: [expect.any(String)] } });
    const huge = await add(pair.access, { ...HOME, street: 'x'.repeat(100_000) });
    expect(huge.status).toBe(400);
    expect(huge.body).toHaveProperty('street');
    for (const bad of [
      { city: ['York'] },
      { city: { name: 'York' } },
      { is_default: 'maybe' },
      { city: null },
    ]) {
      const answer = await add(pair.access, { ...HOME, ...bad });
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body as object).length).toBeGreaterThan(0);
    }
    const { id } = (await add(pair.access, HOME)).body as SavedAddress;
    expect(
      (await call('PATCH', `/accounts/addresses/${id}/`, { token: pair.access, body: {} })).status,
    ).toBe(400);
    expect(
      (
        await call('PATCH', `/accounts/addresses/${id}/`, {
          token: pair.access,
          body: { fullname: 'x\u0000' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('PATCH', '/accounts/addresses/abc/', { token: pair.access, body: { city: 'x' } }))
        .status,
    ).toBe(400);
    expect(await list(pair.access)).toHaveLength(1);
  });

  it('needs a bearer token', async () => {
    expect((await call('GET', '/accounts/addresses/')).status).toBe(401);
    expect((await call('POST', '/accounts/addresses/', { body: HOME })).status).toBe(401);
  });
});

describe('hostile input never gets a 5xx', () => {
  it('answers 4xx with a DRF-style body for every new operation', async () => {
    const { pair } = await newCustomer();
    const id = (
      (
        await call('POST', '/accounts/addresses/', {
          token: pair.access,
          body: {
            fullname: 'A',
            contact_number: '1',
            street: 'S',
            city: 'C',
            postalCode: 'P',
            country: 'K',
          },
        })
      ).body as SavedAddress
    ).id;
    const targets: [Method, string][] = [
      ['POST', '/accounts/password/change/'],
      ['POST', '/accounts/password/reset/'],
      ['POST', '/accounts/password/reset/confirm/'],
      ['POST', '/accounts/addresses/'],
      ['PATCH', `/accounts/addresses/${id}/`],
    ];
    const bodies: { raw?: string; body?: unknown; type?: string }[] = [
      { raw: 'email=a@b.c', type: 'application/x-www-form-urlencoded' },
      { raw: 'plain text', type: 'text/plain' },
      { raw: '{"email": "a@b.c"', type: 'application/json' },
      { body: [] },
      { body: 'a string' },
      { body: 42 },
      { body: null },
      { body: { email: { $ne: null } } },
      {
        body: {
          email: 'a\u0000@b.c',
          token: 'a\u0000b',
          new_password: 'abcdefgh\u0000',
          new_password_confirm: 'abcdefgh\u0000',
          current_password: '\u0000',
        },
      },
      {
        body: {
          email: `${'a'.repeat(100_000)}@b.c`,
          token: 'x'.repeat(100_000),
          new_password: 'y'.repeat(100_000),
          new_password_confirm: 'y'.repeat(100_000),
          current_password: 'z'.repeat(100_000),
          street: 's'.repeat(100_000),
        },
      },
      {
        body: {
          email: 12,
          token: 12,
          new_password: [1],
          new_password_confirm: {},
          current_password: true,
          city: ['x'],
        },
      },
      { body: { __proto__: { admin: true }, constructor: { prototype: { admin: true } } } },
    ];
    for (const [method, url] of targets) {
      for (const b of bodies) {
        const answer = await call(method, url, {
          token: pair.access,
          headers: { ...DEMO, ...(b.type ? { 'content-type': b.type } : {}) },
          ...(b.raw !== undefined ? { raw: b.raw } : { body: b.body }),
        });
        expect(
          answer.status,
          `${method} ${url} ${JSON.stringify(b).slice(0, 80)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${url} ${JSON.stringify(b).slice(0, 80)}`).toBeLessThan(
          500,
        );
        const body = answer.body as Record<string, unknown>;
        const drf =
          typeof body?.detail === 'string' ||
          (Object.keys(body ?? {}).length > 0 &&
            Object.values(body).every(
              (v) => Array.isArray(v) && v.every((m) => typeof m === 'string'),
            ));
        expect(drf, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
      }
    }
  });
});

/**
 * A Kysely plugin that, while `on`, fails every UPDATE of refresh_tokens: a crash between a
 * password change and the end of the other sessions.
 */
class FailRefreshTokenUpdates implements KyselyPlugin {
  on = false;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (this.on && UpdateQueryNode.is(node)) {
      const table = node.table && TableNode.is(node.table) ? node.table.table.identifier.name : '';
      if (table === 'refresh_tokens') throw new Error('simulated crash: refresh_tokens update');
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
