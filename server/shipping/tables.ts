/**
 * The shipping tables (decisions 041, 042 and 043): a shop's own rules (minimum age, working days,
 * dispatch times), its shipping zones and shipping methods.
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated } from 'kysely';

/** A shop's own rules for its pieces and its buyers (decisions 041 and 043). One row per tenant. */
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
  /** ISO code the headline delivery price is quoted to; null: the first zone's first country
   * (2026-019). */
  default_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop's default product safety information as JSON (common/product-safety.ts);
   * null: none (2026-034). */
  product_safety: ColumnType<string | null, string | null | undefined, string | null>;
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

declare module '../platform/db/database.ts' {
  interface Database {
    shop_settings: ShopSettingsTable;
    shipping_zones: ShippingZonesTable;
    shipping_methods: ShippingMethodsTable;
  }
}
