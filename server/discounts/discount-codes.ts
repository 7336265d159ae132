/**
 * A shop's discount codes as the cart and the checkout use them (issue 42, decision 088): found
 * by the letters a shopper typed (any case), read as their terms (./discount-rules.ts), and
 * their uses taken and given back inside the order's transaction:
 * - `takeUse`: a conditional UPDATE, `uses = uses + 1` only while the code is active and below
 *   its limit (as stock is taken: two orders racing for the last use get one between them),
 *   and for a once-per-customer code an INSERT of (code, customer) that the primary key refuses
 *   a second time;
 * - `giveBackUse`: a cancelled or expired unpaid order gives its use back (and its customer's
 *   once), in the transaction that closes it.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toBool } from '../platform/db/mapping.ts';
import type { CodeTerms, Refusal } from './discount-rules.ts';
import type { DiscountCodesTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The longest code (characters). */
export const MAX_CODE_LENGTH = 40;

/** A shopper's entry as matched: trimmed, upper case. */
export function codeKey(entry: string): string {
  return entry.trim().toUpperCase();
}

/** A code row's terms (./discount-rules.ts `CodeTerms`). */
export function toTerms(row: Selectable<DiscountCodesTable>): CodeTerms {
  let targets: unknown = [];
  try {
    targets = JSON.parse(row.target_ids);
  } catch {
    targets = [];
  }
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    scope: row.scope,
    targetIds: Array.isArray(targets) ? targets.filter((id) => Number.isInteger(id)) : [],
    minimumCents: Number(row.minimum_cents),
    startsAt: row.starts_at === null ? null : new Date(row.starts_at),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at),
    usageLimit: row.usage_limit,
    uses: row.uses,
    oncePerCustomer: toBool(row.once_per_customer),
    combinableWithSale: toBool(row.combinable_with_sale),
    freeDelivery: toBool(row.free_delivery),
    active: toBool(row.active),
  };
}

/** The code of shop `tenantId` whose letters are `key` (upper case), or undefined. */
export async function findCode(
  db: Db,
  tenantId: number,
  key: string,
): Promise<CodeTerms | undefined> {
  if (key === '' || key.length > MAX_CODE_LENGTH) return undefined;
  const row = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('code_key', '=', key)
    .executeTakeFirst();
  return row && toTerms(row);
}

/** True when customer `userId` holds the once-per-customer use of code `codeId`. */
export async function usedBy(db: Db, codeId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('discount_code_customers')
    .select('code_id')
    .where('code_id', '=', codeId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one use of `code` for order `orderId` of customer `userId`, in the order's
 * transaction (see the module comment). Resolves to null when taken, else why not: `used_up`
 * (the limit was reached by another order first), `inactive` (deactivated meanwhile),
 * `already_used` (this customer's once is taken).
 */
export async function takeUse(
  trx: Transaction<Database>,
  code: CodeTerms,
  userId: number,
  orderId: number,
): Promise<Refusal | null> {
  const taken = await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', code.id)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('uses', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  if (taken.numUpdatedRows !== 1n) {
    const now = await trx
      .selectFrom('discount_codes')
      .select('active')
      .where('id', '=', code.id)
      .executeTakeFirst();
    return now && toBool(now.active) ? 'used_up' : 'inactive';
  }
  if (code.oncePerCustomer) {
    const inserted = await trx
      .insertInto('discount_code_customers')
      .values({ code_id: code.id, user_id: userId, order_id: orderId })
      .onConflict((oc) => oc.columns(['code_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if ((inserted.numInsertedOrUpdatedRows ?? 0n) !== 1n) return 'already_used';
  }
  return null;
}

/**
 * Gives back the use order `orderId` took of code `codeId` (a cancelled or expired unpaid
 * order), and its customer's once; nothing for an order without a code.
 */
export async function giveBackUse(
  trx: Transaction<Database>,
  codeId: number | null,
  orderId: number,
): Promise<void> {
  if (codeId === null) return;
  await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('id', '=', codeId)
    .where('uses', '>', 0)
    .execute();
  await trx
    .deleteFrom('discount_code_customers')
    .where('code_id', '=', codeId)
    .where('order_id', '=', orderId)
    .execute();
}

/**
 * Takes again the use an expired order gave back when the shop reopens it (the order keeps its
 * discount): unconditionally, so a code used up meanwhile goes one past its limit, as the
 * order had it first. Its customer's once is taken again where it is free.
 */
export async function retakeUse(
  trx: Transaction<Database>,
  codeId: number | null,
  userId: number,
  orderId: number,
): Promise<void> {
  if (codeId === null) return;
  await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .execute();
  const code = await trx
    .selectFrom('discount_codes')
    .select('once_per_customer')
    .where('id', '=', codeId)
    .executeTakeFirst();
  if (code && toBool(code.once_per_customer)) {
    await trx
      .insertInto('discount_code_customers')
      .values({ code_id: codeId, user_id: userId, order_id: orderId })
      .onConflict((oc) => oc.columns(['code_id', 'user_id']).doNothing())
      .execute();
  }
}
