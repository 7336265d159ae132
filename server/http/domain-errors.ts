/**
 * The one mapping from the domain folders' error codes to the contract's HTTP statuses
 * (architecture guide, convention 17). A domain raises `DomainError(code, message, ...)`
 * (server/platform/domain-error.ts) and never picks a status; the error handler
 * (./errors.ts) answers with the status below and the body `errorBody` shapes.
 *
 * Each domain's codes are a type in its own `errors.ts`; `DOMAIN_ERROR_STATUS` must name every
 * one of them (the `satisfies` below fails the type check otherwise).
 */
import type { DomainError } from '../platform/domain-error.ts';
import type { CatalogErrorCode } from '../catalog/errors.ts';
import type { CartErrorCode } from '../cart/errors.ts';
import type { ShippingErrorCode } from '../shipping/errors.ts';
import type { CheckoutErrorCode } from '../checkout/errors.ts';
import type { OrderErrorCode } from '../orders/errors.ts';
import type { PaymentErrorCode } from '../payments/errors.ts';
import type { AccountErrorCode } from '../accounts/errors.ts';
import type { ContentErrorCode } from '../content/errors.ts';
import type { StaffErrorCode } from '../staff/errors.ts';
import type { SettingsErrorCode } from '../settings/errors.ts';
import type { ModerationErrorCode } from '../content/moderation-errors.ts';
import type { MediaErrorCode } from '../media/errors.ts';
import type { StockCategoryErrorCode } from '../catalog/stock-category-errors.ts';
import type { ProductEditingErrorCode } from '../catalog/product-editing-errors.ts';
import type { ShopErrorCode } from '../shops/errors.ts';
import type { SaleErrorCode } from '../catalog/sale-errors.ts';
import type { DiscountErrorCode } from '../discounts/errors.ts';
import type { GiftCardErrorCode } from '../giftcards/errors.ts';

/** Every domain's error codes. Add a domain's union here when it gains an `errors.ts`. */
type DomainErrorCode =
  | CatalogErrorCode
  | CartErrorCode
  | GiftCardErrorCode
  | ShippingErrorCode
  | CheckoutErrorCode
  | OrderErrorCode
  | PaymentErrorCode
  | AccountErrorCode
  | ContentErrorCode
  | StaffErrorCode
  | ModerationErrorCode
  | StockCategoryErrorCode
  | ProductEditingErrorCode
  | MediaErrorCode
  | SettingsErrorCode
  | ShopErrorCode
  | SaleErrorCode
  | DiscountErrorCode;

/** The HTTP status of each domain error code. */
const DOMAIN_ERROR_STATUS = {
  // shops: opening one
  invalid_shop: 400,
  domain_taken: 400,
  // shops: the first-run set-up
  shop_exists: 409,
  setup_code_wrong: 403,
  // shops: launching, a holiday, the preview password
  shop_not_ready: 409,
  shop_status_conflict: 409,
  invalid_shop_status_input: 400,
  // catalog: the back office's sales
  sale_not_found: 404,
  invalid_sale: 400,
  sale_ended: 409,
  // catalog
  product_not_found: 404,
  invalid_back_in_stock_request: 400,
  back_in_stock_not_sold_out: 409,
  invalid_back_in_stock_token: 400,
  category_not_found: 404,
  invalid_page: 404,
  too_many_decimal_places: 400,
  min_price_above_max_price: 400,
  search_term_too_short: 400,
  null_in_customization: 400,
  options_not_offered: 400,
  invalid_options: 400,
  // catalog: the back office's product editing
  invalid_product_input: 400,
  invalid_recall_input: 400,
  recall_open: 409,
  recall_not_found: 404,
  // cart (and product_not_found above)
  line_not_found: 404,
  insufficient_stock: 409,
  too_many_units: 400,
  cart_full: 400,
  invalid_variant: 400,
  invalid_gift_card: 400,
  // gift cards (decision 090)
  gift_card_invalid: 400,
  gift_card_balance_changed: 409,
  gift_card_not_found: 404,
  gift_card_cancelled: 409,
  invalid_gift_card_input: 400,
  // shipping
  country_not_shipped: 400,
  invalid_shipping_choice: 400,
  // checkout (and country_not_shipped above)
  invalid_order_fields: 400,
  empty_cart: 400,
  too_many_unpaid_orders: 409,
  invalid_delivery: 400,
  age_attestation_missing: 400,
  invalid_date_of_birth: 400,
  under_age: 400,
  price_changed: 409,
  idempotency_mismatch: 422,
  shop_not_trading: 409,
  // orders (and invalid_page above)
  order_not_found: 404,
  not_cancelable: 409,
  payment_in_progress: 409,
  order_move_refused: 409,
  shipment_not_found: 404,
  refund_too_large: 400,
  invalid_order_input: 400,
  stock_gone: 409,
  cancellation_refused: 409,
  // payments
  payment_not_found: 404,
  payment_order_not_found: 404,
  not_a_card_order: 409,
  order_already_paid: 409,
  order_not_payable: 409,
  card_payments_unavailable: 409,
  payment_still_processing: 409,
  provider_unavailable: 502,
  payment_amount_mismatch: 400,
  wrong_payment_currency: 400,
  notification_forged: 400,
  notification_stale: 400,
  notification_mismatched: 404,
  notification_malformed: 400,
  // accounts
  invalid_address: 400,
  address_book_full: 400,
  default_address_required: 400,
  empty_address_change: 400,
  address_not_found: 404,
  invalid_registration: 400,
  email_taken: 400,
  username_taken: 400,
  invalid_credentials: 401,
  invalid_auth_token: 401,
  invalid_new_password: 400,
  current_password_wrong: 400,
  erasure_password_wrong: 400,
  invalid_reset_token: 400,
  email_already_verified: 400,
  invalid_verification_token: 400,
  customer_not_found: 404,
  invalid_customer_search: 400,
  // content
  invalid_blog_page: 404,
  blog_post_not_found: 404,
  invalid_comment: 400,
  parent_comment_not_found: 404,
  parent_comment_other_post: 400,
  comment_too_deep: 400,
  invalid_review: 400,
  review_product_not_found: 404,
  already_reviewed: 409,
  review_not_a_buyer: 403,
  invalid_contact_message: 400,
  site_settings_not_found: 404,
  company_info_not_found: 404,
  // moderation and the inbox
  moderation_item_not_found: 404,
  moderation_move_refused: 409,
  invalid_moderation_input: 400,
  invalid_moderation_page: 404,
  invalid_content_input: 400,
  content_not_found: 404,
  content_move_refused: 409,
  // staff (the back office)
  forbidden: 403,
  staff_auth_failed: 401,
  otp_required: 400,
  staff_throttled: 429,
  staff_email_taken: 400,
  weak_password: 400,
  staff_invalid: 400,
  staff_not_found: 404,
  staff_conflict: 409,
  // stock and categories (the back office)
  invalid_stock_input: 400,
  stock_move_refused: 409,
  invalid_category_input: 400,
  category_not_empty: 409,
  // media (photos and uploads)
  upload_not_found: 400,
  image_refused: 415,
  image_damaged: 400,
  image_wrong_content_type: 415,
  image_too_large: 413,
  image_too_many_pixels: 400,
  image_too_much_to_decode: 400,
  photo_not_found: 404,
  media_product_not_found: 404,
  too_many_photos: 409,
  invalid_photo_input: 400,
  // settings (the owner's)
  invalid_settings: 400,
  settings_not_found: 404,
  settings_conflict: 409,
  // discounts (issue 42)
  invalid_discount_code: 400,
  discount_code_unavailable: 409,
  invalid_discount_input: 400,
  discount_not_found: 404,
  discount_code_taken: 400,
} satisfies Record<DomainErrorCode, number>;

/** The status of a domain error; 500 for a code missing from the table (a bug, logged). */
export function statusOfDomainError(error: DomainError): number {
  return (DOMAIN_ERROR_STATUS as Record<string, number>)[error.code] ?? 500;
}
