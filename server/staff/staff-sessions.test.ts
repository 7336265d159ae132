/**
 * Staff sessions: a sign-in's refresh token rotates, an old one presented again ends the
 * session, logout and revocation end its access tokens at once, and a session lives only its
 * 12 hours whatever the refreshes.
 */
import { listStaffSessions, revokeOwnSession } from './session-changes.ts';
import {
  logOutStaff,
  refreshStaffSession,
  startStaffSession,
  verifyStaffAccess,
} from './sessions.ts';
import { createStaff, testStaffServices, useStaffTestDatabase } from '../test/staff.ts';
import { DomainError } from '../platform/domain-error.ts';

const t = useStaffTestDatabase();
const client = { address: '203.0.113.5', userAgent: 'Firefox on a laptop' };

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

async function signedIn(role: 'owner' | 'staff' = 'staff') {
  const services = testStaffServices(t.db);
  const member = await createStaff(t.db, { tenantId: t.shopA, role });
  const started = await startStaffSession(t.db, services, member, client);
  const actor = { ...member, sessionId: started.sessionId };
  return { services, member, actor, ...started };
}

describe('a staff session', () => {
  it('lets its access token in, naming the member and the session', async () => {
    const { services, access, sessionId, member } = await signedIn('owner');
    const actor = await verifyStaffAccess(t.db, services.tokens, access, t.shopA);
    expect(actor).toEqual({
      id: member.id,
      tenantId: t.shopA,
      email: member.email,
      name: member.name,
      role: 'owner',
      sessionId,
      mustSetUpTotp: false,
    });
  });

  it('refuses its access token at another shop', async () => {
    const { services, access } = await signedIn();
    expect(await refusal(verifyStaffAccess(t.db, services.tokens, access, t.shopB))).toEqual({
      code: 'staff_auth_failed',
      message: 'Given token not valid for any token type',
    });
  });

  it('gives a new refresh token on each refresh, and the new access token works', async () => {
    const { services, refresh } = await signedIn();
    const next = await refreshStaffSession(t.db, services, t.shopA, refresh);
    expect(next.refresh).not.toBe(refresh);
    await expect(
      verifyStaffAccess(t.db, services.tokens, next.access, t.shopA),
    ).resolves.toBeDefined();
    const after = await refreshStaffSession(t.db, services, t.shopA, next.refresh);
    expect(after.refresh).not.toBe(next.refresh);
  });

  it('ends when an old refresh token is presented again: every token of it stops working', async () => {
    const { services, refresh } = await signedIn();
    const next = await refreshStaffSession(t.db, services, t.shopA, refresh);
    expect(await refusal(refreshStaffSession(t.db, services, t.shopA, refresh))).toEqual({
      code: 'staff_auth_failed',
      message: 'Token is invalid or expired.',
    });
    // The thief's replay ended the session for the rightful holder too.
    expect((await refusal(refreshStaffSession(t.db, services, t.shopA, next.refresh))).code).toBe(
      'staff_auth_failed',
    );
    expect(
      (await refusal(verifyStaffAccess(t.db, services.tokens, next.access, t.shopA))).code,
    ).toBe('staff_auth_failed');
  });

  it('lets only one of two refreshes with the same token win, and then ends', async () => {
    const { services, refresh } = await signedIn();
    const results = await Promise.allSettled([
      refreshStaffSession(t.db, services, t.shopA, refresh),
      refreshStaffSession(t.db, services, t.shopA, refresh),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('refuses a refresh token at another shop without ending the session', async () => {
    const { services, refresh } = await signedIn();
    expect((await refusal(refreshStaffSession(t.db, services, t.shopB, refresh))).code).toBe(
      'staff_auth_failed',
    );
    await expect(refreshStaffSession(t.db, services, t.shopA, refresh)).resolves.toBeDefined();
  });

  it('refuses refresh tokens that are not ours in shape', async () => {
    const { services } = await signedIn();
    for (const token of ['', 'x', 'a'.repeat(5000), 'not-a-uuid.abc', `${'\u0000'.repeat(80)}`]) {
      expect((await refusal(refreshStaffSession(t.db, services, t.shopA, token))).code).toBe(
        'staff_auth_failed',
      );
    }
  });

  it('ends at logout: neither its refresh nor its access token works after', async () => {
    const { services, refresh, access } = await signedIn();
    await logOutStaff(t.db, t.shopA, refresh);
    expect((await refusal(refreshStaffSession(t.db, services, t.shopA, refresh))).code).toBe(
      'staff_auth_failed',
    );
    expect((await refusal(verifyStaffAccess(t.db, services.tokens, access, t.shopA))).code).toBe(
      'staff_auth_failed',
    );
    // Logging out twice changes nothing.
    await expect(logOutStaff(t.db, t.shopA, refresh)).resolves.toBeUndefined();
  });

  it('lasts its 12 hours whatever the refreshes, then stops', async () => {
    const { services, refresh, access } = await signedIn();
    const later = new Date(Date.now() + 11 * 3600_000);
    const next = await refreshStaffSession(t.db, services, t.shopA, refresh, later);
    const past = new Date(Date.now() + 12 * 3600_000 + 1000);
    expect(
      (await refusal(refreshStaffSession(t.db, services, t.shopA, next.refresh, past))).code,
    ).toBe('staff_auth_failed');
    expect(
      (await refusal(verifyStaffAccess(t.db, services.tokens, access, t.shopA, past))).code,
    ).toBe('staff_auth_failed');
  });

  it('gives access tokens that expire after 5 minutes', async () => {
    const { services, access } = await signedIn();
    const in4 = new Date(Date.now() + 4 * 60_000);
    const in6 = new Date(Date.now() + 6 * 60_000);
    await expect(
      verifyStaffAccess(t.db, services.tokens, access, t.shopA, in4),
    ).resolves.toBeDefined();
    expect(
      (await refusal(verifyStaffAccess(t.db, services.tokens, access, t.shopA, in6))).code,
    ).toBe('staff_auth_failed');
  });

  it('stops the access tokens issued before the member last changed their password', async () => {
    const { services, access, member } = await signedIn();
    await t.db
      .updateTable('staff')
      .set({ password_changed_at: new Date(Date.now() + 2000).toISOString() })
      .where('id', '=', member.id)
      .execute();
    expect((await refusal(verifyStaffAccess(t.db, services.tokens, access, t.shopA))).code).toBe(
      'staff_auth_failed',
    );
  });
});

describe("a member's session list", () => {
  it('shows their open sessions with the current one marked, and no one else’s', async () => {
    const { services, member, actor } = await signedIn();
    const second = await startStaffSession(t.db, services, member, {
      address: '198.51.100.7',
      userAgent: 'Safari on a phone',
    });
    await signedIn(); // someone else's
    await logOutStaff(t.db, t.shopA, second.refresh);
    const third = await startStaffSession(t.db, services, member, { address: '198.51.100.8' });
    const list = await listStaffSessions(t.db, actor);
    expect(list.map((s) => [s.id, s.current])).toEqual(
      expect.arrayContaining([
        [actor.sessionId, true],
        [third.sessionId, false],
        [member.sessionId, false],
      ]),
    );
    // createStaff's own session, this one, and the third: the logged-out one is gone.
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.current)).toMatchObject({
      user_agent: 'Firefox on a laptop',
      ip: '203.0.113.5',
    });
  });

  it('lets a member end one of their sessions, which stops its access token at once', async () => {
    const { services, member, actor } = await signedIn();
    const other = await startStaffSession(t.db, services, member, client);
    await revokeOwnSession(t.db, actor, other.sessionId);
    expect(
      (await refusal(verifyStaffAccess(t.db, services.tokens, other.access, t.shopA))).code,
    ).toBe('staff_auth_failed');
    expect((await listStaffSessions(t.db, actor)).map((s) => s.id)).not.toContain(other.sessionId);
  });

  it("does not let a member end another member's session", async () => {
    const mine = await signedIn();
    const theirs = await signedIn('owner');
    expect(await refusal(revokeOwnSession(t.db, mine.actor, theirs.sessionId))).toEqual({
      code: 'staff_not_found',
      message: 'Not found.',
    });
    await expect(
      verifyStaffAccess(t.db, theirs.services.tokens, theirs.access, t.shopA),
    ).resolves.toBeDefined();
    expect((await refusal(revokeOwnSession(t.db, mine.actor, 'nope'))).code).toBe(
      'staff_not_found',
    );
  });
});
