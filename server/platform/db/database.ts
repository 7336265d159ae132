/**
 * Table types of the shop database for Kysely. The same schema runs on SQLite and PostgreSQL
 * (see ./migrations.ts), so column types describe what both drivers hand back:
 * - booleans are 0/1 integers on SQLite and true/false on PostgreSQL: write 0/1 (PostgreSQL
 *   accepts '1'/'0' for a boolean parameter), read through `Boolean(...)`;
 * - timestamps are ISO 8601 strings on SQLite and `Date` on PostgreSQL: write ISO strings,
 *   read through `toIsoString` in ./mapping.ts;
 * - money is integer minor units (cents) in `*_cents` columns;
 * - JSON values are stored as text and parsed on read.
 *
 * The tables are declared by area in ./tables/; this module puts them together as the
 * `Database` Kysely is typed with, and re-exports every table and value type from here.
 */
import type { Insertable, Selectable } from 'kysely';
import type {
  TenantsTable,
  SiteSettingsTable,
  CompanyInfoTable,
  CoreValuesTable,
} from './tables/site.ts';
import type {
  CategoriesTable,
  ProductsTable,
  ProductNameWordsTable,
  ProductImagesTable,
  ProductAttributesTable,
  ReviewsTable,
  StockMovementsTable,
  StockMovementReason,
  ProductSlugRedirectsTable,
  ProductPricesTable,
} from './tables/catalog.ts';
import type {
  UsersTable,
  PasswordResetTokensTable,
  EmailVerificationTokensTable,
  UserAddressesTable,
  RefreshTokensTable,
} from './tables/accounts.ts';
import type {
  CartsTable,
  CartItemsTable,
  OrderStatus,
  PaymentMethod,
  OrdersTable,
  OrderItemsTable,
  ManualPaymentsTable,
  RefundsTable,
  OrderFulfilmentsTable,
  Carrier,
} from './tables/orders.ts';
import type {
  PaymentSettingsTable,
  PaymentProviderCredentialsTable,
  PaymentState,
  PaymentsTable,
  RefundStatus,
  PaymentNotificationsTable,
  SandboxChargesTable,
} from './tables/payments.ts';
import type {
  ShopSettingsTable,
  ShippingZonesTable,
  ShippingMethodsTable,
} from './tables/shipping.ts';
import type {
  BlogPostStatus,
  BlogPostsTable,
  BlogCommentsTable,
  FaqsTable,
  DocumentType,
  LegalDocumentsTable,
  ContactLocationsTable,
  ContactEmailsTable,
  SocialProfilesTable,
  ContactMessagesTable,
  ContactMessageRepliesTable,
} from './tables/content.ts';
import type { RequestThrottlesTable, EmailOutboxTable } from './tables/server-state.ts';
import type { MediaUploadsTable } from './tables/media.ts';
import type {
  ActivityLogTable,
  StaffInvitationsTable,
  StaffPasswordResetsTable,
  StaffPoliciesTable,
  StaffRole,
  StaffSessionsTable,
  StaffTable,
} from './tables/staff.ts';

// Every table and value type stays importable from this module, as before the split.
export type {
  ActivityLogTable,
  StaffInvitationsTable,
  StaffPasswordResetsTable,
  StaffPoliciesTable,
  StaffRole,
  StaffSessionsTable,
  StaffTable,
  ManualPaymentsTable,
  RefundsTable,
  OrderFulfilmentsTable,
  Carrier,
  TenantsTable,
  SiteSettingsTable,
  CompanyInfoTable,
  CoreValuesTable,
  CategoriesTable,
  ProductsTable,
  ProductNameWordsTable,
  ProductImagesTable,
  ProductAttributesTable,
  ReviewsTable,
  StockMovementsTable,
  StockMovementReason,
  ProductSlugRedirectsTable,
  ProductPricesTable,
  UsersTable,
  PasswordResetTokensTable,
  EmailVerificationTokensTable,
  UserAddressesTable,
  RefreshTokensTable,
  CartsTable,
  CartItemsTable,
  OrderStatus,
  PaymentMethod,
  OrdersTable,
  OrderItemsTable,
  PaymentSettingsTable,
  PaymentProviderCredentialsTable,
  PaymentState,
  PaymentsTable,
  RefundStatus,
  PaymentNotificationsTable,
  SandboxChargesTable,
  ShopSettingsTable,
  ShippingZonesTable,
  ShippingMethodsTable,
  BlogPostStatus,
  BlogPostsTable,
  BlogCommentsTable,
  FaqsTable,
  DocumentType,
  LegalDocumentsTable,
  ContactLocationsTable,
  ContactEmailsTable,
  SocialProfilesTable,
  ContactMessagesTable,
  ContactMessageRepliesTable,
  RequestThrottlesTable,
  EmailOutboxTable,
  MediaUploadsTable,
};

/** The whole database as Kysely sees it. */
export interface Database {
  tenants: TenantsTable;
  site_settings: SiteSettingsTable;
  company_info: CompanyInfoTable;
  core_values: CoreValuesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  /** PostgreSQL only: each word of each active product's name, kept by a trigger (2026-025). */
  product_name_words: ProductNameWordsTable;
  /** Each product's prices and from when (2026-019). */
  product_prices: ProductPricesTable;
  product_images: ProductImagesTable;
  product_attributes: ProductAttributesTable;
  reviews: ReviewsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  payment_settings: PaymentSettingsTable;
  payment_provider_credentials: PaymentProviderCredentialsTable;
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
  contact_message_replies: ContactMessageRepliesTable;
  request_throttles: RequestThrottlesTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_verification_tokens: EmailVerificationTokensTable;
  user_addresses: UserAddressesTable;
  email_outbox: EmailOutboxTable;
  shop_settings: ShopSettingsTable;
  shipping_zones: ShippingZonesTable;
  shipping_methods: ShippingMethodsTable;
  sandbox_charges: SandboxChargesTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  staff_invitations: StaffInvitationsTable;
  staff_policies: StaffPoliciesTable;
  staff_password_resets: StaffPasswordResetsTable;
  activity_log: ActivityLogTable;
  manual_payments: ManualPaymentsTable;
  refunds: RefundsTable;
  order_fulfilments: OrderFulfilmentsTable;
  stock_movements: StockMovementsTable;
  product_slug_redirects: ProductSlugRedirectsTable;
  media_uploads: MediaUploadsTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type User = Selectable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
