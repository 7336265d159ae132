/**
 * A variant's stock (issue 42, decision 091): the one module that moves
 * `product_variants.stock`. A product with variants keeps `products.stock` as the sum of its
 * variants' stocks, so each move here changes the product's stock by the same amount in the
 * same transaction (the callers that already move `products.stock`, such as closing an order,
 * say so with `productToo: false`).
 *
 * Taking is a conditional UPDATE (`stock = stock - n WHERE stock >= n`), as for products: two
 * checkouts racing for the last piece of a variant get one piece between them.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { backInStock } from './back-in-stock.ts';

type Trx = Transaction<Database> | Kysely<Database>;

/**
 * Takes `quantity` pieces of variant `variantId` of shop `tenantId` if it has them (and the
 * same from its product's summed stock).
 * @returns false, changing nothing, when the variant has fewer (or is not the shop's).
 */
export async function takeVariantStock(
  trx: Trx,
  tenantId: number,
  variantId: number,
  quantity: number,
  options: { productToo: boolean } = { productToo: true },
): Promise<boolean> {
  const taken = await trx
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '-', quantity) }))
    .where('id', '=', variantId)
    .where('tenant_id', '=', tenantId)
    .where('stock', '>=', quantity)
    .returning('product_id')
    .executeTakeFirst();
  if (!taken) return false;
  if (options.productToo) {
    await trx
      .updateTable('products')
      .set({
        stock: sql<number>`case when stock >= ${quantity} then stock - ${quantity} else 0 end`,
      })
      .where('id', '=', taken.product_id)
      .where('tenant_id', '=', tenantId)
      .execute();
  }
  return true;
}

/**
 * Puts `quantity` pieces back on variant `variantId` of shop `tenantId` (a closed order, a
 * refund that restocks, the owner's count), and the same on its product's summed stock unless
 * `productToo` is false. A variant that no longer exists moves nothing.
 * @returns the variant's stock before and after, or null when it is gone.
 */
export async function giveVariantStock(
  trx: Trx,
  tenantId: number,
  variantId: number,
  quantity: number,
  options: { productToo: boolean } = { productToo: true },
): Promise<{ productId: number; before: number; after: number } | null> {
  const row = await trx
    .updateTable('product_variants')
    .set((eb) => ({ stock: eb('stock', '+', quantity) }))
    .where('id', '=', variantId)
    .where('tenant_id', '=', tenantId)
    .returning(['product_id', 'stock'])
    .executeTakeFirst();
  if (!row) return null;
  if (options.productToo) {
    await trx
      .updateTable('products')
      .set((eb) => ({ stock: eb('stock', '+', quantity) }))
      .where('id', '=', row.product_id)
      .where('tenant_id', '=', tenantId)
      .execute();
  }
  const moved = { productId: row.product_id, before: row.stock - quantity, after: row.stock };
  await variantStockRose(trx, tenantId, variantId, moved);
  return moved;
}

/**
 * The one place where a variant's stock rising is seen (issue 42): every path that raises a
 * variant's stock (giveVariantStock above, and the owner's edit in ./variants.ts
 * `saveVariants`) calls this inside its transaction. When the stock rose from 0 to above 0, the
 * shoppers waiting for that variant are e-mailed once and forgotten (./back-in-stock.ts
 * `backInStock`, decision 092).
 */
export async function variantStockRose(
  trx: Trx,
  tenantId: number,
  variantId: number,
  moved: { productId: number; before: number; after: number },
): Promise<void> {
  if (moved.before > 0 || moved.after <= 0) return;
  await backInStock(trx, tenantId, moved.productId, variantId);
}
