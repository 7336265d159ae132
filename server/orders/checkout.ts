/**
 * Checkout: an order from the cart (spec sections 4, 5 and 7; decisions 006 and 013), in one
 * transaction that never oversells, never leaves half an order behind and never charges a
 * total the shopper did not see, on SQLite and on PostgreSQL:
 * 1. the customer's cart row is locked (two checkouts of one cart, and so of one customer,
 *    run one after the other);
 * 2. the Idempotency-Key is looked up again under that lock;
 * 3. the customer's unpaid orders are counted (at most MAX_UNPAID_ORDERS);
 * 4. the cart's visible lines are read with catalogue prices and their options' surcharges
 *    (empty -> 400); each line's delivery method is checked against the shop's shipping to the
 *    country, an age-restricted piece needs the buyer's attestation (./age-gate.ts), and the
 *    total with shipping is compared with the one the shopper was shown (-> 409 with the cart);
 * 5. the order row is inserted first, carrying the key, so a concurrent twin with the same key
 *    that got past the lock (another process) waits on the unique index before touching stock;
 * 6. each product's stock is decremented by a conditional UPDATE (`stock >= quantity`, in
 *    product id order, so two orders never deadlock); a line that does not fit rolls everything
 *    back with a 409 naming the product; a made-to-order piece takes no stock;
 * 7. the lines are copied with their price snapshot, the cart is emptied, and the order's
 *    e-mails are queued.
 */
import type { Kysely } from 'kysely';
import type { Database, PaymentMethod } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { toBool, toCount } from '../db/mapping.ts';
import type { Schemas } from '../handlers/types.ts';
import { cleanAddress, type DeliveryAddress } from '../lib/address.ts';
import { canonicalJson, sha256Hex } from '../lib/canonical-json.ts';
import { HttpError } from '../lib/http-error.ts';
import { formatMinorUnits, parseDecimalToMinorUnits } from '../lib/money.ts';
import { BLANK_MESSAGE } from '../lib/field-messages.ts';
import type { FieldErrors } from '../plugins/errors.ts';
import { checkAttestation } from './age-gate.ts';
import { cartLines, findCartId, loadCart, lockCart, mainImages, stockConflict } from './cart.ts';
import type { OrderContext } from './context.ts';
import { dispatchOf, shopRules } from './dispatch.ts';
import {
  collectedOnly,
  countryName,
  loadShipping,
  quote,
  quoteLines,
  SHIPPING_MESSAGES,
  toShipment,
} from './shipping.ts';
import { ORDER_MESSAGES } from './messages.ts';
import type { Trx } from './order-lock.ts';
import { findOrder, type Order } from './read-model.ts';
import { randomCode } from '../lib/random-code.ts';

/**
 * A human-readable order number, "ORD-XXXX-XXXX": 8 characters of ../lib/random-code.ts
 * (30^8, about 6.6e11 numbers).
 */
export function newOrderNumber(): string {
  const chars = randomCode(8);
  return `ORD-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** What a shop asks of an order paid by the chosen method. */
interface MethodSettings {
  instructions: string | null;
  redirectUrl: string | null;
}

/** The shop's settings for the chosen method, or null when the shop does not offer it now. */
async function methodSettings(
  ctx: OrderContext,
  tenantId: number,
  method: PaymentMethod,
): Promise<MethodSettings | null> {
  const settings = await ctx.db
    .selectFrom('payment_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!settings) return null;
  switch (method) {
    case 'card_2c2p':
      return toBool(settings.enable_card_payment) && (await ctx.providerFor(tenantId))
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

/** The earlier order of a repeated key: the same order, or 422 when the request differed. */
function replay(found: { order: Order; requestHash: string | null }, requestHash: string): Order {
  if (found.requestHash !== requestHash) {
    throw new HttpError(422, { detail: ORDER_MESSAGES.idempotencyMismatch });
  }
  return found.order;
}

/** A stock decrement that did not fit: rolls the transaction back, then answers 409. */
class StockShortage extends Error {
  constructor(readonly conflict: HttpError) {
    super(conflict.message);
  }
}

export interface CheckoutInput {
  tenantId: number;
  userId: number;
  body: Schemas['OrderCreate'];
  /** The client's Idempotency-Key, or null. */
  idempotencyKey: string | null;
}

interface Checkout extends CheckoutInput {
  method: PaymentMethod;
  address: DeliveryAddress;
  /** Address fields left blank, allowed only when every line is collected. */
  blanks: Set<string>;
  expectedCents: number;
  settings: MethodSettings;
  requestHash: string;
}

/**
 * Places an order from the customer's cart (see the module comment) and answers it, status
 * `awaiting_payment`, with `expires_at` set: a card order `cardOrderTtlSeconds` from now (moved
 * on at each payment attempt), other methods `bankTransferOrderTtlSeconds`.
 * @throws HttpError 400 field errors (`delivery_address.{field}` blank or NUL, a
 *   `payment_method` the shop does not offer), 400 'Your cart is empty.', 409 with the stock
 *   message naming the product, 409 `{detail, cart}` when the cart's total is not
 *   `expected_total_price`, 409 when the customer has `maxUnpaidOrders` unpaid orders, 422 when
 *   the key was used with another body. A repeated key with the same body answers the first order.
 */
export async function placeOrder(ctx: OrderContext, input: CheckoutInput): Promise<Order> {
  const { tenantId, userId, body } = input;
  const errors: FieldErrors = {};
  const columns = cleanAddress(body.delivery_address, errors, { prefix: 'delivery_address.' });
  // Blank street, city or postal code are fine for an order collected from the workshop: the
  // transaction decides, once it knows the methods.
  const blanks = new Set<string>();
  for (const field of ['street', 'city', 'postalCode'] as const) {
    const key = `delivery_address.${field}`;
    if (errors[key]?.[0] === BLANK_MESSAGE) {
      blanks.add(key);
      delete errors[key];
    }
  }
  const country = (columns.country ?? '').toUpperCase();
  const address: DeliveryAddress = {
    fullname: columns.fullname ?? '',
    contact_number: columns.contact_number ?? '',
    street: columns.street ?? '',
    city: columns.city ?? '',
    postalCode: columns.postal_code ?? '',
    country,
  };
  const settings = await methodSettings(ctx, tenantId, body.payment_method);
  if (!settings) errors.payment_method = [ORDER_MESSAGES.methodUnavailable];
  // The contract's Money pattern was checked before this ran.
  const expectedCents = parseDecimalToMinorUnits(body.expected_total_price);
  if (Object.keys(errors).length > 0 || !settings) {
    // Answer every field error at once: the blanks count unless every line is collected.
    if (blanks.size > 0) {
      const shipping = await loadShipping(ctx.db, tenantId);
      const methods = body.shipping.map((c) => c.method);
      if (!collectedOnly(shipping, methods))
        for (const key of blanks) errors[key] = [BLANK_MESSAGE];
    }
    throw new HttpError(400, errors);
  }

  const requestHash = sha256Hex(
    canonicalJson({
      payment_method: body.payment_method,
      delivery_address: address,
      shipping: body.shipping,
      age_attestation: body.age_attestation ?? null,
      expected_total_price: formatMinorUnits(expectedCents),
    }),
  );
  const key = input.idempotencyKey;
  if (key) {
    const earlier = await findOrder(ctx.db, tenantId, userId, { idempotencyKey: key });
    if (earlier) return replay(earlier, requestHash);
  }
  const checkout: Checkout = {
    ...input,
    method: body.payment_method,
    address,
    blanks,
    expectedCents,
    settings,
    requestHash,
  };

  // An order-number collision (about 1 in 6.6e11 per pair) only costs another attempt.
  for (let attempt = 1; ; attempt++) {
    try {
      const { order, productIds } = await inTransaction(ctx, checkout);
      ctx.afterCommit();
      if (productIds.length > 0) await ctx.stockChanged(tenantId, productIds);
      return order;
    } catch (error) {
      if (error instanceof StockShortage) throw error.conflict;
      if (!isUniqueViolation(error)) throw error;
      // A twin with the same key committed first (another process): answer its order.
      if (key) {
        const twin = await findOrder(ctx.db, tenantId, userId, { idempotencyKey: key });
        if (twin) return replay(twin, requestHash);
      }
      if (attempt >= 3) throw error;
    }
  }
}

async function countUnpaid(trx: Trx, tenantId: number, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('status', '=', 'awaiting_payment')
    .executeTakeFirstOrThrow();
  return toCount(row.n);
}

/**
 * The order's shipments from its lines' chosen methods, with the subtotal and the shipping.
 * @throws HttpError 400: `delivery_address.country` when the shop does not ship there;
 *   `shipping` naming the piece whose method is missing or not allowed (an age-restricted piece
 *   by other than age-verified delivery or collection, or to a country that allows none);
 *   `delivery_address.{street,city,postalCode}` blank while a line is delivered.
 */
function checkShipping(
  c: Checkout,
  lines: Awaited<ReturnType<typeof cartLines>>,
  shipping: Awaited<ReturnType<typeof loadShipping>>,
) {
  const choices = new Map(c.body.shipping.map((choice) => [choice.item_id, choice.method]));
  const quoted = quote(
    shipping,
    quoteLines(lines),
    c.address.country,
    choices,
  );
  if (!quoted) {
    throw new HttpError(400, {
      'delivery_address.country': [SHIPPING_MESSAGES.notShipped(countryName(c.address.country))],
    });
  }
  const errors: FieldErrors = {};
  const problems = [...quoted.errors];
  for (const line of lines) {
    if (!choices.has(line.id)) problems.push(SHIPPING_MESSAGES.chooseMethod(line.name));
  }
  if (problems.length > 0) errors.shipping = problems;
  const delivered = quoted.shipments.some((s) => s.method.kind === 'delivery');
  if (delivered) for (const key of c.blanks) errors[key] = [BLANK_MESSAGE];
  if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
  return {
    shipments: quoted.shipments.map(toShipment),
    subtotalCents: quoted.subtotalCents,
    shippingCents: quoted.shippingCents,
  };
}

/**
 * The checkout transaction. Resolves to the new order (or to the earlier order of the same key
 * found under the cart lock) and the products whose stock moved; throws HttpError, StockShortage,
 * or the database's unique violation for the caller to sort out.
 */
async function inTransaction(
  ctx: OrderContext,
  c: Checkout,
): Promise<{ order: Order; productIds: number[] }> {
  const db: Kysely<Database> = ctx.db;
  return db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, c.tenantId, c.userId);
    if (cartId === undefined) throw new HttpError(400, { detail: ORDER_MESSAGES.emptyCart });
    await lockCart(trx, cartId);
    if (c.idempotencyKey) {
      // A twin that held the lock before this one has committed by now.
      const earlier = await findOrder(trx, c.tenantId, c.userId, {
        idempotencyKey: c.idempotencyKey,
      });
      if (earlier) return { order: replay(earlier, c.requestHash), productIds: [] };
    }
    const unpaid = await countUnpaid(trx, c.tenantId, c.userId);
    if (unpaid >= ctx.settings.maxUnpaidOrders) {
      throw new HttpError(409, { detail: ORDER_MESSAGES.tooManyUnpaid(unpaid) });
    }
    const lines = await cartLines(trx, cartId, c.tenantId);
    if (lines.length === 0) throw new HttpError(400, { detail: ORDER_MESSAGES.emptyCart });
    const now = ctx.now();
    const [shipping, rules] = await Promise.all([
      loadShipping(trx, c.tenantId),
      shopRules(trx, c.tenantId),
    ]);
    const { shipments, subtotalCents, shippingCents } = checkShipping(c, lines, shipping);
    const restricted = lines.some((l) => l.age_restricted);
    const attestation = restricted
      ? checkAttestation(c.body.age_attestation, rules.minimumAge, now)
      : null;

    let totalItems = 0;
    for (const line of lines) totalItems += line.quantity;
    const totalCents = subtotalCents + shippingCents;
    if (totalCents !== c.expectedCents) {
      const cart = await loadCart(trx, cartId, c.tenantId, now);
      throw new HttpError(409, {
        detail: ORDER_MESSAGES.priceChanged(`$${formatMinorUnits(totalCents)}`),
        cart,
      });
    }
    const ttl =
      c.method === 'card_2c2p'
        ? ctx.settings.cardOrderTtlSeconds
        : ctx.settings.bankTransferOrderTtlSeconds;
    const { id: orderId } = await trx
      .insertInto('orders')
      .values({
        tenant_id: c.tenantId,
        user_id: c.userId,
        order_number: newOrderNumber(),
        status: 'awaiting_payment',
        payment_method: c.method,
        total_cents: totalCents,
        subtotal_cents: subtotalCents,
        shipping_cents: shippingCents,
        shipments: '[]',
        needs_adult_signature: restricted ? 1 : 0,
        attestation_dob: attestation?.dateOfBirth ?? null,
        attestation_at: attestation ? now.toISOString() : null,
        attestation_text: attestation?.text ?? null,
        total_items: totalItems,
        street: c.address.street,
        city: c.address.city,
        postal_code: c.address.postalCode,
        country: c.address.country,
        fullname: c.address.fullname,
        contact_number: c.address.contact_number,
        payment_instructions: c.settings.instructions,
        payment_redirect_url: c.settings.redirectUrl,
        idempotency_key: c.idempotencyKey,
        request_hash: c.idempotencyKey ? c.requestHash : null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        paid_at: null,
        expires_at: new Date(now.getTime() + ttl * 1000).toISOString(),
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // One product may fill several lines (different customizations): decrement it once. A
    // made-to-order piece is made for the order and takes no stock.
    const perProduct = new Map<number, { name: string; quantity: number }>();
    for (const line of lines) {
      if (line.made_to_order) continue;
      const entry = perProduct.get(line.product_id);
      if (entry) entry.quantity += line.quantity;
      else perProduct.set(line.product_id, { name: line.name, quantity: line.quantity });
    }
    const productIds = [...perProduct.keys()].sort((a, b) => a - b);
    for (const productId of productIds) {
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
        lines.map((line) => {
          const dispatch = dispatchOf(line, rules, now);
          return {
            order_id: orderId,
            product_id: line.product_id,
            product_name: line.name,
            product_slug: line.slug,
            thumb_path: thumbs.get(line.product_id)?.thumb_image ?? null,
            customization: line.customization,
            options: JSON.stringify(line.chosen),
            quantity: line.quantity,
            unit_price_cents: line.unit_cents,
            line_total_cents: line.unit_cents * line.quantity,
            made_to_order: line.made_to_order ? 1 : 0,
            age_restricted: line.age_restricted ? 1 : 0,
            dispatch_earliest: dispatch.earliest,
            dispatch_latest: dispatch.latest,
          };
        }),
      )
      .execute();
    // The quote named cart lines; the order's shipments name its own lines, which took their
    // ids in the cart lines' order.
    const itemIds = await trx
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const orderItemOf = new Map(lines.map((line, i) => [line.id, itemIds[i]!.id]));
    await trx
      .updateTable('orders')
      .set({
        shipments: JSON.stringify(
          shipments.map((s) => ({ ...s, item_ids: s.item_ids.map((id) => orderItemOf.get(id)!) })),
        ),
      })
      .where('id', '=', orderId)
      .execute();
    await trx.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
    await ctx.record(trx, { type: 'placed', orderId });

    const placed = await findOrder(trx, c.tenantId, c.userId, { id: orderId });
    if (!placed) throw new Error('The order just placed cannot be read back.');
    return { order: placed.order, productIds };
  });
}
