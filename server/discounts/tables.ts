/**
 * The discount code tables (issue 42, decision 088; migration 2026-037): a shop's codes and who
 * used a once-per-customer code. Owned here (decision 078); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below. The cart keeps the applied
 * code (`carts.discount_code`, ../cart/tables.ts) and the order what it took
 * (`orders.discount_*`, `order_items.discount_cents`, ../orders/tables.ts).
 */
import type { ColumnType, Generated } from 'kysely';
import type { Bool, Timestamp } from '../platform/db/tables/column-types.ts';

/** What a code takes off: a percentage, an amount, or the delivery. */
export type DiscountKind = 'percent' | 'amount' | 'free_delivery';
/** What a code applies to: the whole order, chosen categories, or chosen products. */
export type DiscountScope = 'order' | 'categories' | 'products';

/** A shop's discount code. */
export interface DiscountCodesTable {
  id: Generated<number>;
  tenant_id: number;
  /** As the owner typed it (shown on the cart, the order, the e-mail and the invoice). */
  code: string;
  /** `code` in upper case: unique per shop, what a shopper's entry is matched against. */
  code_key: string;
  kind: DiscountKind;
  /** Basis points for `percent` (1000 = 10 %), cents for `amount`, 0 for `free_delivery`. */
  value: number;
  scope: DiscountScope;
  /** JSON array of category ids (`categories`) or product ids (`products`); `[]` for `order`. */
  target_ids: ColumnType<string, string | undefined, string>;
  /** The least the goods must come to (cents, before the code); 0: no minimum. */
  minimum_cents: ColumnType<number, number | undefined, number>;
  starts_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  ends_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** How many orders may use it in all; null: no limit. */
  usage_limit: ColumnType<number | null, number | null | undefined, number | null>;
  /** Uses held by placed orders (a cancelled or expired unpaid order gives its use back). */
  uses: ColumnType<number, number | undefined, number>;
  once_per_customer: Bool;
  combinable_with_sale: Bool;
  /** The code also waives the delivery (always, for a `free_delivery` code). */
  free_delivery: Bool;
  active: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A customer who used a once-per-customer code, with the order that used it. */
export interface DiscountCodeCustomersTable {
  code_id: number;
  user_id: number;
  order_id: number;
}

declare module '../platform/db/database.ts' {
  interface Database {
    discount_codes: DiscountCodesTable;
    discount_code_customers: DiscountCodeCustomersTable;
  }
}
