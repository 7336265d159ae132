/**
 * Confirming a password reset (`POST /accounts/password/reset/confirm/`) under abuse: a flood of
 * made-up tokens does not slow down the shop's logins (the token is looked up before any
 * password is hashed), and confirmations are limited per client address (429 with
 * Retry-After, counted in the database).
 */
import { ACCOUNT_MESSAGES } from '../auth/passwords.ts';
import { INVALID_LINK, PASSWORD, tokenOf, useAccountsApi } from './accounts-test-utils.ts';

/** A token of the right shape that no link ever carried. */
const madeUp = (n: number) => `made-up-${n}`.padEnd(43, 'A');

describe('confirmations with made-up tokens', () => {
  // The production password hash (scrypt N = 2^15, about 100 ms here), so hashing for a bad
  // token would show in a login's time; no limit per address, so only the order of the work
  // is measured, not the throttle.
  const { call, newCustomer } = useAccountsApi({
    passwordHashCost: 15,
    passwordResetMaxPerAddress: 100_000,
  });

  async function timedLogin(email: string): Promise<number> {
    const started = performance.now();
    const answer = await call('POST', '/accounts/login/', {
      body: { login_id: email, password: PASSWORD },
    });
    expect(answer.status).toBe(200);
    return performance.now() - started;
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

  it('do not slow down a real login running beside them', async () => {
    const { email } = await newCustomer();
    const quiet: number[] = [];
    for (let i = 0; i < 3; i++) quiet.push(await timedLogin(email));
    const loaded: number[] = [];
    for (let round = 0; round < 3; round++) {
      const flood = Array.from({ length: 30 }, (_, i) =>
        call('POST', '/accounts/password/reset/confirm/', {
          ip: `10.7.${round}.${i + 1}`,
          body: {
            token: madeUp(round * 100 + i),
            new_password: 'tempered-steel-77',
            new_password_confirm: 'tempered-steel-77',
          },
        }),
      );
      loaded.push(await timedLogin(email));
      for (const answer of await Promise.all(flood)) {
        expect(answer).toMatchObject({ status: 400, body: INVALID_LINK });
      }
    }
    // Hashing the 30 new passwords first would queue the login behind them (about 15 times its
    // quiet time on two cores); looked up first, they cost a login little.
    expect(median(loaded)).toBeLessThan(3 * median(quiet) + 100);
  });
});

describe('confirmations per client address', () => {
  const { t, call, newCustomer, resetLink } = useAccountsApi({ passwordResetMaxPerAddress: 3 });
  const confirmFrom = (ip: string, token: string, password = 'tempered-steel-77') =>
    call('POST', '/accounts/password/reset/confirm/', {
      ip,
      body: { token, new_password: password, new_password_confirm: password },
    });

  it('answer 429 with Retry-After past the limit, and count each address apart', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await confirmFrom('10.8.0.1', madeUp(i))).toMatchObject({
        status: 400,
        body: INVALID_LINK,
      });
    }
    const refused = await confirmFrom('10.8.0.1', madeUp(3));
    expect(refused.status).toBe(429);
    expect((refused.body as { detail: string }).detail).toMatch(
      /^Request was throttled\. Expected available in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // A real link still works from another address, and the counts are rows of the database.
    const { email } = await newCustomer();
    const token = tokenOf(await resetLink(email));
    expect(await confirmFrom('10.8.0.2', token)).toMatchObject({
      status: 200,
      body: { detail: ACCOUNT_MESSAGES.resetDone },
    });
    const rows = await t.app.db
      .selectFrom('request_throttles')
      .select(['key', 'hits'])
      .where('scope', '=', 'password-reset-confirm-address')
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: '10.8.0.1', hits: 4 },
        { key: '10.8.0.2', hits: 1 },
      ]),
    );
  });
});
