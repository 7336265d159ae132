/**
 * Card payments of orders (decision 038): applying what the provider reports (a verified
 * notification, or its answer when asked), and asking it when a report is late. Every
 * transaction here locks the order row first (server/orders/order-lock.ts).
 *
 * What the provider reports is never ignored when it says the money was taken:
 * - the order is still waiting for payment: it is paid (server/orders/order-paid.ts, the rule a
 *   payment the shop confirms by hand follows too), and the order's other open attempts are
 *   closed (at the provider where it can);
 * - the order was canceled or expired first, or another attempt had paid it already: the payment
 *   is recorded as captured and marked for refund; the refund is tried through the provider
 *   after the commit (and again by each sweep until it is settled), and the shopper and the shop
 *   are e-mailed whether it was refunded or must be refunded by hand.
 *
 * Starting a payment lives in ./payment-start.ts, refunding in ./payment-refunds.ts.
 */
import type { Selectable } from 'kysely';
import type { PaymentsTable, PaymentState } from '../payments/tables.ts';
import type { ProviderName } from '../payments/tables.ts';
import { orderNotFound, paymentError, paymentNotFound } from '../payments/errors.ts';
import type { ProviderPaymentReport } from '../payments/provider.ts';
import type { OrderContext } from './context.ts';
import { canMovePayment, isClosedUnpaid, OPEN_PAYMENT_STATES } from './lifecycle.ts';
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import { lockOrder } from './order-lock.ts';
import { closeAttemptsAtProvider, type OpenAttempt } from './payment-start.ts';
import { orderBecomesPaid } from './order-paid.ts';
import { settleRefund } from './payment-refunds.ts';
import { type PaymentStatus, toPaymentStatus } from './read-model.ts';

/** The return page asks the provider at most this often per payment (ms). */
const RECONCILE_EVERY_MS = 3000;

type PaymentRow = Selectable<PaymentsTable>;

/** What applying a report did. */
export type ReportOutcome = 'applied' | 'replay' | 'ignored';

/**
 * What `applyReport` answers: the outcome and the payment's status after it, or `unmatched`
 * (and no payment) when the shop has no payment the report names with this provider.
 */
export type ReportResult =
  { outcome: ReportOutcome; payment: PaymentStatus } | { outcome: 'unmatched'; payment: null };

/**
 * Finds the payment a report is about: by our id when the provider echoes it, else by the
 * provider's reference; always within the shop and the provider.
 */
async function paymentOf(
  ctx: OrderContext,
  tenantId: number,
  provider: ProviderName,
  report: ProviderPaymentReport,
): Promise<PaymentRow | undefined> {
  let query = ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('provider', '=', provider);
  query = report.paymentId
    ? query.where('uuid', '=', report.paymentId.toLowerCase())
    : query.where('provider_ref', '=', report.providerRef);
  return query.executeTakeFirst();
}

/**
 * Applies what a provider reports about one of the shop's payments (see the module comment).
 * Resolves to `{outcome: 'unmatched', payment: null}`, changing nothing, when the shop has no
 * such payment with this provider (a session someone else made on the same provider account,
 * a Payment Link): the caller decides what that means for its sender.
 * @throws DomainError `payment_amount_mismatch` ('Amount or currency does not match the
 *   payment.') when the report names another amount; nothing changes.
 */
export async function applyReport(
  ctx: OrderContext,
  tenantId: number,
  provider: ProviderName,
  report: ProviderPaymentReport,
): Promise<ReportResult> {
  const found = await paymentOf(ctx, tenantId, provider, report);
  if (!found) return { outcome: 'unmatched', payment: null };
  const amountDiffers =
    (report.amountMinor !== null && report.amountMinor !== found.amount_cents) ||
    (report.currency !== null && report.currency.toUpperCase() !== found.currency);
  if (amountDiffers) {
    ctx.log.error({ payment: found.uuid }, 'a provider reported another amount for a payment');
    throw paymentError('payment_amount_mismatch', PAYMENT_MESSAGES.amountMismatch);
  }
  const now = ctx.now().toISOString();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, found.order_id, { tenantId });
    if (!order) throw orderNotFound();
    if (report.eventId) {
      // Recorded first: a replay collides here (or waits for its twin's commit on PostgreSQL).
      const recorded = await trx
        .insertInto('payment_notifications')
        .values({
          tenant_id: tenantId,
          event_id: report.eventId.slice(0, 64),
          payment_id: found.id,
          status: report.state,
          received_at: now,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'event_id']).doNothing())
        .executeTakeFirst();
      if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) {
        return { outcome: 'replay' as const, order, refund: false, attempts: [] };
      }
    }
    const payment = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', found.id)
      .executeTakeFirstOrThrow();
    if (report.state === 'open' || report.state === payment.status) {
      return { outcome: 'ignored' as const, order, refund: false, attempts: [] };
    }
    const to: PaymentState = report.state;
    if (!canMovePayment(payment.status, to)) {
      return { outcome: 'ignored' as const, order, refund: false, attempts: [] };
    }
    const captured = to === 'succeeded';
    // Money the order cannot keep: it is closed, or another attempt paid it.
    const refund =
      captured && (isClosedUnpaid(order.status) || order.status !== 'awaiting_payment');
    await trx
      .updateTable('payments')
      .set({
        status: to,
        updated_at: now,
        provider_ref: payment.provider_ref ?? report.providerRef,
        ...(report.transactionRef
          ? { gateway_transaction_ref: report.transactionRef.slice(0, 100) }
          : {}),
        ...(to === 'failed' || to === 'canceled'
          ? {
              error_message: (
                report.errorMessage ||
                (to === 'failed' ? PAYMENT_MESSAGES.declined : PAYMENT_MESSAGES.canceled)
              ).slice(0, 500),
            }
          : {}),
        ...(captured ? { captured_at: now, error_message: null } : {}),
        ...(refund ? { refund_status: 'pending' as const } : {}),
      })
      .where('id', '=', payment.id)
      .where('status', '=', payment.status)
      .execute();
    let attempts: OpenAttempt[] = [];
    if (captured && !refund) {
      // The same rule as money the shop confirms by hand: server/orders/order-paid.ts.
      ({ attempts } = await orderBecomesPaid(ctx, trx, order.id, {
        kind: 'card',
        paymentId: payment.id,
      }));
    }
    return { outcome: 'applied' as const, order, refund, attempts };
  });
  if (result.outcome === 'applied') ctx.afterCommit();
  closeAttemptsAtProvider(ctx, result.attempts);
  if (result.refund) {
    await settleRefund(ctx, found.id).catch((error: unknown) =>
      ctx.log.error({ err: error, payment: found.uuid }, 'a refund will be tried again'),
    );
  }
  const current = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', found.id)
    .executeTakeFirstOrThrow();
  return { outcome: result.outcome, payment: toPaymentStatus(current, result.order) };
}

/**
 * Asks the payment's own provider (the one that started it, whatever the shop uses now) for
 * an open payment's state and applies the answer, at most every few seconds per payment unless
 * `force` (the sweep). Used by the return page before a notification came, and before an order
 * expires.
 * @throws ProviderUnavailable / ProviderRefused from the provider (callers decide).
 */
export async function reconcilePayment(
  ctx: OrderContext,
  tenantId: number,
  uuid: string,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const payment = await ctx.db
    .selectFrom('payments')
    .select(['id', 'order_id', 'status', 'provider', 'provider_ref', 'checked_at'])
    .where('uuid', '=', uuid)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!payment || !payment.provider_ref || !OPEN_PAYMENT_STATES.includes(payment.status)) return;
  const now = ctx.now();
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    await lockOrder(trx, payment.order_id, { tenantId });
    let claim = trx
      .updateTable('payments')
      .set({ checked_at: now.toISOString() })
      .where('id', '=', payment.id);
    if (!force) {
      const since = new Date(now.getTime() - RECONCILE_EVERY_MS).toISOString();
      claim = claim.where((eb) =>
        eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', since)]),
      );
    }
    return (await claim.executeTakeFirst()).numUpdatedRows === 1n;
  });
  if (!claimed) return;
  // The payment's own provider holds the money, whatever the shop takes payments with now.
  const provider = await ctx.providerOf(tenantId, payment.provider);
  if (!provider) {
    ctx.log.warn(
      { payment: uuid, provider: payment.provider },
      'the provider of an open payment cannot be asked: the shop has no credentials for it',
    );
    return;
  }
  const report = await provider.fetchPayment({
    providerRef: payment.provider_ref,
    paymentId: uuid,
  });
  if (report.state === 'open') return;
  await applyReport(ctx, tenantId, payment.provider, { ...report, paymentId: uuid, eventId: null });
}

/**
 * A payment's status (contract PaymentStatus) for its owner only. While it is still open, its
 * provider is asked first (at most every few seconds, `reconcilePayment`), so the return page
 * shows the result even before the provider's notification arrives; a provider that cannot be
 * asked is logged and the stored status answered.
 * @param uuid the payment's UUID, any case.
 * @throws DomainError `payment_not_found` ('Not found.') for a payment of another customer or
 *   shop, or none.
 */
export async function paymentStatusOf(
  ctx: OrderContext,
  scope: { tenantId: number; userId: number },
  uuid: string,
): Promise<PaymentStatus> {
  const id = uuid.toLowerCase();
  const find = () =>
    ctx.db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .selectAll('p')
      .select(['o.order_number'])
      .where('p.uuid', '=', id)
      .where('p.tenant_id', '=', scope.tenantId)
      .where('p.user_id', '=', scope.userId)
      .executeTakeFirst();
  let found = await find();
  if (!found) throw paymentNotFound();
  if (OPEN_PAYMENT_STATES.includes(found.status)) {
    try {
      await reconcilePayment(ctx, scope.tenantId, id);
      found = (await find()) ?? found;
    } catch (error) {
      ctx.log.warn({ err: error, payment: id }, 'could not ask the provider for a payment');
    }
  }
  return toPaymentStatus(found, { id: found.order_id, order_number: found.order_number });
}
