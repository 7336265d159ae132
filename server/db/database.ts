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
  /** Author name; null shows as 'Anonymous User'. A user_id column joins when accounts land. */
  username: string | null;
  rating: number;
  comment: string;
  is_verified_purchase: Bool;
  created_at: Timestamp;
}

/** A customer account; belongs to one tenant (issue 3). */
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
}

/**
 * One issued refresh token (issue 3, docs/decisions/004-refresh-token-rotation.md). A login
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

/** The whole database as Kysely sees it. */
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
}

export type Tenant = Selectable<TenantsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type User = Selectable<UsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
