/**
 * The checkout transaction (steps 1 to 7 of ./checkout.ts's list): under the customer's cart
 * lock it re-checks the Idempotency-Key, counts unpaid orders, prices the cart's lines with
 * their shipping and the buyer's age attestation against the total the shopper was shown,
 * inserts the order, takes each product's stock with a conditional UPDATE, copies the lines
 * with their price snapshot, empties the cart and queues the order's e-mails. Money is integer
 * cents throughout.
 */
import type { MethodTerms } from '../payments/methods.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import { toCount } from '../platform/db/mapping.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { DeliveryAddress } from '../shipping/delivery-address.ts';
import { BLANK_MESSAGE } from '../platform/field-messages.ts';
import { formatPrice, toDecimal } from '../../common/money.ts';
import { shopTrading, type ShopTrading } from '../platform/shop-currency.ts';
import { holidayMessage, SHOP_STATUS_MESSAGES } from '../../common/shop-status.ts';
import { randomCode } from '../platform/random-code.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { CartErrorCode } from '../cart/errors.ts';
import type { CheckoutErrorCode } from './errors.ts';
import { checkAttestation } from './age-gate.ts';
import {
  cartLines,
  findCartId,
  loadCart,
  lockCart,
  mainImages,
  stockConflict,
} from '../cart/cart.ts';
import type { OrderContext } from '../orders/context.ts';
import { PAYMENT_METHODS } from '../payments/methods.ts';
import { dispatchOf, shopRules } from '../catalog/dispatch-dates.ts';
import { ORDER_MESSAGES } from '../orders/messages.ts';
import type { Trx } from '../orders/order-lock.ts';
import { findOrder, type Order } from '../orders/read-model.ts';
import type { ShopperMoveFacts } from '../orders/shopper-moves.ts';
import {
  countryName,
  loadShipping,
  quote,
  quoteLines,
  SHIPPING_MESSAGES,
  toShipment,
} from '../shipping/shipping.ts';
import { currentVatPolicy } from '../content/site-settings.ts';
import { taxationOf } from '../../common/destination-vat.ts';
import { pricedAt } from '../cart/cart-quote.ts';
import { cartDiscount, refusalWords } from '../cart/cart-discount.ts';
import { codeKey, takeUse } from '../discounts/discount-codes.ts';
import { goodsCents } from '../discounts/discount-rules.ts';
import { takeVariantStock } from '../catalog/variant-stock.ts';
import { spendCards } from '../giftcards/ledger.ts';
import { voucherKind } from '../giftcards/vouchers.ts';
import { orderBecomesPaid } from '../orders/order-paid.ts';

/**
 * A human-readable order number, "ORD-XXXX-XXXX": 8 characters of ../platform/random-code.ts
 * (30^8, about 6.6e11 numbers).
 */

/**
 * The refusal of an order at a shop that does not sell now: on holiday, its owner's words (or
 * the storefront's own); not launched, "This shop is not open yet." (409 `shop_not_trading`).
 */
function notTrading(trading: ShopTrading): DomainError<CheckoutErrorCode> {
  return new DomainError<CheckoutErrorCode>(
    'shop_not_trading',
    trading.status === 'holiday'
      ? holidayMessage(trading.closedMessage)
      : SHOP_STATUS_MESSAGES.notOpenYet,
  );
}
export function newOrderNumber(): string {
  const chars = randomCode(8);
  return `ORD-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The earlier order of a repeated key: the same order.
 * @throws DomainError `idempotency_mismatch` when the request differed.
 */
export function replay(
  found: { order: Order; requestHash: string | null },
  requestHash: string,
): Order {
  if (found.requestHash !== requestHash) {
    throw new DomainError<CheckoutErrorCode>(
      'idempotency_mismatch',
      ORDER_MESSAGES.idempotencyMismatch,
    );
  }
  return found.order;
}

/**
 * A stock decrement that did not fit: rolls the transaction back, then `placeOrder` throws its
 * `conflict` (the cart's `insufficient_stock`, naming the product).
 */
export class StockShortage extends Error {
  constructor(readonly conflict: DomainError<CartErrorCode>) {
    super(conflict.message);
  }
}

/**
 * A discount code whose use could not be taken in the order's transaction (its last use went to
 * another order a moment before, it was deactivated, or this customer's once is taken): rolls
 * the transaction back, then `placeOrder` takes the code off the cart and answers 409.
 */
export class DiscountShortage extends Error {
  constructor(
    /** The code as shown, and as kept on the cart (upper case). */
    readonly code: string,
    readonly key: string,
    /** Why, in the shop's words (../discounts/messages.ts). */
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** What `placeOrder` is asked: the customer, the request body and its Idempotency-Key. */
export interface CheckoutInput {
  tenantId: number;
  userId: number;
  body: Schemas['OrderCreate'];
  /** The client's Idempotency-Key, or null. */
  idempotencyKey: string | null;
}

/** A checkout request after validation, as the transaction uses it. */
export interface Checkout extends CheckoutInput {
  method: PaymentMethod;
  address: DeliveryAddress;
  /** Address fields left blank, allowed only when every line is collected. */
  blanks: Set<string>;
  expectedCents: number;
  settings: MethodTerms;
  requestHash: string;
  /**
   * The shop's facts the answer's `actions` are read with, asked before the transaction
   * (../orders/shopper-moves.ts `shopperMoveFacts`: it queries outside it).
   */
  moves: ShopperMoveFacts;
}

const emptyCart = () => new DomainError<CheckoutErrorCode>('empty_cart', ORDER_MESSAGES.emptyCart);

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
 * @throws DomainError `country_not_shipped` (field `delivery_address.country`) when the shop
 *   does not ship there; `invalid_delivery` with fields: `shipping` naming the piece whose
 *   method is missing or not allowed (an age-restricted piece by other than age-verified
 *   delivery or collection, or to a country that allows none), and
 *   `delivery_address.{street,city,postalCode}` blank while a line is delivered.
 */
function checkShipping(
  c: Checkout,
  lines: Awaited<ReturnType<typeof cartLines>>,
  shipping: Awaited<ReturnType<typeof loadShipping>>,
) {
  const choices = new Map(c.body.shipping.map((choice) => [choice.item_id, choice.method]));
  // A gift card is e-mailed, never shipped (decision 090): its lines are priced, not quoted.
  const shipped = lines.filter((line) => !line.giftCard);
  const giftCents = goodsCents(lines.filter((line) => line.giftCard));
  const quoted = quote(shipping, quoteLines(shipped), c.address.country, choices);
  if (!quoted) {
    throw new DomainError<CheckoutErrorCode>(
      'country_not_shipped',
      SHIPPING_MESSAGES.notShipped(countryName(c.address.country)),
      { field: 'delivery_address.country' },
    );
  }
  const errors: FieldErrors = {};
  const problems = [...quoted.errors];
  for (const line of shipped) {
    if (!choices.has(line.id)) problems.push(SHIPPING_MESSAGES.chooseMethod(line.name));
  }
  if (problems.length > 0) errors.shipping = problems;
  const delivered = quoted.shipments.some((s) => s.method.kind === 'delivery');
  if (delivered) for (const key of c.blanks) errors[key] = [BLANK_MESSAGE];
  if (Object.keys(errors).length > 0) {
    throw new DomainError<CheckoutErrorCode>('invalid_delivery', 'The delivery is refused.', {
      fields: errors,
    });
  }
  return {
    shipments: quoted.shipments.map(toShipment),
    subtotalCents: quoted.subtotalCents + giftCents,
    shippingCents: quoted.shippingCents,
  };
}

/**
 * The checkout transaction. Resolves to the new order (or to the earlier order of the same key
 * found under the cart lock) and the products whose stock moved; throws DomainError (the codes of
 * ./errors.ts), StockShortage, or the database's unique violation for the caller to sort out.
 */
export async function inTransaction(
  ctx: OrderContext,
  c: Checkout,
): Promise<{ order: Order; productIds: number[] }> {
  const db: Kysely<Database> = ctx.db;
  return db.transaction().execute(async (trx) => {
    const cartId = await findCartId(trx, c.tenantId, c.userId);
    if (cartId === undefined) throw emptyCart();
    await lockCart(trx, cartId);
    if (c.idempotencyKey) {
      // A twin that held the lock before this one has committed by now.
      const earlier = await findOrder(
        trx,
        c.tenantId,
        c.userId,
        { idempotencyKey: c.idempotencyKey },
        c.moves,
      );
      if (earlier) return { order: replay(earlier, c.requestHash), productIds: [] };
    }
    const unpaid = await countUnpaid(trx, c.tenantId, c.userId);
    if (unpaid >= ctx.settings.maxUnpaidOrders) {
      throw new DomainError<CheckoutErrorCode>(
        'too_many_unpaid_orders',
        ORDER_MESSAGES.tooManyUnpaid(unpaid),
      );
    }
    const now = ctx.now();
    // Priced at the order's moment: a sale running then reduces its lines (catalog/sales.ts).
    const inCart = await cartLines(trx, cartId, c.tenantId, now);
    if (inCart.length === 0) throw emptyCart();
    const [shipping, rules, vatPolicy, trading] = await Promise.all([
      loadShipping(trx, c.tenantId),
      shopRules(trx, c.tenantId),
      // The rate in force now stays the order's, whatever the shop's rate becomes (invoices);
      // in `destination` mode the delivery country's (issue 41, common/destination-vat.ts).
      currentVatPolicy(trx, c.tenantId),
      // Shared-locked: an owner's currency change or holiday waits for this order; an order
      // placed after the holiday began is refused by the state read here.
      shopTrading(trx, c.tenantId),
    ]);
    if (trading.status !== 'open') throw notTrading(trading);
    const { currency } = trading;
    const taxation = taxationOf(vatPolicy, c.address.country);
    const voucher = voucherKind(
      vatPolicy,
      shipping.zones.flatMap((zone) => zone.countries),
    );
    // Priced where they go: the same as the quote, so its total is the one checked below.
    const lines = pricedAt(inCart, taxation);
    const checked = checkShipping(c, lines, shipping);
    const { subtotalCents } = checked;
    // The cart's discount code on the lines as priced here (../cart/cart-discount.ts): a code
    // that no longer applies (used up by another order a moment ago...) refuses the order with
    // its reason; `placeOrder` takes it off the cart.
    const { discount, refused } = await cartDiscount(trx, c.tenantId, cartId, lines, now, {
      drop: false,
    });
    if (refused) throw new DiscountShortage(refused.code, refused.key, refused.reason);
    const discountCents = discount?.cents ?? 0;
    const shippingCents = discount?.freeDelivery ? 0 : checked.shippingCents;
    const shipments = discount?.freeDelivery
      ? checked.shipments.map((s) => ({ ...s, price: toDecimal(0) }))
      : checked.shipments;
    const restricted = lines.some((l) => l.age_restricted);
    const attestation = restricted
      ? checkAttestation(c.body.age_attestation, rules.minimumAge, now)
      : null;

    let totalItems = 0;
    for (const line of lines) totalItems += line.quantity;
    const totalCents = subtotalCents - discountCents + shippingCents;
    if (totalCents !== c.expectedCents) {
      const cart = await loadCart(trx, cartId, c.tenantId, now);
      throw new DomainError<CheckoutErrorCode>(
        'price_changed',
        ORDER_MESSAGES.priceChanged(formatPrice(toDecimal(totalCents), currency)),
        { extra: { cart } },
      );
    }
    // Money that moves offline (a transfer, cash) takes days to be seen; a card payment minutes.
    const ttl = PAYMENT_METHODS[c.method].offline
      ? ctx.settings.bankTransferOrderTtlSeconds
      : ctx.settings.cardOrderTtlSeconds;
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
        vat_rate_bp: taxation.rateBp,
        vat_country: taxation.country,
        discount_code_id: discount?.code.id ?? null,
        discount_code: discount?.code.code ?? null,
        discount_cents: discountCents,
        free_delivery: discount?.freeDelivery ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // The code's use, taken as stock is (../discounts/discount-codes.ts `takeUse`): of two
    // orders racing for its last use, the second finds none left and rolls back.
    if (discount) {
      const refusal = await takeUse(trx, discount.code, c.userId, orderId);
      if (refusal !== null) {
        throw new DiscountShortage(
          discount.code.code,
          codeKey(discount.code.code),
          await refusalWords(trx, c.tenantId, discount.code, refusal),
        );
      }
    }

    // One product may fill several lines (different customizations): decrement it once. A
    // made-to-order piece is made for the order and takes no stock.
    const perProduct = new Map<number, { name: string; quantity: number }>();
    const perVariant = new Map<number, { name: string; quantity: number }>();
    for (const line of lines) {
      if (line.made_to_order || line.giftCard) continue;
      if (line.variant_id !== null) {
        // A variant's stock is its own (issue 42): taken from the variant below.
        const taken = perVariant.get(line.variant_id);
        if (taken) taken.quantity += line.quantity;
        else {
          perVariant.set(line.variant_id, {
            name: `${line.name} (${line.variant_label})`,
            quantity: line.quantity,
          });
        }
        continue;
      }
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
    // Variants in id order too, so two checkouts never wait on each other in a circle; each
    // also takes the same from its product's summed stock (../catalog/variant-stock.ts).
    for (const variantId of [...perVariant.keys()].sort((a, b) => a - b)) {
      const { name, quantity } = perVariant.get(variantId)!;
      if (!(await takeVariantStock(trx, c.tenantId, variantId, quantity))) {
        const current = await trx
          .selectFrom('product_variants')
          .select('stock')
          .where('id', '=', variantId)
          .where('tenant_id', '=', c.tenantId)
          .executeTakeFirst();
        throw new StockShortage(stockConflict(current?.stock ?? 0, `${name}: `));
      }
    }
    for (const line of lines) {
      if (
        line.variant_id !== null &&
        !line.made_to_order &&
        !productIds.includes(line.product_id)
      ) {
        productIds.push(line.product_id);
      }
    }

    const thumbs = await mainImages(
      trx,
      lines.map((l) => l.product_id),
    );
    await trx
      .insertInto('order_items')
      .values(
        lines.map((line, index) => {
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
            // The line's share of the code (../discounts/discount-rules.ts `allocate`).
            discount_cents: discount?.shares[index] ?? 0,
            made_to_order: line.made_to_order ? 1 : 0,
            // What the decrement above took for this line: closing gives back exactly this.
            stock_taken: line.made_to_order || line.giftCard ? 0 : line.quantity,
            age_restricted: line.age_restricted ? 1 : 0,
            // The line's right to cancel as it was when ordered (reg 28(1)(b); 2026-017).
            cancellation_exempt: line.cancellation_exempt ? 1 : 0,
            dispatch_earliest: dispatch.earliest,
            dispatch_latest: dispatch.latest,
            // The sale that reduced the unit price, kept with the price it made (2026-038).
            sale_id: line.saleId,
            // The variant as it is now: its name and SKU stay the order's (issue 42).
            variant_id: line.variant_id,
            variant_label: line.variant_label,
            sku: line.sku,
            // The buyer's choice, with the voucher's VAT kind decided now (decision 090).
            gift_card: line.giftCardChoice
              ? JSON.stringify({ ...line.giftCardChoice, voucher })
              : null,
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
    await trx.updateTable('carts').set({ discount_code: null }).where('id', '=', cartId).execute();
    // Gift cards pay before the provider (decision 090): in this transaction, so a card spent
    // by two checkouts at once pays one of them; an order they pay in full is paid now.
    const codes = c.body.gift_cards ?? [];
    if (codes.length > 0) {
      const paid = await spendCards(trx, c.tenantId, orderId, codes, totalCents, now);
      const giftCardCents = paid.reduce((sum, p) => sum + p.amountCents, 0);
      await trx
        .updateTable('orders')
        .set({ gift_card_cents: giftCardCents })
        .where('id', '=', orderId)
        .execute();
      if (giftCardCents === totalCents) {
        await orderBecomesPaid(ctx, trx, orderId, { kind: 'gift_cards' });
      }
    }
    // After the gift cards: the placed e-mail says what they paid and what is left.
    await ctx.record(trx, { type: 'placed', orderId });

    const placed = await findOrder(trx, c.tenantId, c.userId, { id: orderId }, c.moves);
    if (!placed) throw new Error('The order just placed cannot be read back.');
    return { order: placed.order, productIds };
  });
}
