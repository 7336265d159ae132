/**
 * The discount code kept on a customer's cart (`carts.discount_code`; issue 42, decision 088),
 * applied by the server only, to the lines as they are priced (the cart's, the quote's and the
 * order's, ../discounts/discount-rules.ts). A code that no longer applies (deactivated, not
 * started or expired, used up, used by this customer, the cart below its minimum or without a
 * line it reduces) is taken off the cart where it is read, and the answer that found it carries
 * the reason once (`notice`): the next answer no longer has the code, so no notice either. An
 * empty cart keeps its code without applying it.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { formatPrice, toDecimal } from '../../common/money.ts';
import { shopCurrency } from '../platform/shop-currency.ts';
import { findCode, usedBy } from '../discounts/discount-codes.ts';
import {
  type CodeTerms,
  type Discount,
  type DiscountLine,
  discountOf,
  type Refusal,
  refusalMessage,
  refusalOf,
} from '../discounts/discount-rules.ts';
import { DISCOUNT_MESSAGES } from '../discounts/messages.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The code on a cart as it applies now: the discount (null: none) and the notice (once). */
export interface CartDiscount {
  discount: Discount | null;
  notice: string | null;
  /** The code the cart kept that does not apply now, and why (null: none such). */
  refused: { code: string; key: string; reason: string } | null;
}

/** The code's refusal in the shop's words (the minimum in the shop's currency). */
export async function refusalWords(
  db: Db,
  tenantId: number,
  code: CodeTerms,
  refusal: Refusal,
): Promise<string> {
  const currency = refusal === 'below_minimum' ? await shopCurrency(db, tenantId) : null;
  return refusalMessage(refusal, code, (cents) => formatPrice(toDecimal(cents), currency));
}

/**
 * Why `code` does not apply to `lines` for customer `userId` now, or null when it does
 * (../discounts/discount-rules.ts `refusalOf`, with whether the customer has used it).
 */
export async function codeRefusal(
  db: Db,
  code: CodeTerms,
  userId: number,
  lines: readonly DiscountLine[],
  now: Date,
): Promise<Refusal | null> {
  const used = code.oncePerCustomer ? await usedBy(db, code.id, userId) : false;
  return refusalOf(code, lines, now, used);
}

/**
 * Takes the code `key` off cart `cartId`, unless the cart has another one by now (a
 * conditional UPDATE: a shopper's newer code is never removed for an older one's reason).
 */
export async function dropCartCode(db: Db, cartId: number, key: string): Promise<void> {
  await db
    .updateTable('carts')
    .set({ discount_code: null })
    .where('id', '=', cartId)
    .where('discount_code', '=', key)
    .execute();
}

/**
 * The code on cart `cartId` of shop `tenantId` applied to `lines` (priced as the caller prices
 * them) at `now`; a code that no longer applies is taken off the cart (see the module comment)
 * unless `drop` is false (the quote and the checkout apply it or not, and leave the taking off,
 * with its notice, to the cart's answer).
 */
export async function cartDiscount(
  db: Db,
  tenantId: number,
  cartId: number,
  lines: readonly DiscountLine[],
  now: Date,
  options: { drop?: boolean } = {},
): Promise<CartDiscount> {
  const drop = options.drop ?? true;
  const cart = await db
    .selectFrom('carts')
    .select(['discount_code', 'user_id'])
    .where('id', '=', cartId)
    .executeTakeFirst();
  const key = cart?.discount_code ?? null;
  if (!cart || key === null || lines.length === 0) {
    return { discount: null, notice: null, refused: null };
  }
  const code = await findCode(db, tenantId, key);
  if (!code) {
    if (drop) await dropCartCode(db, cartId, key);
    return {
      discount: null,
      notice: DISCOUNT_MESSAGES.removed(key, DISCOUNT_MESSAGES.unknown),
      refused: { code: key, key, reason: DISCOUNT_MESSAGES.unknown },
    };
  }
  const refusal = await codeRefusal(db, code, cart.user_id, lines, now);
  if (refusal !== null) {
    if (drop) await dropCartCode(db, cartId, key);
    const reason = await refusalWords(db, tenantId, code, refusal);
    return {
      discount: null,
      notice: DISCOUNT_MESSAGES.removed(code.code, reason),
      refused: { code: code.code, key, reason },
    };
  }
  return { discount: discountOf(code, lines), notice: null, refused: null };
}

/** A discount as the contract's CartDiscount: the code as shown, the amount, free delivery. */
export function toCartDiscount(discount: Discount | null) {
  return discount === null
    ? null
    : {
        code: discount.code.code,
        amount: toDecimal(discount.cents),
        free_delivery: discount.freeDelivery,
      };
}

/**
 * A shipping quote with a free-delivery code applied: every shipment and the shipping at 0
 * (the methods keep their prices, so the shopper sees what the code saves). Other codes leave
 * the quote as it is. The quote's lines are the goods before the code: a method's free-over
 * threshold is compared with them.
 */
export function deliveryAfter<
  Q extends { shipments: { priceCents: number }[]; shippingCents: number },
>(quoted: Q, discount: Discount | null): Q {
  if (!discount?.freeDelivery) return quoted;
  return {
    ...quoted,
    shipments: quoted.shipments.map((s) => ({ ...s, priceCents: 0 })),
    shippingCents: 0,
  };
}
