/**
 * The error codes of the back office's sales (./sale-editing.ts); server/http/domain-errors.ts
 * gives each its HTTP status.
 *
 * - `sale_not_found`: no sale of this shop by that id (404).
 * - `invalid_sale`: a field of the sale is refused (400, each field with its messages).
 * - `sale_ended`: the sale has ended: it can be neither changed nor ended again (409).
 */
export type SaleErrorCode = 'sale_not_found' | 'invalid_sale' | 'sale_ended';
