/**
 * A shop's staff policy (`staff_policies`): whether every member must sign in with a second
 * factor. A shop without a row requires nothing. Turning the requirement on does not sign
 * anyone out: a member without two-factor sign-in keeps working, and `/me` answers
 * `totp_required: true` until they set it up (./members.ts staffProfile, ./sign-in.ts).
 *
 * Lifting the requirement takes an owner whose session passed two-step verification (a code at
 * sign-in, or the set-up confirmed in this session: ./sessions.ts sessionPassedTwoStep):
 * otherwise a password alone, the very thing the rule guards against, would undo it. An owner
 * who required it before setting up their own sets it up under Account (still reachable), and
 * may then lift it from the same session. Requiring it takes no more than the role: it only
 * makes sign-in stricter.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { StaffErrorCode } from './errors.ts';
import { STAFF_MESSAGES } from './messages.ts';
import { sessionPassedTwoStep } from './session-changes.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The contract's SecuritySettings. */
export interface StaffPolicy {
  require_totp: boolean;
}

/**
 * Refuses an actor whose session has not passed two-step verification.
 * @throws DomainError `forbidden`, saying to set it up (the member has none) or to sign in again
 *   with a code (this session was opened with the password alone).
 */
async function requireTwoStepSession(db: Db, actor: StaffActor): Promise<void> {
  if (await sessionPassedTwoStep(db, actor)) return;
  const member = await db
    .selectFrom('staff')
    .select('totp_enabled_at')
    .where('id', '=', actor.id)
    .where('tenant_id', '=', actor.tenantId)
    .executeTakeFirst();
  throw new DomainError<StaffErrorCode>(
    'forbidden',
    member?.totp_enabled_at ? STAFF_MESSAGES.liftNeedsTwoStepSession : STAFF_MESSAGES.liftNeedsTotp,
  );
}

/** The shop's policy (the default when it has none). */
export async function findStaffPolicy(db: Db, tenantId: number): Promise<StaffPolicy> {
  const row = await db
    .selectFrom('staff_policies')
    .select('require_totp')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return { require_totp: row ? toBool(row.require_totp) : false };
}

/**
 * The shop's policy, for an owner.
 * @throws DomainError `forbidden` for a member without `staff.manage`.
 */
export async function getStaffPolicy(
  db: Kysely<Database>,
  actor: StaffActor,
): Promise<StaffPolicy> {
  return findStaffPolicy(db, actor.tenantId);
}

/**
 * Sets the shop's policy and logs `settings.security` with the value before and after (nothing
 * is logged when the value does not change).
 * @throws DomainError `forbidden` for a member without `staff.manage`, and for lifting the
 *   requirement from a session that has not passed two-step verification (see the module
 *   comment; the message says what to do).
 */
export async function setStaffPolicy(
  db: Kysely<Database>,
  actor: StaffActor,
  policy: StaffPolicy,
  now = new Date(),
): Promise<StaffPolicy> {
  const requireTotp = policy.require_totp === true;
  return db.transaction().execute(async (trx) => {
    // The write comes first (convention of server/orders/order-lock.ts): it takes the row's
    // lock, so two owners saving at once log what each one really changed.
    const updated = await trx
      .updateTable('staff_policies')
      .set({ require_totp: sql<number>`require_totp` })
      .where('tenant_id', '=', actor.tenantId)
      .returning('require_totp')
      .executeTakeFirst();
    const before = updated ? toBool(updated.require_totp) : false;
    if (before === requireTotp) return { require_totp: requireTotp };
    if (before && !requireTotp) await requireTwoStepSession(trx, actor);
    await trx
      .insertInto('staff_policies')
      .values({ tenant_id: actor.tenantId, require_totp: requireTotp ? 1 : 0 })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ require_totp: requireTotp ? 1 : 0 }))
      .execute();
    await recordActivity(
      trx,
      {
        actor,
        tenantId: actor.tenantId,
        action: 'settings.security',
        objectType: 'settings',
        objectId: 'security',
        before: { require_totp: before },
        after: { require_totp: requireTotp },
      },
      now,
    );
    return { require_totp: requireTotp };
  });
}
