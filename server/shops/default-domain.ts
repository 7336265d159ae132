/**
 * The domain of a deployment's default shop (issue 38, decision 079): the shop `TENANT_TOKEN`
 * names answers at `STOREFRONT_URL`, but a shop that existed before shops had domains has none
 * recorded, so a new shop could claim that host. At start, and before `shop:create` opens a
 * shop, the default shop's domain is recorded as its primary one when it has none yet.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { normalizeDomain } from './shop-input.ts';

/**
 * Records the host of `storefrontUrl` as the primary domain of the shop whose token is `token`,
 * when that shop has no domain yet and no other shop holds the host. A URL that names no shop's
 * domain (an IP address, `localhost`) records nothing.
 * @returns the domain recorded, or null when nothing was.
 */
export async function recordDefaultShopDomain(
  db: Kysely<Database>,
  token: string,
  storefrontUrl: string | null,
): Promise<string | null> {
  if (storefrontUrl === null) return null;
  const domain = normalizeDomain(new URL(storefrontUrl).hostname);
  if (domain === null) return null;
  const tenant = await db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirst();
  if (!tenant) return null;
  const held = await db
    .selectFrom('tenant_domains')
    .select('id')
    .where((eb) => eb.or([eb('tenant_id', '=', tenant.id), eb('domain', '=', domain)]))
    .executeTakeFirst();
  if (held) return null;
  // Two processes starting at once both find none: the domain's unique index keeps one row.
  const inserted = await db
    .insertInto('tenant_domains')
    .values({ tenant_id: tenant.id, domain, is_primary: 1 })
    .onConflict((oc) => oc.column('domain').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? domain : null;
}
