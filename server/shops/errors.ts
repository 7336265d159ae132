/**
 * The shops module's error codes (architecture guide, convention 17); server/http/domain-errors.ts
 * gives each its HTTP status when a door answers with one.
 *
 * - `invalid_shop`: a field of a new shop is wrong (field errors: `shop_name`, `domain`,
 *   `currency`, `country`, the owner's `owner_email`, `owner_name` and `password`).
 * - `domain_taken`: another shop already answers at that domain (field `domain`).
 * - `shop_exists`: the first-run set-up was asked for a deployment that already has a shop
 *   (./first-run.ts).
 * - `setup_code_wrong`: the first-run set-up's code is not the one the server logged (field
 *   `code`).
 * - `shop_not_ready`: Launch was asked while the set-up checklist has items left (./launch.ts).
 * - `shop_status_conflict`: the shop's status does not allow the move (./launch.ts).
 * - `invalid_shop_status_input`: a field of a status change is wrong (./launch.ts).
 */
export type ShopErrorCode =
  | 'invalid_shop'
  | 'domain_taken'
  | 'shop_exists'
  | 'setup_code_wrong'
  | 'shop_not_ready'
  | 'shop_status_conflict'
  | 'invalid_shop_status_input';
