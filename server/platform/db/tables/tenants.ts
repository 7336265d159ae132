/**
 * The tenants table: one row per shop this deployment serves, with the token that names it.
 * Every other table is owned by its domain (server/<domain>/tables.ts).
 */
import type { Generated } from 'kysely';
import type { Timestamp } from './column-types.ts';

export interface TenantsTable {
  id: Generated<number>;
  token: string;
  name: string;
  /** Folder under the media dir holding this tenant's files (e.g. "demo"). */
  media_slug: string;
  created_at: Timestamp;
}
