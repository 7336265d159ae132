/**
 * Checkout: an order from the cart (spec sections 4, 5 and 7; decisions 006 and 039), in one
 * transaction that never oversells, never leaves half an order behind and never charges a
 * total the shopper did not see, on SQLite and on PostgreSQL:
 * 1. the customer's cart row is locked (two checkouts of one cart, and so of one customer,
 *    run one after the other);
 * 2. the Idempotency-Key is looked up again under that lock;
 * 3. the customer's unpaid orders are counted (at most MAX_UNPAID_ORDERS; decision 038);
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
 *
 * The cart's discount code (issue 42, decision 088) is applied at step 4 to the lines as priced
 * there (a code that no longer applies refuses the order: 409 `discount_code_unavailable` with
 * its reason and the cart, the code taken off), its use is taken after step 5 with a conditional
 * UPDATE (two orders racing for its last use get one between them), each line keeps its share
 * of the discount (`order_items.discount_cents`), and the cart loses the code at step 7.
 *
 * This module checks the request (address, payment method), answers a repeated key and retries
 * a colliding order number; the transaction itself, steps 1 to 7, is ./checkout-transaction.ts.
 */
import { isUniqueViolation } from '../platform/db/errors.ts';
import { offeredMethodTerms } from '../payments/methods.ts';
import { cleanAddress, type DeliveryAddress } from '../shipping/delivery-address.ts';
import { canonicalJson, sha256Hex } from '../platform/canonical-json.ts';
import { BLANK_MESSAGE } from '../platform/field-messages.ts';
import { toDecimal, toMinorUnits } from '../../common/money.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { CheckoutErrorCode } from './errors.ts';
import {
  type Checkout,
  type CheckoutInput,
  inTransaction,
  DiscountShortage,
  replay,
  StockShortage,
} from './checkout-transaction.ts';
import { dropCartCode } from '../cart/cart-discount.ts';
import { findCartId, loadCart } from '../cart/cart.ts';
import { DISCOUNT_MESSAGES } from '../discounts/messages.ts';
import type { DiscountErrorCode } from '../discounts/errors.ts';
import type { OrderContext } from '../orders/context.ts';
import { ORDER_MESSAGES } from '../orders/messages.ts';
import { findOrder, type Order } from '../orders/read-model.ts';
import { shopperMoveFacts } from '../orders/shopper-moves.ts';
import { collectedOnly, loadShipping } from '../shipping/shipping.ts';

/**
 * The 409 of a checkout whose code could not be used (./checkout-transaction.ts
 * `DiscountShortage`): the code is taken off the cart, and the answer says why and carries
 * the cart without it (nothing was ordered).
 */
async function codeLost(
  ctx: OrderContext,
  input: CheckoutInput,
  lost: DiscountShortage,
): Promise<DomainError<DiscountErrorCode>> {
  const cartId = await findCartId(ctx.db, input.tenantId, input.userId);
  const cart =
    cartId === undefined
      ? undefined
      : await (async () => {
          await dropCartCode(ctx.db, cartId, lost.key);
          return loadCart(ctx.db, cartId, input.tenantId);
        })();
  return new DomainError<DiscountErrorCode>(
    'discount_code_unavailable',
    DISCOUNT_MESSAGES.lostAtCheckout(lost.code, lost.reason),
    { extra: cart ? { cart } : {} },
  );
}

/** DRF's words for an amount past the largest one kept exactly (a safe integer of cents). */
const MONEY_OUT_OF_RANGE = `Ensure this value is less than or equal to ${toDecimal(Number.MAX_SAFE_INTEGER)}.`;

/**
 * Places an order from the customer's cart (see the module comment) and answers it, status
 * `awaiting_payment`, with the moves the shopper may make on it (`actions`,
 * ../orders/shopper-moves.ts) and `expires_at` set: a card order `cardOrderTtlSeconds` from
 * now (a payment attempt never moves it on), other methods `bankTransferOrderTtlSeconds`.
 * @throws DomainError `invalid_order_fields` with every field error at once
 *   (`delivery_address.{field}` blank or NUL, a `payment_method` the shop does not offer, an
 *   `expected_total_price` past a safe integer of cents), `empty_cart` ('Your cart is empty.'),
 *   the cart's `insufficient_stock` with the stock message naming the product, `price_changed`
 *   (with the current `cart`) when the cart's total is not `expected_total_price`,
 *   `too_many_unpaid_orders` when the customer has `maxUnpaidOrders` unpaid orders,
 *   `idempotency_mismatch` when the key was used with another body, and the delivery and age
 *   codes of ./checkout-transaction.ts and ./age-gate.ts. A repeated key with the same body
 *   answers the first order.
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
  const settings = await offeredMethodTerms(ctx, tenantId, body.payment_method);
  if (!settings) errors.payment_method = [ORDER_MESSAGES.methodUnavailable];
  // The contract's Money pattern was checked before this ran; only an amount past a safe
  // integer of cents is left to refuse.
  const expectedCents = toMinorUnits(body.expected_total_price);
  if (expectedCents === null) errors.expected_total_price = [MONEY_OUT_OF_RANGE];
  if (Object.keys(errors).length > 0 || !settings || expectedCents === null) {
    // Answer every field error at once: the blanks count unless every line is collected.
    if (blanks.size > 0) {
      const shipping = await loadShipping(ctx.db, tenantId);
      const methods = body.shipping.map((c) => c.method);
      if (!collectedOnly(shipping, methods))
        for (const key of blanks) errors[key] = [BLANK_MESSAGE];
    }
    throw new DomainError<CheckoutErrorCode>('invalid_order_fields', 'The order is refused.', {
      fields: errors,
    });
  }

  const requestHash = sha256Hex(
    canonicalJson({
      payment_method: body.payment_method,
      delivery_address: address,
      shipping: body.shipping,
      age_attestation: body.age_attestation ?? null,
      expected_total_price: toDecimal(expectedCents),
      // Hashed with the rest: the codes are never stored in the clear.
      gift_cards: body.gift_cards ?? [],
    }),
  );
  // What the answer's `actions` are read with; the provider is asked outside the transaction.
  const moves = await shopperMoveFacts(ctx, tenantId);
  const key = input.idempotencyKey;
  if (key) {
    const earlier = await findOrder(ctx.db, tenantId, userId, { idempotencyKey: key }, moves);
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
    moves,
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
      if (error instanceof DiscountShortage) throw await codeLost(ctx, input, error);
      if (!isUniqueViolation(error)) throw error;
      // A twin with the same key committed first (another process): answer its order.
      if (key) {
        const twin = await findOrder(ctx.db, tenantId, userId, { idempotencyKey: key }, moves);
        if (twin) return replay(twin, requestHash);
      }
      if (attempt >= 3) throw error;
    }
  }
}
