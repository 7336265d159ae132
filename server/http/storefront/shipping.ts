/**
 * Shipping handlers (decision 014; contract tag checkout): the countries a shop ships to with
 * the words a buyer of an age-restricted piece confirms and its delivery rates, and the quote for delivering the
 * caller's cart to a country. The quote is advice: placing the order checks the same rules
 * again (server/checkout/checkout.ts), inside its transaction.
 */
import { HttpError } from '../http-error.ts';
import { attestationText } from '../../checkout/age-gate.ts';
import { cartLines, findCartId } from '../../cart/cart.ts';
import { shopRules } from '../../catalog/dispatch-dates.ts';
import {
  countriesOf,
  countryName,
  loadShipping,
  quote,
  quoteLines,
  SHIPPING_MESSAGES,
  toShippingQuote,
  type ShopShipping,
} from '../../shipping/shipping.ts';
import { toDecimal } from '../../../common/money.ts';
import { requireUser } from '../auth.ts';
import type { Schemas } from '../../../common/storefront-contract.ts';
import type { OperationHandler } from '../contract-types.ts';

/**
 * The shop's delivery rates zone by zone (contract: ShippingOptions.delivery_zones): each
 * zone's delivery methods with their price for one shipment and free-over threshold (decimal
 * strings). Collection (a method of no zone) is not delivery and is left out; a zone without a
 * delivery method is left out too.
 */
export function deliveryZones(shipping: ShopShipping): Schemas['ShippingZoneRates'][] {
  return shipping.zones
    .map((zone) => ({
      name: zone.name,
      countries: zone.countries,
      age_restricted_allowed: zone.ageRestrictedAllowed,
      methods: shipping.methods
        .filter((method) => method.zoneId === zone.id && method.kind === 'delivery')
        .map((method) => ({
          code: method.code,
          name: method.name,
          description: method.description,
          age_verified: method.ageVerified,
          price: toDecimal(method.priceCents),
          free_over: method.freeOverCents === null ? null : toDecimal(method.freeOverCents),
        })),
    }))
    .filter((zone) => zone.methods.length > 0);
}

/**
 * GET /shipping/options/ -> ShippingOptions: countries by name, minimum age, attestation, and
 * the delivery rates zone by zone.
 */
export const getShippingOptions: OperationHandler<'getShippingOptions'> = async (request) => {
  const { db } = request.server;
  const [shipping, rules] = await Promise.all([
    loadShipping(db, request.tenant.id),
    shopRules(db, request.tenant.id),
  ]);
  return {
    countries: countriesOf(shipping),
    minimum_age: rules.minimumAge,
    age_attestation_text: attestationText(rules.minimumAge),
    delivery_zones: deliveryZones(shipping),
  };
};

/**
 * POST /orders/cart/shipping-quote/ `{country, choices?}` -> ShippingQuote for the caller's
 * cart (an empty cart quotes nothing, for 0.00).
 * @throws HttpError 400 `{country: ['We do not ship to Canada.']}` for a country outside the
 *   shop's zones; `{shipping: [...]}` for a choice naming a line not in the cart, or a method
 *   the line may not use to that country.
 */
export const quoteShipping: OperationHandler<'quoteShipping'> = async (request) => {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const country = request.body.country.toUpperCase();
  const cartId = await findCartId(db, tenantId, requireUser(request).id);
  const [lines, shipping] = await Promise.all([
    cartId === undefined ? Promise.resolve([]) : cartLines(db, cartId, tenantId),
    loadShipping(db, tenantId),
  ]);
  const choices = new Map((request.body.choices ?? []).map((c) => [c.item_id, c.method]));
  const quoted = quote(shipping, quoteLines(lines), country, choices);
  if (!quoted) {
    throw new HttpError(400, { country: [SHIPPING_MESSAGES.notShipped(countryName(country))] });
  }
  if (quoted.errors.length > 0) throw new HttpError(400, { shipping: quoted.errors });
  return toShippingQuote(quoted);
};
