/**
 * What the shopper's e-mails say about the 14-day right to cancel: the order confirmation's
 * terms (the seller, who pays for returns, each line's right and why not), and the
 * acknowledgement of a withdrawal (Directive 2011/83/EU art. 11a(3); the UK's Consumer Contracts
 * Regulations 2013 reg. 36(5)): the lines withdrawn from and the moment it was received, to the
 * second (./emails/cancellation-*.tsx).
 *
 * The seller is the shop's legal identity from its settings (legal name, geographic address,
 * e-mail: E-Commerce Regulations 2002 reg. 6), falling back to the site's title and contact
 * e-mail while the owner has not filled them in. Returns are paid by the shopper (Sch. 2(m)):
 * the shop has no setting for it yet, and the words say "unless" nothing; see
 * docs/spec-deviations.md.
 */
import type { Selectable } from 'kysely';
import { exemptionReason, type ExemptionReason } from '../../common/cancellation-form.ts';
import type { OrderItemsTable, OrdersTable } from './tables.ts';
import { toBool, toIsoString } from '../platform/db/mapping.ts';
import type { EmailBase } from './emails/email-data.ts';
import type {
  CancellationRequestedEmailData,
  EmailCancellationTerms,
} from './emails/order-email-data.ts';
import type { Trx } from './order-lock.ts';

/** Who bears the direct cost of returning goods (Sch. 2(m)); no setting changes it yet. */
export const RETURN_COSTS_PAID_BY: EmailCancellationTerms['returnCostsPaidBy'] = 'shopper';

/**
 * The seller the cancellation words name: legal name, address and e-mail from the site
 * settings, else the site's title (or `fallbackName`) and its contact e-mail.
 */
export async function loadSeller(
  trx: Trx,
  tenantId: number,
  fallbackName: string,
): Promise<EmailCancellationTerms['seller']> {
  const site = await trx
    .selectFrom('site_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return {
    name: site?.legal_name?.trim() || site?.site_title?.trim() || fallbackName,
    address: site?.legal_address?.trim() ?? '',
    email: site?.legal_email?.trim() || site?.contact_email?.trim() || '',
  };
}

/**
 * Why each exempt line of an order has no right (null for a line that has one): made to order
 * from the line itself; otherwise the owner's flag on the product now (the confirmation is
 * written when the order is placed, so it is the flag checkout saw), else a personalisation.
 */
async function lineReasons(
  trx: Trx,
  items: Selectable<OrderItemsTable>[],
): Promise<(ExemptionReason | null)[]> {
  const productIds = items
    .filter((i) => toBool(i.cancellation_exempt) && i.product_id !== null)
    .map((i) => i.product_id as number);
  const flagged = new Set(
    productIds.length === 0
      ? []
      : (
          await trx
            .selectFrom('products')
            .select(['id', 'cancellation_exempt'])
            .where('id', 'in', productIds)
            .execute()
        )
          .filter((p) => toBool(p.cancellation_exempt))
          .map((p) => p.id),
  );
  return items.map((item) => {
    if (!toBool(item.cancellation_exempt)) return null;
    if (toBool(item.made_to_order)) return 'made_to_order';
    return item.product_id !== null && flagged.has(item.product_id) ? 'exempt' : 'personalised';
  });
}

async function orderItems(trx: Trx, orderId: number) {
  return trx
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The order confirmation's cancellation terms (one entry per line, in the e-mail's order). */
export async function cancellationTerms(
  trx: Trx,
  order: Selectable<OrdersTable>,
  shopName: string,
): Promise<EmailCancellationTerms> {
  const items = await orderItems(trx, order.id);
  const [seller, reasons] = await Promise.all([
    loadSeller(trx, order.tenant_id, shopName),
    lineReasons(trx, items),
  ]);
  return {
    seller,
    returnCostsPaidBy: RETURN_COSTS_PAID_BY,
    lines: items.map((item, index) => {
      const reason = reasons[index] ?? null;
      return reason === null
        ? { name: item.product_name, exempt: false }
        : { name: item.product_name, exempt: true, exemptBecause: exemptionReason(reason) };
    }),
  };
}

/**
 * The acknowledgement of the shopper's withdrawal from the order (its data): when it was
 * received (`orders.cancellation_requested_at`, full timestamp, UTC), the lines withdrawn from
 * (every line the right covers, "Name × quantity"; the request names no lines), the exempt
 * lines by name, the reason if any, the seller and who pays for returns.
 */
export async function cancellationRequestedData(
  trx: Trx,
  order: Selectable<OrdersTable>,
  base: EmailBase,
): Promise<CancellationRequestedEmailData> {
  const [items, seller] = await Promise.all([
    orderItems(trx, order.id),
    loadSeller(trx, order.tenant_id, base.shop.name),
  ]);
  const exemptLines = items.filter((i) => toBool(i.cancellation_exempt)).map((i) => i.product_name);
  const withdrawnLines = items
    .filter((i) => !toBool(i.cancellation_exempt))
    .map((i) => `${i.product_name} × ${i.quantity}`);
  const reason = order.cancellation_reason?.trim();
  return {
    ...base,
    kind: 'cancellation_requested',
    requestedAt: toIsoString(order.cancellation_requested_at ?? order.updated_at),
    ...(reason ? { reason } : {}),
    seller,
    returnCostsPaidBy: RETURN_COSTS_PAID_BY,
    ...(exemptLines.length > 0 ? { exemptLines } : {}),
    withdrawnLines,
  };
}
