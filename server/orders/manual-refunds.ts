/**
 * Money the shop owes by hand, marked paid back (the back office; owners only).
 *
 * Two things are owed by hand, and today's list (../orders/today.ts) shows both until an
 * owner records here that the shop paid them back (by bank transfer, or otherwise):
 *   - a refund whose status is `manual` (./shop-refunds.ts: money received by hand, or a card
 *     refund its provider could not make) becomes `paid_back`;
 *   - a card payment an order could not keep whose `refund_status` is `manual`
 *     (./payment-refunds.ts) becomes `paid_back` too.
 * A status of its own rather than `succeeded`/`refunded`: those say a provider made the refund
 * (and `provider_ref`/`refund_ref` is the provider's reference), while `paid_back` keeps how
 * it went back (by hand) apart from whether it is done. The owner's optional note (the
 * transfer's reference, say) is kept in that reference column and in the activity log.
 *
 * Nothing else moves: the amount was counted as refunded when the refund was made (every refund
 * but a `failed` one counts, ../orders/order-money.ts), and a payment the order could not keep
 * was never counted as paid; so the order's totals and status stay, and nobody is e-mailed (the
 * shopper was told when the refund was made). The change is a conditional UPDATE from `manual`
 * under the order lock (../orders/order-lock.ts), with its activity entry in the same
 * transaction: two clicks at once make one change and one entry, the second is refused.
 */
import { toDecimal } from '../../common/money.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import type { OrderContext } from './context.ts';
import type { OrderErrorCode } from './errors.ts';
import { orderIdForMove, lockOrderForMove, moveRefused, orderNotFound } from './staff-moves.ts';
import type { OrderRow, Trx } from './order-lock.ts';
import { CONTROL } from '../platform/text-checks.ts';

/** The longest note an owner may give (the contract's PaidBackRequest). */
export const MAX_PAID_BACK_NOTE = 200;

/** Every message of marking something paid back (DRF's words for the field, the contract's for the rest). */
export const PAID_BACK_MESSAGES = {
  longNote: `Ensure this field has no more than ${MAX_PAID_BACK_NOTE} characters.`,
  controlCharacters: 'Enter text without control characters.',
  refundAlreadyPaidBack: 'This refund is already paid back.',
  refundNotManual: 'Only a refund to pay by hand can be marked paid back.',
  paymentAlreadyPaidBack: 'This payment is already paid back.',
  paymentNotManual: 'Only a payment to pay back by hand can be marked paid back.',
} as const;

/** What an owner sends (contract PaidBackRequest): an optional note. */
export interface PaidBackRequest {
  note?: string | null;
}

/**
 * Reads the owner's note: trimmed, null when absent or blank.
 * @throws DomainError `invalid_order_input` with a message on `note` when it is over 200
 *   characters or holds a control character (a line break included: it is one line).
 */
export function parsePaidBackNote(input: PaidBackRequest | undefined): string | null {
  const raw = input?.note;
  const note = typeof raw === 'string' ? raw.trim() : '';
  if (note === '') return null;
  const problem =
    note.length > MAX_PAID_BACK_NOTE
      ? PAID_BACK_MESSAGES.longNote
      : CONTROL.test(note)
        ? PAID_BACK_MESSAGES.controlCharacters
        : null;
  if (problem) {
    throw new DomainError<OrderErrorCode>('invalid_order_input', 'Invalid note.', {
      fields: { note: [problem] },
    });
  }
  return note;
}

/**
 * Finds the order in the owner's shop, reads the note, then runs `change` under the order lock.
 */
async function underOrderLock(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  input: PaidBackRequest | undefined,
  change: (trx: Trx, order: OrderRow, note: string | null) => Promise<void>,
): Promise<void> {
  const orderId = await orderIdForMove(ctx.db, actor.tenantId, orderNumber);
  const note = parsePaidBackNote(input);
  await ctx.db.transaction().execute(async (trx) => {
    await change(trx, await lockOrderForMove(trx, orderId, actor.tenantId), note);
  });
}

/**
 * An owner records that the shop paid back by hand refund `refundId` of the order numbered
 * `orderNumber` in their shop: `manual` -> `paid_back`, the note in `provider_ref`, logged as
 * `order.refund_paid_back` (see the module comment).
 * @param actor the owner, as the door hands them over (it checked `orders.money`): their shop
 *   and the journal that writes the activity entry in their name.
 * @throws DomainError `order_not_found` ("Not found.") for no such order in the actor's shop,
 *   or no such refund of it; `invalid_order_input` (field `note`, see parsePaidBackNote);
 *   `order_move_refused` (409) "This refund is already paid back." or "Only a refund to pay by
 *   hand can be marked paid back." (pending, succeeded or failed).
 */
export async function settleManualRefund(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  refundId: number,
  input?: PaidBackRequest,
): Promise<void> {
  await underOrderLock(ctx, actor, orderNumber, input, async (trx, order, note) => {
    const refund = await trx
      .selectFrom('refunds')
      .select(['id', 'status', 'amount_cents'])
      .where('id', '=', refundId)
      .where('order_id', '=', order.id)
      .where('tenant_id', '=', order.tenant_id)
      .executeTakeFirst();
    if (!refund) throw orderNotFound();
    if (refund.status === 'paid_back') throw moveRefused(PAID_BACK_MESSAGES.refundAlreadyPaidBack);
    if (refund.status !== 'manual') throw moveRefused(PAID_BACK_MESSAGES.refundNotManual);
    const moved = await trx
      .updateTable('refunds')
      .set({ status: 'paid_back', provider_ref: note, settled_at: ctx.now().toISOString() })
      .where('id', '=', refund.id)
      .where('status', '=', 'manual')
      .executeTakeFirst();
    // The lock makes this the only writer; a miss means another change came first.
    if (moved.numUpdatedRows !== 1n) throw moveRefused(PAID_BACK_MESSAGES.refundAlreadyPaidBack);
    const amount = toDecimal(refund.amount_cents);
    await actor.journal(
      trx,
      {
        action: 'order.refund_paid_back',
        objectType: 'order',
        objectId: order.order_number,
        before: { refund_id: refund.id, amount, status: 'manual' },
        after: { refund_id: refund.id, amount, status: 'paid_back', note },
      },
      ctx.now(),
    );
  });
}

/**
 * An owner records that the shop paid back by hand the card payment `paymentUuid` of the order
 * numbered `orderNumber` in their shop, money the order could not keep: `refund_status`
 * `manual` -> `paid_back`, the note in `refund_ref`, logged as `order.payment_paid_back` (see
 * the module comment).
 * @param actor the owner, as the door hands them over (it checked `orders.money`): their shop
 *   and the journal that writes the activity entry in their name.
 * @throws DomainError `order_not_found` ("Not found.") for no such order in the actor's shop,
 *   or no such payment of it; `invalid_order_input` (field `note`);
 *   `order_move_refused` (409) "This payment is already paid back." or "Only a payment to pay
 *   back by hand can be marked paid back." (a payment the order keeps, one being refunded or
 *   refunded by its provider).
 */
export async function settleManualPaymentRefund(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  paymentUuid: string,
  input?: PaidBackRequest,
): Promise<void> {
  await underOrderLock(ctx, actor, orderNumber, input, async (trx, order, note) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'uuid', 'refund_status', 'amount_cents'])
      .where('uuid', '=', paymentUuid)
      .where('order_id', '=', order.id)
      .where('tenant_id', '=', order.tenant_id)
      .executeTakeFirst();
    if (!payment) throw orderNotFound();
    if (payment.refund_status === 'paid_back') {
      throw moveRefused(PAID_BACK_MESSAGES.paymentAlreadyPaidBack);
    }
    if (payment.refund_status !== 'manual') throw moveRefused(PAID_BACK_MESSAGES.paymentNotManual);
    const moved = await trx
      .updateTable('payments')
      .set({ refund_status: 'paid_back', refund_ref: note, updated_at: ctx.now().toISOString() })
      .where('id', '=', payment.id)
      .where('refund_status', '=', 'manual')
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw moveRefused(PAID_BACK_MESSAGES.paymentAlreadyPaidBack);
    const amount = toDecimal(payment.amount_cents);
    await actor.journal(
      trx,
      {
        action: 'order.payment_paid_back',
        objectType: 'order',
        objectId: order.order_number,
        before: { payment: payment.uuid, amount, refund_status: 'manual' },
        after: { payment: payment.uuid, amount, refund_status: 'paid_back', note },
      },
      ctx.now(),
    );
  });
}
