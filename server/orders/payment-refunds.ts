/**
 * Refunding money an order cannot keep (decision 038): a captured payment of an order that was
 * closed first, or already paid by another attempt, is marked for refund; the refund is tried
 * through its provider after the commit and again by each sweep until it is settled, and the
 * outcome (refunded, or to be refunded by hand) is recorded with the shopper's and the shop's
 * e-mails.
 */
import { ProviderUnavailable } from '../payments/provider.ts';
import type { OrderContext } from './context.ts';
import { isClosedUnpaid } from './lifecycle.ts';
import { lockOrder } from './order-lock.ts';

/**
 * Refunds a payment marked for refund through its own provider (the one that took the money,
 * even when the shop has since turned card payments off or changed provider) and records the
 * outcome, with the shopper's and the shop's e-mails: 'refunded' when the provider did it,
 * 'manual' when its adapter cannot refund, the provider refused, or the shop no longer has its
 * credentials (the shop refunds by hand). A provider that cannot be reached leaves it
 * 'pending' for the next sweep.
 */
export async function settleRefund(ctx: OrderContext, paymentId: number): Promise<void> {
  const payment = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .where('refund_status', '=', 'pending')
    .executeTakeFirst();
  if (!payment) return;
  // Through the provider that took the money, whatever the shop takes payments with now.
  const provider = await ctx.providerOf(payment.tenant_id, payment.provider);
  let refundRef: string | null = null;
  if (provider && payment.provider_ref) {
    try {
      refundRef = await provider.refundPayment({
        providerRef: payment.provider_ref,
        paymentId: payment.uuid,
        amountMinor: payment.amount_cents,
        currency: payment.currency,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw error;
      ctx.log.warn({ err: error, payment: payment.uuid }, 'the provider refused a refund');
    }
  }
  const outcome = refundRef ? 'refunded' : 'manual';
  await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, payment.order_id, { tenantId: payment.tenant_id });
    if (!order) return;
    const moved = await trx
      .updateTable('payments')
      .set({ refund_status: outcome, refund_ref: refundRef, updated_at: ctx.now().toISOString() })
      .where('id', '=', payment.id)
      .where('refund_status', '=', 'pending')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) return;
    await ctx.record(trx, {
      type: 'refund',
      orderId: order.id,
      paymentId: payment.id,
      reason: isClosedUnpaid(order.status) ? 'after_close' : 'duplicate',
      outcome,
    });
  });
  ctx.afterCommit();
}

/** Tries every refund still pending (the sweep); a provider still down waits for the next. */
export async function settlePendingRefunds(ctx: OrderContext): Promise<void> {
  const pending = await ctx.db
    .selectFrom('payments')
    .select('id')
    .where('refund_status', '=', 'pending')
    .limit(100)
    .execute();
  for (const { id } of pending) {
    await settleRefund(ctx, id).catch((error: unknown) =>
      ctx.log.warn({ err: error, payment: id }, 'a refund will be tried again'),
    );
  }
}
