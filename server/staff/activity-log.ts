/**
 * The activity log (decision 055; the architecture guide's convention 18, after Saleor's order
 * events): every staff action is written here in the transaction that makes it, with who, when,
 * what, the object, and the object's fields before and after. Append-only: this module only
 * inserts; nothing in the application updates or deletes a row.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { Acting, Journal, JournalObjectType } from '../platform/journal.ts';
import type { StaffActor } from './actor.ts';

/** What one entry records. `before`/`after` are plain JSON values (null when not applicable). */
export interface ActivityEntry {
  /** The staff member, or null when the system acted (a sweep, a provider's notification). */
  actor: StaffActor | null;
  tenantId: number;
  /** A dotted verb, e.g. `order.mark_paid`, `order.ship`, `staff.invite`, `staff.sign_in`. */
  action: string;
  objectType: JournalObjectType;
  /** The object's public id: an order number, a staff id, an invitation id. */
  objectId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one entry, inside the caller's transaction (so it commits with the change or not at
 * all).
 * @param db the transaction that makes the change (a plain connection only for a change that is
 *   a single statement of its own, such as a sign-in).
 * @param at when it happened (the caller's clock, so a test's moved clock is honoured).
 */
export async function recordActivity(
  db: Transaction<Database> | Kysely<Database>,
  entry: ActivityEntry,
  at: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('activity_log')
    .values({
      tenant_id: entry.tenantId,
      staff_id: entry.actor?.id ?? null,
      staff_email: entry.actor?.email ?? null,
      action: entry.action,
      object_type: entry.objectType,
      object_id: String(entry.objectId),
      before:
        entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      created_at: at.toISOString(),
    })
    .execute();
}

/**
 * The journal that writes a change down in the activity log in the name of `actor` (null: the
 * system, or a shopper, acted) for shop `tenantId`: what the door hands a domain operation
 * (server/platform/journal.ts).
 */
export function journalOf(actor: StaffActor | null, tenantId: number): Journal {
  return (db, change, at) => recordActivity(db, { ...change, actor, tenantId }, at);
}

/**
 * What a back-office operation is told about the signed-in `actor`: their shop, their id and
 * the name that signs their words (their name, or their e-mail when they gave none), and a
 * journal in their name.
 */
export function actingOf(actor: StaffActor): Acting {
  return {
    tenantId: actor.tenantId,
    staff: { id: actor.id, name: actor.name || actor.email },
    journal: journalOf(actor, actor.tenantId),
  };
}
