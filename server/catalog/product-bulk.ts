/**
 * Changes to many products at once from the back office's products list (issue 40: "bulk
 * archive and bulk stock are what a maker with 200 pieces needs"): archive them, or set their
 * stock to one count. All or nothing: one transaction that first writes to every product's row
 * (on PostgreSQL the row locks until the commit, on SQLite the write lock, so a checkout or a
 * single edit in between takes turns), then checks them all, then changes them. A refusal
 * changes nothing.
 *
 * Each product changed is recorded as its single edit would be: an archive as
 * `product.archive` (before and after status) through `acting.journal`; a stock set as a
 * `correction` stock movement naming `acting.staff` (./stock-movements.ts) and a
 * `product.stock_set` entry. A product already archived, or already at the count, is left
 * alone and not written down. A stock set that brings a product back from 0 e-mails the
 * shoppers waiting for it (./back-in-stock.ts). The caller forgets the catalogue's caches after the commit.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isRowId } from '../platform/db/errors.ts';
import type { Acting } from '../platform/journal.ts';
import { invalidProduct } from './product-input.ts';
import { statusColumns } from './product-writes.ts';
import { STOCK_LIMITS } from './stock.ts';
import { recordStockMovement } from './stock-movements.ts';
import { backInStock } from './back-in-stock.ts';

/** The most products one bulk change takes (a page of the list is 25; four pages). */
export const MAX_BULK_PRODUCTS = 100;

/** What a bulk change may do. */
export const BULK_ACTIONS = ['archive', 'set_stock'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A bulk change as the contract carries it (`POST /products/bulk/`). */
export interface BulkInput {
  action: BulkAction;
  product_ids: number[];
  /** With `set_stock`: the count every product gets, 0 to a million. */
  stock?: number;
}

/** What a bulk change did: the products it changed, and the slugs of all (for the caches). */
export interface BulkResult {
  action: BulkAction;
  /** Every product named, in the order sent. */
  product_ids: number[];
  /** How many of them changed (the others were archived already, or at the count). */
  changed: number;
}

/** The words of a bulk refusal (the contract quotes them). */
export const BULK_MESSAGES = {
  action: `Not a valid choice. Expected one of: ${BULK_ACTIONS.join(', ')}.`,
  ids: 'Choose the products: a list of product ids.',
  tooMany: `Choose at most ${MAX_BULK_PRODUCTS} products at once.`,
  repeated: 'A product is listed twice.',
  stock: `Enter a whole number from 0 to ${STOCK_LIMITS.maxStock}.`,
  stockOnlyWithSet: 'Only "set stock" takes a stock.',
  missing: (ids: number[]) =>
    `No such product in the shop: ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? '…' : ''}.`,
  madeToOrder: (names: string[]) =>
    `Made to order, so it takes no stock: ${names.slice(0, 5).join(', ')}${names.length > 5 ? '…' : ''}. Leave ${names.length === 1 ? 'it' : 'them'} out.`,
  /** Issue 42: a piece with variants has their stock, set under Variants. */
  variants: (names: string[]) =>
    `Sold in variants, whose stock is set under Variants: ${names.slice(0, 5).join(', ')}${names.length > 5 ? '…' : ''}. Leave ${names.length === 1 ? 'it' : 'them'} out.`,
} as const;

/** Checks a bulk change's fields; throws `invalid_product_input` naming every bad one. */
function checkBulk(input: BulkInput): Required<Pick<BulkInput, 'action' | 'product_ids'>> & {
  stock: number | undefined;
} {
  const errors: Record<string, string[]> = {};
  if (!(BULK_ACTIONS as readonly string[]).includes(input.action)) {
    errors.action = [BULK_MESSAGES.action];
  }
  const ids = input.product_ids;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isRowId)) {
    errors.product_ids = [BULK_MESSAGES.ids];
  } else if (ids.length > MAX_BULK_PRODUCTS) errors.product_ids = [BULK_MESSAGES.tooMany];
  else if (new Set(ids).size !== ids.length) errors.product_ids = [BULK_MESSAGES.repeated];
  const stock = input.stock;
  if (input.action === 'set_stock') {
    if (
      typeof stock !== 'number' ||
      !Number.isInteger(stock) ||
      stock < 0 ||
      stock > STOCK_LIMITS.maxStock
    ) {
      errors.stock = [BULK_MESSAGES.stock];
    }
  } else if (stock !== undefined && stock !== null) errors.stock = [BULK_MESSAGES.stockOnlyWithSet];
  if (Object.keys(errors).length > 0) throw invalidProduct(errors);
  return { action: input.action, product_ids: ids, stock: stock ?? undefined };
}

/**
 * Archives products of `acting`'s shop, or sets their stock, all or nothing (see the module
 * comment).
 * @throws DomainError `invalid_product_input` (400) on `action`, `product_ids` (empty, not
 *   row ids, more than MAX_BULK_PRODUCTS, repeated, one the shop does not have: another
 *   shop's included, or made to order or sold in variants for a stock), `stock` (not a whole
 *   number from 0 to a million, or sent with an archive).
 */
export async function bulkChangeProducts(
  db: Kysely<Database>,
  acting: Acting,
  input: BulkInput,
  now: Date = new Date(),
): Promise<BulkResult> {
  const change = checkBulk(input);
  const tenantId = acting.tenantId;
  const at = now.toISOString();
  const changed = await db.transaction().execute(async (trx) => {
    // A write first (the module comment): locks every row the change reads.
    const rows = await trx
      .updateTable('products')
      .set({ tenant_id: sql<number>`tenant_id` })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', change.product_ids)
      .returning([
        'id',
        'name',
        'stock',
        'made_to_order',
        'is_active',
        'archived_at',
        'variant_axes',
      ])
      .execute();
    const found = new Set(rows.map((r) => r.id));
    const missing = change.product_ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw invalidProduct({ product_ids: [BULK_MESSAGES.missing(missing)] });
    let count = 0;
    if (change.action === 'archive') {
      for (const row of rows) {
        if (row.archived_at) continue;
        await trx
          .updateTable('products')
          .set({ ...statusColumns('archived', now, null), updated_at: at })
          .where('id', '=', row.id)
          .execute();
        await acting.journal(
          trx,
          {
            action: 'product.archive',
            objectType: 'product',
            objectId: row.id,
            before: { status: row.is_active ? 'active' : 'draft' },
            after: { status: 'archived' },
          },
          now,
        );
        count += 1;
      }
      return count;
    }
    const target = change.stock!;
    const madeToOrder = rows.filter((r) => Boolean(r.made_to_order));
    if (madeToOrder.length > 0) {
      throw invalidProduct({
        product_ids: [BULK_MESSAGES.madeToOrder(madeToOrder.map((r) => r.name))],
      });
    }
    const sized = rows.filter((r) => r.variant_axes !== null);
    if (sized.length > 0) {
      throw invalidProduct({ product_ids: [BULK_MESSAGES.variants(sized.map((r) => r.name))] });
    }
    for (const row of rows) {
      if (row.stock === target) continue;
      await trx
        .updateTable('products')
        .set({ stock: target, updated_at: at })
        .where('id', '=', row.id)
        .execute();
      await recordStockMovement(trx, {
        tenantId,
        productId: row.id,
        change: target - row.stock,
        stockAfter: target,
        reason: 'correction',
        staffId: acting.staff.id,
        at: now,
      });
      await acting.journal(
        trx,
        {
          action: 'product.stock_set',
          objectType: 'product',
          objectId: row.id,
          before: { stock: row.stock },
          after: { stock: target, reason: 'correction' },
        },
        now,
      );
      // Back from 0: the shoppers waiting for it get their one e-mail (./back-in-stock.ts).
      if (row.stock <= 0 && target > 0) await backInStock(trx, tenantId, row.id, null, now);
      count += 1;
    }
    return count;
  });
  return { action: change.action, product_ids: change.product_ids, changed };
}
