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
 * The platform declares its own tables here (tenants, request throttles, the e-mail outbox, the
 * scheduled jobs); each domain declares its tables in its own `tables.ts` and merges them into
 * `Database`.
 */
import type { Selectable } from 'kysely';
import type { TenantDomainsTable, TenantsTable } from './tables/tenants.ts';
import type {
  RequestThrottlesTable,
  EmailOutboxTable,
  ScheduledJobsTable,
} from './tables/server-state.ts';

/**
 * The whole database as Kysely sees it: the platform's own tables here, and each domain's
 * tables merged in by the domain's `tables.ts` (issue 37: each noun owns its tables), e.g.
 * server/orders/tables.ts declares `orders` and `order_items`.
 */
export interface Database {
  tenants: TenantsTable;
  tenant_domains: TenantDomainsTable;
  request_throttles: RequestThrottlesTable;
  email_outbox: EmailOutboxTable;
  scheduled_jobs: ScheduledJobsTable;
}

export type Tenant = Selectable<TenantsTable>;
