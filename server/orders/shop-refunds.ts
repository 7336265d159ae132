/**
 * A shop's refunds (the back office; owners only): part or all of what a shopper paid for an
 * order goes back, through the card payment's own provider, or by hand for money the shop
 * received by hand (a bank transfer, the custom method).
 *
 * Never more than was paid: what may be refunded is what was paid less every refund that is not
 * `failed` (../orders/order-money.ts), and what was paid by hand counts above the order's total
 * only where an owner confirmed the overpayment, so a mistyped amount is never paid out. A refund
 * is reserved before any provider is asked, in the order lock's transaction
 * (../orders/order-lock.ts): a `refunds` row and `orders.refunded_cents` grow together and commit,
 * so two refunds of one order at once take turns, and the second sees the first's amount already
 * taken even while its provider is still being asked.
 *
 * Then, after the commit, each card refund is asked of the provider that took the payment
 * (`providerOf`, whatever the shop takes payments with now) with the refund's own id as the
 * idempotency key, and settled under the lock again:
 *   - `succeeded` with the provider's reference;
 *   - `manual` when that provider's adapter cannot refund (2C2P) or the shop no longer has its
 *     credentials: the shop pays it back by hand, as it does for money received by hand
 *     (those refunds are `manual` from the start), and today's list shows it until then;
 *   - `failed` when the provider refused (nothing was refunded): the amount may be refunded
 *     again, the pieces its lines put back in stock are taken out again (./refund-lines.ts),
 *     the owner is answered 502 and the log says so;
 *   - still `pending` when the provider could not be reached: the refund may or may not have
 *     been made, so its amount stays reserved and the order sweep asks again with the same
 *     idempotency key (`settlePendingShopRefunds`) rather than give the amount back and risk
 *     refunding it twice. The owner is answered 502 with words that say so.
 *
 * A refund that is made (succeeded or manual) e-mails the shopper (the `refunded_by_shop`
 * event: the amount, how it comes back, and the owner's reason, which the contract says the
 * shopper is told). Once everything paid is refunded and settled, the order moves to
 * `refunded` (../orders/lifecycle.ts), unless it was canceled: a canceled order stays canceled.
 * Every reservation, failure and move is written to the activity log with the order's refunded
 * total before and after.
 *
 * What gift cards paid is refunded last (decision 090): a refund goes first to the card
 * payments, then to the money received by hand, and only what is left of it back on the gift
 * cards that paid the order (server/giftcards/ledger.ts `refundToCards`, the card used last
 * first), at once, in the same transaction. The shopper gets their money first; a card gets back
 * only what it paid.
 *
 * This module checks the owner's request and reserves the refunds; asking the providers and
 * settling what they answer (and the sweep's retries) is ./refund-settling.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { MAX_MOVE_AMOUNT_CENTS, toDecimal, toMinorUnits } from '../../common/money.ts';
import type { OrdersTable, RefundsTable } from './tables.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import type { OrderContext } from './context.ts';
import { orderIdForMove, lockOrderForMove, moveRefused } from './staff-moves.ts';
import type { OrderErrorCode } from './errors.ts';
import type { Trx } from './order-lock.ts';
import { type KeptCardPayment, type OrderMoney, orderMoney } from './order-money.ts';
import { moveIfAllRefunded, setRefundedTotal, settlePending } from './refund-settling.ts';
import type { PaymentErrorCode } from '../payments/errors.ts';
import { CONTROL_BUT_LINES } from '../platform/text-checks.ts';
import { refundToCards } from '../giftcards/ledger.ts';
import {
  checkAmountAgainstLines,
  checkRefundLines,
  parseRefundLines,
  recordRefundLines,
} from './refund-lines.ts';

type OrderRow = Selectable<OrdersTable>;
type RefundRow = Selectable<RefundsTable>;

/** The longest reason an owner may give (the column's size). */
export const MAX_REFUND_REASON = 500;

/** Every message of a refund (DRF's words for the fields, the contract's for the rest). */
export const REFUND_MESSAGES = {
  invalidAmount: 'A valid number is required.',
  tooManyDecimals: 'Ensure that there are no more than 2 decimal places.',
  notPositive: 'Ensure this value is greater than or equal to 0.01.',
  overLimit: `Ensure this value is less than or equal to ${toDecimal(MAX_MOVE_AMOUNT_CENTS)}.`,
  tooLarge: (left: string) => `At most ${left} can be refunded.`,
  blankReason: 'This field may not be blank.',
  longReason: `Ensure this field has no more than ${MAX_REFUND_REASON} characters.`,
  controlCharacters: 'Enter text without control characters.',
  notPaid: 'This order has not been paid.',
  nothingLeft: 'Everything paid for this order has been refunded.',
  providerRefused:
    'The card payment provider refused this refund, so nothing was refunded. Check the payment in the provider\u2019s dashboard, or refund it by hand.',
  providerUnreachable:
    'The card payment provider could not be reached, so the refund is not confirmed yet. It stays pending and is asked again in a few minutes; do not refund it again.',
} as const;

/**
 * What an owner asks for (contract RefundRequest): a decimal amount and a reason, and optionally
 * the pieces refunded (./refund-lines.ts: at most what is left of each line, the amount at most
 * what they cost, put back in stock on request).
 */
export interface RefundRequest {
  amount: string;
  reason: string;
  lines?: unknown;
}

/** One refund row a call made, and where it ended. */
export interface RefundOutcome {
  refundId: number;
  amountCents: number;
  status: RefundRow['status'];
}

/** Where a refund row starts (see `ReservedRefunds.refunds`). */
type ReservedStatus = 'pending' | 'manual' | 'succeeded';

/**
 * Refunds reserved in an order lock's transaction: `settle()` asks the providers and records
 * what they answered. Call it only after that transaction committed (a rolled-back
 * reservation is skipped: nothing is asked of a provider for a refund that is not stored).
 */
export interface ReservedRefunds {
  orderId: number;
  tenantId: number;
  /** All that was reserved (cents); 0 when there was nothing to refund. */
  amountCents: number;
  /**
   * The rows made: card refunds `pending`, refunds of money received by hand `manual`, what
   * went back on gift cards `succeeded`.
   */
  refunds: { id: number; amountCents: number; status: ReservedStatus }[];
  settle(): Promise<RefundOutcome[]>;
}

/**
 * Reads the owner's amount and reason.
 * @returns the amount in cents and the trimmed reason
 * @throws DomainError `invalid_order_input` with a message for each bad field (`amount`: not a
 *   decimal, more than 2 decimals, zero or negative, or above MAX_MOVE_AMOUNT_CENTS; `reason`:
 *   blank, over 500 characters, or with a control character other than a line break or a tab).
 */
export function parseRefundRequest(input: RefundRequest): { amountCents: number; reason: string } {
  const fields: Record<string, string[]> = {};
  const raw = typeof input.amount === 'string' ? input.amount.trim() : '';
  const cents = toMinorUnits(raw);
  if (cents === null) {
    fields.amount = [
      /^-?\d+\.\d{3,}$/.test(raw) ? REFUND_MESSAGES.tooManyDecimals : REFUND_MESSAGES.invalidAmount,
    ];
  } else if (cents <= 0) {
    fields.amount = [REFUND_MESSAGES.notPositive];
  } else if (cents > MAX_MOVE_AMOUNT_CENTS) {
    // The contract's limit (PositiveMoneyInput), for a caller that skipped its check.
    fields.amount = [REFUND_MESSAGES.overLimit];
  }
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (reason === '') fields.reason = [REFUND_MESSAGES.blankReason];
  else if (reason.length > MAX_REFUND_REASON) fields.reason = [REFUND_MESSAGES.longReason];
  else if (CONTROL_BUT_LINES.test(reason)) {
    fields.reason = [REFUND_MESSAGES.controlCharacters];
  }
  if (Object.keys(fields).length > 0) {
    throw new DomainError<OrderErrorCode>('invalid_order_input', 'Invalid refund.', { fields });
  }
  return { amountCents: cents!, reason };
}

/**
 * An owner refunds `amount` of the order numbered `orderNumber` in their shop (see the module
 * comment): reserved, asked of the providers, settled.
 * @param actor the owner, as the door hands them over (it checked `orders.money`): their shop,
 *   their id for the refund rows, and their journal for the activity log.
 * @returns the refunds made by this call and their outcome (`succeeded` or `manual`)
 * @throws DomainError `order_not_found` ("Not found.") for an order of no such number in the
 *   actor's shop;
 *   `invalid_order_input` (field errors on `amount` and `reason`, see parseRefundRequest; on
 *   `lines`, see ./refund-lines.ts: a line not of this order, more pieces than are left);
 *   `refund_too_large` (field `amount`) above what the pieces picked cost;
 *   `order_move_refused` (409) when nothing was paid ("This order has not been paid.") or
 *   everything paid is refunded already;
 *   `refund_too_large` (field `amount`: "At most 430.00 can be refunded.") above what is left;
 *   `provider_unavailable` (502) when a card provider refused the refund (it is `failed`, its
 *   amount refundable again) or could not be reached (it stays `pending`; the sweep asks again).
 */
export async function refundOrder(
  ctx: OrderContext,
  actor: Acting,
  orderNumber: string,
  input: RefundRequest,
): Promise<RefundOutcome[]> {
  const orderId = await orderIdForMove(ctx.db, actor.tenantId, orderNumber);
  const { amountCents, reason } = parseRefundRequest(input);
  const lines = parseRefundLines(input.lines);
  const { reserved, restocked } = await ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrderForMove(trx, orderId, actor.tenantId);
    const money = await orderMoney(trx, order.id);
    if (money.paidCents === 0) throw moveRefused(REFUND_MESSAGES.notPaid);
    if (money.refundableCents === 0) throw moveRefused(REFUND_MESSAGES.nothingLeft);
    const picked = await checkRefundLines(trx, order, lines);
    if (lines.length > 0) checkAmountAgainstLines(amountCents, picked.valueCents);
    if (amountCents > money.refundableCents) {
      throw new DomainError<OrderErrorCode>(
        'refund_too_large',
        REFUND_MESSAGES.tooLarge(toDecimal(money.refundableCents)),
        { field: 'amount' },
      );
    }
    const made = await reserveLocked(ctx, trx, actor, order, money, amountCents, reason, true);
    const first = made.refunds[0];
    const productIds = first
      ? await recordRefundLines(trx, actor, order, first.id, picked.lines, ctx.now())
      : [];
    return { reserved: made, restocked: productIds };
  });
  ctx.afterCommit();
  if (restocked.length > 0) await ctx.stockChanged(actor.tenantId, restocked);
  const outcomes = await reserved.settle();
  if (outcomes.some((o) => o.status === 'failed')) {
    throw new DomainError<PaymentErrorCode>(
      'provider_unavailable',
      REFUND_MESSAGES.providerRefused,
    );
  }
  if (outcomes.some((o) => o.status === 'pending')) {
    throw new DomainError<PaymentErrorCode>(
      'provider_unavailable',
      REFUND_MESSAGES.providerUnreachable,
    );
  }
  return outcomes;
}

/**
 * Reserves the refund of everything still refundable of `order` (the back office's cancel of a paid
 * order), as `refundOrder` does, and hands back what to settle after the commit. The order's
 * status is left to the caller: a canceled order stays canceled.
 *
 * @param trx the caller's transaction, which must hold the order's lock (the cancel's): the
 *   refunds commit with the cancel, or not at all; call `settle()` after that commit. Without
 *   one, a transaction of its own takes the lock and commits before this resolves.
 * @param actor the owner acting (their shop, their id for the refund rows, their journal).
 * @param reason the owner's words, stored with each refund and e-mailed to the shopper.
 * @returns the reservation (`amountCents` 0 and no refunds when nothing is left to refund).
 * @throws DomainError `order_not_found` when the order is not in the actor's shop.
 */
export async function refundInFull(
  ctx: OrderContext,
  trx: Trx | undefined,
  actor: Acting,
  order: Pick<OrderRow, 'id'>,
  reason: string,
): Promise<ReservedRefunds> {
  const reserve = async (t: Trx) => {
    const locked = await lockOrderForMove(t, order.id, actor.tenantId);
    const money = await orderMoney(t, locked.id);
    const words = reason.trim().slice(0, MAX_REFUND_REASON);
    return reserveLocked(ctx, t, actor, locked, money, money.refundableCents, words, false);
  };
  if (trx) return reserve(trx);
  const reserved = await ctx.db.transaction().execute(reserve);
  ctx.afterCommit();
  return reserved;
}

/**
 * Inside the order lock: splits `amountCents` over what is left of each card payment the order
 * keeps (oldest first), then over money received by hand, writes a refund row for each part
 * (`pending` for a card, `manual` for money received by hand), grows `orders.refunded_cents`,
 * and logs it. Refunds of money received by hand are made now (e-mail queued, and the order
 * may move to `refunded` when `moveStatus`). `actor` names the owner on each row and writes the
 * log (and, in `settle()`, what the providers answered).
 */
async function reserveLocked(
  ctx: OrderContext,
  trx: Trx,
  actor: Acting,
  order: OrderRow,
  money: OrderMoney,
  amountCents: number,
  reason: string,
  moveStatus: boolean,
): Promise<ReservedRefunds> {
  const empty: ReservedRefunds = {
    orderId: order.id,
    tenantId: order.tenant_id,
    amountCents: 0,
    refunds: [],
    settle: async () => [],
  };
  if (amountCents <= 0) return empty;
  const now = ctx.now().toISOString();
  const parts: { card: KeptCardPayment | null; giftCardId: number | null; cents: number }[] = [];
  let left = amountCents;
  for (const card of money.cards) {
    const cents = Math.min(card.leftCents, left);
    if (cents > 0) parts.push({ card, giftCardId: null, cents });
    left -= cents;
  }
  const byHand = Math.min(money.manualLeftCents, left);
  if (byHand > 0) parts.push({ card: null, giftCardId: null, cents: byHand });
  left -= byHand;
  const toGiftCards = Math.min(money.giftCardLeftCents, left);
  if (toGiftCards > 0) {
    for (const back of await refundToCards(
      trx,
      order.tenant_id,
      order.id,
      toGiftCards,
      ctx.now(),
    )) {
      parts.push({ card: null, giftCardId: back.giftCardId, cents: back.amountCents });
      left -= back.amountCents;
    }
  }
  if (left > 0) {
    // Only when the rows disagree with the sums (never by the module's own writes).
    throw new DomainError<OrderErrorCode>(
      'refund_too_large',
      REFUND_MESSAGES.tooLarge(toDecimal(amountCents - left)),
      { field: 'amount' },
    );
  }

  const rows =
    parts.length === 0
      ? []
      : await trx
          .insertInto('refunds')
          .values(
            parts.map((part) => ({
              uuid: randomUUID(),
              tenant_id: order.tenant_id,
              order_id: order.id,
              payment_id: part.card?.id ?? null,
              gift_card_id: part.giftCardId,
              amount_cents: part.cents,
              reason,
              // A card refund waits for its provider; money received by hand is owed by hand;
              // a gift card's is back on the card already.
              status: part.card
                ? ('pending' as const)
                : part.giftCardId === null
                  ? ('manual' as const)
                  : ('succeeded' as const),
              provider_ref: null,
              staff_id: actor.staff.id,
              created_at: now,
              settled_at: part.card ? null : now,
            })),
          )
          .returning(['id', 'amount_cents', 'status'])
          .execute();
  const before = money.refundedCents;
  await setRefundedTotal(
    ctx,
    trx,
    actor.journal,
    order,
    'order.refund',
    before,
    before + amountCents,
  );
  for (const row of rows) {
    // Made now (by hand, or back on a gift card): the shopper hears of it now; a card
    // refund's e-mail waits for its provider's answer (./refund-settling.ts).
    if (row.status !== 'pending') {
      await ctx.record(trx, { type: 'refunded_by_shop', orderId: order.id, refundId: row.id });
    }
  }
  if (moveStatus) await moveIfAllRefunded(ctx, trx, actor.journal, order);

  const refunds = rows.map((row) => ({
    id: row.id,
    amountCents: row.amount_cents,
    status: row.status as ReservedStatus,
  }));
  return {
    orderId: order.id,
    tenantId: order.tenant_id,
    amountCents,
    refunds,
    async settle() {
      const outcomes: RefundOutcome[] = [];
      for (const refund of refunds) {
        if (refund.status !== 'pending') {
          outcomes.push({
            refundId: refund.id,
            amountCents: refund.amountCents,
            status: refund.status,
          });
          continue;
        }
        const status = await settlePending(ctx, refund.id, actor.journal);
        if (status) outcomes.push({ refundId: refund.id, amountCents: refund.amountCents, status });
      }
      return outcomes;
    },
  };
}
