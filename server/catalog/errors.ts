/**
 * The catalogue's error codes (architecture guide, convention 17): each names the rule that
 * refused the request; server/http/domain-errors.ts gives each its HTTP status.
 *
 * - `product_not_found`: no active product of this shop by that slug.
 * - `category_not_found`: no category of this shop by that slug.
 * - `invalid_page`: a product list page past the last, or beyond any offset a table can hold.
 * - `too_many_decimal_places`: a price bound with more than two decimals (field: the bound).
 * - `min_price_above_max_price`: `min_price` above `max_price` (field: `max_price`).
 * - `search_term_too_short`: a suggestions term under two characters once trimmed (field: `q`).
 * - `null_in_customization`: a NUL character in a customization key or value.
 * - `options_not_offered`: a customization sent for a piece that takes no options.
 * - `invalid_options`: choices the piece's options refuse (fields `customization.{key}`).
 * - `invalid_back_in_stock_request`: an "E-mail me when it is back" ask's bad fields
 *   (./back-in-stock.ts).
 * - `back_in_stock_not_sold_out`: that ask for a piece that can be ordered now.
 * - `invalid_back_in_stock_token`: a confirmation link that is unknown or no longer valid.
 */
export type CatalogErrorCode =
  | 'product_not_found'
  | 'category_not_found'
  | 'invalid_page'
  | 'too_many_decimal_places'
  | 'min_price_above_max_price'
  | 'search_term_too_short'
  | 'null_in_customization'
  | 'options_not_offered'
  | 'invalid_options'
  | 'invalid_back_in_stock_request'
  | 'back_in_stock_not_sold_out'
  | 'invalid_back_in_stock_token';
