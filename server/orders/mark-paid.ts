/**
 * Mark paid (the back office): a member records money the shop received by hand for an order of
 * an offline method (a bank transfer, the shop's custom method) that is still waiting for it.
 * In one transaction under the order lock: the money is recorded (`manual_payments`, with the
 * payer's reference as it appeared on the shop's statement), and the order becomes paid by the
 * same rule a card capture follows (./order-paid.ts): `paid`, `paid_at`, no more deadline (the
 * sweep never expires it and no reminder goes), and the shopper's "payment received" e-mail is
 * queued. The move is written to the activity log.
 *
 * The amount: what the statement shows, at least the order's total and at most
 * common/money.ts's MAX_MOVE_AMOUNT_CENTS. Less than the total is refused (field `amount`), so an
 * order is never paid in part by mistake. More is an overpayment: money that, once recorded, may be
 * paid back to the shopper (a refund, or the back office's cancel, "refund in full"), so only an
 * owner (`orders.money`, the permission that moves money out of the shop) records it, and only when
 * they confirm it (`confirmOverpayment`); a staff member's is refused on `amount`, and so is an
 * owner's unconfirmed one. The confirmation is kept with the money
 * (`manual_payments.overpayment_confirmed_at`, `_by`) and in the activity log, and only a confirmed
 * overpayment counts as paid and refundable (./order-money.ts). Decision 058.
 */
import { formatPrice, toDecimal } from '../../common/money.ts';
import { shopCurrency } from '../platform/shop-currency.ts';
import type { FieldErrors } from '../platform/domain-error.ts';
import { isCardMethod } from '../payments/methods.ts';
import { closeAttemptsAtProvider } from './payment-start.ts';
import type { OrderContext } from './context.ts';
import {
  checkText,
  closedRefusal,
  type OrderMoveResult,
  orderIdForMove,
  invalidInput,
  lockOrderForMove,
  logOrderMove,
  moveRefused,
  throwIfInvalid,
} from './staff-moves.ts';
import { ORDER_MOVE_LIMITS, ORDER_MOVE_MESSAGES, FIELD_MESSAGES } from './staff-move-messages.ts';
import type { OrderActing } from './staff-actions.ts';
import { orderBecomesPaid } from './order-paid.ts';

/** What the member typed: the amount received (cents) and the payer's reference. */
export interface MarkPaidInput {
  amountCents: number;
  payerReference: string;
  /**
   * The member confirms that an amount above the order's total was received, as an
   * overpayment (owners only; ignored when the amount is the total).
   */
  confirmOverpayment?: boolean;
}

/** The input's field errors apart from the order's total (see `markOrderPaid`). */
function checkInput(input: MarkPaidInput): { amountCents: number; payerReference: string } {
  const errors: FieldErrors = {};
  const cents = input.amountCents;
  if (typeof cents !== 'number' || !Number.isInteger(cents)) {
    errors.amount = [FIELD_MESSAGES.notInteger];
  } else if (cents < ORDER_MOVE_LIMITS.minAmountCents) {
    errors.amount = [FIELD_MESSAGES.tooSmall];
  } else if (cents > ORDER_MOVE_LIMITS.maxAmountCents) {
    errors.amount = [FIELD_MESSAGES.tooLarge];
  }
  const payerReference = checkText(errors, 'payer_reference', input.payerReference, {
    max: ORDER_MOVE_LIMITS.payerReference,
  });
  throwIfInvalid(errors);
  return { amountCents: cents, payerReference };
}

/**
 * Records money received by hand for order `orderNumber` of the actor's shop and makes it paid
 * (see the module comment).
 * The door checked `orders.fulfil` (server/http/admin/permissions.ts).
 * @param actor the member as the door hands them over: their shop, their id for the payment's
 *   row (and its confirmed overpayment), their journal for the activity log, and whether they
 *   may record more than the total (`may.money`).
 * @throws DomainError `invalid_order_input` (400): `amount` not a whole number of cents from 1 to
 *   MAX_MOVE_AMOUNT_CENTS (10,000,000), below the order's total ("The amount received is less
 *   than the order's total of £475.00.", in the shop's currency), above it from a member who is
 *   not an owner ("The amount received is more than the order's total of £475.00; only an owner
 *   can record an overpayment."), or above it from an owner who did not confirm it ("The amount
 *   received is £25.00 more than the order's total of £475.00. Confirm the overpayment to record
 *   it.");
 *   `payer_reference` blank, over 140 characters or with control characters;
 *   `order_not_found` (404) for no such order in the shop;
 *   `order_move_refused` (409): a card order ("A card order is paid through its card
 *   payment."), one already paid ("This order is already paid."), expired ("This order expired
 *   on 12 March 2026; reopen it first."), canceled ("This order was canceled.") or refunded.
 */
export async function markOrderPaid(
  ctx: OrderContext,
  actor: OrderActing,
  orderNumber: string,
  input: MarkPaidInput,
): Promise<OrderMoveResult> {
  const { amountCents, payerReference } = checkInput(input);
  const orderId = await orderIdForMove(ctx.db, actor.tenantId, orderNumber);
  const at = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderForMove(trx, orderId, actor.tenantId);
    if (isCardMethod(order.payment_method)) throw moveRefused(ORDER_MOVE_MESSAGES.cardOrder);
    if (order.status !== 'awaiting_payment') {
      throw moveRefused(closedRefusal(order) ?? ORDER_MOVE_MESSAGES.alreadyPaid);
    }
    const currency = await shopCurrency(trx, actor.tenantId);
    const money = (cents: number) => formatPrice(toDecimal(cents), currency);
    // What gift cards paid at checkout is not due by hand (decision 090).
    const dueCents = order.total_cents - order.gift_card_cents;
    const total = money(dueCents);
    if (amountCents < dueCents) {
      throw invalidInput({ amount: [ORDER_MOVE_MESSAGES.amountBelowTotal(total)] });
    }
    const overCents = amountCents - dueCents;
    if (overCents > 0 && !actor.may.money) {
      throw invalidInput({ amount: [ORDER_MOVE_MESSAGES.overpaymentOwnerOnly(total)] });
    }
    if (overCents > 0 && input.confirmOverpayment !== true) {
      throw invalidInput({
        amount: [ORDER_MOVE_MESSAGES.overpaymentUnconfirmed(money(overCents), total)],
      });
    }
    const confirmed = overCents > 0;
    const { id: manualPaymentId } = await trx
      .insertInto('manual_payments')
      .values({
        tenant_id: order.tenant_id,
        order_id: order.id,
        amount_cents: amountCents,
        payer_reference: payerReference,
        received_at: at.toISOString(),
        staff_id: actor.staff.id,
        overpayment_confirmed_at: confirmed ? at.toISOString() : null,
        overpayment_confirmed_by: confirmed ? actor.staff.id : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paid = await orderBecomesPaid(ctx, trx, order.id, { kind: 'manual', manualPaymentId });
    // Under the lock the order was awaiting payment, so this only guards the rule itself.
    if (!paid.paid) throw moveRefused(ORDER_MOVE_MESSAGES.alreadyPaid);
    await logOrderMove(
      trx,
      actor.journal,
      order,
      'order.mark_paid',
      { status: order.status },
      {
        status: 'paid',
        amount: toDecimal(amountCents),
        payer_reference: payerReference,
        ...(confirmed ? { overpayment: toDecimal(overCents), overpayment_confirmed: true } : {}),
      },
      at,
    );
    return { order, attempts: paid.attempts };
  });
  ctx.afterCommit();
  closeAttemptsAtProvider(ctx, done.attempts);
  return { orderId: done.order.id, orderNumber: done.order.order_number, status: 'paid' };
}
