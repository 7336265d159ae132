/**
 * Order handlers (issue 6; spec sections 3, 4, 5 and 7): checkout from the cart, the caller's
 * order history and one order.
 *
 * Checkout (`createOrder`) runs in one transaction that never oversells and never leaves half
 * an order behind, on SQLite and on PostgreSQL:
 * 1. the caller's cart row is locked (two checkouts of one cart run one after the other);
 * 2. the Idempotency-Key is looked up again under that lock;
 * 3. the cart's visible lines are read with catalogue prices (empty -> 400);
 * 4. the order row is inserted first, carrying the key, so a concurrent twin with the same key
 *    that got past the lock (another process) waits on the unique index before touching stock;
 * 5. each line's stock is decremented by a conditional UPDATE (`stock >= quantity`, in product
 *    id order so two orders never deadlock); a line that does not fit rolls everything back
 *    with a 409 naming the product;
 * 6. the lines are copied with their price snapshot, and the cart is emptied.
 * The catalogue cache is invalidated after the commit (stock changed; decision 005).
 */
import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrdersTable, PaymentMethod } from '../db/database.ts';
import { isRowId, isUniqueViolation } from '../db/errors.ts';
import { toBool, toCount, toIsoString } from '../db/mapping.ts';
import { canonicalJson, hasNul, sha256Hex } from '../lib/canonical-json.ts';
import { NUL_MESSAGE, parseCustomization } from '../lib/customization.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { formatMinorUnits } from '../lib/money.ts';
import { pageOffset, pageUrl } from '../lib/pagination.ts';
import { requireUser } from '../plugins/auth.ts';
import type { FieldErrors } from '../plugins/errors.ts';
import { cartLines, findCartId, lockCart, mainImages, stockConflict } from './cart.ts';
import { toPaymentStatus } from './payments.ts';
import type { OperationHandler, Schemas } from './types.ts';

type Order = Schemas['Order'];
type DeliveryAddress = Schemas['DeliveryAddress'];
type Db = Kysely<Database> | Transaction<Database>;
type OrderRow = Selectable<OrdersTable>;

/** Messages of this module (spec sections 5 and 8 where it names them, DRF's wording elsewhere). */
export const ORDER_MESSAGES = {
  blank: 'This field may not be blank.',
  methodUnavailable: 'This payment method is not available.',
  emptyCart: 'Your cart is empty.',
  idempotencyMismatch: 'This Idempotency-Key was already used with a different request.',
  invalidPage: 'Invalid page.',
} as const;

/** Page size of the order history when the request names none. */
export const DEFAULT_ORDER_PAGE_SIZE = 10;

/** The contract's address field -> its column. */
const ADDRESS_COLUMNS = {
  street: 'street',
  city: 'city',
  postalCode: 'postal_code',
  country: 'country',
  fullname: 'fullname',
  contact_number: 'contact_number',
} as const satisfies Record<keyof DeliveryAddress, keyof OrderRow>;

const ADDRESS_FIELDS = Object.keys(ADDRESS_COLUMNS) as (keyof DeliveryAddress)[];

const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A human-readable order number, "ORD-XXXX-XXXX": 8 characters from an alphabet without the
 * look-alikes 0/O, 1/I/L and U, drawn with a CSPRNG (30^8, about 6.6e11 numbers).
 */
export function newOrderNumber(): string {
  let chars = '';
  for (let i = 0; i < 8; i++)
    chars += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `ORD-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The trimmed address, or 400 field errors keyed `delivery_address.{field}` as the contract's
 * validation names nested fields: 'This field may not be blank.' after trimming, 'Null
 * characters are not allowed.' for a NUL character.
 */
function validateAddress(address: DeliveryAddress, errors: FieldErrors): DeliveryAddress {
  const clean = {} as DeliveryAddress;
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    const key = `delivery_address.${field}`;
    if (hasNul(value)) errors[key] = [NUL_MESSAGE];
    else if (value.trim() === '') errors[key] = [ORDER_MESSAGES.blank];
    clean[field] = value.trim();
  }
  return clean;
}

interface CheckoutSettings {
  instructions: string | null;
  redirectUrl: string | null;
}

/** The shop's settings for the chosen method, or null when the shop does not offer it. */
async function methodSettings(
  db: Db,
  tenantId: number,
  method: PaymentMethod,
): Promise<CheckoutSettings | null> {
  const settings = await db
    .selectFrom('payment_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!settings) return null;
  switch (method) {
    case 'card_2c2p':
      return toBool(settings.enable_card_payment)
        ? { instructions: null, redirectUrl: null }
        : null;
    case 'bank_transfer':
      return toBool(settings.enable_bank_transfer)
        ? { instructions: settings.bank_account_details, redirectUrl: null }
        : null;
    case 'custom':
      return toBool(settings.enable_custom_payment)
        ? {
            instructions: settings.custom_payment_instructions,
            redirectUrl: settings.custom_payment_redirect_url,
          }
        : null;
    default:
      return null;
  }
}

/** Builds Order answers for rows of one tenant: lines and latest payments in one query each. */
async function toOrders(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, payments] = await Promise.all([
    db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const itemsByOrder = new Map<number, Order['items']>();
  for (const item of items) {
    let list = itemsByOrder.get(item.order_id);
    if (!list) itemsByOrder.set(item.order_id, (list = []));
    list.push({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      product_slug: item.product_slug,
      thumb_image: item.thumb_path,
      customization: parseCustomization(item.customization),
      quantity: item.quantity,
      unit_price: formatMinorUnits(item.unit_price_cents),
      line_total: formatMinorUnits(item.line_total_cents),
    });
  }
  const latest = new Map<number, (typeof payments)[number]>();
  for (const payment of payments) {
    if (!latest.has(payment.order_id)) latest.set(payment.order_id, payment);
  }
  return rows.map((row) => {
    const payment = latest.get(row.id);
    return {
      id: row.id,
      order_number: row.order_number,
      status: row.status,
      payment_method: row.payment_method,
      total_price: formatMinorUnits(row.total_cents),
      total_items: row.total_items,
      delivery_address: {
        street: row.street,
        city: row.city,
        postalCode: row.postal_code,
        country: row.country,
        fullname: row.fullname,
        contact_number: row.contact_number,
      },
      items: itemsByOrder.get(row.id) ?? [],
      created_at: toIsoString(row.created_at),
      paid_at: row.paid_at === null ? null : toIsoString(row.paid_at),
      payment_instructions: row.payment_instructions,
      payment_redirect_url: row.payment_redirect_url,
      latest_payment: payment ? toPaymentStatus(payment, row) : null,
    };
  });
}

/** One order of the caller's as an Order answer, or undefined. */
async function findOrder(
  db: Db,
  tenantId: number,
  userId: number,
  where: { id: number } | { idempotencyKey: string },
): Promise<{ order: Order; requestHash: string | null } | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId);
  query =
    'id' in where
      ? query.where('id', '=', where.id)
      : query.where('idempotency_key', '=', where.idempotencyKey);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const [order] = await toOrders(db, [row]);
  return order && { order, requestHash: row.request_hash };
}

/** The earlier order of a repeated key: the same order, or 422 when the request differed. */
function replay(found: { order: Order; requestHash: string | null }, requestHash: string): Order {
  if (found.requestHash !== requestHash) {
    throw new HttpError(422, { detail: ORDER_MESSAGES.idempotencyMismatch });
  }
  return found.order;
}

function idempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  // The contract's pattern (printable ASCII, 1-100) was checked before the handler ran.
  return typeof header === 'string' && header !== '' ? header : null;
}

/** A stock decrement that did not fit: rolls the transaction back, then answers 409. */
class StockShortage extends Error {
  constructor(readonly conflict: HttpError) {
    super(conflict.message);
  }
}

/**
 * POST /orders/orders/ `{payment_method, delivery_address}` (+ optional `Idempotency-Key`)
 * -> 201 Order with status `awaiting_payment` (see the module comment for the transaction).
 * `payment_instructions` are the bank details (bank transfer) or the custom instructions;
 * `payment_redirect_url` the custom method's page; both null for card.
 * Errors: 400 field errors for a blank or NUL address field (`delivery_address.{field}`) and for
 * a method the shop does not offer (`payment_method`); 400 'Your cart is empty.'; 409
 * '{product}: Only {n} items available.' / '{product}: Item is out of stock.'; 422 when the key
 * was used with another body. A repeated key with the same body answers the first order.
 */
export const createOrder: OperationHandler<'createOrder'> = async (request, reply) => {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const userId = requireUser(request).id;
  const method = request.body.payment_method;

  const errors: FieldErrors = {};
  const address = validateAddress(request.body.delivery_address, errors);
  const settings = await methodSettings(db, tenantId, method);
  if (!settings) errors.payment_method = [ORDER_MESSAGES.methodUnavailable];
  if (Object.keys(errors).length > 0 || !settings) throw new HttpError(400, errors);

  const key = idempotencyKey(request);
  const requestHash = sha256Hex(
    canonicalJson({ payment_method: method, delivery_address: address }),
  );
  reply.code(201);
  if (key) {
    const earlier = await findOrder(db, tenantId, userId, { idempotencyKey: key });
    if (earlier) return replay(earlier, requestHash);
  }

  // An order-number collision (about 1 in 6.6e11 per pair) only costs another attempt.
  for (let attempt = 1; ; attempt++) {
    try {
      const order = await placeOrder(db, {
        tenantId,
        userId,
        method,
        address,
        settings,
        key,
        requestHash,
      });
      request.server.catalogCache.invalidate(tenantId);
      return order;
    } catch (error) {
      if (error instanceof StockShortage) throw error.conflict;
      if (!isUniqueViolation(error)) throw error;
      // A twin with the same key committed first (another process): answer its order.
      if (key) {
        const twin = await findOrder(db, tenantId, userId, { idempotencyKey: key });
        if (twin) return replay(twin, requestHash);
      }
      if (attempt >= 3) throw error;
    }
  }
};

interface Checkout {
  tenantId: number;
  userId: number;
  method: PaymentMethod;
  address: DeliveryAddress;
  settings: CheckoutSettings;
  key: string | null;
  requestHash: string;
}

/**
 * The checkout transaction. Resolves to the new order, or to the earlier order of the same key
 * found under the cart lock; throws HttpError (400 empty cart, 422), StockShortage, or the
 * database's unique violation for the caller to sort out.
 */
async function placeOrder(db: Kysely<Database>, c: Checkout): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, c.tenantId, c.userId);
    if (cartId === undefined) throw new HttpError(400, { detail: ORDER_MESSAGES.emptyCart });
    await lockCart(trx, cartId);
    if (c.key) {
      // A twin that held the lock before this one has committed by now.
      const earlier = await findOrder(trx, c.tenantId, c.userId, { idempotencyKey: c.key });
      if (earlier) return replay(earlier, c.requestHash);
    }
    const lines = await cartLines(trx, cartId, c.tenantId);
    if (lines.length === 0) throw new HttpError(400, { detail: ORDER_MESSAGES.emptyCart });

    let totalCents = 0;
    let totalItems = 0;
    for (const line of lines) {
      totalCents += line.price_cents * line.quantity;
      totalItems += line.quantity;
    }
    const createdAt = new Date().toISOString();
    const { id: orderId } = await trx
      .insertInto('orders')
      .values({
        tenant_id: c.tenantId,
        user_id: c.userId,
        order_number: newOrderNumber(),
        status: 'awaiting_payment',
        payment_method: c.method,
        total_cents: totalCents,
        total_items: totalItems,
        street: c.address.street,
        city: c.address.city,
        postal_code: c.address.postalCode,
        country: c.address.country,
        fullname: c.address.fullname,
        contact_number: c.address.contact_number,
        payment_instructions: c.settings.instructions,
        payment_redirect_url: c.settings.redirectUrl,
        idempotency_key: c.key,
        request_hash: c.key ? c.requestHash : null,
        created_at: createdAt,
        paid_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // One product may fill several lines (different customizations): decrement it once.
    const perProduct = new Map<number, { name: string; quantity: number }>();
    for (const line of lines) {
      const entry = perProduct.get(line.product_id);
      if (entry) entry.quantity += line.quantity;
      else perProduct.set(line.product_id, { name: line.name, quantity: line.quantity });
    }
    for (const productId of [...perProduct.keys()].sort((a, b) => a - b)) {
      const { name, quantity } = perProduct.get(productId)!;
      const result = await trx
        .updateTable('products')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', productId)
        .where('tenant_id', '=', c.tenantId)
        .where('stock', '>=', quantity)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) {
        const current = await trx
          .selectFrom('products')
          .select('stock')
          .where('id', '=', productId)
          .executeTakeFirst();
        throw new StockShortage(stockConflict(current?.stock ?? 0, `${name}: `));
      }
    }

    const thumbs = await mainImages(
      trx,
      lines.map((l) => l.product_id),
    );
    await trx
      .insertInto('order_items')
      .values(
        lines.map((line) => ({
          order_id: orderId,
          product_id: line.product_id,
          product_name: line.name,
          product_slug: line.slug,
          thumb_path: thumbs.get(line.product_id)?.thumb_image ?? null,
          customization: line.customization,
          quantity: line.quantity,
          unit_price_cents: line.price_cents,
          line_total_cents: line.price_cents * line.quantity,
        })),
      )
      .execute();
    await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();

    const placed = await findOrder(trx, c.tenantId, c.userId, { id: orderId });
    if (!placed) throw new Error('The order just placed cannot be read back.');
    return placed.order;
  });
}

/**
 * GET /orders/orders/?page&page_size -> PaginatedOrderList of the caller's orders, newest first
 * (page size 10 by default, at most 100). A page past the last answers 404 `{"detail":"Invalid
 * page."}` as DRF does; page 1 is always valid. Four queries whatever the page size.
 */
export const listOrders: OperationHandler<'listOrders'> = async (request) => {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const userId = requireUser(request).id;
  const page = request.query.page ?? 1;
  const pageSize = Math.min(request.query.page_size ?? DEFAULT_ORDER_PAGE_SIZE, 100);
  const offset = pageOffset(page, pageSize);

  const mine = db
    .selectFrom('orders')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId);
  const count = toCount(
    (await mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow())
      .n,
  );
  if (offset === null || (page > 1 && offset >= count)) {
    throw new HttpError(404, { detail: ORDER_MESSAGES.invalidPage });
  }
  const rows = await mine
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return {
    count,
    next: offset + pageSize < count ? pageUrl(request, page + 1) : null,
    previous: page > 1 ? pageUrl(request, page - 1) : null,
    results: await toOrders(db, rows),
  };
};

/** GET /orders/orders/{id}/ -> the caller's Order; 404 for anyone else's or an unknown id. */
export const getOrder: OperationHandler<'getOrder'> = async (request) => {
  const id = request.params.id;
  if (!isRowId(id)) throw notFound();
  const found = await findOrder(request.server.db, request.tenant.id, requireUser(request).id, {
    id,
  });
  if (!found) throw notFound();
  return found.order;
};
