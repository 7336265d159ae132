/**
 * Table types of the shop database for Kysely. The same schema runs on SQLite and PostgreSQL
 * (see ./migrations.ts), so column types describe what both drivers hand back:
 * - booleans are 0/1 integers on SQLite and true/false on PostgreSQL: write 0/1 (PostgreSQL
 *   accepts '1'/'0' for a boolean parameter), read through `Boolean(...)`;
 * - timestamps are ISO 8601 strings on SQLite and `Date` on PostgreSQL: write ISO strings,
 *   read through `toIsoString` in ./mapping.ts;
 * - money is integer minor units (cents) in `*_cents` columns;
 * - JSON values are stored as text and parsed on read.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { ProviderName } from '../payments/provider.ts';

type Bool = ColumnType<boolean | number, number, number>;
type Timestamp = ColumnType<Date | string, string, string>;

export interface TenantsTable {
  id: Generated<number>;
  token: string;
  name: string;
  /** Folder under the media dir holding this tenant's files (e.g. "demo"). */
  media_slug: string;
  created_at: Timestamp;
}

export interface SiteSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  site_title: string;
  site_description: string;
  /** Path relative to the API base, e.g. "/media/demo/favicon.svg". */
  favicon: string | null;
  theme_name: string;
  /** Root-relative URL path, e.g. "/api/media/demo/logo.png". */
  logo: string | null;
  google_analytics_id: string | null;
  contact_email: string;
  /** JSON object text of platform -> URL, or null. */
  social_media_links: string | null;
  /**
   * New blog comments are approved at once (true) or wait for moderation; the column
   * defaults to false.
   */
  comments_auto_approve: ColumnType<boolean | number, number | undefined, number>;
}

export interface CompanyInfoTable {
  id: Generated<number>;
  tenant_id: number;
  tagline: string;
  history_summary: string;
  mission_statement: string;
  vision_statement: string;
}

export interface CoreValuesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  description: string;
  position: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  tenant_id: number;
  slug: string;
  name: string;
  /** HTML, sanitized by the SPA before display. */
  description: string;
}

export interface ProductsTable {
  id: Generated<number>;
  tenant_id: number;
  slug: string;
  name: string;
  category_id: number;
  price_cents: number;
  price_before_discount_cents: number | null;
  /** Never negative (CHECK constraint); orders decrement it with `stock = stock - n WHERE stock >= n`. */
  stock: number;
  description: string;
  long_html_description: string;
  is_active: Bool;
  created_at: Timestamp;
  /** JSON array of ProductOption (server/orders/options.ts); null: the piece takes no options. */
  options: ColumnType<string | null, string | null | undefined, string | null>;
  /** Made for each order within its lead time: orderable at stock 0, stock never taken. */
  made_to_order: ColumnType<boolean | number, number | undefined, number>;
  /** Working days to make it, at least and at most (made to order). */
  lead_time_days_min: ColumnType<number | null, number | null | undefined, number | null>;
  lead_time_days_max: ColumnType<number | null, number | null | undefined, number | null>;
  /** Sold only to adults (a bladed article). */
  age_restricted: ColumnType<boolean | number, number | undefined, number>;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  /** Root-relative URL path of the full image. */
  image_path: string;
  /** Root-relative URL path of the thumbnail. */
  thumb_path: string;
  alt_text: string;
  /** Display order; the lowest is the main image. `order` is reserved in SQL, hence the name. */
  position: number;
}

export interface ProductAttributesTable {
  id: Generated<number>;
  product_id: number;
  key: string;
  value: string;
  position: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  /** Author name at the time of the review; null shows as 'Anonymous User'. */
  username: string | null;
  /** The customer who wrote it (one review per customer per product); null for seeded
   * reviews without an account and after the account is deleted. */
  user_id: number | null;
  rating: number;
  comment: string;
  is_verified_purchase: Bool;
  created_at: Timestamp;
}

/** A customer account; belongs to one tenant. */
export interface UsersTable {
  id: Generated<number>;
  tenant_id: number;
  /** Stored trimmed and lowercased; unique within the tenant. */
  email: string;
  /** Unique within the tenant; letters, digits and . + - _ (never '@', so it cannot pass for an e-mail). */
  username: string;
  /** `scrypt$...` from server/auth/passwords.ts. */
  password_hash: string;
  is_active: Bool;
  created_at: Timestamp;
  /**
   * When the password was last changed or reset; access tokens issued in an earlier
   * second are refused. Null until the first change.
   */
  password_changed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/**
 * A password-reset link's token (docs/decisions/009-shopper-account.md). Only its
 * SHA-256 is stored; it is bound to a tenant and a user, used once, and valid until
 * `expires_at` (1 hour). Issuing a new one deletes the user's older ones.
 */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  /** Hex SHA-256 of the token sent in the link. */
  token_hash: string;
  expires_at: Timestamp;
  /** When it was used; null while unused. */
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * A delivery address saved in a customer's account (contract: SavedAddress). Exactly
 * one of a user's addresses is the default while any exist; at most 20 per user.
 */
export interface UserAddressesTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  fullname: string;
  contact_number: string;
  street: string;
  city: string;
  postal_code: string;
  country: string;
  is_default: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One issued refresh token (docs/decisions/004-refresh-token-rotation.md). A login
 * starts a family; every rotation adds a row to it with the family's absolute expiry.
 */
export interface RefreshTokensTable {
  /** The token's `jti` claim. */
  jti: string;
  tenant_id: number;
  user_id: number;
  family_id: string;
  expires_at: Timestamp;
  /** When the token was exchanged; null while unspent. */
  used_at: Timestamp | null;
  /** When its family was revoked (logout or replay); null while valid. */
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * Which payment methods a shop offers (contract: PaymentOptions), and the secret its
 * card gateway signs notifications with. One row per tenant; a tenant without one offers none.
 */
export interface PaymentSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  enable_card_payment: Bool;
  enable_bank_transfer: Bool;
  enable_custom_payment: Bool;
  /** Multi-line text shown to bank-transfer customers. */
  bank_account_details: string | null;
  custom_payment_label: string | null;
  custom_payment_instructions: string | null;
  custom_payment_redirect_url: string | null;
  /**
   * The sandbox gateway's HMAC key as plaintext: empty once sealed into `credentials` at
   * start-up (server/payments/credentials.ts); kept as a column so an older database upgrades.
   */
  gateway_secret: string;
  /** Which provider takes this shop's card payments (server/payments/provider.ts). */
  provider: ColumnType<ProviderName, ProviderName | undefined, ProviderName>;
  /** The provider's credentials, sealed (JWE, A256GCM under PAYMENT_SECRETS_KEY); null: none. */
  credentials: string | null;
}

/** A customer's server-side cart: one per user and tenant. */
export interface CartsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A line of a cart: one product with one customization (server/lib/customization.ts). */
export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  product_id: number;
  /** Always above 0 (CHECK constraint): quantity 0 deletes the line. */
  quantity: number;
  /** Canonical JSON object text: keys sorted, values trimmed, empty values dropped; `{}` when none. */
  customization: string;
  /** sha256 hex of `customization`: the line's identity in the unique index. */
  customization_hash: string;
  created_at: Timestamp;
}

/** Contract OrderStatus; the moves between them are server/orders/lifecycle.ts's. */
export type OrderStatus =
  'awaiting_payment' | 'paid' | 'processing' | 'shipped' | 'canceled' | 'expired';
/** Contract PaymentMethod. */
export type PaymentMethod = 'card_2c2p' | 'bank_transfer' | 'custom';

/** A placed order: totals, address and payment instructions as they were at checkout. */
export interface OrdersTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  /** "ORD-XXXX-XXXX", unique per tenant; the bank-transfer payment reference. */
  order_number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  total_cents: number;
  total_items: number;
  street: string;
  city: string;
  postal_code: string;
  country: string;
  fullname: string;
  contact_number: string;
  payment_instructions: string | null;
  payment_redirect_url: string | null;
  /** The client's Idempotency-Key; unique per tenant and user. */
  idempotency_key: string | null;
  /** sha256 hex of the request the key was first used with. */
  request_hash: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  /**
   * Written first by every transaction that changes the order or its payments: that write is
   * the order row's lock (PostgreSQL row lock, SQLite's write lock), taken before any payment.
   */
  updated_at: Timestamp;
  /** When an unpaid order expires (awaiting_payment only); null once it is paid or closed. */
  expires_at: Timestamp | null;
  /** When it was canceled or expired. */
  closed_at: Timestamp | null;
  /** The lines' total; `total_cents` = subtotal + shipping. */
  subtotal_cents: number;
  shipping_cents: ColumnType<number, number | undefined, number>;
  /** JSON array of Shipment. */
  shipments: ColumnType<string, string | undefined, string>;
  needs_adult_signature: ColumnType<boolean | number, number | undefined, number>;
  /** The age attestation of an order with an age-restricted piece (YYYY-MM-DD, when, words). */
  attestation_dob: ColumnType<string | null, string | null | undefined, string | null>;
  attestation_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  attestation_text: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A line of an order, with the product's name, price and thumbnail at checkout. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  /** Null once the product is deleted. */
  product_id: number | null;
  product_name: string;
  product_slug: string;
  thumb_path: string | null;
  customization: string;
  quantity: number;
  /** The product's price with the chosen options' surcharges, as charged. */
  unit_price_cents: number;
  line_total_cents: number;
  /** JSON array of ChosenOption as the shopper saw them. */
  options: ColumnType<string, string | undefined, string>;
  made_to_order: ColumnType<boolean | number, number | undefined, number>;
  age_restricted: ColumnType<boolean | number, number | undefined, number>;
  /** The estimated dispatch when the order was placed (YYYY-MM-DD). */
  dispatch_earliest: ColumnType<string | null, string | null | undefined, string | null>;
  dispatch_latest: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Contract PaymentStatus.status ('error' is never stored; it is the client's lookup failure). */
export type PaymentState = 'initiated' | 'pending' | 'succeeded' | 'failed' | 'canceled';

/** One card payment attempt of an order. */
export interface PaymentsTable {
  id: Generated<number>;
  uuid: string;
  tenant_id: number;
  order_id: number;
  user_id: number;
  amount_cents: number;
  /** ISO 4217, always "USD" for now (spec section 9). */
  currency: string;
  status: PaymentState;
  gateway_transaction_ref: string | null;
  error_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The provider that took this attempt. */
  provider: ColumnType<ProviderName, ProviderName | undefined, ProviderName>;
  /** The provider's id of the attempt (2C2P invoice number, Stripe session id); null until started. */
  provider_ref: string | null;
  /** 1 for the order's first attempt, then 2, 3, ... */
  attempt: ColumnType<number, number | undefined, number>;
  /** When the provider reported the money taken. */
  captured_at: Timestamp | null;
  /**
   * Money taken that the order cannot keep (it was closed, or already paid by another
   * attempt): 'pending' while the refund through the provider is tried, 'manual' when the
   * shop must refund it by hand (its provider cannot, and it was told), then 'refunded'; null
   * for every other payment.
   */
  refund_status: RefundStatus | null;
  refund_ref: string | null;
  /** When the provider was last asked for this attempt's state (return page, sweep). */
  checked_at: Timestamp | null;
}

/** A captured payment the order cannot keep: waiting for its refund, or refunded. */
export type RefundStatus = 'pending' | 'manual' | 'refunded';

/** A gateway notification that was verified and applied (or acknowledged); replays collide. */
export interface PaymentNotificationsTable {
  id: Generated<number>;
  tenant_id: number;
  event_id: string;
  payment_id: number;
  status: string;
  received_at: Timestamp;
}

/** Contract BlogPost.status; only `published` posts (published_at not in the future) are served. */
export type BlogPostStatus = 'draft' | 'published' | 'archived';

/** A blog post. */
export interface BlogPostsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Unique within the tenant. */
  slug: string;
  title: string;
  /** A user of the same tenant; null shows as 'Admin'. */
  author_id: number | null;
  /** Root-relative URL path of the featured image, or null. */
  featured_image_path: string | null;
  /** HTML, sanitized by the SPA before display. */
  content: string;
  /** Plain text for the post cards. */
  excerpt: string;
  status: BlogPostStatus;
  published_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A comment on a blog post, or a reply to one. */
export interface BlogCommentsTable {
  id: Generated<number>;
  tenant_id: number;
  post_id: number;
  /** A comment of the same post; null for a top-level comment. */
  parent_id: number | null;
  /** The customer who wrote it; null shows as 'Anonymous'. */
  user_id: number | null;
  /** Plain text, stored trimmed; rendered as text, never as HTML. */
  content: string;
  is_approved: Bool;
  /** 0 for a top-level comment, the parent's depth + 1 for a reply. */
  depth: number;
  created_at: Timestamp;
}

/** A frequently asked question. */
export interface FaqsTable {
  id: Generated<number>;
  tenant_id: number;
  question: string;
  /** HTML, sanitized by the SPA before display. */
  answer: string;
  /** Display order (contract: Faq.order). */
  position: number;
}

/** Contract DocumentType. */
export type DocumentType = 'refund_policy' | 'privacy_policy';

/** A legal document; one of each type per tenant. */
export interface LegalDocumentsTable {
  id: Generated<number>;
  tenant_id: number;
  document_type: DocumentType;
  title: string;
  /** HTML, sanitized by the SPA before display. */
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A shop location on the contact page (contract: BranchLocation). */
export interface ContactLocationsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  is_hq: Bool;
  address: string;
  phone_number: string | null;
  /** An embeddable map page (the storefront's CSP allows only its map host in frames). */
  map_embed_link: string | null;
  /** A link to the location on a map site. */
  map_location_url: string | null;
  /** Root-relative URL path of a picture of the place, or null. */
  image_path: string | null;
  position: number;
}

/** An e-mail address of the shop with what to use it for (contract: ContactEmail). */
export interface ContactEmailsTable {
  id: Generated<number>;
  tenant_id: number;
  purpose: string;
  email_address: string;
  position: number;
}

/** A social profile of the shop (contract: SocialMediaProfile). */
export interface SocialProfilesTable {
  id: Generated<number>;
  tenant_id: number;
  /** Lowercase code: facebook, instagram, linkedin, twitter, youtube, ... */
  platform: string;
  /** The platform's name as shown, e.g. "Twitter (X)". */
  platform_display: string;
  link: string;
  position: number;
}

/** A message sent through the contact form, stored trimmed. */
export interface ContactMessagesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  email: string;
  phone_number: string | null;
  subject: string;
  message: string;
  /** The client address it came from (the throttle's key). */
  client_address: string;
  created_at: Timestamp;
}

/** A fixed-window counter of requests per (scope, tenant, key), e.g. contact messages per address. */
export interface RequestThrottlesTable {
  scope: string;
  tenant_id: number;
  key: string;
  hits: number;
  /** End of the current window, epoch ms (bigint: a string from PostgreSQL). */
  window_ends_ms: ColumnType<number | string, number, number>;
}

/** The whole database as Kysely sees it. */
/** A shop's own rules for its pieces and its buyers (decision 014). One row per tenant. */
export interface ShopSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  /** The youngest age that may buy an age-restricted piece. */
  minimum_age: ColumnType<number, number | undefined, number>;
  /** ISO weekdays the workshop works, Monday = 1, comma-separated ("1,2,3,4,5"). */
  working_days: ColumnType<string, string | undefined, string>;
  /** Working days until a piece in stock leaves the workshop, at least and at most. */
  ready_dispatch_days_min: ColumnType<number, number | undefined, number>;
  ready_dispatch_days_max: ColumnType<number, number | undefined, number>;
}

/** Countries a shop ships to together, with the same methods. */
export interface ShippingZonesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** JSON array of ISO 3166-1 alpha-2 codes. */
  countries: string;
  /** Whether age-restricted pieces may be sent to these countries at all. */
  age_restricted_allowed: ColumnType<boolean | number, number | undefined, number>;
  position: number;
}

/** A way a shop sends (or hands over) a shipment. */
export interface ShippingMethodsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Null: every country the shop ships to (collection at the workshop). */
  zone_id: number | null;
  /** Unique per shop, e.g. "uk-standard". */
  code: string;
  name: string;
  description: string;
  kind: 'delivery' | 'collection';
  /** Handed only to an adult who shows proof of age: may carry age-restricted pieces. */
  age_verified: ColumnType<boolean | number, number | undefined, number>;
  price_cents: number;
  /** Free when the shipment's lines come to at least this; null: never free. */
  free_over_cents: number | null;
  position: number;
}

/** An e-mail waiting to be sent, or sent (server/mail/outbox.ts). */
export interface EmailOutboxTable {
  id: Generated<number>;
  tenant_id: number;
  /** server/mail/templates/email-data.ts's `kind`. */
  kind: string;
  recipient: string;
  /** The e-mail's data as JSON text. */
  data: string;
  /** Unique per event, e.g. `order:12:placed:shopper`. */
  dedupe_key: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  /** A sender that claimed the row holds it until then; after that another may take it. */
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

/** The sandbox gateway's own record of a charge, as a real provider keeps one. */
export interface SandboxChargesTable {
  /** The provider reference handed to the shop: "SBX-…". */
  ref: string;
  tenant_id: number;
  payment_uuid: string;
  order_number: string;
  amount_cents: number;
  currency: string;
  status: 'open' | 'pending' | 'succeeded' | 'failed' | 'canceled';
  /** Where the shopper goes back to once the page is done. */
  return_url: string;
  transaction_ref: string | null;
  error_message: string | null;
  refunded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  tenants: TenantsTable;
  site_settings: SiteSettingsTable;
  company_info: CompanyInfoTable;
  core_values: CoreValuesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_attributes: ProductAttributesTable;
  reviews: ReviewsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  payment_settings: PaymentSettingsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  payment_notifications: PaymentNotificationsTable;
  blog_posts: BlogPostsTable;
  blog_comments: BlogCommentsTable;
  faqs: FaqsTable;
  legal_documents: LegalDocumentsTable;
  contact_locations: ContactLocationsTable;
  contact_emails: ContactEmailsTable;
  social_profiles: SocialProfilesTable;
  contact_messages: ContactMessagesTable;
  request_throttles: RequestThrottlesTable;
  password_reset_tokens: PasswordResetTokensTable;
  user_addresses: UserAddressesTable;
  email_outbox: EmailOutboxTable;
  shop_settings: ShopSettingsTable;
  shipping_zones: ShippingZonesTable;
  shipping_methods: ShippingMethodsTable;
  sandbox_charges: SandboxChargesTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type User = Selectable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
