/**
 * The error codes of the back office's stock and category editing (architecture guide,
 * convention 17); server/http/domain-errors.ts gives each its HTTP status. A product or category
 * the shop does not have is `product_not_found` / `category_not_found` (./errors.ts).
 *
 * - `invalid_stock_input`: a stock change or threshold the rules refuse (fields named).
 * - `stock_move_refused`: a stock change that cannot be made now (below zero, the count moved
 *   meanwhile, a made-to-order product); the answer carries the current `stock`.
 * - `invalid_category_input`: a category's name, slug, description or new order refused
 *   (fields named; a slug already used in the shop is one).
 * - `category_not_empty`: deleting a category that still holds products.
 */
export type StockCategoryErrorCode =
  'invalid_stock_input' | 'stock_move_refused' | 'invalid_category_input' | 'category_not_empty';
