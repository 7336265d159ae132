/**
 * Knowing the business (admin contract: getSales, exportSales, listCustomers, getCustomer),
 * over the demo shop's seeded orders: the owner's sales of the last 30 days (a figure per day),
 * a range the wrong way round (400 on `to`), the orders CSV with its header row, staff refused the sales and the exports (403) but reading the customers, the demo buyer
 * found by e-mail and opened with their orders, and an unknown customer (404).
 */
import { detailIs, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { results } from '../request';
import { FORBIDDEN, NOT_FOUND, adminCase, members, type AdminSetup } from './admin-setup';

const BUYER = 'buyer@emberandoak.example';

/** The business cases. */
export function businessCases(a: AdminSetup): Case[] {
  const { asOwner, asStaff } = members(a);
  let buyerId = 0;
  const today = new Date().toISOString().slice(0, 10);
  return [
    asOwner(
      adminCase('getSales of the last 30 days', 'getSales', 'GET', '/sales/', 200, {
        query: { period: 'last_30_days' },
        check: (b: Json) =>
          isObject(b) && Array.isArray(b.days) && b.days.length === 30 && b.to === today
            ? null
            : `expected 30 days to ${today}: ${JSON.stringify(b).slice(0, 200)}`,
      }),
    ),
    asOwner(
      adminCase('getSales of a range the wrong way round', 'getSales', 'GET', '/sales/', 400, {
        query: { from: '2026-11-30', to: '2026-11-01' },
        check: (b: Json) =>
          isObject(b) && JSON.stringify(b.to) === '["The last day cannot be before the first."]'
            ? null
            : `expected the words on to: ${JSON.stringify(b)}`,
      }),
    ),
    asStaff(
      adminCase('getSales refused to staff', 'getSales', 'GET', '/sales/', 403, {
        check: detailIs(FORBIDDEN),
      }),
    ),
    asOwner(
      adminCase('exportSales of the orders', 'exportSales', 'GET', '/sales/exports/orders/', 200, {
        query: { from: '2026-01-01', to: today },
        headers: { accept: 'text/csv' },
        check: (b: Json, headers: Headers) =>
          typeof b === 'string' &&
          // fetch's text() drops the byte order mark; the API's tests read the bytes.
          b.replace(/^\uFEFF/, '').startsWith('order_number,paid_on,') &&
          /attachment; filename="orders-2026-01-01-to-/.test(
            headers.get('content-disposition') ?? '',
          )
            ? null
            : `expected a CSV with a BOM and a header row: ${String(b).slice(0, 120)}`,
      }),
    ),
    asStaff(
      adminCase(
        'exportSales refused to staff',
        'exportSales',
        'GET',
        '/sales/exports/refunds/',
        403,
        { query: { from: '2026-01-01', to: today }, check: detailIs(FORBIDDEN) },
      ),
    ),
    asStaff(
      adminCase('listCustomers finds the demo buyer', 'listCustomers', 'GET', '/customers/', 200, {
        query: { search: 'buyer@emberandoak' },
        check: (b: Json) =>
          results(b).some((c) => str(c.email) === BUYER)
            ? null
            : `the demo buyer is not found: ${JSON.stringify(b).slice(0, 200)}`,
        remember: (b: Json) => {
          buyerId = Number(results(b).find((c) => str(c.email) === BUYER)?.id ?? 0);
        },
      }),
    ),
    asStaff(
      adminCase('getCustomer opens the demo buyer', 'getCustomer', 'GET', '/customers/{id}/', 200, {
        prepare: () => ({ path: `/customers/${buyerId}/` }),
        check: (b: Json) =>
          isObject(b) && Array.isArray(b.orders_list) && b.orders_list.length > 0
            ? null
            : `expected the buyer's orders: ${JSON.stringify(b).slice(0, 200)}`,
      }),
    ),
    asOwner(
      adminCase('getCustomer of no one', 'getCustomer', 'GET', '/customers/999999/', 404, {
        check: detailIs(NOT_FOUND),
      }),
    ),
  ];
}
