/**
 * Confirming a password reset (`POST /accounts/password/reset/confirm/`) under abuse: a flood of
 * made-up tokens hashes no password (the token is looked up first, so the hashing that logins
 * wait for is never spent on them; the timings are in the closing note of the hardening, not in
 * a test), and confirmations are limited per client address (429 with Retry-After, counted in
 * the database).
 */
import { ACCOUNT_MESSAGES } from './messages.ts';

/** Every password the app hashes, counted (the real hash still runs). */
const hashes = vi.hoisted(() => vi.fn());
vi.mock('../platform/credentials/passwords.ts', async (original) => {
  const real = await original<typeof import('../platform/credentials/passwords.ts')>();
  return {
    ...real,
    hashPassword: (...args: Parameters<typeof real.hashPassword>) => {
      hashes();
      return real.hashPassword(...args);
    },
  };
});
import { INVALID_LINK, tokenOf, useAccountsApi } from '../test/accounts.ts';

/** A token of the right shape that no link ever carried. */
const madeUp = (n: number) => `made-up-${n}`.padEnd(43, 'A');

describe('confirmations with made-up tokens', () => {
  // No limit per address here: only whether any password is hashed for them is checked.
  const { call, newCustomer, resetLink } = useAccountsApi({ passwordResetMaxPerAddress: 100_000 });

  it('hash no password: the token is looked up first, so a flood of them cannot queue logins', async () => {
    hashes.mockClear();
    const flood = Array.from({ length: 30 }, (_, i) =>
      call('POST', '/accounts/password/reset/confirm/', {
        ip: `10.7.0.${i + 1}`,
        body: {
          token: madeUp(i),
          new_password: 'tempered-steel-77',
          new_password_confirm: 'tempered-steel-77',
        },
      }),
    );
    for (const answer of await Promise.all(flood))
      expect(answer).toMatchObject({ status: 400, body: INVALID_LINK });
    expect(hashes).not.toHaveBeenCalled();
    // A real link still hashes its new password, once.
    const { email } = await newCustomer();
    const token = tokenOf(await resetLink(email));
    hashes.mockClear();
    const used = await call('POST', '/accounts/password/reset/confirm/', {
      ip: '10.7.1.1',
      body: { token, new_password: 'tempered-steel-77', new_password_confirm: 'tempered-steel-77' },
    });
    expect(used.status).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
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
