/**
 * Starting a card payment of an order with the shop's provider (decision 013), and closing
 * attempts at their provider once they are superseded or their order is closed. The order row
 * is locked first in every transaction (server/orders/order-lock.ts); the provider is only
 * ever called after a commit.
 */
import { randomUUID } from 'node:crypto';
import { toDecimal } from '../../common/money.ts';
import type { ProviderName } from '../platform/db/tables/payments.ts';
import { orderNotFound, paymentError } from '../payments/errors.ts';
import { isCardMethod } from '../payments/methods.ts';
import { ProviderRefused, ProviderUnavailable } from '../payments/provider.ts';
import { notificationUrl } from '../payments/registry.ts';
import type { OrderContext } from './context.ts';
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import { lockOrder, type OrderRow } from './order-lock.ts';

/** Card payments are charged in USD only (spec section 9). */
export const CARD_CURRENCY = 'USD';

/** Refuses an order that cannot take a card payment now (see startCardPayment's codes). */
function refuseUnpayable(order: Pick<OrderRow, 'payment_method' | 'status'>): void {
  if (!isCardMethod(order.payment_method)) {
    throw paymentError('not_a_card_order', PAYMENT_MESSAGES.notCard);
  }
  if (order.status === 'paid')
    throw paymentError('order_already_paid', PAYMENT_MESSAGES.alreadyPaid);
  if (order.status !== 'awaiting_payment') {
    throw paymentError('order_not_payable', PAYMENT_MESSAGES.cannotBePaid);
  }
}

/** An attempt to close at its provider after a commit (superseded, or its order closed). */
export interface OpenAttempt {
  tenantId: number;
  uuid: string;
  /** The provider that started it: the one to close it at. */
  provider: ProviderName;
  providerRef: string | null;
}

/** The columns of `payments` an OpenAttempt is made of (for `.returning`). */
export const OPEN_ATTEMPT_COLUMNS = ['tenant_id', 'uuid', 'provider', 'provider_ref'] as const;

/** An OpenAttempt from a payment row's OPEN_ATTEMPT_COLUMNS. */
export function openAttempt(row: {
  tenant_id: number;
  uuid: string;
  provider: ProviderName;
  provider_ref: string | null;
}): OpenAttempt {
  return {
    tenantId: row.tenant_id,
    uuid: row.uuid,
    provider: row.provider,
    providerRef: row.provider_ref,
  };
}

/**
 * Closes attempts at the provider that started each one (best effort, after a commit), even
 * when the shop has since turned card payments off or changed provider; failures are logged.
 */
export function closeAttemptsAtProvider(ctx: OrderContext, attempts: OpenAttempt[]): void {
  for (const attempt of attempts) {
    if (!attempt.providerRef) continue;
    const providerRef = attempt.providerRef;
    void ctx
      .providerOf(attempt.tenantId, attempt.provider)
      .then((provider) => provider?.cancelPayment({ providerRef, paymentId: attempt.uuid }))
      .catch((error: unknown) =>
        ctx.log.warn(
          { err: error, payment: attempt.uuid },
          'could not close a payment at the provider',
        ),
      );
  }
}

/** What starting a card payment answers (contract: CardPaymentInitiation). */
export interface StartedCardPayment {
  redirectUrl: string;
  payment_uuid: string;
  status: 'initiated';
  amount: string;
  currency: string;
}

/**
 * When an unpaid card order must be paid by (decision 016): its `expires_at`, but never later
 * than `cardOrderTtlSeconds` after it was placed. Counted from the placing, not from the
 * latest attempt, so starting payment after payment cannot keep the order's stock off sale for
 * ever; an order whose deadline an older version moved on is brought back within it.
 * @returns the deadline as a Date.
 */
export function cardPaymentDeadline(
  order: Pick<OrderRow, 'created_at' | 'expires_at'>,
  cardOrderTtlSeconds: number,
): Date {
  const placedAt = new Date(order.created_at).getTime();
  const latest = placedAt + cardOrderTtlSeconds * 1000;
  const current = order.expires_at === null ? latest : new Date(order.expires_at).getTime();
  return new Date(Math.min(current, latest));
}

/**
 * Starts a card payment of the user's unpaid card order with the shop's provider and answers
 * the provider's page. Under the order lock: older `initiated` attempts are superseded (and
 * closed at their provider after the commit) and the new attempt is recorded. The order's
 * deadline does not move: it stays `cardOrderTtlSeconds` after the order was placed at the
 * latest (`cardPaymentDeadline`), and once it has passed the order cannot be paid (the sweep
 * closes it). The provider is called after the commit; if it fails, the attempt is marked
 * failed and the order stays payable.
 * @param origin the storefront's origin (return page) and this API's (notifications).
 * @throws DomainError (./errors.ts) `payment_order_not_found` (not the user's order),
 *   `not_a_card_order`, `order_already_paid`, `order_not_payable` (closed or past its
 *   deadline), `card_payments_unavailable`, `payment_still_processing` (an attempt still
 *   `pending`), and `provider_unavailable` with the provider's message when it cannot start it.
 */
export async function startCardPayment(
  ctx: OrderContext,
  scope: { tenantId: number; userId: number; email: string | null },
  orderId: number,
  origin: { storefront: string; api: string },
): Promise<StartedCardPayment> {
  const provider = await ctx.providerFor(scope.tenantId);
  const uuid = randomUUID();
  const now = ctx.now();
  const started = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, scope);
    if (!order) throw orderNotFound();
    refuseUnpayable(order);
    const deadline = cardPaymentDeadline(order, ctx.settings.cardOrderTtlSeconds);
    if (deadline.getTime() <= now.getTime()) {
      throw paymentError('order_not_payable', PAYMENT_MESSAGES.cannotBePaid);
    }
    if (!provider) {
      throw paymentError('card_payments_unavailable', PAYMENT_MESSAGES.cardUnavailable);
    }
    const attempts = await trx
      .selectFrom('payments')
      .select(['status', 'attempt'])
      .where('order_id', '=', order.id)
      .execute();
    if (attempts.some((a) => a.status === 'pending')) {
      throw paymentError('payment_still_processing', PAYMENT_MESSAGES.stillProcessing);
    }
    const superseded = await trx
      .updateTable('payments')
      .set({
        status: 'canceled',
        error_message: PAYMENT_MESSAGES.superseded,
        updated_at: now.toISOString(),
      })
      .where('order_id', '=', order.id)
      .where('status', '=', 'initiated')
      .returning(OPEN_ATTEMPT_COLUMNS)
      .execute();
    const attempt = Math.max(0, ...attempts.map((a) => a.attempt)) + 1;
    await trx
      .insertInto('payments')
      .values({
        uuid,
        tenant_id: scope.tenantId,
        order_id: order.id,
        user_id: scope.userId,
        amount_cents: order.total_cents,
        currency: CARD_CURRENCY,
        status: 'initiated',
        provider: provider.name,
        attempt,
        gateway_transaction_ref: null,
        error_message: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    if (order.expires_at === null || deadline.getTime() < new Date(order.expires_at).getTime()) {
      await trx
        .updateTable('orders')
        .set({ expires_at: deadline.toISOString() })
        .where('id', '=', order.id)
        .execute();
    }
    return { order, attempt, superseded };
  });
  closeAttemptsAtProvider(ctx, started.superseded.map(openAttempt));

  const { order, attempt } = started;
  let redirectUrl: string;
  try {
    const result = await provider!.startPayment({
      paymentId: uuid,
      orderNumber: order.order_number,
      attempt,
      amountMinor: order.total_cents,
      currency: CARD_CURRENCY,
      description: `Order ${order.order_number}`,
      returnUrl: `${origin.storefront}/payment/return?paymentId=${uuid}`,
      notifyUrl: notificationUrl(origin.api, provider!.name, scope.tenantId),
      customerEmail: scope.email,
    });
    redirectUrl = result.redirectUrl;
    await ctx.db.transaction().execute(async (trx) => {
      await lockOrder(trx, order.id, scope);
      await trx
        .updateTable('payments')
        .set({ provider_ref: result.providerRef })
        .where('uuid', '=', uuid)
        .execute();
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable || error instanceof ProviderRefused)) throw error;
    ctx.log.warn({ err: error, payment: uuid }, 'the card provider did not start a payment');
    await ctx.db.transaction().execute(async (trx) => {
      await lockOrder(trx, order.id, scope);
      await trx
        .updateTable('payments')
        .set({
          status: 'failed',
          error_message: PAYMENT_MESSAGES.notStarted,
          updated_at: ctx.now().toISOString(),
        })
        .where('uuid', '=', uuid)
        .where('status', '=', 'initiated')
        .execute();
    });
    throw paymentError('provider_unavailable', error.message);
  }
  return {
    redirectUrl,
    payment_uuid: uuid,
    status: 'initiated',
    amount: toDecimal(order.total_cents),
    currency: CARD_CURRENCY,
  };
}
