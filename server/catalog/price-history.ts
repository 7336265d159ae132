/**
 * Honest discounts (Directive 98/6/EC art. 6a, added by Directive (EU) 2019/2161, the "Omnibus"
 * directive): a price reduction may be announced against a prior price only when that prior
 * price is the lowest the trader applied in the 30 days before the reduction.
 *
 * Every price a product takes is recorded with the moment it took effect (`product_prices`,
 * migration 2026_019), and the lowest price of the 30 days before the current price took
 * effect is kept on the product row (`lowest_prior_price_cents`), so the storefront decides
 * with a comparison of the row's own columns ({@link discountShown}) and never reads the
 * history while listing products.
 *
 * The rule (decision taken for issue 29): 'DISCOUNT OFFER' and the struck-through price show
 * only when `price < price_before_discount <= lowest price of those 30 days`; with no earlier
 * price recorded in that window, nothing is shown.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { formatPrice, toDecimal } from '../../common/money.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The window before a price took effect whose lowest price a "was" price may not exceed. */
export const PRIOR_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

/** One recorded price: cents, and when it took effect. */
export interface PricePoint {
  priceCents: number;
  from: Date;
}

/**
 * The lowest price in effect at any moment of the {@link PRIOR_WINDOW_DAYS} days before the
 * LAST point of `history` took effect (the current price), in cents; null when no earlier
 * price was in effect in that window. A price counts from its point until the next one; the
 * price already in effect when the window opens counts too. `history` may be in any order;
 * points of the same instant count in the order given (a price replaced in the same instant
 * was never in effect).
 */
export function lowestPriorPrice(history: readonly PricePoint[]): number | null {
  const points = history
    .map((point, index) => ({ ...point, index }))
    .sort((a, b) => a.from.getTime() - b.from.getTime() || a.index - b.index);
  const current = points.at(-1);
  if (!current) return null;
  const windowStart = current.from.getTime() - PRIOR_WINDOW_DAYS * DAY_MS;
  let lowest: number | null = null;
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i]!.from.getTime();
    const end = points[i + 1]!.from.getTime();
    if (end <= start || end <= windowStart) continue;
    lowest = lowest === null ? points[i]!.priceCents : Math.min(lowest, points[i]!.priceCents);
  }
  return lowest;
}

/**
 * Whether the storefront may show `beforeCents` struck through next to `priceCents`: it is
 * above the price and at most the lowest price of the 30 days before the price took effect
 * (`lowestPriorCents`; null: none recorded, never shown). Art. 6a of Directive 98/6/EC.
 */
export function discountShown(
  priceCents: number,
  beforeCents: number | null,
  lowestPriorCents: number | null,
): boolean {
  return (
    beforeCents !== null &&
    lowestPriorCents !== null &&
    priceCents < beforeCents &&
    beforeCents <= lowestPriorCents
  );
}

/** The product's price before discount as the storefront shows it: the decimal string, or null. */
export function honestBeforePrice(row: {
  price_cents: number;
  price_before_discount_cents: number | null;
  lowest_prior_price_cents: number | null;
}): string | null {
  return discountShown(
    row.price_cents,
    row.price_before_discount_cents,
    row.lowest_prior_price_cents,
  )
    ? toDecimal(row.price_before_discount_cents!)
    : null;
}

/** What the back office says of a product's discount (admin contract: ProductDiscount). */
export interface DiscountState {
  shown: boolean;
  lowest_price_30_days: string | null;
  reason: string | null;
}

/**
 * Whether the shop shows the product's discount, the lowest price of the 30 days before its
 * price (decimal string or null) and, when a price before discount is set but not shown, why
 * in one sentence with the amounts in the shop's `currency` (ISO 4217): "The shop shows no
 * discount: the price before discount (£120.00) is above ...". No price before discount: not
 * shown, no reason.
 */
export function discountState(
  row: {
    price_cents: number;
    price_before_discount_cents: number | null;
    lowest_prior_price_cents: number | null;
  },
  currency: string,
): DiscountState {
  const lowest = row.lowest_prior_price_cents;
  const before = row.price_before_discount_cents;
  const state = {
    shown: discountShown(row.price_cents, before, lowest),
    lowest_price_30_days: lowest === null ? null : toDecimal(lowest),
  };
  if (state.shown || before === null) return { ...state, reason: null };
  const money = (cents: number) => formatPrice(toDecimal(cents), currency);
  let why: string;
  if (before <= row.price_cents) why = 'the price before discount is not above the price';
  else if (lowest === null)
    why = `no earlier price recorded in the ${PRIOR_WINDOW_DAYS} days before this price`;
  else {
    why = `the price before discount (${money(before)}) is above the lowest price of the ${PRIOR_WINDOW_DAYS} days before this price (${money(lowest)})`;
  }
  return { ...state, reason: `The shop shows no discount: ${why}.` };
}

/**
 * Records that product `productId` costs `priceCents` from `at` on, and keeps its
 * `lowest_prior_price_cents` (see the module comment). Call it in the transaction that sets the
 * price, whenever the price is set to a new value (and when a product is created); setting the
 * same price again records nothing.
 * @returns the product's new lowest prior price (cents) or null.
 */
export async function recordPrice(
  db: Db,
  change: { tenantId: number; productId: number; priceCents: number; at: Date },
): Promise<number | null> {
  await db
    .insertInto('product_prices')
    .values({
      tenant_id: change.tenantId,
      product_id: change.productId,
      price_cents: change.priceCents,
      effective_from: change.at.toISOString(),
    })
    .execute();
  const rows = await db
    .selectFrom('product_prices')
    .select(['price_cents', 'effective_from'])
    .where('product_id', '=', change.productId)
    .where('tenant_id', '=', change.tenantId)
    .orderBy('effective_from')
    .orderBy('id')
    .execute();
  // The point just written is the current price even if an older clock wrote a later one.
  const history = rows.map((r) => ({
    priceCents: r.price_cents,
    from: new Date(r.effective_from),
  }));
  const earlier = history.filter((p) => p.from.getTime() <= change.at.getTime());
  const lowest = lowestPriorPrice(earlier);
  await db
    .updateTable('products')
    .set({ lowest_prior_price_cents: lowest })
    .where('id', '=', change.productId)
    .where('tenant_id', '=', change.tenantId)
    .execute();
  return lowest;
}
