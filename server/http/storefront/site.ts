/**
 * Site content handlers: site settings (spec section 3), public company settings and the About
 * page's company info.
 */
import { notFound } from '../http-error.ts';
import { findSiteSettings } from '../../content/site-settings.ts';
import type { OperationHandler } from '../contract-types.ts';

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
