/**
 * Starting a card payment of an order with the shop's provider (decision 038), and closing
 * attempts at their provider once they are superseded or their order is closed. The order row
 * is locked first in every transaction (server/orders/order-lock.ts); the provider is only
 * ever called after a commit.
 */
import { randomUUID } from 'node:crypto';
import { toDecimal } from '../../common/money.ts';
import { DomainError } from '../platform/domain-error.ts';
import { shopCurrency } from '../platform/shop-currency.ts';
import type { ProviderName } from '../payments/tables.ts';
import { orderNotFound, paymentError, type PaymentErrorCode } from '../payments/errors.ts';
import { ProviderRefused, ProviderUnavailable } from '../payments/provider.ts';
import { notificationUrl } from '../payments/registry.ts';
import type { OrderContext } from './context.ts';
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import { lockOrder } from './order-lock.ts';
import { cardPaymentDeadline, payRefusal } from './shopper-moves.ts';

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
 * Starts a card payment of the user's unpaid card order with the shop's provider and answers
 * the provider's page. The payment is in the shop's currency (`tenants.currency`, which cannot
 * change once the shop has an order), and so is what the provider is asked to charge. Under the order lock: older `initiated` attempts are superseded (and
 * closed at their provider after the commit) and the new attempt is recorded. The order's
 * deadline does not move: it stays `cardOrderTtlSeconds` after the order was placed at the
 * latest (./shopper-moves.ts `cardPaymentDeadline`), and once it has passed the order cannot
 * be paid (the sweep closes it). The refusals are ./shopper-moves.ts `payRefusal`'s, the rule
 * the order's `actions` offer `pay` by. The provider is called after the commit; if it fails,
 * the attempt is marked failed and the order stays payable.
 * @param origin the storefront's origin (return page) and this API's (notifications).
 * @throws DomainError (./errors.ts) `payment_order_not_found` (not the user's order),
 *   `not_a_card_order`, `order_already_paid`, `order_not_payable` (closed or past its
 *   deadline), `card_payments_unavailable`, `payment_still_processing` (an attempt still
 *   `pending`), `provider_unavailable` with the provider's message when it cannot start it, and
 *   `wrong_payment_currency` (field `currency`: '"EUR" is not a valid choice.') when
 *   `currency` is not the shop's.
 * @param currency the ISO 4217 code the shopper's client asks to pay in (contract
 *   CardPaymentRequest): it must be the shop's.
 */
export async function startCardPayment(
  ctx: OrderContext,
  scope: { tenantId: number; userId: number; email: string | null },
  orderId: number,
  currency: string,
  origin: { storefront: string; api: string },
): Promise<StartedCardPayment> {
  const shopsCurrency = await shopCurrency(ctx.db, scope.tenantId);
  if (currency !== shopsCurrency) {
    throw new DomainError<PaymentErrorCode>(
      'wrong_payment_currency',
      `"${currency}" is not a valid choice.`,
      { field: 'currency' },
    );
  }
  const provider = await ctx.providerFor(scope.tenantId);
  const uuid = randomUUID();
  const now = ctx.now();
  const started = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, scope);
    if (!order) throw orderNotFound();
    const attempts = await trx
      .selectFrom('payments')
      .select(['status', 'attempt'])
      .where('order_id', '=', order.id)
      .execute();
    const refusal = payRefusal(
      order,
      attempts.some((a) => a.status === 'pending'),
      {
        now,
        cardOrderTtlSeconds: ctx.settings.cardOrderTtlSeconds,
        cardPayments: provider !== null,
      },
    );
    if (refusal) throw refusal;
    const deadline = cardPaymentDeadline(order, ctx.settings.cardOrderTtlSeconds);
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
        amount_cents: order.total_cents - order.gift_card_cents,
        currency: shopsCurrency,
        status: 'initiated',
        // payRefusal refused a shop without a provider (card_payments_unavailable).
        provider: provider!.name,
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
      amountMinor: order.total_cents - order.gift_card_cents,
      currency: shopsCurrency,
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
    amount: toDecimal(order.total_cents - order.gift_card_cents),
    currency: shopsCurrency,
  };
}
