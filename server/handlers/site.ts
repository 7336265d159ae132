/**
 * Site content handlers: site settings (spec section 3), public company settings and the About
 * page's company info.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import { parseStringMap } from '../db/mapping.ts';
import { notFound } from '../lib/http-error.ts';
import type { OperationHandler, Schemas } from './types.ts';

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

/** GET /pages/site-settings/ -> SiteSettings; 404 when the shop has none. */
export const getSiteSettings: OperationHandler<'getSiteSettings'> = async (request) => {
  const settings = await findSiteSettings(request.server.db, request.tenant.id);
  if (!settings) throw notFound();
  return settings;
};

/** GET /pages/settings/public/ -> CompanySettings (the public subset of the site settings). */
export const getPublicSettings: OperationHandler<'getPublicSettings'> = async (request) => {
  const row = await request.server.db
    .selectFrom('site_settings')
    .select(['site_title', 'site_description', 'logo', 'contact_email'])
    .where('tenant_id', '=', request.tenant.id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
};

/** GET /pages/company-info/ -> CompanyInfo with core values in their set order; 404 when absent. */
export const getCompanyInfo: OperationHandler<'getCompanyInfo'> = async (request) => {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const [info, values] = await Promise.all([
    db.selectFrom('company_info').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst(),
    db
      .selectFrom('core_values')
      .select(['id', 'name', 'description'])
      .where('tenant_id', '=', tenantId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  if (!info) throw notFound();
  return {
    tagline: info.tagline,
    history_summary: info.history_summary,
    mission_statement: info.mission_statement,
    vision_statement: info.vision_statement,
    core_values: values,
  };
};
