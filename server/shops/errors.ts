/**
 * The shops module's error codes (architecture guide, convention 17); server/http/domain-errors.ts
 * gives each its HTTP status when a door answers with one.
 *
 * - `invalid_shop`: a field of a new shop is wrong (field errors: `shop_name`, `domain`,
 *   `currency`, `country`, the owner's `owner_email`, `owner_name` and `password`).
 * - `domain_taken`: another shop already answers at that domain (field `domain`).
 */
export type ShopErrorCode = 'invalid_shop' | 'domain_taken';
