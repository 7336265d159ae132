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
  created_at: Timestamp;
}

/** A name a shop answers at (2026-026): lowercased, without a port, held by one shop only. */
export interface TenantDomainsTable {
  id: Generated<number>;
  tenant_id: number;
  domain: string;
  /** The shop's primary domain: where its canonical links, e-mails and payment returns point. */
  is_primary: Bool;
  created_at: ColumnType<Date | string, string | undefined, string>;
}
