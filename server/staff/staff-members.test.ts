/**
 * A shop's staff: creating an account checks its fields; owners list, promote, demote and
 * remove members; a shop always keeps an owner; a removed member's sessions end at once; every
 * change is in the activity log with before and after.
 */
import { DomainError } from '../platform/domain-error.ts';
import {
  changeStaffRole,
  createStaffMember,
  listStaffMembers,
  removeStaffMember,
  staffProfile,
} from './members.ts';
import { getStaffPolicy, setStaffPolicy } from './policy.ts';
import { verifyStaffAccess } from './sessions.ts';
import {
  createStaff,
  staffTokenFor,
  TEST_PASSWORD_HASH_COST,
  testStaffServices,
  useStaffTestDatabase,
} from '../test/staff.ts';

const t = useStaffTestDatabase();
const cost = { passwordHashCost: TEST_PASSWORD_HASH_COST };

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

async function logOf(objectId: number) {
  const rows = await t.db
    .selectFrom('activity_log')
    .selectAll()
    .where('object_type', '=', 'staff')
    .where('object_id', '=', String(objectId))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    action: r.action,
    by: r.staff_email,
    before: r.before === null ? null : JSON.parse(r.before),
    after: r.after === null ? null : JSON.parse(r.after),
  }));
}

describe('creating a staff account', () => {
  it('keeps the e-mail trimmed and lowercased and logs the creation by the system', async () => {
    const row = await createStaffMember(
      t.db,
      {
        tenantId: t.shopA,
        email: '  Jo@Example.COM ',
        name: ' Jo ',
        role: 'staff',
        password: 'long-enough-1',
      },
      cost,
    );
    expect(row).toMatchObject({
      email: 'jo@example.com',
      name: 'Jo',
      role: 'staff',
      removed_at: null,
    });
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(await logOf(row.id)).toEqual([
      {
        action: 'staff.create',
        by: null,
        before: null,
        after: { email: 'jo@example.com', name: 'Jo', role: 'staff' },
      },
    ]);
  });

  it('refuses a short password as weak, on the field password', async () => {
    const answer = await refusal(
      createStaffMember(
        t.db,
        {
          tenantId: t.shopA,
          email: 'short@example.com',
          name: 'S',
          role: 'staff',
          password: 'seven77',
        },
        cost,
      ),
    );
    expect(answer).toEqual({
      code: 'weak_password',
      body: { password: ['Password must be at least 8 characters long.'] },
    });
  });

  it('refuses NUL characters, huge strings, a bad e-mail and an unknown role, every field at once', async () => {
    const answer = await refusal(
      createStaffMember(
        t.db,
        {
          tenantId: t.shopA,
          email: 'not-an-email',
          name: 'x'.repeat(151),
          role: 'admin' as 'staff',
          password: 'a\u0000bcdefgh',
        },
        cost,
      ),
    );
    expect(answer).toEqual({
      code: 'staff_invalid',
      body: {
        email: ['Enter a valid email address.'],
        name: ['Enter a name of at most 150 characters, without control characters.'],
        role: ['Not a valid choice. Expected one of: owner, staff.'],
        password: ['Null characters are not allowed.'],
      },
    });
    expect(
      (
        await refusal(
          createStaffMember(
            t.db,
            {
              tenantId: t.shopA,
              email: 'big@example.com',
              name: 'B',
              role: 'staff',
              password: 'p'.repeat(201),
            },
            cost,
          ),
        )
      ).code,
    ).toBe('weak_password');
    expect(
      (
        await refusal(
          createStaffMember(
            t.db,
            {
              tenantId: t.shopA,
              email: 'nul\u0000@example.com',
              name: 'N',
              role: 'staff',
              password: 'long-enough-1',
            },
            cost,
          ),
        )
      ).code,
    ).toBe('staff_invalid');
  });

  it('refuses an e-mail another live member of the shop has, but not one of another shop', async () => {
    const member = await createStaff(t.db, { tenantId: t.shopA });
    expect(
      await refusal(
        createStaffMember(
          t.db,
          {
            tenantId: t.shopA,
            email: member.email.toUpperCase(),
            name: 'Twin',
            role: 'staff',
            password: 'long-enough-1',
          },
          cost,
        ),
      ),
    ).toEqual({
      code: 'staff_email_taken',
      body: { email: ['This person is already a member of staff.'] },
    });
    await expect(
      createStaffMember(
        t.db,
        {
          tenantId: t.shopB,
          email: member.email,
          name: 'Elsewhere',
          role: 'staff',
          password: 'long-enough-1',
        },
        cost,
      ),
    ).resolves.toBeDefined();
  });
});

describe('the staff list', () => {
  it('shows an owner the shop’s live members, owners first, and nobody of another shop', async () => {
    const owner = await createStaff(t.db, { tenantId: t.shopB, role: 'owner', name: 'Zed Owner' });
    const member = await createStaff(t.db, { tenantId: t.shopB, name: 'Amy Staff' });
    const gone = await createStaff(t.db, { tenantId: t.shopB, name: 'Gone' });
    await removeStaffMember(t.db, owner, gone.id);
    const list = await listStaffMembers(t.db, owner);
    const ids = list.map((m) => m.id);
    expect(ids).toContain(owner.id);
    expect(ids).toContain(member.id);
    expect(ids).not.toContain(gone.id);
    expect(list.findIndex((m) => m.role === 'staff')).toBeGreaterThan(
      list.findIndex((m) => m.role === 'owner'),
    );
    expect(list.find((m) => m.id === member.id)).toEqual({
      id: member.id,
      email: member.email,
      name: 'Amy Staff',
      role: 'staff',
      totp_enabled: false,
      last_login_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const shopA = await listStaffMembers(
      t.db,
      await createStaff(t.db, { tenantId: t.shopA, role: 'owner' }),
    );
    expect(shopA.map((m) => m.id)).not.toContain(member.id);
  });
});

describe('changing a role', () => {
  it('promotes and demotes, logging before and after', async () => {
    const owner = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    const member = await createStaff(t.db, { tenantId: t.shopA });
    expect((await changeStaffRole(t.db, owner, member.id, 'owner')).role).toBe('owner');
    expect((await changeStaffRole(t.db, owner, member.id, 'staff')).role).toBe('staff');
    const log = await logOf(member.id);
    expect(log.slice(-2)).toEqual([
      {
        action: 'staff.change_role',
        by: owner.email,
        before: { role: 'staff' },
        after: { role: 'owner' },
      },
      {
        action: 'staff.change_role',
        by: owner.email,
        before: { role: 'owner' },
        after: { role: 'staff' },
      },
    ]);
  });

  it('does not demote the last owner', async () => {
    const { db } = t;
    const shop = await db
      .insertInto('tenants')
      .values({
        token: 'one-owner',
        name: 'One Owner',
        media_slug: 'one',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = await createStaff(db, { tenantId: shop.id, role: 'owner' });
    expect(await refusal(changeStaffRole(db, owner, owner.id, 'staff'))).toEqual({
      code: 'staff_conflict',
      body: { detail: 'The shop needs at least one owner.' },
    });
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    const shop = await t.db
      .insertInto('tenants')
      .values({
        token: 'two-owners',
        name: 'Two Owners',
        media_slug: 'two',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const a = await createStaff(t.db, { tenantId: shop.id, role: 'owner' });
    const b = await createStaff(t.db, { tenantId: shop.id, role: 'owner' });
    const results = await Promise.allSettled([
      changeStaffRole(t.db, a, b.id, 'staff'),
      changeStaffRole(t.db, b, a.id, 'staff'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const owners = await t.db
      .selectFrom('staff')
      .select('id')
      .where('tenant_id', '=', shop.id)
      .where('role', '=', 'owner')
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('finds no member of another shop', async () => {
    const owner = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    const elsewhere = await createStaff(t.db, { tenantId: t.shopB });
    expect(await refusal(changeStaffRole(t.db, owner, elsewhere.id, 'owner'))).toEqual({
      code: 'staff_not_found',
      body: { detail: 'Not found.' },
    });
    for (const id of [0, -1, 1.5, 2 ** 40, Number.NaN]) {
      expect((await refusal(changeStaffRole(t.db, owner, id, 'owner'))).code).toBe(
        'staff_not_found',
      );
    }
    // A member of staff is refused at the door (server/http/admin/permissions.ts), before any
    // rule runs: server/http/admin/role-matrix.test.ts walks every operation as one.
  });
});

describe('removing a member', () => {
  it('ends every session of theirs at once and keeps them in the log', async () => {
    const services = testStaffServices(t.db);
    const owner = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    const member = await createStaff(t.db, { tenantId: t.shopA });
    const token = await staffTokenFor(services, member);
    await expect(verifyStaffAccess(t.db, services.tokens, token, t.shopA)).resolves.toBeDefined();
    await removeStaffMember(t.db, owner, member.id);
    await expect(verifyStaffAccess(t.db, services.tokens, token, t.shopA)).rejects.toMatchObject({
      code: 'staff_auth_failed',
    });
    const last = (await logOf(member.id)).at(-1);
    expect(last).toMatchObject({
      action: 'staff.remove',
      by: owner.email,
      before: { email: member.email, role: 'staff' },
      after: { email: member.email, removed_at: expect.any(String) },
    });
    expect((await refusal(removeStaffMember(t.db, owner, member.id))).code).toBe('staff_not_found');
    expect((await refusal(staffProfile(t.db, member))).code).toBe('staff_not_found');
  });

  it('does not let an owner remove themselves (so an owner always stays)', async () => {
    const owner = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    expect(await refusal(removeStaffMember(t.db, owner, owner.id))).toEqual({
      code: 'staff_conflict',
      body: { detail: 'You cannot remove yourself.' },
    });
  });

  it('lets the e-mail of a removed member be used again', async () => {
    const owner = await createStaff(t.db, { tenantId: t.shopA, role: 'owner' });
    const member = await createStaff(t.db, { tenantId: t.shopA });
    await removeStaffMember(t.db, owner, member.id);
    await expect(
      createStaff(t.db, { tenantId: t.shopA, email: member.email }),
    ).resolves.toBeDefined();
  });
});

describe('the shop’s security settings', () => {
  it('an owner turns required two-factor sign-in on and off, logged once per change', async () => {
    const shop = await t.db
      .insertInto('tenants')
      .values({
        token: 'policy-shop',
        name: 'Policy',
        media_slug: 'p',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = await createStaff(t.db, { tenantId: shop.id, role: 'owner', twoStep: true });
    expect(await getStaffPolicy(t.db, owner)).toEqual({ require_totp: false });
    await setStaffPolicy(t.db, owner, { require_totp: true });
    await setStaffPolicy(t.db, owner, { require_totp: true });
    expect(await getStaffPolicy(t.db, owner)).toEqual({ require_totp: true });
    await setStaffPolicy(t.db, owner, { require_totp: false });
    const log = await t.db
      .selectFrom('activity_log')
      .select(['action', 'before', 'after'])
      .where('tenant_id', '=', shop.id)
      .where('object_type', '=', 'settings')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      {
        action: 'settings.security',
        before: '{"require_totp":false}',
        after: '{"require_totp":true}',
      },
      {
        action: 'settings.security',
        before: '{"require_totp":true}',
        after: '{"require_totp":false}',
      },
    ]);
  });
});
