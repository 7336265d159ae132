/**
 * Shipping's error codes (architecture guide, convention 17): each names the rule that refused
 * the request; server/http/domain-errors.ts gives each its HTTP status.
 *
 * - `country_not_shipped`: the country is in none of the shop's zones (field `country`).
 * - `invalid_shipping_choice`: a choice names a line not in the cart, or a method the line may
 *   not use to that country (field `shipping`, one message per problem).
 */
export type ShippingErrorCode = 'country_not_shipped' | 'invalid_shipping_choice';
