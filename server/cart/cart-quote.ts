/**
 * The shipping quote of a customer's cart (decision 042; contract: ShippingQuote): the methods
 * each line may go by to a country, the shipments the chosen ones make, and the total. The
 * quote is advice: placing the order checks the same rules again, inside its transaction
 * (server/checkout/checkout-transaction.ts).
 *
 * With the country comes the VAT (issue 41, decision 087): the rate and country the order
 * will be taxed at (common/destination-vat.ts `taxationOf`) and, when the shop recomputes its
 * prices from the net, each line at its price there (`pricedAt`, which the checkout applies
 * too, so the quote's total is the one the order is placed at).
 *
 * With the cart's discount code (issue 42, ./cart-discount.ts): `discount`, and `total_price`
 * is the goods less the discount plus the delivery (free with a free-delivery code). A code
 * that no longer applies is left out here; the cart's next answer takes it off and says why.
 */
import type { Kysely } from 'kysely';
import type { Schemas } from '../../common/storefront-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import { DomainError } from '../platform/domain-error.ts';
import { cartLines, findCartId } from './cart.ts';
import { cartDiscount, deliveryAfter, toCartDiscount } from './cart-discount.ts';
import { goodsCents } from '../discounts/discount-rules.ts';
import { rateToPercent } from '../../common/vat.ts';
import { taxationOf, unitPriceAt, type Taxation } from '../../common/destination-vat.ts';
import { currentVatPolicy } from '../content/site-settings.ts';
import type { ShippingErrorCode } from '../shipping/errors.ts';
import {
  countryName,
  loadShipping,
  quote,
  quoteLines,
  SHIPPING_MESSAGES,
  toShippingQuote,
} from '../shipping/shipping.ts';

/**
 * Quotes delivering the customer's cart to `country` (a two-letter code, any case) with the
 * methods `choices` name per cart line; an empty cart (or none yet) quotes nothing, for 0.00.
 * @throws DomainError `country_not_shipped` (field `country`: "We do not ship to Canada.") for
 *   a country outside the shop's zones; `invalid_shipping_choice` (field `shipping`, a message
 *   per problem) for a choice naming a line not in the cart, or a method the line may not use to
 *   that country.
 */
export async function quoteCart(
  db: Kysely<Database>,
  scope: { tenantId: number; userId: number },
  country: string,
  choices: readonly { item_id: number; method: string }[],
  now = new Date(),
): Promise<Schemas['ShippingQuote']> {
  const { tenantId, userId } = scope;
  const code = country.toUpperCase();
  const cartId = await findCartId(db, tenantId, userId);
  const [cart, shipping, policy] = await Promise.all([
    cartId === undefined ? Promise.resolve([]) : cartLines(db, cartId, tenantId),
    loadShipping(db, tenantId),
    currentVatPolicy(db, tenantId),
  ]);
  const taxation = taxationOf(policy, code);
  const lines = pricedAt(cart, taxation);
  const chosen = new Map(choices.map((c) => [c.item_id, c.method]));
  // A gift card is e-mailed, never shipped (decision 090): its lines add to the subtotal only.
  const found = quote(shipping, quoteLines(lines.filter((l) => !l.giftCard)), code, chosen);
  if (found) found.subtotalCents += goodsCents(lines.filter((l) => l.giftCard));
  // The cart's discount code on the lines priced there (./cart-discount.ts), and its delivery.
  const { discount } =
    cartId === undefined
      ? { discount: null }
      : await cartDiscount(db, tenantId, cartId, lines, now, { drop: false });
  const quoted = found && deliveryAfter(found, discount);
  if (!quoted) {
    throw new DomainError<ShippingErrorCode>(
      'country_not_shipped',
      SHIPPING_MESSAGES.notShipped(countryName(code)),
      { field: 'country' },
    );
  }
  if (quoted.errors.length > 0) {
    throw new DomainError<ShippingErrorCode>(
      'invalid_shipping_choice',
      'The shipping chosen is refused.',
      { fields: { shipping: quoted.errors } },
    );
  }
  const answer = toShippingQuote(quoted);
  const priced = new Map(lines.map((line) => [line.id, line]));
  return {
    ...answer,
    lines: answer.lines.map((line) => {
      const cartLine = priced.get(line.item_id);
      return cartLine
        ? {
            ...line,
            unit_price: toDecimal(cartLine.unit_cents),
            line_total: toDecimal(cartLine.unit_cents * cartLine.quantity),
            // A variant's weight (issue 42): shipping is priced by method, not weight, yet.
            ...(cartLine.weight_grams === null
              ? {}
              : { weight_grams: cartLine.weight_grams * cartLine.quantity }),
          }
        : line;
    }),
    total_price: toDecimal(quoted.subtotalCents - (discount?.cents ?? 0) + quoted.shippingCents),
    discount: toCartDiscount(discount),
    vat_rate: taxation.rateBp === null ? null : rateToPercent(taxation.rateBp),
    vat_country: taxation.country,
    vat_export: taxation.export,
  };
}

/**
 * Cart lines priced for delivery under `taxation`: each unit's price recomputed from its net
 * when the shop chose `recompute_net` (common/destination-vat.ts `unitPriceAt`), else as it is.
 * The lines are copies; the cart keeps the shop's home prices.
 */
export function pricedAt<L extends { unit_cents: number }>(
  lines: readonly L[],
  taxation: Taxation,
): L[] {
  return lines.map((line) => ({ ...line, unit_cents: unitPriceAt(line.unit_cents, taxation) }));
}
