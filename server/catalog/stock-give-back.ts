/**
 * Pieces an order took going back in stock: a closed or canceled order's (server/orders/closing.ts
 * `giveBackStock`) and a refund's that restocks (server/orders/refund-lines.ts
 * `recordRefundLines`). Each product's stock rises by its pieces, then each variant's
 * (./variant-stock.ts `giveVariantStock`, which leaves the product's summed stock alone here:
 * it rose already); a product or variant back from 0 e-mails the shoppers waiting for it, once
 * (./back-in-stock.ts `backInStock`, decision 092). In the caller's transaction.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { backInStock } from './back-in-stock.ts';
import { giveVariantStock } from './variant-stock.ts';

/** Pieces of one order line going back: its product (null: deleted since) and variant. */
export interface PiecesBack {
  productId: number | null;
  variantId: number | null;
  /** Whole pieces; 0 or fewer moves nothing. */
  pieces: number;
}

/**
 * Puts `lines`' pieces back in shop `tenantId`'s stock, summed per product and per variant: the
 * products in id order (as checkout takes stock, so two transactions never wait on each other
 * in a circle), then the variants in id order. A line whose product is gone moves nothing.
 * @returns the ids of the products whose stock moved, ascending (their cached pages are to be
 *   forgotten after the commit).
 */
export async function givePiecesBack(
  trx: Transaction<Database> | Kysely<Database>,
  tenantId: number,
  lines: readonly PiecesBack[],
): Promise<number[]> {
  const perProduct = new Map<number, number>();
  const perVariant = new Map<number, number>();
  for (const line of lines) {
    if (line.productId === null || line.pieces <= 0) continue;
    perProduct.set(line.productId, (perProduct.get(line.productId) ?? 0) + line.pieces);
    if (line.variantId !== null) {
      perVariant.set(line.variantId, (perVariant.get(line.variantId) ?? 0) + line.pieces);
    }
  }
  const productIds = [...perProduct.keys()].sort((a, b) => a - b);
  for (const productId of productIds) {
    const pieces = perProduct.get(productId)!;
    const moved = await trx
      .updateTable('products')
      .set({ stock: sql<number>`stock + ${pieces}` })
      .where('id', '=', productId)
      .where('tenant_id', '=', tenantId)
      .returning('stock')
      .executeTakeFirst();
    // Back from 0: the shoppers waiting for it get their one e-mail.
    if (moved && moved.stock - pieces <= 0) await backInStock(trx, tenantId, productId, null);
  }
  // A variant's pieces go back to the variant too (issue 42); the product's sum moved above.
  for (const variantId of [...perVariant.keys()].sort((a, b) => a - b)) {
    await giveVariantStock(trx, tenantId, variantId, perVariant.get(variantId)!, {
      productToo: false,
    });
  }
  return productIds;
}
