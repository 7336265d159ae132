/**
 * The error codes of the back office's product editing (architecture guide, convention 17);
 * server/http/domain-errors.ts gives each its HTTP status. A product the shop does not have is
 * `product_not_found` (./errors.ts), as on the storefront.
 *
 * - `invalid_product_input`: a product's field the rules refuse (fields named: `name`, `slug`
 *   (taken or malformed), `category_id`, `price`, `options.0.values`, ...).
 * - `invalid_recall_input`: a recall's field refused (`title`, `problem`, `action`; ./recalls.ts).
 * - `recall_open`: a recall published on a product that already has an open one.
 * - `recall_not_found`: no such recall of that product in the shop.
 */
export type ProductEditingErrorCode =
  'invalid_product_input' | 'invalid_recall_input' | 'recall_open' | 'recall_not_found';
