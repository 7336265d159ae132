/**
 * Mark paid (the order desk): a member records money the shop received by hand for an order of
 * an offline method (a bank transfer, the shop's custom method) that is still waiting for it.
 * In one transaction under the order lock: the money is recorded (`manual_payments`, with the
 * payer's reference as it appeared on the shop's statement), and the order becomes paid by the
 * same rule a card capture follows (./order-paid.ts): `paid`, `paid_at`, no more deadline (the
 * sweep never expires it and no reminder goes), and the shopper's "payment received" e-mail is
 * queued. The move is written to the activity log.
 *
 * The amount: what the statement shows, at least the order's total. Less is refused (field
 * `amount`), so an order is never paid in part by mistake; more is accepted and recorded as
 * received, so the owner sees what came in beyond the total and can refund it.
 */
import { toDecimal } from '../../common/money.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { isCardMethod } from '../payments/methods.ts';
import { closeAttemptsAtProvider } from '../payments/payment-start.ts';
import type { StaffActor } from '../staff/actor.ts';
import { requirePermission } from '../staff/roles.ts';
import type { OrderContext } from './context.ts';
import {
  checkText,
  closedRefusal,
  type DeskMoveResult,
  deskOrderId,
  invalidInput,
  lockDeskOrder,
  logDeskMove,
  moveRefused,
  throwIfInvalid,
} from './desk-common.ts';
import { DESK_LIMITS, DESK_MESSAGES, FIELD_MESSAGES } from './desk-messages.ts';
import { orderBecomesPaid } from './order-paid.ts';

/** What the member typed: the amount received (cents) and the payer's reference. */
export interface MarkPaidInput {
  amountCents: number;
  payerReference: string;
}

/** The input's field errors apart from the order's total (see `markOrderPaid`). */
function checkInput(input: MarkPaidInput): { amountCents: number; payerReference: string } {
  const errors: FieldErrors = {};
  const cents = input.amountCents;
  if (typeof cents !== 'number' || !Number.isInteger(cents)) {
    errors.amount = [FIELD_MESSAGES.notInteger];
  } else if (cents < DESK_LIMITS.minAmountCents) {
    errors.amount = [FIELD_MESSAGES.tooSmall];
  } else if (cents > DESK_LIMITS.maxAmountCents) {
    errors.amount = [FIELD_MESSAGES.tooLarge];
  }
  const payerReference = checkText(errors, 'payer_reference', input.payerReference, {
    max: DESK_LIMITS.payerReference,
  });
  throwIfInvalid(errors);
  return { amountCents: cents, payerReference };
}

/**
 * Records money received by hand for order `orderNumber` of the actor's shop and makes it paid
 * (see the module comment).
 * @throws DomainError `forbidden` (403) for a role without `orders.fulfil`;
 *   `invalid_desk_input` (400): `amount` not a whole number of cents from 1 to 10,000,000, or
 *   below the order's total ("The amount received is less than the order's total of $475.00.");
 *   `payer_reference` blank, over 140 characters or with control characters;
 *   `order_not_found` (404) for no such order in the shop;
 *   `order_move_refused` (409): a card order ("A card order is paid through its card
 *   payment."), one already paid ("This order is already paid."), expired ("This order expired
 *   on 12 March 2026; reopen it first."), canceled ("This order was canceled.") or refunded.
 */
export async function markOrderPaid(
  ctx: OrderContext,
  actor: StaffActor,
  orderNumber: string,
  input: MarkPaidInput,
): Promise<DeskMoveResult> {
  requirePermission(actor, 'orders.fulfil');
  const { amountCents, payerReference } = checkInput(input);
  const orderId = await deskOrderId(ctx.db, actor.tenantId, orderNumber);
  const at = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockDeskOrder(trx, orderId, actor.tenantId);
    if (isCardMethod(order.payment_method)) throw moveRefused(DESK_MESSAGES.cardOrder);
    if (order.status !== 'awaiting_payment') {
      throw moveRefused(closedRefusal(order) ?? DESK_MESSAGES.alreadyPaid);
    }
    if (amountCents < order.total_cents) {
      throw invalidInput({
        amount: [DESK_MESSAGES.amountBelowTotal(toDecimal(order.total_cents))],
      });
    }
    const { id: manualPaymentId } = await trx
      .insertInto('manual_payments')
      .values({
        tenant_id: order.tenant_id,
        order_id: order.id,
        amount_cents: amountCents,
        payer_reference: payerReference,
        received_at: at.toISOString(),
        staff_id: actor.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paid = await orderBecomesPaid(ctx, trx, order.id, { kind: 'manual', manualPaymentId });
    // Under the lock the order was awaiting payment, so this only guards the rule itself.
    if (!paid.paid) throw moveRefused(DESK_MESSAGES.alreadyPaid);
    await logDeskMove(
      trx,
      actor,
      order,
      'order.mark_paid',
      { status: order.status },
      {
        status: 'paid',
        amount: toDecimal(amountCents),
        payer_reference: payerReference,
      },
      at,
    );
    return { order, attempts: paid.attempts };
  });
  ctx.afterCommit();
  closeAttemptsAtProvider(ctx, done.attempts);
  return { orderId: done.order.id, orderNumber: done.order.order_number, status: 'paid' };
}
