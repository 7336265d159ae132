/**
 * The shop's site settings (spec section 1: title, description, favicon, logo, analytics id,
 * contact e-mail and social links), read for the site-settings operations, the account
 * e-mails and the start-up's inlined index.html.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { parseStringMap } from '../platform/db/mapping.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { ContentErrorCode } from './errors.ts';

const settingsNotFound = () =>
  new DomainError<ContentErrorCode>('site_settings_not_found', 'Not found.');

/**
 * The tenant's site-settings record in the contract's shape, or null when the tenant has none.
 * Also used at start-up to inline the record into index.html.
 */
export async function findSiteSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['SiteSettings'] | null> {
  const row = await db
    .selectFrom('site_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    site_title: row.site_title,
    site_description: row.site_description,
    favicon: row.favicon,
    theme_name: row.theme_name,
    logo: row.logo,
    google_analytics_id: row.google_analytics_id,
    contact_email: row.contact_email,
    social_media_links: parseStringMap(row.social_media_links),
    tenant: row.tenant_id,
  };
}

/**
 * The tenant's SiteSettings, for the site-settings operation.
 * @throws DomainError `site_settings_not_found` ("Not found.") for a shop without them.
 */
export async function loadSiteSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['SiteSettings']> {
  const settings = await findSiteSettings(db, tenantId);
  if (!settings) throw settingsNotFound();
  return settings;
}

/**
 * The public subset of the tenant's site settings, CompanySettings `{site_title,
 * site_description, logo, contact_email}`.
 * @throws DomainError `site_settings_not_found` ("Not found.") for a shop without them.
 */
export async function loadPublicSettings(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['CompanySettings']> {
  const row = await db
    .selectFrom('site_settings')
    .select(['site_title', 'site_description', 'logo', 'contact_email'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) throw settingsNotFound();
  return row;
}
