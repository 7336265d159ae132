/**
 * Site content operations: site settings (spec section 3), public company settings and the
 * About page's company info. The reads are server/content/site-settings.ts and pages.ts; a
 * shop without them answers 404 `{"detail":"Not found."}`.
 */
import { loadCompanyInfo } from '../../content/pages.ts';
import { loadPublicSettings, loadSiteSettings } from '../../content/site-settings.ts';
import type { OperationHandler } from '../contract-types.ts';

/** GET /pages/site-settings/ -> SiteSettings; 404 when the shop has none. */
export const getSiteSettings: OperationHandler<'getSiteSettings'> = async (request) =>
  loadSiteSettings(request.server.db, request.tenant.id);

/** GET /pages/settings/public/ -> CompanySettings (the public subset of the site settings). */
export const getPublicSettings: OperationHandler<'getPublicSettings'> = async (request) =>
  loadPublicSettings(request.server.db, request.tenant.id);

/** GET /pages/company-info/ -> CompanyInfo with core values in their set order; 404 when absent. */
export const getCompanyInfo: OperationHandler<'getCompanyInfo'> = async (request) =>
  loadCompanyInfo(request.server.db, request.tenant.id);
