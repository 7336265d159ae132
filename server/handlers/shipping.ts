/**
 * Shipping handlers (decision 014; contract tag checkout): the countries a shop ships to with
 * the words a buyer of an age-restricted piece confirms, and the quote for delivering the
 * caller's cart to a country. The quote is advice: placing the order checks the same rules
 * again (server/orders/checkout.ts), inside its transaction.
 */
import { HttpError } from '../lib/http-error.ts';
import { attestationText } from '../orders/age-gate.ts';
import { cartLines, findCartId } from '../orders/cart.ts';
import { shopRules } from '../orders/dispatch.ts';
import {
  countriesOf,
  countryName,
  loadShipping,
  quote,
  quoteLines,
  SHIPPING_MESSAGES,
  toShippingQuote,
} from '../orders/shipping.ts';
import { requireUser } from '../plugins/auth.ts';
import type { OperationHandler } from './types.ts';

/** GET /shipping/options/ -> ShippingOptions: countries by name, minimum age, attestation. */
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
