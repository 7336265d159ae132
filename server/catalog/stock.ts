/**
 * A product's stock in the back office: set it to a count or change it by a number with a
 * reason, and its low-stock threshold. Reading it with its history, and the list of what is
 * low, is ./stock-reads.ts.
 *
 * The rule every change follows: `products.stock` never goes below 0 and never races a
 * checkout. Checkout takes stock with `stock = stock - n WHERE stock >= n`; a change here is one
 * conditional UPDATE as well, made as the first statement of its transaction (on SQLite a
 * transaction that read before it writes fails when another wrote in between):
 * - `adjust` by `d`: `stock = stock + d WHERE stock + d >= 0`, so taking more than there is
 *   refuses (409 with the stock now) instead of clamping, and a sale in between is kept;
 * - `set` to `q`: `stock = q WHERE stock = <the count the member saw>` (`expected_stock`, or
 *   the count read just before), so a count never silently overwrites a sale made meanwhile:
 *   with `expected_stock` it refuses (409 with the stock now), without it the count is read
 *   again and the set retried.
 * A made-to-order product takes no stock (409). Each change writes a `stock_movements` row
 * (naming `acting.staff`) and an entry through the door's journal (`acting.journal`,
 * server/platform/journal.ts: the activity log; `product.stock_set` / `product.stock_adjust`,
 * before and after) in the same transaction. The caller forgets the product's cached pages after
 * the commit (its slug is in the answer).
 *
 * A change that brings the stock back from 0 e-mails the shoppers waiting for it
 * (./back-in-stock.ts `backInStock`, in the same transaction).
 *
 * The history (./stock-reads.ts) shows each movement made here among the sales and returns.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { isRowId, MAX_ROW_ID } from '../platform/db/errors.ts';
import { toBool } from '../platform/db/mapping.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import type { CatalogErrorCode } from './errors.ts';
import { recordStockMovement } from './stock-movements.ts';
import { backInStock } from './back-in-stock.ts';
import { findProduct } from './stock-reads.ts';
import type { StockCategoryErrorCode } from './stock-category-errors.ts';
import { REQUIRED_MESSAGE, tooLongMessage } from '../platform/field-messages.ts';
import { CONTROL_BUT_LINES } from '../platform/text-checks.ts';

/** The limits of a change: a product holds at most a million pieces. */
export const STOCK_LIMITS = {
  maxStock: 1_000_000,
  maxThreshold: 100_000,
  note: 500,
} as const;

/** The reasons a member may give (`initial` is the system's, when a product is created). */
export const MEMBER_STOCK_REASONS = ['received', 'broken', 'fair', 'correction', 'other'] as const;
export type MemberStockReason = (typeof MEMBER_STOCK_REASONS)[number];

/** Every message of stock editing, as the contract quotes them. */
export const STOCK_MESSAGES = {
  notFound: 'Not found.',
  required: REQUIRED_MESSAGE,
  notInteger: 'A valid integer is required.',
  notZero: 'Enter a number other than 0.',
  atLeastZero: 'Ensure this value is greater than or equal to 0.',
  atMost: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  tooMuchStock: `The stock would be more than ${STOCK_LIMITS.maxStock}.`,
  notAChoice: `Not a valid choice. Expected one of: ${MEMBER_STOCK_REASONS.join(', ')}.`,
  modeChoice: 'Not a valid choice. Expected one of: set, adjust.',
  noteTooLong: tooLongMessage(STOCK_LIMITS.note),
  controlCharacters: 'Enter text without control characters.',
  expectedWithSetOnly: 'Only a count (set) is checked against the stock you saw.',
  belowZero: (stock: number, taking: number) =>
    `Only ${stock} in stock: you cannot take away ${taking}.`,
  moved: (stock: number) =>
    `The stock changed to ${stock} meanwhile (a sale?); check the count and save again.`,
  madeToOrder: 'This product is made to order and takes no stock.',
  /** Issue 42: the stock of a piece with variants is theirs (../catalog/variants.ts). */
  variants: 'This product is sold in variants: change each variant\u2019s stock under Variants.',
  busy: 'The stock kept changing while it was being set; try again.',
} as const;

/** A change a member asks for. */
export interface StockChangeInput {
  /** `set`: the stock becomes `quantity`; `adjust`: `quantity` is added (negative takes away). */
  mode: 'set' | 'adjust';
  quantity: number;
  /** With `set`: the count the member saw; refused (409) when the stock is no longer that. */
  expectedStock?: number;
  reason: MemberStockReason;
  note?: string;
}

/** What a change did: the product (its slug, to forget its cached pages) and the stock now. */
export interface StockChangeResult {
  productId: number;
  slug: string;
  before: number;
  after: number;
}

const invalid = (fields: FieldErrors) =>
  new DomainError<StockCategoryErrorCode>('invalid_stock_input', 'Invalid input.', { fields });
const refused = (message: string, stock: number) =>
  new DomainError<StockCategoryErrorCode>('stock_move_refused', message, { extra: { stock } });
const notFound = () => new DomainError<CatalogErrorCode>('product_not_found', 'Not found.');

/** Checks a change's fields; throws `invalid_stock_input` naming every bad one. */
function checkChange(input: StockChangeInput): StockChangeInput & { note: string } {
  const errors: FieldErrors = {};
  const mode = input.mode;
  if (mode !== 'set' && mode !== 'adjust') errors.mode = [STOCK_MESSAGES.modeChoice];
  const q = input.quantity;
  if (typeof q !== 'number' || !Number.isInteger(q)) errors.quantity = [STOCK_MESSAGES.notInteger];
  else if (mode === 'adjust' && q === 0) errors.quantity = [STOCK_MESSAGES.notZero];
  else if (mode === 'set' && q < 0) errors.quantity = [STOCK_MESSAGES.atLeastZero];
  else if (Math.abs(q) > STOCK_LIMITS.maxStock) {
    errors.quantity = [STOCK_MESSAGES.atMost(STOCK_LIMITS.maxStock)];
  }
  const expected = input.expectedStock;
  if (expected !== undefined && expected !== null) {
    if (typeof expected !== 'number' || !Number.isInteger(expected)) {
      errors.expected_stock = [STOCK_MESSAGES.notInteger];
    } else if (expected < 0) errors.expected_stock = [STOCK_MESSAGES.atLeastZero];
    else if (expected > MAX_ROW_ID) errors.expected_stock = [STOCK_MESSAGES.atMost(MAX_ROW_ID)];
    else if (mode === 'adjust') errors.expected_stock = [STOCK_MESSAGES.expectedWithSetOnly];
  }
  if (!(MEMBER_STOCK_REASONS as readonly string[]).includes(input.reason)) {
    errors.reason = [STOCK_MESSAGES.notAChoice];
  }
  let note = '';
  if (input.note !== undefined && input.note !== null) {
    if (typeof input.note !== 'string') errors.note = [STOCK_MESSAGES.required];
    else {
      note = input.note.trim();
      if (note.length > STOCK_LIMITS.note) errors.note = [STOCK_MESSAGES.noteTooLong];
      else if (CONTROL_BUT_LINES.test(note)) errors.note = [STOCK_MESSAGES.controlCharacters];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { ...input, expectedStock: expected ?? undefined, note };
}

/**
 * Sets or adjusts the stock of product `productId` of `acting`'s shop (see the module comment),
 * recording the movement in `acting.staff`'s name and writing it down through `acting.journal`.
 * @throws DomainError `invalid_stock_input` (400) on
 *   `mode`, `quantity` (not a whole number, 0 for an adjustment, below 0 for a count, beyond
 *   a million, or a stock that would pass a million), `expected_stock`, `reason`, `note`;
 *   `product_not_found` (404) for no such product in the shop; `stock_move_refused` (409, with
 *   `stock`) for a made-to-order product, a product with variants (issue 42: their stock is
 *   set under Variants), taking more than there is, or a count whose
 *   `expected_stock` is no longer the stock.
 */
export async function changeProductStock(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  input: StockChangeInput,
  now: Date = new Date(),
): Promise<StockChangeResult> {
  const change = checkChange(input);
  const tenantId = acting.tenantId;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const product = await findProduct(db, tenantId, productId);
    if (!product) throw notFound();
    if (toBool(product.made_to_order)) throw refused(STOCK_MESSAGES.madeToOrder, product.stock);
    if (product.variant_axes) throw refused(STOCK_MESSAGES.variants, product.stock);
    let seen: number;
    let target: number;
    if (change.mode === 'adjust') {
      if (product.stock + change.quantity < 0) {
        throw refused(STOCK_MESSAGES.belowZero(product.stock, -change.quantity), product.stock);
      }
      if (product.stock + change.quantity > STOCK_LIMITS.maxStock) {
        throw invalid({ quantity: [STOCK_MESSAGES.tooMuchStock] });
      }
      seen = product.stock;
      target = product.stock + change.quantity;
    } else {
      if (change.expectedStock !== undefined && change.expectedStock !== product.stock) {
        throw refused(STOCK_MESSAGES.moved(product.stock), product.stock);
      }
      seen = change.expectedStock ?? product.stock;
      target = change.quantity;
    }
    const done = await db.transaction().execute(async (trx) => {
      // The write comes first (see the module comment). An adjustment adds to whatever the
      // stock is now (a sale in between is kept) and refuses below 0; a count replaces only
      // the count the member saw.
      const query =
        change.mode === 'adjust'
          ? trx
              .updateTable('products')
              .set({
                stock: sql<number>`stock + ${change.quantity}`,
                updated_at: now.toISOString(),
              })
              .where(sql<boolean>`stock + ${change.quantity} >= 0`)
              .where(sql<boolean>`stock + ${change.quantity} <= ${STOCK_LIMITS.maxStock}`)
          : trx
              .updateTable('products')
              .set({ stock: target, updated_at: now.toISOString() })
              .where('stock', '=', seen);
      const row = await query
        .where('id', '=', product.id)
        .where('tenant_id', '=', tenantId)
        .where('made_to_order', '=', 0)
        .where('variant_axes', 'is', null)
        .returning(['stock'])
        .executeTakeFirst();
      if (!row) return null;
      const before = row.stock - (change.mode === 'adjust' ? change.quantity : target - seen);
      await recordStockMovement(trx, {
        tenantId,
        productId: product.id,
        change: row.stock - before,
        stockAfter: row.stock,
        reason: change.reason,
        note: change.note,
        staffId: acting.staff.id,
        at: now,
      });
      await acting.journal(
        trx,
        {
          action: change.mode === 'adjust' ? 'product.stock_adjust' : 'product.stock_set',
          objectType: 'product',
          objectId: product.id,
          before: { stock: before },
          after: {
            stock: row.stock,
            reason: change.reason,
            ...(change.note ? { note: change.note } : {}),
          },
        },
        now,
      );
      // Back from 0: the shoppers waiting for it get their one e-mail (./back-in-stock.ts).
      if (before <= 0 && row.stock > 0) await backInStock(trx, tenantId, product.id, null, now);
      return { productId: product.id, slug: product.slug, before, after: row.stock };
    });
    if (done) return done;
    // Nothing matched: the stock moved (or the product changed) between the read and the
    // write. A count with the member's expected stock, and an adjustment, are judged again
    // against the stock now (and refused by the checks above when they no longer fit); a
    // count without one is retried against the new count.
  }
  const now2 = await findProduct(db, tenantId, productId);
  throw refused(STOCK_MESSAGES.busy, now2?.stock ?? 0);
}

/**
 * Sets the low-stock threshold of product `productId` of `acting`'s shop (null: never warn),
 * written down as `product.stock_threshold` through `acting.journal` when it changed.
 * @throws DomainError `invalid_stock_input` (400) on `low_stock_threshold`
 *   (not a whole number from 0 to 100000, nor null); `product_not_found` (404).
 */
export async function setStockThreshold(
  db: Kysely<Database>,
  acting: Acting,
  productId: number,
  threshold: number | null,
  now: Date = new Date(),
): Promise<StockChangeResult> {
  if (threshold !== null) {
    const field = 'low_stock_threshold';
    if (typeof threshold !== 'number' || !Number.isInteger(threshold)) {
      throw invalid({ [field]: [STOCK_MESSAGES.notInteger] });
    }
    if (threshold < 0) throw invalid({ [field]: [STOCK_MESSAGES.atLeastZero] });
    if (threshold > STOCK_LIMITS.maxThreshold) {
      throw invalid({ [field]: [STOCK_MESSAGES.atMost(STOCK_LIMITS.maxThreshold)] });
    }
  }
  const tenantId = acting.tenantId;
  if (!isRowId(productId)) {
    throw notFound();
  }
  const done = await db.transaction().execute(async (trx) => {
    // A write first (SQLite, see the module comment) that also locks the row, then the
    // threshold being replaced, then the new one.
    const locked = await trx
      .updateTable('products')
      .set({ stock: sql<number>`stock` })
      .where('id', '=', productId)
      .where('tenant_id', '=', tenantId)
      .returning(['id', 'slug', 'stock', 'low_stock_threshold'])
      .executeTakeFirst();
    if (!locked) return null;
    await trx
      .updateTable('products')
      .set({ low_stock_threshold: threshold, updated_at: now.toISOString() })
      .where('id', '=', locked.id)
      .execute();
    if (locked.low_stock_threshold !== threshold) {
      await acting.journal(
        trx,
        {
          action: 'product.stock_threshold',
          objectType: 'product',
          objectId: productId,
          before: { low_stock_threshold: locked.low_stock_threshold },
          after: { low_stock_threshold: threshold },
        },
        now,
      );
    }
    return { productId: locked.id, slug: locked.slug, before: locked.stock, after: locked.stock };
  });
  if (!done) throw notFound();
  return done;
}
