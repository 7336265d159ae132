/**
 * Invitations: an owner invites an e-mail with a role, the person gets a one-time link by
 * e-mail, and accepting it with a name and a password makes their account and signs them in.
 * The link works once, for 72 hours, at its own shop only; the token is never kept nor shown.
 */
import { DomainError } from '../platform/domain-error.ts';
import { renderStaffEmail } from './emails/render-staff-email.ts';
import type { StaffInvitationEmailData } from './emails/staff-email-data.ts';
import {
  acceptInvitation,
  hashInvitationToken,
  inviteStaff,
  listInvitations,
  revokeInvitation,
} from './invitations.ts';
import { removeStaffMember } from './members.ts';
import { verifyStaffAccess } from './sessions.ts';
import { signInStaff } from './sign-in.ts';
import { createStaff, testStaffServices, useStaffTestDatabase } from '../test/staff.ts';

const t = useStaffTestDatabase();
const ORIGIN = 'https://shop.example';
const client = { address: '203.0.113.50', userAgent: 'Firefox' };
const INVALID_LINK = { token: ['This invitation link is invalid or has expired.'] };

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) {
      return {
        code: error.code,
        body:
          error.fields ??
          (error.field ? { [error.field]: [error.message] } : { detail: error.message }),
      };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The e-mail queued for `email`, newest first. */
async function mailTo(email: string) {
  const row = await t.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { row, data: JSON.parse(row.data) as StaffInvitationEmailData };
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

let invited = 0;
async function invite(role: 'owner' | 'staff' = 'staff', tenantId = t.shopA) {
  const services = testStaffServices(t.db);
  const owner = await createStaff(t.db, { tenantId, role: 'owner', name: 'Maya Hart' });
  const email = `new${++invited}-${Date.now()}@example.com`;
  const invitation = await inviteStaff(t.db, services, owner, { email, role }, ORIGIN);
  const { data } = await mailTo(email);
  return { services, owner, email, invitation, token: tokenOf(data.acceptUrl), data };
}

describe('inviting someone', () => {
  it('answers the invitation without its token and queues an e-mail with a one-time link good for 72 hours', async () => {
    const { invitation, email, data, token, owner } = await invite('staff');
    expect(invitation).toEqual({
      id: expect.any(Number),
      email,
      role: 'staff',
      invited_by: 'Maya Hart',
      created_at: expect.any(String),
      expires_at: expect.any(String),
      status: 'pending',
    });
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(
      72 * 3600_000,
    );
    expect(JSON.stringify(invitation)).not.toContain(token);
    expect(data).toMatchObject({
      kind: 'staff_invitation',
      inviterName: 'Maya Hart',
      role: 'staff',
      shop: { name: 'Shop A', shopUrl: `${ORIGIN}/`, contactEmail: owner.email },
    });
    expect(data.acceptUrl).toMatch(
      /^https:\/\/shop\.example\/admin\/accept-invitation\?token=[A-Za-z0-9_-]{43}$/,
    );
    // Only the token's hash is kept, and the log never names it.
    const row = await t.db
      .selectFrom('staff_invitations')
      .selectAll()
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashInvitationToken(token));
    const log = await t.db
      .selectFrom('activity_log')
      .selectAll()
      .where('object_type', '=', 'invitation')
      .where('object_id', '=', String(invitation.id))
      .execute();
    expect(log.map((e) => e.action)).toEqual(['staff.invite']);
    expect(JSON.stringify(log)).not.toContain(token);
  });

  it('renders an e-mail that names the shop, the inviter and the role, with the link', async () => {
    const { data } = await invite('owner');
    const email = await renderStaffEmail(data);
    expect(email.subject).toBe('Maya Hart invited you to the back office of Shop A');
    expect(email.text).toContain(`Accept the invitation: ${data.acceptUrl}`);
    expect(email.text).toContain(
      'Owner (everything: orders, refunds, staff and the shop’s settings)',
    );
    expect(email.html).toContain(data.acceptUrl.replace(/&/g, '&amp;'));
  });

  it('replaces an open invitation of the same e-mail: the older link stops working', async () => {
    const first = await invite();
    const again = await inviteStaff(
      t.db,
      first.services,
      first.owner,
      { email: first.email.toUpperCase(), role: 'owner' },
      ORIGIN,
    );
    const list = await listInvitations(t.db, first.owner);
    expect(list.filter((i) => i.email === first.email)).toEqual([
      expect.objectContaining({ id: again.id, role: 'owner' }),
    ]);
    expect(
      await refusal(
        acceptInvitation(t.db, first.services, t.shopA, client, {
          token: first.token,
          name: 'Old',
          password: 'long-enough-1',
        }),
      ),
    ).toEqual({
      code: 'staff_invalid',
      body: INVALID_LINK,
    });
  });

  it('refuses a live member’s e-mail, a bad e-mail and an unknown role', async () => {
    const services = testStaffServices(t.db);
    const owner = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    const member = await createStaff(t.db, { tenantId: t.shopA });
    expect(
      await refusal(
        inviteStaff(
          t.db,
          services,
          owner,
          { email: ` ${member.email.toUpperCase()}`, role: 'staff' },
          ORIGIN,
        ),
      ),
    ).toEqual({
      code: 'staff_email_taken',
      body: { email: ['This person is already a member of staff.'] },
    });
    expect(
      await refusal(
        inviteStaff(
          t.db,
          services,
          owner,
          { email: 'x\u0000@example.com', role: 'boss' as 'staff' },
          ORIGIN,
        ),
      ),
    ).toEqual({
      code: 'staff_invalid',
      body: {
        email: ['Enter a valid email address.'],
        role: ['Not a valid choice. Expected one of: owner, staff.'],
      },
    });
  });

  it('is at most so many an hour', async () => {
    // A member of staff is refused at the door (server/http/admin/permissions.ts), before any
    // rule runs: server/http/admin/role-matrix.test.ts walks every operation as one.
    const owner = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    const services = testStaffServices(t.db, { invitationsPerHour: 2 });
    await inviteStaff(t.db, services, owner, { email: 'one@example.com', role: 'staff' }, ORIGIN);
    await inviteStaff(t.db, services, owner, { email: 'two@example.com', role: 'staff' }, ORIGIN);
    await expect(
      inviteStaff(t.db, services, owner, { email: 'three@example.com', role: 'staff' }, ORIGIN),
    ).rejects.toThrow(/throttled/);
  });
});

describe('the invitation list', () => {
  it('shows open invitations newest first, an expired one as expired, and forgets a removed inviter’s name', async () => {
    const { owner, invitation, services } = await invite('staff', t.shopB);
    const later = await inviteStaff(
      t.db,
      services,
      owner,
      { email: 'later@example.com', role: 'owner' },
      ORIGIN,
    );
    const in80h = new Date(Date.now() + 80 * 3600_000);
    const list = await listInvitations(t.db, owner, in80h);
    expect(list.slice(0, 2).map((i) => [i.id, i.status])).toEqual([
      [later.id, 'expired'],
      [invitation.id, 'expired'],
    ]);
    const other = await createStaff(t.db, { tenantId: t.shopB, role: 'owner' });
    await removeStaffMember(t.db, other, owner.id);
    expect((await listInvitations(t.db, other)).find((i) => i.id === later.id)).toMatchObject({
      invited_by: null,
      status: 'pending',
    });
    // Another shop's owner sees none of them.
    const elsewhere = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    expect((await listInvitations(t.db, elsewhere)).map((i) => i.id)).not.toContain(later.id);
  });

  it('drops a revoked invitation, whose link then stops working', async () => {
    const { owner, invitation, token, services } = await invite();
    await revokeInvitation(t.db, owner, invitation.id);
    expect((await listInvitations(t.db, owner)).map((i) => i.id)).not.toContain(invitation.id);
    expect(
      (
        await refusal(
          acceptInvitation(t.db, services, t.shopA, client, {
            token,
            name: 'Late',
            password: 'long-enough-1',
          }),
        )
      ).body,
    ).toEqual(INVALID_LINK);
    expect(await refusal(revokeInvitation(t.db, owner, invitation.id))).toEqual({
      code: 'staff_not_found',
      body: { detail: 'Not found.' },
    });
  });

  it('does not let an owner revoke another shop’s invitation', async () => {
    const { invitation } = await invite('staff', t.shopB);
    const elsewhere = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    expect((await refusal(revokeInvitation(t.db, elsewhere, invitation.id))).code).toBe(
      'staff_not_found',
    );
  });
});

describe('accepting an invitation', () => {
  it('makes the account with the invitation’s e-mail and role and signs the new member in', async () => {
    const { token, email, services, invitation } = await invite('owner');
    const joined = await acceptInvitation(t.db, services, t.shopA, client, {
      token,
      name: '  Priya Shah ',
      password: 'kiln-fired-mugs-7',
    });
    expect(joined.staff).toEqual({
      id: expect.any(Number),
      email,
      name: 'Priya Shah',
      role: 'owner',
      totp_enabled: false,
      totp_required: false,
    });
    const actor = await verifyStaffAccess(t.db, services.tokens, joined.access, t.shopA);
    expect(actor.email).toBe(email);
    await expect(
      signInStaff(t.db, services, t.shopA, client, { email, password: 'kiln-fired-mugs-7' }),
    ).resolves.toBeDefined();
    const log = await t.db
      .selectFrom('activity_log')
      .select(['action', 'staff_email'])
      .where('object_type', '=', 'invitation')
      .where('object_id', '=', String(invitation.id))
      .orderBy('id')
      .execute();
    expect(log.map((e) => e.action)).toEqual(['staff.invite', 'staff.accept_invitation']);
    expect(log[1]!.staff_email).toBe(email);
  });

  it('works once', async () => {
    const { token, services } = await invite();
    await acceptInvitation(t.db, services, t.shopA, client, {
      token,
      name: 'Once',
      password: 'long-enough-1',
    });
    expect(
      await refusal(
        acceptInvitation(t.db, services, t.shopA, client, {
          token,
          name: 'Twice',
          password: 'long-enough-1',
        }),
      ),
    ).toEqual({
      code: 'staff_invalid',
      body: INVALID_LINK,
    });
  });

  it('lets only one of two acceptances at the same moment make an account', async () => {
    const { token, services, email } = await invite();
    const results = await Promise.allSettled([
      acceptInvitation(t.db, services, t.shopA, client, {
        token,
        name: 'A',
        password: 'long-enough-1',
      }),
      acceptInvitation(t.db, services, t.shopA, client, {
        token,
        name: 'B',
        password: 'long-enough-2',
      }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await t.db.selectFrom('staff').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses the link after its 72 hours, at another shop, and made-up or hostile tokens', async () => {
    const { token, services } = await invite();
    const form = { token, name: 'Late', password: 'long-enough-1' };
    const in73h = new Date(Date.now() + 73 * 3600_000);
    expect(
      (await refusal(acceptInvitation(t.db, services, t.shopA, client, form, in73h))).body,
    ).toEqual(INVALID_LINK);
    expect((await refusal(acceptInvitation(t.db, services, t.shopB, client, form))).body).toEqual(
      INVALID_LINK,
    );
    for (const bad of ['', ' ', 'x'.repeat(201), '\u0000', `${token}x`, token.toLowerCase()]) {
      if (bad === token) continue;
      expect(
        (await refusal(acceptInvitation(t.db, services, t.shopA, client, { ...form, token: bad })))
          .body,
      ).toEqual(INVALID_LINK);
    }
    // Still good at its own shop within its time.
    await expect(acceptInvitation(t.db, services, t.shopA, client, form)).resolves.toBeDefined();
  });

  it('refuses a weak password on the field password, and a blank name, before looking at the token', async () => {
    const { token, services } = await invite();
    expect(
      await refusal(
        acceptInvitation(t.db, services, t.shopA, client, {
          token,
          name: 'Short',
          password: 'short',
        }),
      ),
    ).toEqual({
      code: 'weak_password',
      body: { password: ['Password must be at least 8 characters long.'] },
    });
    expect(
      await refusal(
        acceptInvitation(t.db, services, t.shopA, client, {
          token: 'made-up',
          name: ' ',
          password: 'short',
        }),
      ),
    ).toEqual({
      code: 'staff_invalid',
      body: {
        name: ['This field may not be blank.'],
        password: ['Password must be at least 8 characters long.'],
      },
    });
    expect(
      (
        await refusal(
          acceptInvitation(t.db, services, t.shopA, client, {
            token,
            name: 'Nul\u0000',
            password: 'long-enough-1',
          }),
        )
      ).code,
    ).toBe('staff_invalid');
    // The link still works after the refusals.
    await expect(
      acceptInvitation(t.db, services, t.shopA, client, {
        token,
        name: 'Fine',
        password: 'long-enough-1',
      }),
    ).resolves.toBeDefined();
  });

  it('is refused when the e-mail became a member’s since, and the link stays unused', async () => {
    const { token, services, email } = await invite();
    await createStaff(t.db, { tenantId: t.shopA, email });
    expect(
      (
        await refusal(
          acceptInvitation(t.db, services, t.shopA, client, {
            token,
            name: 'Dup',
            password: 'long-enough-1',
          }),
        )
      ).code,
    ).toBe('staff_email_taken');
    const row = await t.db
      .selectFrom('staff_invitations')
      .select('accepted_at')
      .where('token_hash', '=', hashInvitationToken(token))
      .executeTakeFirstOrThrow();
    expect(row.accepted_at).toBeNull();
  });

  it('counts acceptances per client address', async () => {
    const services = testStaffServices(t.db, { acceptsPerAddressPerHour: 2 });
    const from = { address: '198.51.100.99' };
    for (let i = 0; i < 2; i++) {
      await refusal(
        acceptInvitation(t.db, services, t.shopA, from, {
          token: 'made-up',
          name: 'X',
          password: 'long-enough-1',
        }),
      );
    }
    await expect(
      acceptInvitation(t.db, services, t.shopA, from, {
        token: 'made-up',
        name: 'X',
        password: 'long-enough-1',
      }),
    ).rejects.toThrow(/throttled/);
  });
});
