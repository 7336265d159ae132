/**
 * Signing staff in: the right e-mail and password open a session and say who signed in; a
 * wrong password, an unknown e-mail and a removed member are refused alike; attempts are
 * throttled apart from the shoppers' logins; the sign-in is in the activity log.
 */
import { ThrottledError } from '../platform/credentials/throttle.ts';
import { DomainError } from '../platform/domain-error.ts';
import { signInStaff } from './sign-in.ts';
import { verifyStaffAccess } from './sessions.ts';
import { removeStaffMember } from './members.ts';
import { setStaffPolicy } from './policy.ts';
import { createStaff, testStaffServices, useStaffTestDatabase } from '../test/staff.ts';
import { LoginThrottle } from '../platform/credentials/throttle.ts';

const t = useStaffTestDatabase();
const client = { address: '203.0.113.9', userAgent: 'Firefox' };
const BAD = {
  code: 'staff_auth_failed',
  message: 'No active account found with the given credentials',
};

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('staff sign-in', () => {
  it('opens a session for the right e-mail (in any case) and password, and says who signed in', async () => {
    const services = testStaffServices(t.db);
    const member = await createStaff(t.db, { tenantId: t.shopA, role: 'owner', name: 'Ada' });
    const answer = await signInStaff(t.db, services, t.shopA, client, {
      email: `  ${member.email.toUpperCase()} `,
      password: member.password,
    });
    expect(answer.staff).toEqual({
      id: member.id,
      email: member.email,
      name: 'Ada',
      role: 'owner',
      totp_enabled: false,
      totp_required: false,
    });
    const actor = await verifyStaffAccess(t.db, services.tokens, answer.access, t.shopA);
    expect(actor.id).toBe(member.id);
    expect(answer.refresh).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong password, an unknown e-mail and another shop alike', async () => {
    const services = testStaffServices(t.db);
    const member = await createStaff(t.db, { tenantId: t.shopA });
    expect(
      await refusal(
        signInStaff(t.db, services, t.shopA, client, {
          email: member.email,
          password: 'wrong-password',
        }),
      ),
    ).toEqual(BAD);
    expect(
      await refusal(
        signInStaff(t.db, services, t.shopA, client, {
          email: 'nobody@example.com',
          password: member.password,
        }),
      ),
    ).toEqual(BAD);
    expect(
      await refusal(
        signInStaff(t.db, services, t.shopB, client, {
          email: member.email,
          password: member.password,
        }),
      ),
    ).toEqual(BAD);
  });

  it('refuses a removed member, whose open sessions ended with the removal', async () => {
    const services = testStaffServices(t.db);
    const owner = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    const member = await createStaff(t.db, { tenantId: t.shopA });
    const before = await signInStaff(t.db, services, t.shopA, client, member);
    await removeStaffMember(t.db, owner, member.id);
    expect(await refusal(signInStaff(t.db, services, t.shopA, client, member))).toEqual(BAD);
    expect(
      (await refusal(verifyStaffAccess(t.db, services.tokens, before.access, t.shopA))).code,
    ).toBe('staff_auth_failed');
  });

  it('refuses hostile input as wrong credentials, not as an error', async () => {
    const services = testStaffServices(t.db);
    for (const email of ['', '\u0000', 'a'.repeat(100_000), 'x@y.z\u0000']) {
      expect(
        await refusal(signInStaff(t.db, services, t.shopA, client, { email, password: 'p\u0000' })),
      ).toEqual(BAD);
    }
  });

  it('stops a run of wrong passwords for an account from one address, and keeps the shoppers’ count apart', async () => {
    const services = testStaffServices(t.db, { loginMaxFailures: 3 });
    const member = await createStaff(t.db, { tenantId: t.shopA });
    for (let i = 0; i < 3; i++) {
      await expect(
        signInStaff(t.db, services, t.shopA, client, {
          email: member.email,
          password: 'wrong-password',
        }),
      ).rejects.toBeInstanceOf(DomainError);
    }
    await expect(signInStaff(t.db, services, t.shopA, client, member)).rejects.toBeInstanceOf(
      ThrottledError,
    );
    // Another address still gets in.
    await expect(
      signInStaff(t.db, services, t.shopA, { address: '198.51.100.1' }, member),
    ).resolves.toBeDefined();
    // The shoppers' login counters (unprefixed scopes) never saw these attempts.
    const shoppers = await t.db
      .selectFrom('request_throttles')
      .select('scope')
      .where('scope', 'in', ['login-failures', 'login-address'])
      .execute();
    expect(shoppers).toEqual([]);
    const shopperThrottle = new LoginThrottle(t.db, { pairFailures: 1, addressAttempts: 1 });
    await expect(
      shopperThrottle.before(t.shopA, `staff:${member.id}`, client.address),
    ).resolves.toBeUndefined();
  });

  it('writes the sign-in to the activity log and the member’s last sign-in time', async () => {
    const services = testStaffServices(t.db);
    const member = await createStaff(t.db, { tenantId: t.shopA });
    const at = new Date('2026-12-01T09:30:00.000Z');
    const answer = await signInStaff(t.db, services, t.shopA, client, member, at);
    const actor = await verifyStaffAccess(t.db, services.tokens, answer.access, t.shopA, at);
    const entry = await t.db
      .selectFrom('activity_log')
      .selectAll()
      .where('staff_id', '=', member.id)
      .where('action', '=', 'staff.sign_in')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      tenant_id: t.shopA,
      staff_email: member.email,
      object_type: 'session',
      object_id: actor.sessionId,
    });
    expect(JSON.parse(entry.after!)).toEqual({ second_factor: 'none', ip: client.address });
    const row = await t.db
      .selectFrom('staff')
      .select('last_login_at')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.last_login_at!).toISOString()).toBe(at.toISOString());
  });

  it('lets a member in when the shop requires two-factor sign-in they have not set up, flagged for the set-up', async () => {
    const services = testStaffServices(t.db);
    const owner = await createStaff(t.db, { tenantId: t.shopB, role: 'owner', twoStep: true });
    const member = await createStaff(t.db, { tenantId: t.shopB, role: 'owner' });
    await setStaffPolicy(t.db, owner, { require_totp: true });
    const answer = await signInStaff(t.db, services, t.shopB, client, member);
    expect(answer.staff).toMatchObject({ totp_enabled: false, totp_required: true });
    await setStaffPolicy(t.db, owner, { require_totp: false });
  });
});
