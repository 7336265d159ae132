/**
 * Discount codes in the back office (admin contract: listDiscountCodes, createDiscountCode,
 * updateDiscountCode, getDiscountReport; issue 42), as the owner:
 * - makes a code (a run's own letters, so a second run against the same database makes its
 *   own) and is refused a percentage above 100 (400 on `value`);
 * - lists the codes, deactivates the one made, and reads the report with a row for it;
 * - the staff member is refused the list (403).
 */
import type { Case } from '../case';
import { fieldError } from '../case';
import { isObject, type Json } from '../contract-document';
import { adminCase, forbidden, members, type AdminSetup } from './admin-setup';

/** The discount code cases, in order. */
export function discountCases(a: AdminSetup): Case[] {
  const { asOwner, asStaff } = members(a);
  const kept = { id: 0 };
  const code = `RUN${Date.now().toString(36).toUpperCase()}`;
  const results = (b: Json) =>
    isObject(b) && Array.isArray(b.results) ? b.results.filter(isObject) : [];

  return [
    asOwner(
      adminCase(
        'createDiscountCode 10 % off',
        'createDiscountCode',
        'POST',
        '/discount-codes/',
        201,
        {
          body: { code, kind: 'percent', value: '10.00', scope: 'order', usage_limit: 5 },
          remember: (b) => {
            kept.id = Number(isObject(b) ? b.id : 0);
          },
          check: (b) =>
            isObject(b) && b.code === code && b.value === '10.00' && b.active === true
              ? null
              : `expected the code made, got ${JSON.stringify(b)}`,
        },
      ),
    ),
    asOwner(
      adminCase(
        'createDiscountCode a percentage above 100 is refused',
        'createDiscountCode',
        'POST',
        '/discount-codes/',
        400,
        {
          body: { code: `${code}X`, kind: 'percent', value: '150.00', scope: 'order' },
          check: fieldError('value', 'A percentage between 0.01 and 100.'),
        },
      ),
    ),
    asOwner(
      adminCase(
        'listDiscountCodes the codes',
        'listDiscountCodes',
        'GET',
        '/discount-codes/',
        200,
        {
          check: (b) =>
            results(b).some((c) => c.code === code)
              ? null
              : `expected ${code} listed, got ${JSON.stringify(b).slice(0, 300)}`,
        },
      ),
    ),
    asOwner(
      adminCase(
        'updateDiscountCode deactivate',
        'updateDiscountCode',
        'PATCH',
        '/discount-codes/1/',
        200,
        {
          prepare: () => ({ path: `/discount-codes/${kept.id}/`, body: { active: false } }),
          check: (b) =>
            isObject(b) && b.active === false
              ? null
              : `expected the code deactivated, got ${JSON.stringify(b)}`,
        },
      ),
    ),
    asOwner(
      adminCase(
        'getDiscountReport a row per code',
        'getDiscountReport',
        'GET',
        '/discount-codes/report/',
        200,
        {
          check: (b) =>
            results(b).some((row) => row.code === code && row.uses === 0)
              ? null
              : `expected a row for ${code}, got ${JSON.stringify(b).slice(0, 300)}`,
        },
      ),
    ),
    asStaff(
      adminCase(
        'listDiscountCodes is the owner’s',
        'listDiscountCodes',
        'GET',
        '/discount-codes/',
        403,
        {
          check: forbidden,
        },
      ),
    ),
  ];
}
