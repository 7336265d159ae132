/**
 * A shop's staff accounts (decision 020): creating one (the shell command `npm run
 * staff:create`, an accepted invitation), listing them, changing a member's role and removing
 * a member; and the signed-in member's own profile (`/me`).
 *
 * Rules: the e-mail is trimmed and lowercased and names one live account per shop (a removed
 * member's e-mail may be invited again); a shop always keeps at least one owner (the last
 * owner can be neither demoted nor removed, and nobody removes themselves); removing a member
 * keeps the row (`removed_at`), so the activity log still names them, and ends every session of
 * theirs in the same transaction. Every change is written to the activity log with the row's
 * fields before and after, in the transaction that makes it.
 *
 * The "at least one owner" check is taken under a lock on the shop's owners (a write to their
 * rows first, as server/orders/order-lock.ts does for an order): two owners demoting each
 * other at the same moment take turns, and the second finds the first already gone.
 *
 * The fields' checks (e-mail, name, role, password) are ./member-input.ts.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { StaffRole, StaffTable } from './tables.ts';
import { isRowId, isUniqueViolation } from '../platform/db/errors.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import { hashPassword } from '../platform/credentials/passwords.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import type { StaffErrorCode } from './errors.ts';
import {
  checkNewStaffMember,
  invalidStaffMember,
  isStaffRole,
  type NewStaffMember,
} from './member-input.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { revokeAllStaffSessions } from './session-changes.ts';
import { findStaffPolicy } from './policy.ts';

type Db = Kysely<Database> | Transaction<Database>;
type StaffRow = Selectable<StaffTable>;

/** One member as the owner's staff list shows them (the contract's StaffMember). */
export interface StaffMemberView {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totp_enabled: boolean;
  last_login_at: string | null;
  created_at: string;
}

/** The signed-in member as `/me` shows them (the contract's Staff). */
export interface StaffProfile {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  totp_enabled: boolean;
  /**
   * True when the shop requires two-factor sign-in and this member has not set it up: the back
   * office sends them to the set-up before anything else (sign-in itself still succeeds, or a
   * member could never reach the set-up; see ./sign-in.ts).
   */
  totp_required: boolean;
}

function notFound(): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('staff_not_found', STAFF_MESSAGES.notFound);
}

function emailTaken(): DomainError<StaffErrorCode> {
  return new DomainError<StaffErrorCode>('staff_email_taken', STAFF_MESSAGES.emailTaken, {
    field: 'email',
  });
}

/** The member's fields the log keeps before and after a change (never a secret). */
function logged(row: Pick<StaffRow, 'email' | 'name' | 'role'> & { removed_at?: unknown }) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    ...(row.removed_at ? { removed_at: toIsoString(row.removed_at as Date | string) } : {}),
  };
}

/** The live (not removed) member of the shop with this e-mail, if any. */
export async function findLiveStaffByEmail(
  db: Db,
  tenantId: number,
  email: string,
): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Creates a staff account of the shop, in `db` (pass a transaction to commit it with the
 * invitation it accepts), and writes `staff.create` to the activity log (`actor` null: the
 * system, e.g. the shell command).
 * @param passwordHash the password already hashed (server/platform/credentials/passwords.ts
 *   hashPassword); see {@link createStaffMember} for the whole path from a plain password.
 * @returns the new row.
 * @throws DomainError `staff_email_taken` (field `email`) when a live account has the e-mail.
 */
export async function insertStaffMember(
  db: Db,
  member: { tenantId: number; email: string; name: string; role: StaffRole },
  passwordHash: string,
  actor: StaffActor | null,
  now = new Date(),
): Promise<StaffRow> {
  if (await findLiveStaffByEmail(db, member.tenantId, member.email)) throw emailTaken();
  let row: StaffRow;
  try {
    row = await db
      .insertInto('staff')
      .values({
        tenant_id: member.tenantId,
        email: member.email,
        name: member.name,
        role: member.role,
        password_hash: passwordHash,
        password_changed_at: null,
        totp_secret: null,
        totp_enabled_at: null,
        recovery_codes: '[]',
        created_at: now.toISOString(),
        last_login_at: null,
        removed_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // A concurrent creation took the e-mail between the check and the insert.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await recordActivity(
    db,
    {
      actor,
      tenantId: member.tenantId,
      action: 'staff.create',
      objectType: 'staff',
      objectId: row.id,
      after: logged(row),
    },
    now,
  );
  return row;
}

/**
 * Checks, hashes and creates a staff account in one transaction with its log entry.
 * @param options.passwordHashCost scrypt's log2 N (server/platform/credentials/passwords.ts).
 * @throws as {@link checkNewStaffMember} and {@link insertStaffMember}.
 */
export async function createStaffMember(
  db: Kysely<Database>,
  member: NewStaffMember,
  options: { passwordHashCost: number; actor?: StaffActor | null },
): Promise<StaffRow> {
  const { email, name } = checkNewStaffMember(member);
  // Refused before the hash, so a taken e-mail costs no scrypt work.
  if (await findLiveStaffByEmail(db, member.tenantId, email)) throw emailTaken();
  const passwordHash = await hashPassword(member.password, { log2Cost: options.passwordHashCost });
  return db
    .transaction()
    .execute((trx) =>
      insertStaffMember(
        trx,
        { tenantId: member.tenantId, email, name, role: member.role },
        passwordHash,
        options.actor ?? null,
      ),
    );
}

/** One member as the owner's staff list shows them. */
export function memberView(row: StaffRow): StaffMemberView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totp_enabled: row.totp_enabled_at !== null,
    last_login_at: row.last_login_at === null ? null : toIsoString(row.last_login_at),
    created_at: toIsoString(row.created_at),
  };
}

/**
 * The shop's live members, owners first, then by name.
 * @throws DomainError `forbidden` for a member without `staff.manage`.
 */
export async function listStaffMembers(
  db: Kysely<Database>,
  actor: StaffActor,
): Promise<StaffMemberView[]> {
  const rows = await db
    .selectFrom('staff')
    .selectAll()
    .where('tenant_id', '=', actor.tenantId)
    .where('removed_at', 'is', null)
    .orderBy('role')
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(memberView);
}

/**
 * The row of member `actor` (the signed-in member) while they are a live member of their shop.
 * @throws DomainError `staff_not_found` ("Not found.") when the account is gone (removed since
 *   the token was checked).
 */
export async function liveMember(db: Kysely<Database>, actor: StaffActor): Promise<StaffRow> {
  const row = await db
    .selectFrom('staff')
    .selectAll()
    .where('id', '=', actor.id)
    .where('tenant_id', '=', actor.tenantId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * The signed-in member as `/me` shows them.
 * @throws DomainError `staff_not_found` when the account is gone (removed since the token was
 *   checked).
 */
export async function staffProfile(db: Kysely<Database>, actor: StaffActor): Promise<StaffProfile> {
  const row = await liveMember(db, actor);
  const policy = await findStaffPolicy(db, actor.tenantId);
  const enabled = row.totp_enabled_at !== null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totp_enabled: enabled,
    totp_required: policy.require_totp && !enabled,
  };
}

/**
 * Locks the shop's owners for the rest of `trx` (a write first: see the module comment) and
 * answers how many live owners there are.
 */
async function lockOwners(trx: Transaction<Database>, tenantId: number): Promise<number> {
  const locked = await trx
    .updateTable('staff')
    .set((eb) => ({ role: eb.ref('role') }))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'owner')
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows);
}

async function lockMember(
  trx: Transaction<Database>,
  tenantId: number,
  staffId: unknown,
): Promise<StaffRow> {
  if (!isRowId(staffId)) throw notFound();
  const row = await trx
    .updateTable('staff')
    .set((eb) => ({ role: eb.ref('role') }))
    .where('id', '=', staffId)
    .where('tenant_id', '=', tenantId)
    .where('removed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Gives a member another role (an owner may change their own, unless they are the last
 * owner). Changing a role to the one it is changes nothing and logs nothing.
 * @returns the member as the staff list shows them.
 * @throws DomainError `forbidden` (not an owner), `staff_not_found` (no live member of this
 *   shop by that id), `staff_invalid` (field `role`), `staff_conflict` (the last owner).
 */
export async function changeStaffRole(
  db: Kysely<Database>,
  actor: StaffActor,
  staffId: number,
  role: StaffRole,
  now = new Date(),
): Promise<StaffMemberView> {
  if (!isStaffRole(role)) throw invalidStaffMember({ role: [STAFF_MESSAGES.roleInvalid] });
  return db.transaction().execute(async (trx) => {
    const owners = await lockOwners(trx, actor.tenantId);
    const before = await lockMember(trx, actor.tenantId, staffId);
    if (before.role === role) return memberView(before);
    if (before.role === 'owner' && owners <= 1) {
      throw new DomainError<StaffErrorCode>('staff_conflict', STAFF_MESSAGES.lastOwner);
    }
    const after = await trx
      .updateTable('staff')
      .set({ role })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'staff.change_role',
        objectType: 'staff',
        objectId: before.id,
        before: { role: before.role },
        after: { role: after.role },
      },
      now,
    );
    return memberView(after);
  });
}

/**
 * Removes a member: the account can no longer sign in, every session of theirs ends at once
 * (their access tokens are refused from the next request), and the activity log keeps naming
 * them. Pending invitations they sent stay valid (the shop sent them).
 * @throws DomainError `forbidden` (not an owner), `staff_not_found`, `staff_conflict` (oneself,
 *   or the last owner).
 */
export async function removeStaffMember(
  db: Kysely<Database>,
  actor: StaffActor,
  staffId: number,
  now = new Date(),
): Promise<void> {
  if (staffId === actor.id) {
    throw new DomainError<StaffErrorCode>('staff_conflict', STAFF_MESSAGES.removeSelf);
  }
  await db.transaction().execute(async (trx) => {
    const owners = await lockOwners(trx, actor.tenantId);
    const before = await lockMember(trx, actor.tenantId, staffId);
    if (before.role === 'owner' && owners <= 1) {
      throw new DomainError<StaffErrorCode>('staff_conflict', STAFF_MESSAGES.lastOwner);
    }
    await trx
      .updateTable('staff')
      .set({ removed_at: now.toISOString() })
      .where('id', '=', before.id)
      .execute();
    await revokeAllStaffSessions(trx, actor.tenantId, before.id, now);
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'staff.remove',
        objectType: 'staff',
        objectId: before.id,
        before: logged(before),
        after: logged({ ...before, removed_at: now.toISOString() }),
      },
      now,
    );
  });
}
