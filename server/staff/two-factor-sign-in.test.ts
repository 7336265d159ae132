/**
 * Two-factor sign-in: setting it up with an authenticator app, signing in with its code (one
 * step of clock drift either way, never the same code twice), a recovery code once in place of
 * a code, and turning it off with the password unless the shop requires it.
 */
import { generate } from 'otplib';
import { DomainError } from '../platform/domain-error.ts';
import { signInStaff } from './sign-in.ts';
import { confirmTotpSetup, disableTotp, startTotpSetup } from './totp.ts';
import { setStaffPolicy } from './policy.ts';
import { staffProfile } from './members.ts';
import { createStaff, testStaffServices, useStaffTestDatabase } from '../test/staff.ts';

const t = useStaffTestDatabase();
const client = { address: '203.0.113.20' };
const OTP = { otp: ['Enter the 6-digit code from your authenticator app.'] };

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) {
      return {
        code: error.code,
        body: error.field ? { [error.field]: [error.message] } : error.message,
      };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

const codeAt = (secret: string, at: Date) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * A member with two-factor sign-in on; answers the secret and the recovery codes too. Set up
 * five minutes ago, so the code that confirmed it (burned) is none a test signs in with.
 */
async function withTwoFactor(tenantId = t.shopA) {
  const member = await createStaff(t.db, { tenantId });
  const setup = await startTotpSetup(t.db, member);
  const at = new Date(Date.now() - 5 * 60_000);
  const { recovery_codes } = await confirmTotpSetup(
    t.db,
    testStaffServices(t.db),
    member,
    client,
    await codeAt(setup.secret, at),
    at,
  );
  return { member, secret: setup.secret, recoveryCodes: recovery_codes };
}

describe('setting up two-factor sign-in', () => {
  it('gives a secret and an otpauth URL naming the shop and the member', async () => {
    const member = await createStaff(t.db, { tenantId: t.shopA, email: 'maker@example.com' });
    const setup = await startTotpSetup(t.db, member);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\/Shop%20A:maker%40example\.com\?/);
    const url = new URL(setup.otpauth_url);
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(url.searchParams.get('issuer')).toBe('Shop A');
    // Not on until confirmed.
    expect(await staffProfile(t.db, member)).toMatchObject({ totp_enabled: false });
  });

  it('turns on with a code from the app and gives 10 recovery codes once', async () => {
    const { member, recoveryCodes } = await withTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await staffProfile(t.db, member)).toMatchObject({ totp_enabled: true });
    const row = await t.db
      .selectFrom('staff')
      .select('recovery_codes')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    // Only hashes are kept.
    for (const code of recoveryCodes) expect(row.recovery_codes).not.toContain(code);
    const log = await t.db
      .selectFrom('activity_log')
      .select('action')
      .where('staff_id', '=', member.id)
      .execute();
    expect(log.map((e) => e.action)).toContain('staff.totp_enable');
  });

  it('refuses a wrong code at set-up, on the field code', async () => {
    const member = await createStaff(t.db, { tenantId: t.shopA });
    await startTotpSetup(t.db, member);
    expect(
      await refusal(confirmTotpSetup(t.db, testStaffServices(t.db), member, client, '000000')),
    ).toMatchObject({
      code: 'otp_required',
      body: {
        code: [
          'That code is not right. Enter the current 6-digit code from your authenticator app.',
        ],
      },
    });
  });

  it('refuses a confirmation before any set-up, and a second set-up once on', async () => {
    const member = await createStaff(t.db, { tenantId: t.shopA });
    expect(
      (await refusal(confirmTotpSetup(t.db, testStaffServices(t.db), member, client, '123456')))
        .code,
    ).toBe('staff_conflict');
    const { member: on } = await withTwoFactor();
    expect((await refusal(startTotpSetup(t.db, on))).code).toBe('staff_conflict');
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code when it is missing or wrong, on the field otp', async () => {
    const services = testStaffServices(t.db, { loginMaxFailures: 100 });
    const { member } = await withTwoFactor();
    const credentials = { email: member.email, password: member.password };
    for (const otp of [undefined, '', '123', '12345a', '1234567', '\u0000', 'x'.repeat(10_000)]) {
      expect(
        await refusal(
          signInStaff(t.db, services, t.shopA, client, {
            ...credentials,
            ...(otp === undefined ? {} : { otp }),
          }),
        ),
      ).toEqual({
        code: 'otp_required',
        body: OTP,
      });
    }
  });

  it('lets the member in with the current code, or one from the step before or after', async () => {
    const services = testStaffServices(t.db);
    const { member, secret } = await withTwoFactor();
    const now = new Date();
    for (const drift of [-30_000, 0, 30_000]) {
      const otp = await codeAt(secret, new Date(now.getTime() + drift));
      const answer = await signInStaff(
        t.db,
        services,
        t.shopA,
        client,
        { email: member.email, password: member.password, otp },
        now,
      );
      expect(answer.staff.totp_enabled).toBe(true);
    }
    const tooOld = await codeAt(secret, new Date(now.getTime() - 90_000));
    expect(
      (await refusal(signInStaff(t.db, services, t.shopA, client, { ...member, otp: tooOld }, now)))
        .code,
    ).toBe('otp_required');
  });

  it('never accepts the same code twice', async () => {
    const services = testStaffServices(t.db);
    const { member, secret } = await withTwoFactor();
    const now = new Date();
    const otp = await codeAt(secret, now);
    await signInStaff(t.db, services, t.shopA, client, { ...member, otp }, now);
    expect(
      await refusal(signInStaff(t.db, services, t.shopA, client, { ...member, otp }, now)),
    ).toEqual({
      code: 'otp_required',
      body: OTP,
    });
  });

  it('takes a recovery code once in place of the code', async () => {
    const services = testStaffServices(t.db);
    const { member, recoveryCodes } = await withTwoFactor();
    const [first, second] = recoveryCodes as [string, string];
    await signInStaff(t.db, services, t.shopA, client, { ...member, otp: first.toUpperCase() });
    expect(
      (await refusal(signInStaff(t.db, services, t.shopA, client, { ...member, otp: first }))).code,
    ).toBe('otp_required');
    await expect(
      signInStaff(t.db, services, t.shopA, client, { ...member, otp: ` ${second} ` }),
    ).resolves.toBeDefined();
    const row = await t.db
      .selectFrom('staff')
      .select('recovery_codes')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.recovery_codes)).toHaveLength(8);
  });

  it('refuses a wrong password before it ever asks for the code', async () => {
    const services = testStaffServices(t.db);
    const { member } = await withTwoFactor();
    expect(
      (
        await refusal(
          signInStaff(t.db, services, t.shopA, client, {
            email: member.email,
            password: 'nope-nope-nope',
          }),
        )
      ).code,
    ).toBe('staff_auth_failed');
  });

  it('counts wrong codes as failed sign-ins, so a known password gives few guesses', async () => {
    const services = testStaffServices(t.db, { loginMaxFailures: 3 });
    const { member, secret } = await withTwoFactor();
    for (let i = 0; i < 3; i++) {
      await refusal(signInStaff(t.db, services, t.shopA, client, { ...member, otp: '000000' }));
    }
    const otp = await codeAt(secret, new Date());
    await expect(signInStaff(t.db, services, t.shopA, client, { ...member, otp })).rejects.toThrow(
      /throttled/,
    );
  });
});

describe('turning two-factor sign-in off', () => {
  it('takes the password, and then sign-in needs no code', async () => {
    const services = testStaffServices(t.db);
    const { member } = await withTwoFactor();
    expect(await refusal(disableTotp(t.db, services, member, client, 'wrong-password'))).toEqual({
      code: 'staff_invalid',
      body: { password: ['Your password is not right.'] },
    });
    await disableTotp(t.db, services, member, client, member.password);
    const answer = await signInStaff(t.db, services, t.shopA, client, member);
    expect(answer.staff.totp_enabled).toBe(false);
  });

  it('is refused while the shop requires two-factor sign-in', async () => {
    const services = testStaffServices(t.db);
    const owner = await createStaff(t.db, { tenantId: t.shopB, role: 'owner', twoStep: true });
    const { member } = await withTwoFactor(t.shopB);
    await setStaffPolicy(t.db, owner, { require_totp: true });
    expect(await refusal(disableTotp(t.db, services, member, client, member.password))).toEqual({
      code: 'staff_conflict',
      body: 'This shop requires two-step verification for every member of staff.',
    });
    await setStaffPolicy(t.db, owner, { require_totp: false });
  });
});
