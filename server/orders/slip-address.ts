/**
 * The address a packing slip prints as the sender and for returns, as the owner chose it
 * (`site_settings.slip_address`, 2026-030; the back office's seller settings): `legal`, the
 * seller's legal address (the default: what the storefront's footer and the invoices say), or
 * `workshop`, the head office of the contact page (else its first place), where collections are
 * made. One address, so the slip never says two.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';

/**
 * Shop `tenantId`'s slip address, lines joined by "\n", or null when the chosen one is not set.
 */
export async function slipAddress(db: Kysely<Database>, tenantId: number): Promise<string | null> {
  const site = await db
    .selectFrom('site_settings')
    .select(['slip_address', 'legal_address'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (site && (site.slip_address ?? 'legal') === 'legal') {
    return site.legal_address.trim() || null;
  }
  const place = await db
    .selectFrom('contact_locations')
    .select('address')
    .where('tenant_id', '=', tenantId)
    .orderBy('is_hq', 'desc')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  return place?.address.trim() || null;
}
