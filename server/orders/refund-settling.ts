/**
 * Settling a shop's refunds (./shop-refunds.ts reserves them): each card refund is asked of the
 * provider that took its payment, with the refund's own id as the idempotency key, and its
 * answer recorded under the order lock (./order-lock.ts):
 *   - `succeeded` with the provider's reference, `manual` when that provider cannot refund (or
 *     the shop no longer has its credentials): the shopper is e-mailed (`refunded_by_shop`);
 *   - `failed` when the provider refused: the order's `refunded_cents` gives the amount back,
 *     logged as `order.refund_failed`, and the pieces its lines put back in stock are taken
 *     out again (./refund-lines.ts `undoRefundRestock`);
 *   - still `pending` when the provider could not be reached: the order sweep asks again after
 *     PENDING_REFUND_RETRY_AFTER_MS (2 minutes) with the same key (`settlePendingShopRefunds`).
 * Once everything paid is refunded and settled, the order moves to `refunded`
 * (`order.fully_refunded`), unless its state forbids it (a canceled order stays canceled).
 *
 * Amounts are in minor units (cents). Nothing here throws a domain error: what a provider
 * answers is a status, and the caller words it.
 */
import type { Selectable } from 'kysely';
import { toDecimal } from '../../common/money.ts';
import type { OrdersTable, RefundsTable } from './tables.ts';
import type { Journal } from '../platform/journal.ts';
import type { OrderContext } from './context.ts';
import { logOrderMove } from './staff-moves.ts';
import { canMoveOrder, moveOrderStatus } from './lifecycle.ts';
import { lockOrder, type Trx } from './order-lock.ts';
import { type KeptCardPayment, orderMoney } from './order-money.ts';
import { ProviderRefused } from '../payments/provider.ts';
import { undoRefundRestock } from './refund-lines.ts';

type OrderRow = Selectable<OrdersTable>;
type RefundRow = Selectable<RefundsTable>;

/** How long a card refund may be with its provider before the sweep asks again (ms). */
export const PENDING_REFUND_RETRY_AFTER_MS = 2 * 60_000;

/**
 * Inside the order lock: sets what `order` counts as refunded (`orders.refunded_cents`) from
 * `beforeCents` to `afterCents` and logs it as `action` with the refunded total before and after.
 * @param journal writes the entry: the owner's (`Acting.journal`), or the system's for the
 *   sweep, bound to the order's shop.
 */
export async function setRefundedTotal(
  ctx: OrderContext,
  trx: Trx,
  journal: Journal,
  order: Pick<OrderRow, 'id' | 'order_number'>,
  action: 'order.refund' | 'order.refund_failed',
  beforeCents: number,
  afterCents: number,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ refunded_cents: afterCents })
    .where('id', '=', order.id)
    .execute();
  await logOrderMove(
    trx,
    journal,
    order,
    action,
    { refunded_total: toDecimal(beforeCents) },
    { refunded_total: toDecimal(afterCents) },
    ctx.now(),
  );
}

/** What asking the provider came to: a settled outcome, or still unknown. */
type ProviderAnswer =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'manual' }
  | { status: 'failed' }
  | { status: 'pending' };

/** Asks the card payment's own provider to refund `refund` (see the module comment). */
async function askProvider(
  ctx: OrderContext,
  refund: Pick<RefundRow, 'uuid' | 'tenant_id' | 'amount_cents'>,
  payment: {
    uuid: string;
    provider: KeptCardPayment['provider'];
    provider_ref: string | null;
    currency: string;
  },
): Promise<ProviderAnswer> {
  let provider;
  try {
    provider = await ctx.providerOf(refund.tenant_id, payment.provider);
  } catch (error) {
    // The shop's credentials do not open: nothing was asked, and asking again will not help.
    ctx.log.error({ err: error, refund: refund.uuid }, 'could not open the provider for a refund');
    return { status: 'failed' };
  }
  if (!provider || !payment.provider_ref) return { status: 'manual' };
  try {
    const providerRef = await provider.refundPayment({
      providerRef: payment.provider_ref,
      paymentId: payment.uuid,
      amountMinor: refund.amount_cents,
      currency: payment.currency,
      refundId: refund.uuid,
    });
    return providerRef ? { status: 'succeeded', providerRef } : { status: 'manual' };
  } catch (error) {
    if (error instanceof ProviderRefused) {
      ctx.log.warn({ err: error, refund: refund.uuid }, 'the provider refused a refund');
      return { status: 'failed' };
    }
    // Unreachable, timed out, or an answer we could not read: it may have been made.
    ctx.log.warn({ err: error, refund: refund.uuid }, 'a refund is not confirmed by its provider');
    return { status: 'pending' };
  }
}

/**
 * Asks the provider about one `pending` refund and records the answer under the order lock.
 * @param journal writes what it settled to the activity log, bound to the refund's shop: the
 *   journal of the owner who asked (`Acting.journal`), or the system's for the sweep.
 * @returns its status after this call, or null when it is not a pending card refund (settled
 *   meanwhile, or its reservation never committed).
 */
export async function settlePending(
  ctx: OrderContext,
  refundId: number,
  journal: Journal,
): Promise<RefundRow['status'] | null> {
  const refund = await ctx.db
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', refundId)
    .executeTakeFirst();
  if (!refund || refund.status !== 'pending' || refund.payment_id === null) {
    return refund?.status ?? null;
  }
  const payment = await ctx.db
    .selectFrom('payments')
    .select(['uuid', 'provider', 'provider_ref', 'currency'])
    .where('id', '=', refund.payment_id)
    .executeTakeFirst();
  const answer: ProviderAnswer = payment
    ? await askProvider(ctx, refund, payment)
    : { status: 'manual' };
  if (answer.status === 'pending') return 'pending';

  const done = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, refund.order_id, { tenantId: refund.tenant_id });
    if (!order) return null;
    const moved = await trx
      .updateTable('refunds')
      .set({
        status: answer.status,
        provider_ref: answer.status === 'succeeded' ? answer.providerRef : null,
        settled_at: ctx.now().toISOString(),
      })
      .where('id', '=', refund.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) return null;
    let unstocked: number[] = [];
    if (answer.status === 'failed') {
      unstocked = await undoRefundRestock(trx, refund.tenant_id, refund.id);
      // Nothing went back: the amount may be refunded again.
      const money = await orderMoney(trx, order.id);
      const was = money.refundedCents + refund.amount_cents;
      await setRefundedTotal(
        ctx,
        trx,
        journal,
        order,
        'order.refund_failed',
        was,
        money.refundedCents,
      );
    } else {
      await ctx.record(trx, { type: 'refunded_by_shop', orderId: order.id, refundId: refund.id });
      await moveIfAllRefunded(ctx, trx, journal, order);
    }
    return { status: answer.status, unstocked };
  });
  ctx.afterCommit();
  if (done && done.unstocked.length > 0) await ctx.stockChanged(refund.tenant_id, done.unstocked);
  return done?.status ?? (await currentStatus(ctx, refund.id));
}

async function currentStatus(ctx: OrderContext, refundId: number) {
  const row = await ctx.db
    .selectFrom('refunds')
    .select('status')
    .where('id', '=', refundId)
    .executeTakeFirst();
  return row?.status ?? null;
}

/**
 * Inside the order lock: moves the order to `refunded` once everything paid is refunded and no
 * refund of it is still pending, when its state allows (never a canceled one), and logs it.
 * @param journal writes the move: the owner's (`Acting.journal`), or the system's for the
 *   sweep, bound to the order's shop.
 */
export async function moveIfAllRefunded(
  ctx: OrderContext,
  trx: Trx,
  journal: Journal,
  order: OrderRow,
): Promise<void> {
  if (!canMoveOrder(order.status, 'refunded')) return;
  const money = await orderMoney(trx, order.id);
  if (money.paidCents === 0 || money.refundedCents < money.paidCents) return;
  const pending = await trx
    .selectFrom('refunds')
    .select('id')
    .where('order_id', '=', order.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) return;
  const now = ctx.now().toISOString();
  if (!(await moveOrderStatus(trx, order.id, order.status, 'refunded', { updated_at: now }))) {
    return;
  }
  const after = { status: 'refunded' };
  await logOrderMove(
    trx,
    journal,
    order,
    'order.fully_refunded',
    { status: order.status },
    after,
    ctx.now(),
  );
}

/**
 * Asks again about every shop refund still `pending` after PENDING_REFUND_RETRY_AFTER_MS (its
 * provider could not be reached, or the process stopped while asking), with the same
 * idempotency key, and settles those it hears about (the order sweep; a batch per call). The
 * log names no member for what it settles.
 * @param systemJournal the journal of shop `tenantId` in the system's name (no member acted),
 *   which the app hands in (server/http/wiring/orders.ts): what it settles is written with it.
 * @returns how many it settled.
 */
export async function settlePendingShopRefunds(
  ctx: OrderContext,
  systemJournal: (tenantId: number) => Journal,
): Promise<number> {
  const due = await ctx.db
    .selectFrom('refunds')
    .select(['id', 'tenant_id'])
    .where('status', '=', 'pending')
    .where(
      'created_at',
      '<=',
      new Date(ctx.now().getTime() - PENDING_REFUND_RETRY_AFTER_MS).toISOString(),
    )
    .orderBy('id')
    .limit(100)
    .execute();
  let settled = 0;
  for (const { id, tenant_id: tenantId } of due) {
    try {
      const status = await settlePending(ctx, id, systemJournal(tenantId));
      if (status && status !== 'pending') settled += 1;
    } catch (error) {
      ctx.log.warn({ err: error, refund: id }, 'a shop refund will be asked again');
    }
  }
  return settled;
}
