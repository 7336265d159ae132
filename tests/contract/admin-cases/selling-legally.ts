/**
 * Selling legally, round two (admin contract: getProductSafetyDefault,
 * updateProductSafetyDefault, listProductRecalls, publishProductRecall, withdrawProductRecall,
 * getOssReport, exportOssReport; issue 41, decisions 083 and 087), over the demo shop:
 * - the shop's default safety information as seeded (the UK maker and its EU responsible
 *   person), saved again unchanged by the owner, refused to staff (403);
 * - a recall published on a seeded knife (kept on sale), refused a second time while open
 *   (409), withdrawn, then listed as withdrawn; staff may read the recalls but not publish one;
 * - the One-Stop Shop return of this quarter for the owner, its CSV with its header row, a
 *   quarter that is none (400 on `quarter`), and staff refused (403).
 */
import { detailIs, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { results } from '../request';
import { FORBIDDEN, adminCase, members, type AdminSetup } from './admin-setup';

/** This quarter as the OSS return names it (`2026-Q4`), in UTC. */
function thisQuarter(now = new Date()): string {
  return `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
}

/** The cases of product safety, recalls and the OSS return. */
export function sellingLegallyCases(a: AdminSetup): Case[] {
  const { asOwner, asStaff } = members(a);
  const made = { productId: 0, recallId: 0, safetyDefault: {} as Json };
  const recallPath = (tail = '') => `/products/${made.productId}/recalls/${tail}`;
  const quarter = thisQuarter();
  return [
    asOwner(
      adminCase(
        'getProductSafetyDefault as seeded',
        'getProductSafetyDefault',
        'GET',
        '/settings/product-safety/',
        200,
        {
          check: (b: Json) =>
            isObject(b) && str(b.manufacturer_name) !== '' && str(b.responsible_person_name) !== ''
              ? null
              : `expected the seeded manufacturer and EU responsible person: ${JSON.stringify(b).slice(0, 200)}`,
          remember: (b: Json) => {
            made.safetyDefault = b;
          },
        },
      ),
    ),
    asOwner(
      adminCase(
        'updateProductSafetyDefault saved unchanged',
        'updateProductSafetyDefault',
        'PUT',
        '/settings/product-safety/',
        200,
        {
          prepare: () => ({ body: made.safetyDefault }),
          check: (b: Json) =>
            JSON.stringify(b) === JSON.stringify(made.safetyDefault)
              ? null
              : `expected the default as sent: ${JSON.stringify(b).slice(0, 200)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'getProductSafetyDefault refused to staff',
        'getProductSafetyDefault',
        'GET',
        '/settings/product-safety/',
        403,
        {
          check: detailIs(FORBIDDEN),
        },
      ),
    ),
    asOwner(
      adminCase(
        'listProducts finds a seeded knife to recall',
        'listProducts',
        'GET',
        '/products/',
        200,
        {
          query: { search: 'gyuto', status: 'active' },
          check: (b: Json) => (results(b).length > 0 ? null : 'expected a seeded gyuto'),
          remember: (b: Json) => {
            made.productId = Number(results(b)[0]?.id ?? 0);
          },
        },
      ),
    ),
    asOwner(
      adminCase(
        'publishProductRecall kept on sale',
        'publishProductRecall',
        'POST',
        '/products/999999/recalls/',
        201,
        {
          prepare: () => ({ path: recallPath() }),
          body: {
            title: 'Contract check: a recall published and withdrawn',
            problem: 'Nothing is wrong: the contract test publishes and withdraws this notice.',
            action: 'Nothing to do.',
            off_sale: false,
          },
          check: (b: Json) =>
            isObject(b) && b.withdrawn_at === null && b.off_sale === false
              ? null
              : `expected an open recall kept on sale: ${JSON.stringify(b).slice(0, 200)}`,
          remember: (b: Json) => {
            made.recallId = isObject(b) ? Number(b.id) : 0;
          },
        },
      ),
    ),
    asOwner(
      adminCase(
        'publishProductRecall while one is open',
        'publishProductRecall',
        'POST',
        '/products/999999/recalls/',
        409,
        {
          prepare: () => ({ path: recallPath() }),
          body: { title: 'A second one', problem: 'Twice.', action: 'None.' },
        },
      ),
    ),
    asStaff(
      adminCase(
        'publishProductRecall refused to staff',
        'publishProductRecall',
        'POST',
        '/products/999999/recalls/',
        403,
        {
          prepare: () => ({ path: recallPath() }),
          body: { title: 'Staff may not', problem: 'Owner only.', action: 'None.' },
          check: detailIs(FORBIDDEN),
        },
      ),
    ),
    asOwner(
      adminCase(
        'withdrawProductRecall',
        'withdrawProductRecall',
        'POST',
        '/products/999999/recalls/1/withdraw/',
        200,
        {
          prepare: () => ({ path: recallPath(`${made.recallId}/withdraw/`) }),
          check: (b: Json) =>
            isObject(b) && typeof b.withdrawn_at === 'string'
              ? null
              : `expected the recall withdrawn: ${JSON.stringify(b).slice(0, 200)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'listProductRecalls read by staff',
        'listProductRecalls',
        'GET',
        '/products/999999/recalls/',
        200,
        {
          prepare: () => ({ path: recallPath() }),
          check: (b: Json) =>
            results(b).some(
              (r) => Number(r.id) === made.recallId && typeof r.withdrawn_at === 'string',
            )
              ? null
              : `expected the withdrawn recall listed: ${JSON.stringify(b).slice(0, 200)}`,
        },
      ),
    ),
    asOwner(
      adminCase('getOssReport of this quarter', 'getOssReport', 'GET', '/sales/oss/', 200, {
        query: { quarter },
        check: (b: Json) =>
          isObject(b) && b.quarter === quarter && Array.isArray(b.rows)
            ? null
            : `expected the return of ${quarter}: ${JSON.stringify(b).slice(0, 200)}`,
      }),
    ),
    asOwner(
      adminCase(
        'getOssReport of a quarter that is none',
        'getOssReport',
        'GET',
        '/sales/oss/',
        400,
        {
          query: { quarter: '2026-Q5' },
          check: (b: Json) =>
            isObject(b) && Array.isArray(b.quarter)
              ? null
              : `expected words on quarter: ${JSON.stringify(b)}`,
        },
      ),
    ),
    asStaff(
      adminCase('getOssReport refused to staff', 'getOssReport', 'GET', '/sales/oss/', 403, {
        query: { quarter },
        check: detailIs(FORBIDDEN),
      }),
    ),
    asOwner(
      adminCase(
        'exportOssReport of this quarter',
        'exportOssReport',
        'GET',
        '/sales/exports/oss/',
        200,
        {
          query: { quarter },
          headers: { accept: 'text/csv' },
          check: (b: Json) =>
            typeof b === 'string' && b.replace(/^\uFEFF/, '').startsWith('quarter,country,')
              ? null
              : `expected a CSV with its header row: ${String(b).slice(0, 120)}`,
        },
      ),
    ),
  ];
}
