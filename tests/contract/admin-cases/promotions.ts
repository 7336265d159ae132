/**
 * Sales (admin contract, tag promotions: listPromotionSales, createPromotionSale,
 * getPromotionSale, updatePromotionSale, endPromotionSale; issue 42) over the demo shop's
 * catalogue: the owner schedules a sale on a piece found through the storefront, finds it in
 * the list and by id, deepens it, ends it early and is refused ending it again (409); a sale
 * ending before it starts is refused (400), no such sale is 404, and the staff member is
 * refused the list (403).
 */
import { DEMO, detailIs, fieldError, TENANT_HEADER, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { request, results } from '../request';
import { NOT_FOUND, adminCase, forbidden, members, type AdminSetup } from './admin-setup';

const DAY = 86_400_000;

/** The sales cases, in order. */
export function promotionCases(a: AdminSetup, upstream: string): Case[] {
  const { asOwner, asStaff } = members(a);
  const kept = { productId: 0, saleId: 0 };
  const piece = async () => {
    if (kept.productId) return kept.productId;
    const list = await request(upstream, {
      method: 'GET',
      path: '/products/products/',
      headers: { [TENANT_HEADER]: DEMO },
    });
    const first = results(list.body)[0];
    if (!first) throw new Error(`not run: no product (${list.status})`);
    return (kept.productId = Number(first.id));
  };
  const saleIs = (check: (s: Record<string, Json>) => string | null) => (b: Json) =>
    isObject(b) && b.id === kept.saleId
      ? check(b)
      : `expected sale ${kept.saleId}, got ${JSON.stringify(b).slice(0, 200)}`;
  const onSale = (
    operationId: string,
    name: string,
    method: string,
    path: string,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    asOwner(
      adminCase(
        `${operationId} ${name}`,
        operationId,
        method,
        `/promotions/sales/1/${path}`,
        status,
        {
          ...rest,
          prepare: () => ({ path: `/promotions/sales/${kept.saleId}/${path}` }),
        },
      ),
    );
  const name = `Contract weekend ${a.stamp}`;

  return [
    asOwner(
      adminCase(
        'createPromotionSale on a piece',
        'createPromotionSale',
        'POST',
        '/promotions/sales/',
        201,
        {
          prepare: async () => ({
            body: {
              name,
              percent: 20,
              product_ids: [await piece()],
              starts_at: new Date(Date.now() + DAY).toISOString(),
              ends_at: new Date(Date.now() + 3 * DAY).toISOString(),
            },
          }),
          check: (b) =>
            isObject(b) && b.name === name && b.status === 'scheduled' && b.percent === 20
              ? null
              : `expected the scheduled sale, got ${JSON.stringify(b).slice(0, 300)}`,
          remember: (b) => {
            if (isObject(b)) kept.saleId = Number(b.id);
          },
        },
      ),
    ),
    asOwner(
      adminCase(
        'listPromotionSales naming it',
        'listPromotionSales',
        'GET',
        '/promotions/sales/',
        200,
        {
          check: (b) =>
            Array.isArray(b) && b.some((s) => isObject(s) && s.id === kept.saleId)
              ? null
              : `expected sale ${kept.saleId} in ${JSON.stringify(b).slice(0, 300)}`,
        },
      ),
    ),
    onSale('getPromotionSale', 'by id', 'GET', '', 200, {
      check: saleIs((s) => (s.name === name ? null : `expected ${name}, got ${str(s.name)}`)),
    }),
    onSale('updatePromotionSale', 'deeper', 'PATCH', '', 200, {
      body: { percent: 25 },
      check: saleIs((s) => (s.percent === 25 ? null : `expected 25, got ${str(s.percent)}`)),
    }),
    onSale('endPromotionSale', 'early', 'POST', 'end/', 200, {
      check: saleIs((s) => (s.status === 'ended' ? null : `expected ended, got ${str(s.status)}`)),
    }),
    onSale('endPromotionSale', 'again', 'POST', 'end/', 409, {
      check: detailIs('This sale has ended and can no longer be changed.'),
    }),
    asOwner(
      adminCase(
        'createPromotionSale ending before it starts',
        'createPromotionSale',
        'POST',
        '/promotions/sales/',
        400,
        {
          prepare: async () => ({
            body: {
              name,
              percent: 10,
              product_ids: [await piece()],
              starts_at: new Date(Date.now() + DAY).toISOString(),
              ends_at: new Date(Date.now()).toISOString(),
            },
          }),
          check: fieldError('ends_at', 'The end must be after the start.'),
        },
      ),
    ),
    asOwner(
      adminCase(
        'getPromotionSale of no such sale',
        'getPromotionSale',
        'GET',
        '/promotions/sales/999999/',
        404,
        {
          check: detailIs(NOT_FOUND),
        },
      ),
    ),
    asStaff(
      adminCase(
        'listPromotionSales as staff',
        'listPromotionSales',
        'GET',
        '/promotions/sales/',
        403,
        {
          check: forbidden,
        },
      ),
    ),
  ];
}
