/**
 * Password reset by e-mail (`POST /accounts/password/reset/` and `.../confirm/`): the same
 * answer for a known and an unknown e-mail, a link to the configured storefront in the outbox,
 * a token stored only as a hash that works once, within its hour, in its shop, every link of
 * the hour until one is used; then the limits, kept in the database: requests per client
 * address (429), and e-mails per account, which a stranger can use up without ever keeping the
 * owner from resetting.
 */
import { Writable } from 'node:stream';
import { outboxMessagesTo, resetLinkOf } from '../platform/mail/outbox-reader.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { ACCOUNT_MESSAGES } from './messages.ts';
import {
  DEMO,
  INVALID_LINK,
  PASSWORD,
  POTTERY,
  RESET_SENT,
  STOREFRONT,
  nextSecond,
  tokenOf,
  useAccountsApi,
} from '../test/accounts.ts';

const { t, call, loginStatus, refresh, newCustomer, resetLink, confirm } = useAccountsApi({
  storefrontUrl: STOREFRONT,
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

  it('keeps an earlier link working after a newer one was sent, and voids the rest once one is used', async () => {
    const { email } = await newCustomer();
    const older = tokenOf(await resetLink(email));
    const newer = tokenOf(await resetLink(email));
    expect(older).not.toBe(newer);
    expect((await confirm(older, 'tempered-steel-77')).status).toBe(200);
    expect(await confirm(newer, 'another-password-1')).toMatchObject({
      status: 400,
      body: INVALID_LINK,
    });
    expect(await loginStatus(email, 'tempered-steel-77')).toBe(200);
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

describe('password reset limits', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ passwordResetMaxPerEmail: 2, passwordResetMaxPerAddress: 4 });
  });
  afterAll(async () => {
    await small?.close();
  });
  const ask = (email: string, ip: string) =>
    call('POST', '/accounts/password/reset/', { app: small, ip, body: { email } });
  // Each confirmation from its own address: only the confirmation test counts one address's.
  let confirms = 0;
  const confirmIn = (token: string, password: string) =>
    call('POST', '/accounts/password/reset/confirm/', {
      app: small,
      ip: `10.3.0.${++confirms}`,
      body: { token, new_password: password, new_password_confirm: password },
    });
  const inbox = async (email: string) => {
    await small.app.account.idle();
    return outboxMessagesTo(small.config.outboxDir, email);
  };

  it("lets the owner reset after a stranger's requests from several addresses", async () => {
    const { email } = await newCustomer(DEMO, small);
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      expect(await ask(email, ip)).toMatchObject({ status: 202, body: RESET_SENT });
    }
    // The owner, from an address of their own: the same answer as anyone gets.
    const own = await ask(email.toUpperCase(), '10.1.0.9');
    expect(own).toMatchObject({ status: 202, body: RESET_SENT });
    expect(own.headers['retry-after']).toBeUndefined();
    // Whichever e-mail the owner opens, its link works (here the first, the oldest).
    const links = (await inbox(email)).map((message) => resetLinkOf(message)!);
    expect(links.length).toBeGreaterThan(0);
    expect(await confirmIn(tokenOf(links[0]!), 'tempered-steel-77')).toMatchObject({
      status: 200,
      body: { detail: ACCOUNT_MESSAGES.resetDone },
    });
    expect(
      (
        await call('POST', '/accounts/login/', {
          app: small,
          body: { login_id: email, password: 'tempered-steel-77' },
        })
      ).status,
    ).toBe(200);
  });

  it('sends no more than the hourly e-mails of an account, however many ask, and answers all alike', async () => {
    const { email } = await newCustomer(DEMO, small);
    const unknown = await ask(`nobody-${Date.now()}@example.com`, '10.2.0.99');
    for (let i = 0; i < 8; i++) {
      const answer = await ask(email, `10.2.0.${i + 1}`);
      expect(answer.status).toBe(unknown.status);
      expect(answer.body).toEqual(unknown.body);
    }
    const links = (await inbox(email)).map((message) => resetLinkOf(message)!);
    expect(links).toHaveLength(2);
    // Both links sent are good until one of them is used.
    expect((await confirmIn(tokenOf(links[1]!), 'tempered-steel-77')).status).toBe(200);
    expect((await confirmIn(tokenOf(links[0]!), 'another-password-1')).status).toBe(400);
  });

  it('sends a new e-mail within the hour once a reset was done', async () => {
    const { email } = await newCustomer(DEMO, small);
    await ask(email, '10.4.0.1');
    await ask(email, '10.4.0.2');
    const [first] = await inbox(email);
    expect((await confirmIn(tokenOf(resetLinkOf(first!)!), 'tempered-steel-77')).status).toBe(200);
    await ask(email, '10.4.0.3');
    const messages = await inbox(email);
    expect(messages).toHaveLength(3);
    expect((await confirmIn(tokenOf(resetLinkOf(messages[2]!)!), 'second-time-22')).status).toBe(
      200,
    );
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
    // A reset done clears its account's count: one more account asks and keeps its count.
    await ask((await newCustomer(DEMO, small)).email, '10.5.0.1');
    const rows = await small.app.db
      .selectFrom('request_throttles')
      .select('scope')
      .where('scope', 'like', 'password-reset-%')
      .execute();
    expect(new Set(rows.map((r) => r.scope))).toEqual(
      new Set(['password-reset-address', 'password-reset-email', 'password-reset-confirm-address']),
    );
  });
});
