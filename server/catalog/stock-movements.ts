/**
 * The stock history's writes: one `stock_movements` row per change of a product's stock made by
 * hand (back office) or when a product is created with a stock (`initial`). Sales and stock an
 * order gives back are not written here (the checkout path stays as it is): the history reads
 * them from the order lines (./stock.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { StockMovementReason } from './tables.ts';

/** The reasons a member may give for a change (`initial` is the system's, at creation). */
export const STOCK_MOVEMENT_REASONS: readonly StockMovementReason[] = [
  'received',
  'broken',
  'fair',
  'correction',
  'initial',
  'other',
];

/** One movement to record. */
export interface StockMovementInput {
  tenantId: number;
  productId: number;
  /** Signed: pieces added (positive) or taken away (negative). */
  change: number;
  /** The product's stock right after the change (never negative). */
  stockAfter: number;
  reason: StockMovementReason;
  /** Optional free text, at most 500 characters ('' or omitted: none). */
  note?: string | null;
  /** The staff member who made it; null or omitted for the system. */
  staffId?: number | null;
  /** When it happened (defaults to now). */
  at?: Date;
  /** The variant whose stock moved (issue 42); omitted or null for the product's own. */
  variantId?: number | null;
}

/**
 * Appends one movement inside the caller's transaction, so it commits with the stock change or
 * not at all. Writes only; the caller has already changed `products.stock`.
 * @returns the new movement's id.
 */
export async function recordStockMovement(
  trx: Transaction<Database> | Kysely<Database>,
  movement: StockMovementInput,
): Promise<number> {
  const row = await trx
    .insertInto('stock_movements')
    .values({
      tenant_id: movement.tenantId,
      product_id: movement.productId,
      change: movement.change,
      stock_after: movement.stockAfter,
      reason: movement.reason,
      note: (movement.note ?? '').slice(0, 500),
      staff_id: movement.staffId ?? null,
      created_at: (movement.at ?? new Date()).toISOString(),
      variant_id: movement.variantId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
