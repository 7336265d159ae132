/**
 * The shop's own pages every storefront page needs first (contract: getSiteSettings,
 * getPublicSettings, getCompanyInfo, previewShop; spec section 2, shared frame and
 * /company-info, and section 7): the site settings, each shop seeing its own; the public
 * settings the SPA reads for the company name; the company info with its core values; a
 * preview password the shop does not have (issue 38).
 */
import { demoTenant, fieldError, potteryTenant, tenantErrors, type Case } from '../case';
import { isObject, str } from '../contract-document';

/** Site settings, public settings and company info, with their tenant errors. */
export function settingsCases(): Case[] {
  const demo = demoTenant;
  const pottery = potteryTenant;
  return [
    {
      name: 'getSiteSettings (demo tenant)',
      operationId: 'getSiteSettings',
      method: 'GET',
      path: '/pages/site-settings/',
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && str(b.site_title).includes('Ember & Oak')
          ? null
          : `site_title is ${isObject(b) ? b.site_title : b}`,
    },
    {
      name: 'getSiteSettings (second tenant sees its own shop)',
      operationId: 'getSiteSettings',
      method: 'GET',
      path: '/pages/site-settings/',
      headers: pottery,
      status: 200,
      check: (b) =>
        isObject(b) && str(b.site_title).includes('Riverside Pottery')
          ? null
          : `site_title is ${isObject(b) ? b.site_title : b}`,
    },
    {
      // A shop without a preview password takes none (the pass's 204 needs a closed shop with
      // one: server/shops/launch.test.ts).
      name: 'previewShop with a password the shop does not have',
      operationId: 'previewShop',
      method: 'POST',
      path: '/shop/preview/',
      headers: demo,
      body: { password: 'not-the-password' },
      status: 400,
      check: fieldError('password', 'That password is not right.'),
    },
    // ~~ H3 seller ~~
    {
      name: 'getSiteSettings (the seller: a VAT-registered company)',
      operationId: 'getSiteSettings',
      method: 'GET',
      path: '/pages/site-settings/',
      headers: demo,
      status: 200,
      check: (b) => {
        const seller = isObject(b) && isObject(b.seller) ? b.seller : null;
        return seller && seller.vat_registered === true && seller.vat_rate === '20.00'
          ? null
          : `seller is ${JSON.stringify(seller)}`;
      },
    },
    {
      name: 'getSiteSettings (the seller: no VAT charged)',
      operationId: 'getSiteSettings',
      method: 'GET',
      path: '/pages/site-settings/',
      headers: pottery,
      status: 200,
      check: (b) => {
        const seller = isObject(b) && isObject(b.seller) ? b.seller : null;
        return seller && seller.vat_registered === false && seller.vat_rate === null
          ? null
          : `seller is ${JSON.stringify(seller)}`;
      },
    },
    // ~~ end H3 ~~
    ...tenantErrors('getSiteSettings', 'GET', '/pages/site-settings/'),
    {
      name: 'getPublicSettings',
      operationId: 'getPublicSettings',
      method: 'GET',
      path: '/pages/settings/public/',
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && str(b.site_title).includes('Ember & Oak')
          ? null
          : `site_title is ${isObject(b) ? b.site_title : b}`,
    },
    ...tenantErrors('getPublicSettings', 'GET', '/pages/settings/public/'),
    {
      name: 'getCompanyInfo',
      operationId: 'getCompanyInfo',
      method: 'GET',
      path: '/pages/company-info/',
      headers: demo,
      status: 200,
      check: (b) =>
        isObject(b) && Array.isArray(b.core_values) && b.core_values.length > 0
          ? null
          : 'no core values',
    },
    ...tenantErrors('getCompanyInfo', 'GET', '/pages/company-info/'),
  ];
}
