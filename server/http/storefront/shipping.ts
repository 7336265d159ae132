/**
 * Shipping handlers (decision 042; contract tag checkout): the countries a shop ships to with
 * the words a buyer of an age-restricted piece confirms and its delivery rates, and the quote
 * for delivering the caller's cart to a country (server/cart/cart-quote.ts).
 */
import { attestationText } from '../../checkout/age-gate.ts';
import { shopRules } from '../../catalog/dispatch-dates.ts';
import { quoteCart } from '../../cart/cart-quote.ts';
import { countriesOf, deliveryZones, loadShipping } from '../../shipping/shipping.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';

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
 * POST /orders/cart/shipping-quote/ `{country, choices?}` -> ShippingQuote for the caller's cart
 * (an empty cart quotes nothing, for 0.00); 400 `{country: ['We do not ship to Canada.']}` for a
 * country outside the shop's zones; `{shipping: [...]}` for a choice naming a line not in the cart,
 * or a method the line may not use to that country.
 */
export const quoteShipping: OperationHandler<'quoteShipping'> = async (request) =>
  quoteCart(
    request.server.db,
    { tenantId: request.tenant.id, userId: requireUser(request).id },
    request.body.country,
    request.body.choices ?? [],
  );
