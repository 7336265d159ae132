/**
 * The shop's name as shoppers read it: its site title, or the tenant's name when it has none.
 * The shop's replies to reviews and comments are shown under it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';

/** The name shop `tenantId` goes by on its storefront. */
export async function shopNameOf(db: Kysely<Database>, tenantId: number): Promise<string> {
  const row = await db
    .selectFrom('tenants as t')
    .leftJoin('site_settings as s', 's.tenant_id', 't.id')
    .select(['t.name', 's.site_title'])
    .where('t.id', '=', tenantId)
    .executeTakeFirst();
  return row?.site_title || row?.name || '';
}
