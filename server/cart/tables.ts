/**
 * The cart tables: a customer's server-side cart and its lines.
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../platform/db/tables/column-types.ts';

/** A customer's server-side cart: one per user and tenant. */
export interface CartsTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * The discount code the shopper applied (its upper case, ../discounts/tables.ts `code_key`;
   * 2026-037), null when none.
   */
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A line of a cart: one product with one customization (server/catalog/customization.ts). */
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
  /**
   * A gift card line's choice (2026-039: amount, recipient, message, date; JSON), null for any
   * other line.
   */
  gift_card: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** The product's variant this line is of (2026-040); null for a product without variants. */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
}

declare module '../platform/db/database.ts' {
  interface Database {
    carts: CartsTable;
    cart_items: CartItemsTable;
  }
}
