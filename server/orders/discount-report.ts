/**
 * The discount codes' report in the back office (openapi/admin.yaml `getDiscountReport`; issue
 * 42, decision 088): for each code of the shop, newest first, the orders that used it and kept
 * it (not canceled nor expired unpaid: those gave their use back; a paid order the shop
 * canceled kept its use and counts), the discount they were
 * given, their revenue (totals, delivery included) and the revenue of those paid. Money in
 * integer cents inside, decimal strings out. One grouped query over the shop's orders.
 */
import type { Kysely } from 'kysely';
import type { Schemas } from '../../common/admin-contract.ts';
import { toDecimal } from '../../common/money.ts';
import type { Database } from '../platform/db/database.ts';
import { toCount } from '../platform/db/mapping.ts';

/** The report of shop `tenantId` (see the module comment); every code, 0 when unused. */
export async function discountReport(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Schemas['DiscountReport']> {
  const [codes, sums] = await Promise.all([
    db
      .selectFrom('discount_codes')
      .select(['id', 'code'])
      .where('tenant_id', '=', tenantId)
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => [
        'discount_code_id',
        eb.fn.countAll<number | string>().as('uses'),
        eb.fn.sum<number | string>('discount_cents').as('discount'),
        eb.fn.sum<number | string>('total_cents').as('revenue'),
        eb.fn
          .sum<number | string>(
            eb.case().when('paid_at', 'is not', null).then(eb.ref('total_cents')).else(0).end(),
          )
          .as('paid'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('discount_code_id', 'is not', null)
      // An unpaid order canceled or expired gave its use back; a paid one the shop canceled
      // kept it (and shows here, its refund in the sales report).
      .where((eb) =>
        eb.not(eb.and([eb('status', 'in', ['canceled', 'expired']), eb('paid_at', 'is', null)])),
      )
      .groupBy('discount_code_id')
      .execute(),
  ]);
  const byCode = new Map(sums.map((row) => [row.discount_code_id, row]));
  return {
    results: codes.map((code) => {
      const row = byCode.get(code.id);
      return {
        code_id: code.id,
        code: code.code,
        uses: toCount(row?.uses),
        discount_given: toDecimal(toCount(row?.discount)),
        revenue: toDecimal(toCount(row?.revenue)),
        paid_revenue: toDecimal(toCount(row?.paid)),
      };
    }),
  };
}
