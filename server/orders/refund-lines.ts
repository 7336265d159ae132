/**
 * Refunds that name the pieces they pay back (the back office's refund, ./shop-refunds.ts, which
 * keeps every other rule of a refund): each line of the order with a quantity, and whether the
 * pieces go back in stock.
 *
 * The rules, all here:
 * - a line is one of the order's own (`order_items.id` of this order; any other id, another
 *   shop's or another order's, is refused on `lines`), named once;
 * - its quantity is 1 or more and at most what was ordered less what earlier refunds named
 *   (`refunded`: the `refund_lines` of refunds the provider did not refuse);
 * - the refund's amount is at most what the pieces cost (unit price, options included, times
 *   the quantity) and, as for any refund, at most what is still refundable: the amount follows
 *   the pieces, and a member may lower it, never raise it;
 * - `restock` puts the pieces back in the product's stock, at most what the line took from it
 *   at checkout less what earlier refunds put back (`order_items.stock_taken`): a made-to-order
 *   line, or a product since deleted, takes nothing back. The product's stock history shows it
 *   as a return of the order (server/catalog/stock-reads.ts), and a later cancel of the order
 *   gives back only what was not put back already (./closing.ts `giveBackStock`). A canceled
 *   (or expired) order gave all its stock back when it closed: a line of it is refused
 *   `restock`. A refund its provider refuses takes its pieces out of stock again when it is
 *   settled `failed` (`undoRefundRestock`, ./refund-settling.ts): nothing was paid back.
 * Everything is written in the refund's transaction, under the order's lock, with one activity
 * log entry (`order.refund_lines`) naming the pieces.
 */
import { givePiecesBack } from '../catalog/stock-give-back.ts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import type { OrderErrorCode } from './errors.ts';
import type { OrderRow, Trx } from './order-lock.ts';
import { logOrderMove, throwIfInvalid } from './staff-moves.ts';

/** Most lines one refund may name (the contract's maxItems). */
export const MAX_REFUND_LINES = 100;
/** Most pieces of one line a refund may name (the contract's maximum). */
export const MAX_REFUND_LINE_QUANTITY = 1000;

/** Every message of a refund's lines. */
export const REFUND_LINE_MESSAGES = {
  notAList: 'Expected a list of items.',
  tooMany: `Name at most ${MAX_REFUND_LINES} lines.`,
  shape: 'Each line needs its item_id and a quantity of at least 1.',
  twice: 'Name each line once.',
  notInOrder: (id: number) => `This order has no line ${id}.`,
  nothingLeft: (name: string) => `${name}: every piece has been refunded already.`,
  atMost: (name: string, left: number) => `${name}: at most ${left} more can be refunded.`,
  overLines: (most: string) => `At most ${most} for the pieces picked.`,
  backAlready: (name: string) =>
    `${name}: this order was canceled, so its pieces went back in stock then. Refund it without putting them back.`,
} as const;

/** One line as a member names it (contract RefundLineRequest). */
export interface RefundLineInput {
  item_id: number;
  quantity: number;
  restock?: boolean;
}

/** One line checked against the order. */
export interface CheckedRefundLine {
  itemId: number;
  name: string;
  quantity: number;
  restock: boolean;
  productId: number | null;
  /** The variant the line sold (issue 42), whose stock a restock raises too; null for none. */
  variantId: number | null;
  /** Pieces that may go back in stock now (what checkout took less what went back). */
  restockable: number;
}

/** What each line of an order had refunded and put back, by `order_items.id`. */
export interface LineRefundState {
  refunded: number;
  restocked: number;
}

/**
 * Each line of order `orderId` that refunds named: pieces refunded (refunds the provider
 * refused not counted) and put back in stock (all of them: the pieces are on the shelf).
 */
export async function lineRefundStates(
  db: Kysely<Database> | Trx,
  orderId: number,
): Promise<Map<number, LineRefundState>> {
  const rows = await db
    .selectFrom('refund_lines as l')
    .innerJoin('refunds as r', 'r.id', 'l.refund_id')
    .select((eb) => [
      'l.order_item_id',
      eb.fn
        .sum<number | string>(
          sql<number>`case when ${eb.ref('r.status')} = 'failed' then 0 else ${eb.ref('l.quantity')} end`,
        )
        .as('refunded'),
      eb.fn.sum<number | string>('l.restocked').as('restocked'),
    ])
    .where('l.order_id', '=', orderId)
    .groupBy('l.order_item_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.order_item_id,
      { refunded: Number(row.refunded), restocked: Number(row.restocked) },
    ]),
  );
}

/** An order's statuses whose close gave back all the stock it took (./lifecycle.ts). */
const STOCK_GIVEN_BACK: readonly OrderRow['status'][] = ['canceled', 'expired'];

const isWhole = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;

/**
 * Reads the lines a member sent, before anything is locked: a list of at most 100, each with a
 * whole `item_id` and `quantity` (1 to 1000) and an optional boolean `restock`, each line once.
 * @returns the lines, or an empty list when none were sent
 * @throws DomainError `invalid_order_input` with the message on `lines`
 */
export function parseRefundLines(input: unknown): RefundLineInput[] {
  if (input === undefined || input === null) return [];
  const errors: FieldErrors = {};
  if (!Array.isArray(input)) errors.lines = [REFUND_LINE_MESSAGES.notAList];
  else if (input.length > MAX_REFUND_LINES) errors.lines = [REFUND_LINE_MESSAGES.tooMany];
  else {
    const seen = new Set<number>();
    for (const line of input as unknown[]) {
      const l = line as Partial<RefundLineInput> | null;
      if (
        l === null ||
        typeof l !== 'object' ||
        !isWhole(l.item_id, 2_147_483_647) ||
        !isWhole(l.quantity, MAX_REFUND_LINE_QUANTITY) ||
        (l.restock !== undefined && typeof l.restock !== 'boolean')
      ) {
        errors.lines = [REFUND_LINE_MESSAGES.shape];
        break;
      }
      if (seen.has(l.item_id)) {
        errors.lines = [REFUND_LINE_MESSAGES.twice];
        break;
      }
      seen.add(l.item_id);
    }
  }
  throwIfInvalid(errors);
  return (input as RefundLineInput[] | undefined) ?? [];
}

/**
 * Checks `lines` against the locked `order` (see the module comment) and prices them.
 * @returns the checked lines and what their pieces cost (cents)
 * @throws DomainError `invalid_order_input` on `lines`: a line not of this order, more pieces
 *   than are left to refund of it, or `restock` on an order whose close gave its stock back.
 */
export async function checkRefundLines(
  trx: Trx,
  order: Pick<OrderRow, 'id' | 'status'>,
  lines: readonly RefundLineInput[],
): Promise<{ lines: CheckedRefundLine[]; valueCents: number }> {
  if (lines.length === 0) return { lines: [], valueCents: 0 };
  const [items, states] = await Promise.all([
    trx
      .selectFrom('order_items')
      .select([
        'id',
        'product_id',
        'product_name',
        'quantity',
        'unit_price_cents',
        'discount_cents',
        'stock_taken',
        'variant_id',
      ])
      .where('order_id', '=', order.id)
      .execute(),
    lineRefundStates(trx, order.id),
  ]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const messages: string[] = [];
  const checked: CheckedRefundLine[] = [];
  let valueCents = 0;
  for (const line of lines) {
    const item = byId.get(line.item_id);
    if (!item) {
      messages.push(REFUND_LINE_MESSAGES.notInOrder(line.item_id));
      continue;
    }
    const state = states.get(item.id) ?? { refunded: 0, restocked: 0 };
    const left = item.quantity - state.refunded;
    if (line.quantity > left) {
      messages.push(
        left <= 0
          ? REFUND_LINE_MESSAGES.nothingLeft(item.product_name)
          : REFUND_LINE_MESSAGES.atMost(item.product_name, left),
      );
      continue;
    }
    if (line.restock === true && STOCK_GIVEN_BACK.includes(order.status)) {
      messages.push(REFUND_LINE_MESSAGES.backAlready(item.product_name));
      continue;
    }
    // What the pieces were paid: less their part of a discount code's share of the line
    // (issue 42), rounded up so a refund never passes what was paid; the whole line exactly.
    const share = Math.ceil((Number(item.discount_cents) * line.quantity) / item.quantity);
    valueCents += item.unit_price_cents * line.quantity - share;
    checked.push({
      itemId: item.id,
      name: item.product_name,
      quantity: line.quantity,
      restock: line.restock === true,
      productId: item.product_id,
      variantId: item.variant_id,
      restockable: item.product_id === null ? 0 : Math.max(0, item.stock_taken - state.restocked),
    });
  }
  if (messages.length > 0) throwIfInvalid({ lines: messages });
  return { lines: checked, valueCents };
}

/**
 * The refund's amount against its pieces' value: at most what they cost.
 * @throws DomainError `refund_too_large` on `amount` ("At most 45.00 for the pieces picked.")
 */
export function checkAmountAgainstLines(amountCents: number, valueCents: number): void {
  if (amountCents > valueCents) {
    throw new DomainError<OrderErrorCode>(
      'refund_too_large',
      REFUND_LINE_MESSAGES.overLines(toDecimal(valueCents)),
      { field: 'amount' },
    );
  }
}

/**
 * Writes the refund's lines (naming `refundId`, the first refund row the request made), puts
 * back in stock what they restock (products in id order, as checkout takes stock), and logs
 * `order.refund_lines`. In the refund's transaction, under the order's lock.
 * @returns the products whose stock moved (their cached pages are to be forgotten after commit).
 */
export async function recordRefundLines(
  trx: Trx,
  actor: Acting,
  order: Pick<OrderRow, 'id' | 'tenant_id' | 'order_number'>,
  refundId: number,
  lines: readonly CheckedRefundLine[],
  at: Date,
): Promise<number[]> {
  if (lines.length === 0) return [];
  const restocked = lines.map((line) =>
    line.restock ? Math.min(line.quantity, line.restockable) : 0,
  );
  await trx
    .insertInto('refund_lines')
    .values(
      lines.map((line, i) => ({
        tenant_id: order.tenant_id,
        order_id: order.id,
        order_item_id: line.itemId,
        refund_id: refundId,
        quantity: line.quantity,
        restocked: restocked[i]!,
        staff_id: actor.staff.id,
        created_at: at.toISOString(),
      })),
    )
    .execute();
  const productIds = await givePiecesBack(
    trx,
    order.tenant_id,
    lines.map((line, i) => ({
      productId: line.productId,
      variantId: line.variantId,
      pieces: restocked[i]!,
    })),
  );
  await logOrderMove(
    trx,
    actor.journal,
    order,
    'order.refund_lines',
    {},
    {
      lines: lines.map((line, i) => ({
        item_id: line.itemId,
        name: line.name,
        quantity: line.quantity,
        restocked: restocked[i],
      })),
    },
    at,
  );
  return productIds;
}

/**
 * What each line put back in stock, by `order_items.id`, for a cancel giving back the rest
 * (./closing.ts): the pieces a refund restocked are on the shelf already.
 */
export async function restockedByLine(trx: Trx, orderId: number): Promise<Map<number, number>> {
  const states = await lineRefundStates(trx, orderId);
  return new Map([...states].map(([id, state]) => [id, state.restocked]));
}

/**
 * Takes back out of stock what the lines of refund `refundId` put back (products in id order,
 * as checkout takes stock; never below 0), and marks them as having put nothing back: its
 * provider refused it, so nothing was paid back for those pieces. In the settling's
 * transaction, under the order's lock (./refund-settling.ts).
 * @returns the products whose stock moved (their cached pages are to be forgotten after commit).
 */
export async function undoRefundRestock(
  trx: Trx,
  tenantId: number,
  refundId: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('refund_lines as l')
    .innerJoin('order_items as i', 'i.id', 'l.order_item_id')
    .select(['l.restocked', 'i.product_id', 'i.variant_id'])
    .where('l.refund_id', '=', refundId)
    .where('l.restocked', '>', 0)
    .execute();
  if (rows.length === 0) return [];
  await trx
    .updateTable('refund_lines')
    .set({ restocked: 0 })
    .where('refund_id', '=', refundId)
    .execute();
  const perProduct = new Map<number, number>();
  for (const row of rows) {
    if (row.product_id !== null) {
      perProduct.set(row.product_id, (perProduct.get(row.product_id) ?? 0) + row.restocked);
    }
  }
  const productIds = [...perProduct.keys()].sort((a, b) => a - b);
  for (const productId of productIds) {
    const pieces = perProduct.get(productId)!;
    await trx
      .updateTable('products')
      .set({
        stock: sql<number>`case when stock > ${pieces} then stock - ${pieces} else 0 end`,
      })
      .where('id', '=', productId)
      .where('tenant_id', '=', tenantId)
      .execute();
  }
  for (const row of rows) {
    if (row.variant_id === null) continue;
    await trx
      .updateTable('product_variants')
      .set({
        stock: sql<number>`case when stock > ${row.restocked} then stock - ${row.restocked} else 0 end`,
      })
      .where('id', '=', row.variant_id)
      .where('tenant_id', '=', tenantId)
      .execute();
  }
  return productIds;
}
