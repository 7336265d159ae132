/**
 * The shop's currency (issue 38): `tenants.currency`, an ISO 4217 code with two decimals
 * (common/currencies.ts), in which every amount of the shop is: its prices, its orders, their
 * payments and e-mails. It may change only until the shop's first order
 * (server/settings/site.ts), so an order's currency is always its shop's.
 *
 * Read from the database, never from `request.tenant` (cached for up to 30 s): a payment, an order
 * or an e-mail must never carry a currency the shop just left.
 */
import type { Kysely } from 'kysely';
import type { Database } from './db/database.ts';
import { dialectOf } from './db/connection.ts';

/**
 * The ISO 4217 code of shop `tenantId` ("GBP"). An order being placed reads it with the shop's
 * state instead, under a lock ({@link shopTrading}).
 * @throws Error (Kysely's NoResultError) when no shop has this id: a bug, the caller resolved it.
 */
export async function shopCurrency(db: Kysely<Database>, tenantId: number): Promise<string> {
  const row = await db
    .selectFrom('tenants')
    .select('currency')
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return row.currency;
}

/** What an order placed now is checked against: the shop's currency and whether it sells. */
export interface ShopTrading {
  /** ISO 4217 code ("GBP"). */
  currency: string;
  /** 'open' sells; 'closed' (not launched) and 'holiday' do not. */
  status: 'open' | 'closed' | 'holiday';
  /** The owner's holiday words, or null. */
  closedMessage: string | null;
}

/**
 * Shop `tenantId`'s currency and state, read as an order is placed: on PostgreSQL under a share
 * lock until the end of the transaction `db` is, so an owner's currency change or closing for a
 * holiday waits for the order (and the order placed after a holiday began is refused by the
 * state it reads, whatever a cache said at the door).
 * @throws Error (Kysely's NoResultError) when no shop has this id: a bug, the caller resolved it.
 */
export async function shopTrading(db: Kysely<Database>, tenantId: number): Promise<ShopTrading> {
  let query = db
    .selectFrom('tenants')
    .select(['currency', 'status', 'closed_message'])
    .where('id', '=', tenantId);
  if (dialectOf(db) === 'postgres') query = query.forShare();
  const row = await query.executeTakeFirstOrThrow();
  return { currency: row.currency, status: row.status, closedMessage: row.closed_message };
}
