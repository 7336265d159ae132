/**
 * The tenants tables: one row per shop this deployment serves, with the token that names it and
 * its currency, and the domains each shop answers at. Every other table is owned by its domain
 * (server/<domain>/tables.ts).
 */
import type { ColumnType, Generated } from 'kysely';
import type { Bool } from './column-types.ts';
import type { Timestamp } from './column-types.ts';

export interface TenantsTable {
  id: Generated<number>;
  token: string;
  name: string;
  /** Folder under the media dir holding this tenant's files (e.g. "demo"). */
  media_slug: string;
  /** ISO 4217 code of the shop's prices and payments (2026-026); 'USD' for the demo shops. */
  currency: ColumnType<string, string | undefined, string>;
  /** Whether the shop sells (2026-027): new shops start 'closed' until an owner launches them. */
  status: ColumnType<ShopStatus, ShopStatus | undefined, ShopStatus>;
  /** The owner's words shown while the shop is on holiday; null for none. */
  closed_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** scrypt hash of the password that previews a closed shop; null: staff only. */
  preview_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an owner first launched the shop; null until then. */
  launched_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When the shop was first reached at its primary domain over HTTPS; null until then. */
  https_seen_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/**
 * A shop's state (2026-027): 'closed' before launch ("Opening soon"), 'open' selling,
 * 'holiday' launched but not taking orders (browsing stays).
 */
export type ShopStatus = 'closed' | 'open' | 'holiday';

/** A name a shop answers at (2026-026): lowercased, without a port, held by one shop only. */
export interface TenantDomainsTable {
  id: Generated<number>;
  tenant_id: number;
  domain: string;
  /** The shop's primary domain: where its canonical links, e-mails and payment returns point. */
  is_primary: Bool;
  created_at: ColumnType<Date | string, string | undefined, string>;
}
