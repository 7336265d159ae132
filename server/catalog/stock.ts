/**
 * A product's stock in the back office: read it with its history, set it to a count or change it
 * by a number with a reason, its low-stock threshold, and the list of what is low.
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
 * A made-to-order product takes no stock (409). Each change writes a `stock_movements` row and
 * the activity log (`product.stock_set` / `product.stock_adjust`, before and after) in the same
 * transaction. The caller forgets the product's cached pages after the commit (its slug is in
 * the answer).
 *
 * The history merges three sources, newest first: the movements made here; the sales, read
 * from the order lines that took stock (`order_items.stock_taken`, at the order's time); and
 * what an unpaid order gave back when it was canceled or expired (at its `closed_at`). Sales and
 * returns are read, never written, so the checkout path does not change. A paid order canceled
 * by the shop gives back only what had not left the shop; the history shows its lines as
 * returned all the same (an approximation, noted in the contract).
 */
import { type Kysely, sql } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import type { Database, StockMovementReason } from '../platform/db/database.ts';
import { toBool, toCount, toIsoString } from '../platform/db/mapping.ts';
import { pageOffset } from '../platform/db/page-offset.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { StaffActor } from '../staff/actor.ts';
import { recordActivity } from '../staff/activity-log.ts';
import type { CatalogErrorCode } from './errors.ts';
import { recordStockMovement } from './stock-movements.ts';
import type { StockCategoryErrorCode } from './stock-category-errors.ts';
import { REQUIRED_MESSAGE } from '../platform/field-messages.ts';

export type ProductStock = Schemas['ProductStock'];
export type StockMovement = Schemas['StockMovement'];
export type LowStockItem = Schemas['LowStockItem'];

/** Movements a page of a product's history. */
export const STOCK_HISTORY_PAGE_SIZE = 20;
/** Products a page of the low-stock list. */
export const LOW_STOCK_PAGE_SIZE = 50;

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
  noteTooLong: `Ensure this field has no more than ${STOCK_LIMITS.note} characters.`,
  controlCharacters: 'Enter text without control characters.',
  expectedWithSetOnly: 'Only a count (set) is checked against the stock you saw.',
  belowZero: (stock: number, taking: number) =>
    `Only ${stock} in stock: you cannot take away ${taking}.`,
  moved: (stock: number) =>
    `The stock changed to ${stock} meanwhile (a sale?); check the count and save again.`,
  madeToOrder: 'This product is made to order and takes no stock.',
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

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const invalid = (fields: FieldErrors) =>
  new DomainError<StockCategoryErrorCode>('invalid_stock_input', 'Invalid input.', { fields });
const refused = (message: string, stock: number) =>
  new DomainError<StockCategoryErrorCode>('stock_move_refused', message, { extra: { stock } });
const notFound = () => new DomainError<CatalogErrorCode>('product_not_found', 'Not found.');
const invalidPage = () => new DomainError<CatalogErrorCode>('invalid_page', 'Invalid page.');

/** The largest id an integer column holds (PostgreSQL's `integer`). */
const MAX_ROW_ID = 2_147_483_647;

interface ProductStockRow {
  id: number;
  slug: string;
  name: string;
  stock: number;
  made_to_order: boolean | number;
  low_stock_threshold: number | null;
}

/** The shop's product `productId` with its stock, or undefined. */
async function findProduct(
  db: Kysely<Database>,
  tenantId: number,
  productId: number,
): Promise<ProductStockRow | undefined> {
  if (!Number.isSafeInteger(productId) || productId < 1 || productId > MAX_ROW_ID) return;
  return db
    .selectFrom('products')
    .select(['id', 'slug', 'name', 'stock', 'made_to_order', 'low_stock_threshold'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** True when a product at `stock` with `threshold` shows as low (never a made-to-order one). */
export function isLow(stock: number, threshold: number | null, madeToOrder: boolean): boolean {
  return !madeToOrder && threshold !== null && stock <= threshold;
}

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
      else if (CONTROL.test(note)) errors.note = [STOCK_MESSAGES.controlCharacters];
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { ...input, expectedStock: expected ?? undefined, note };
}

/**
 * Sets or adjusts the stock of product `productId` of the actor's shop (see the module comment).
 * @throws DomainError `invalid_stock_input` (400) on
 *   `mode`, `quantity` (not a whole number, 0 for an adjustment, below 0 for a count, beyond
 *   a million, or a stock that would pass a million), `expected_stock`, `reason`, `note`;
 *   `product_not_found` (404) for no such product in the shop; `stock_move_refused` (409, with
 *   `stock`) for a made-to-order product, taking more than there is, or a count whose
 *   `expected_stock` is no longer the stock.
 */
export async function changeProductStock(
  db: Kysely<Database>,
  actor: StaffActor,
  productId: number,
  input: StockChangeInput,
  now: Date = new Date(),
): Promise<StockChangeResult> {
  const change = checkChange(input);
  const tenantId = actor.tenantId;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const product = await findProduct(db, tenantId, productId);
    if (!product) throw notFound();
    if (toBool(product.made_to_order)) throw refused(STOCK_MESSAGES.madeToOrder, product.stock);
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
        staffId: actor.id,
        at: now,
      });
      await recordActivity(
        trx,
        {
          actor,
          tenantId,
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
 * Sets product `productId`'s low-stock threshold (null: never warn).
 * @throws DomainError `invalid_stock_input` (400) on `low_stock_threshold`
 *   (not a whole number from 0 to 100000, nor null); `product_not_found` (404).
 */
export async function setStockThreshold(
  db: Kysely<Database>,
  actor: StaffActor,
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
  const tenantId = actor.tenantId;
  if (!Number.isSafeInteger(productId) || productId < 1 || productId > MAX_ROW_ID) {
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
      await recordActivity(
        trx,
        {
          actor,
          tenantId,
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

interface HistoryRow {
  kind: 'adjustment' | 'sale' | 'return';
  at: Date | string;
  change: number | string;
  stock_after: number | string | null;
  reason: StockMovementReason | null;
  note: string | null;
  staff_id: number | null;
  staff_name: string | null;
  staff_email: string | null;
  order_number: string | null;
}

/**
 * Product `productId`'s stock with page `page` of its history (20 a page, newest first: see the
 * module comment).
 * @throws DomainError `product_not_found` (404); `invalid_page` (404) past
 *   the last page (page 1 is always valid).
 */
export async function getProductStock(
  db: Kysely<Database>,
  actor: StaffActor,
  productId: number,
  page = 1,
): Promise<ProductStock & { nextPage: number | null; previousPage: number | null }> {
  const product = await findProduct(db, actor.tenantId, productId);
  if (!product) throw notFound();
  const offset = pageOffset(page, STOCK_HISTORY_PAGE_SIZE);
  if (offset === null || page < 1 || !Number.isInteger(page)) throw invalidPage();
  const tenantId = actor.tenantId;
  const history = sql<HistoryRow>`
    select 'adjustment' as kind, m.id as seq, m.created_at as at, m.change as change,
      m.stock_after as stock_after, m.reason as reason, m.note as note, m.staff_id as staff_id,
      s.name as staff_name, s.email as staff_email, null as order_number
    from stock_movements m left join staff s on s.id = m.staff_id
    where m.tenant_id = ${tenantId} and m.product_id = ${product.id}
    union all
    select 'sale', oi.id, o.created_at, -oi.stock_taken, null, null, '', null, null, null,
      o.order_number
    from order_items oi join orders o on o.id = oi.order_id
    where o.tenant_id = ${tenantId} and oi.product_id = ${product.id} and oi.stock_taken > 0
    union all
    select 'return', oi.id, o.closed_at, oi.stock_taken, null, null, '', null, null, null,
      o.order_number
    from order_items oi join orders o on o.id = oi.order_id
    where o.tenant_id = ${tenantId} and oi.product_id = ${product.id} and oi.stock_taken > 0
      and o.status in ('canceled', 'expired') and o.closed_at is not null`;
  const counted = await sql<{
    n: number | string;
  }>`select count(*) as n from (${history}) h`.execute(db);
  const count = toCount(counted.rows[0]?.n);
  if (page > 1 && offset >= count) throw invalidPage();
  const rows =
    count === 0
      ? []
      : (
          await sql<HistoryRow>`select * from (${history}) h
            order by h.at desc, h.kind desc, h.seq desc
            limit ${STOCK_HISTORY_PAGE_SIZE} offset ${offset}`.execute(db)
        ).rows;
  const madeToOrder = toBool(product.made_to_order);
  return {
    product_id: product.id,
    slug: product.slug,
    name: product.name,
    stock: product.stock,
    low_stock_threshold: product.low_stock_threshold,
    is_low: isLow(product.stock, product.low_stock_threshold, madeToOrder),
    made_to_order: madeToOrder,
    nextPage: offset + STOCK_HISTORY_PAGE_SIZE < count ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    movements: {
      count,
      next: null,
      previous: null,
      results: rows.map((row) => ({
        kind: row.kind,
        at: toIsoString(row.at),
        change: Number(row.change),
        stock_after: row.stock_after === null ? null : Number(row.stock_after),
        reason: row.reason,
        note: row.note ?? '',
        staff_name:
          row.kind !== 'adjustment'
            ? null
            : row.staff_id === null
              ? 'System'
              : (row.staff_name ?? row.staff_email ?? 'System'),
        order_number: row.order_number,
      })),
    },
  };
}

/**
 * Page `page` of the shop's products at or below their low-stock threshold (not made to order),
 * sold out first, then by stock, name and id; 50 a page.
 * @throws DomainError `invalid_page` (404) past the last page.
 */
export async function listLowStock(
  db: Kysely<Database>,
  actor: StaffActor,
  page = 1,
): Promise<{
  count: number;
  nextPage: number | null;
  previousPage: number | null;
  results: LowStockItem[];
}> {
  const offset = pageOffset(page, LOW_STOCK_PAGE_SIZE);
  if (offset === null || page < 1 || !Number.isInteger(page)) throw invalidPage();
  const query = db
    .selectFrom('products')
    .where('tenant_id', '=', actor.tenantId)
    .where('made_to_order', '=', 0)
    .where('archived_at', 'is', null)
    .where('low_stock_threshold', 'is not', null)
    .where(sql<boolean>`stock <= low_stock_threshold`);
  const count = toCount(
    (
      await query
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (page > 1 && offset >= count) throw invalidPage();
  const rows =
    count === 0
      ? []
      : await query
          .select(['id', 'slug', 'name', 'stock', 'low_stock_threshold'])
          .orderBy('stock')
          .orderBy('name')
          .orderBy('id')
          .limit(LOW_STOCK_PAGE_SIZE)
          .offset(offset)
          .execute();
  return {
    count,
    nextPage: offset + LOW_STOCK_PAGE_SIZE < count ? page + 1 : null,
    previousPage: page > 1 ? page - 1 : null,
    results: rows.map((row) => ({
      product_id: row.id,
      slug: row.slug,
      name: row.name,
      stock: row.stock,
      low_stock_threshold: row.low_stock_threshold ?? 0,
    })),
  };
}
