/**
 * The orders' figures for the metrics (issue 39, server/platform/metrics/): how many orders were
 * placed and paid, and how many card payment attempts failed, all shops together, read from the
 * database at each scrape, so every API process answers the same and a restart loses nothing.
 *
 * Two counting queries, each a scan of its table: about 0.1 s per million orders on SQLite, in
 * the API's thread (docs/metrics.md says how often to scrape then). No figure is per shop: a
 * label per shop would grow with the shops; the back office shows each shop its own.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { ShopFigures } from '../platform/metrics/metrics.ts';
import { PROVIDER_NAMES } from '../payments/registry.ts';

/**
 * Reads the figures (see the module comment): every provider has its failed payments, 0 when it
 * has none, so a first failure shows as an increase.
 * @throws the database's error when it cannot answer.
 */
export async function readOrderFigures(db: Kysely<Database>): Promise<ShopFigures> {
  const [orders, failed] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('placed'),
        eb.fn.count<number | string>('paid_at').as('paid'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .select((eb) => ['provider', eb.fn.countAll<number | string>().as('failed')])
      .where('status', '=', 'failed')
      .groupBy('provider')
      .execute(),
  ]);
  const paymentsFailed: Record<string, number> = Object.fromEntries(
    PROVIDER_NAMES.map((name) => [name, 0]),
  );
  for (const row of failed) paymentsFailed[row.provider] = Number(row.failed);
  return {
    ordersPlaced: Number(orders.placed),
    ordersPaid: Number(orders.paid),
    paymentsFailed,
  };
}
