/**
 * What an order holds of the shopper's money: what was paid (card payments the order keeps,
 * and money the shop received by hand), what was refunded of it, and so what may still be
 * refunded. The refunds (server/orders/shop-refunds.ts: a refund, and the back office's cancel of a
 * paid order, "refund in full"), the refund e-mails (./order-emails.ts, ./staff-move-emails.ts) and
 * the back office's order page (./order-detail.ts) read it the same way, so nothing pays back more
 * than this says may be refunded.
 *
 * Paid: every `succeeded` card payment without a `refund_status` (a payment with one is money
 * the order could not keep: it was closed first, or another attempt had paid it, and that
 * money is refunded on its own, server/orders/payment-refunds.ts), plus the money received
 * by hand (`manual_payments`) that counts: up to the order's total, and above it only what an
 * owner confirmed as an overpayment (`overpayment_confirmed_at`, ./mark-paid.ts). An
 * amount above the total that no owner confirmed (a row recorded before overpayments needed
 * one) is `unconfirmedCents`: shown, never paid out. Refunded: every `refunds` row that is not
 * `failed` (a `pending` one is reserved while its provider is asked, so two refunds at once
 * never add up to more than was paid). Money in integer cents.
 *
 * Gift cards (decision 090): what they paid at checkout (`orders.gift_card_cents`) is paid too,
 * and what a refund put back on them (its `refunds` rows with a `gift_card_id`, 2026-042) is
 * refunded; the manual money's room under the total leaves their part out.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { ProviderName } from '../payments/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A card payment the order keeps, with what is left of it to refund. */
export interface KeptCardPayment {
  id: number;
  uuid: string;
  provider: ProviderName;
  providerRef: string | null;
  currency: string;
  amountCents: number;
  /** Its amount less its refunds that are not failed. */
  leftCents: number;
}

/** An order's money (see the module comment). */
export interface OrderMoney {
  /** Card payments kept plus the money received by hand that counts (see the module comment). */
  paidCents: number;
  /** Refunds not failed (pending, succeeded, manual). */
  refundedCents: number;
  /** `paidCents - refundedCents`, never below 0. */
  refundableCents: number;
  /** Card payments the order keeps, oldest capture first. */
  cards: KeptCardPayment[];
  /** What gift cards paid and still hold of the order (paid less refunded to them). */
  giftCardLeftCents: number;
  /** Money received by hand that counts, less its refunds (those without a card payment) not failed. */
  manualLeftCents: number;
  /**
   * Money recorded as received by hand above the order's total that no owner confirmed: not in
   * `paidCents`, never refundable.
   */
  unconfirmedCents: number;
}

/** One `manual_payments` row as the sums read it, with its order's total. */
export interface ManualMoneyRow {
  amount_cents: number;
  overpayment_confirmed_at: Date | string | null;
  total_cents: number;
}

/**
 * The money received by hand that counts, and what it holds above the total that no owner
 * confirmed (see the module comment): confirmed rows count in full; the others count up to
 * what the order's total leaves after the card payments it keeps and the confirmed rows.
 * @param rows the order's `manual_payments`, each with the order's total.
 * @param cardCents the card payments the order keeps (cents).
 */
export function countedByHand(
  rows: readonly ManualMoneyRow[],
  cardCents: number,
): { countedCents: number; unconfirmedCents: number } {
  let confirmed = 0;
  let unconfirmed = 0;
  let total = 0;
  for (const row of rows) {
    total = row.total_cents;
    if (row.overpayment_confirmed_at !== null) confirmed += row.amount_cents;
    else unconfirmed += row.amount_cents;
  }
  const room = Math.max(0, total - cardCents - confirmed);
  const counted = Math.min(unconfirmed, room);
  return { countedCents: confirmed + counted, unconfirmedCents: unconfirmed - counted };
}

/** Reads an order's money; inside the order lock's transaction when it is about to change it. */
export async function orderMoney(db: Db, orderId: number): Promise<OrderMoney> {
  const [cards, manual, refunds, gift] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['id', 'uuid', 'provider', 'provider_ref', 'currency', 'amount_cents'])
      .where('order_id', '=', orderId)
      .where('status', '=', 'succeeded')
      .where('refund_status', 'is', null)
      .orderBy('captured_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('manual_payments as m')
      .innerJoin('orders as o', 'o.id', 'm.order_id')
      .select(['m.amount_cents', 'm.overpayment_confirmed_at', 'o.total_cents'])
      .where('m.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('refunds')
      .select(['payment_id', 'gift_card_id', 'amount_cents'])
      .where('order_id', '=', orderId)
      .where('status', '!=', 'failed')
      .execute(),
    db.selectFrom('orders').select('gift_card_cents').where('id', '=', orderId).executeTakeFirst(),
  ]);
  const refundedOf = new Map<number | null, number>();
  let refundedCents = 0;
  let giftCardRefunded = 0;
  for (const refund of refunds) {
    refundedCents += refund.amount_cents;
    if (refund.gift_card_id !== null) {
      giftCardRefunded += refund.amount_cents;
      continue;
    }
    refundedOf.set(
      refund.payment_id,
      (refundedOf.get(refund.payment_id) ?? 0) + refund.amount_cents,
    );
  }
  const giftCardPaid = gift?.gift_card_cents ?? 0;
  const kept: KeptCardPayment[] = cards.map((card) => ({
    id: card.id,
    uuid: card.uuid,
    provider: card.provider,
    providerRef: card.provider_ref,
    currency: card.currency,
    amountCents: card.amount_cents,
    leftCents: Math.max(0, card.amount_cents - (refundedOf.get(card.id) ?? 0)),
  }));
  const cardCents = kept.reduce((sum, card) => sum + card.amountCents, 0);
  const { countedCents: manualCents, unconfirmedCents } = countedByHand(
    manual,
    cardCents + giftCardPaid,
  );
  const paidCents = manualCents + cardCents + giftCardPaid;
  // A refund of a card payment the order no longer keeps (none today) counts against the
  // money received by hand, so the sum of what is left never exceeds what may be refunded.
  const keptIds = new Set(kept.map((card) => card.id));
  let manualRefunded = 0;
  for (const [paymentId, cents] of refundedOf) {
    if (paymentId === null || !keptIds.has(paymentId)) manualRefunded += cents;
  }
  return {
    paidCents,
    refundedCents,
    refundableCents: Math.max(0, paidCents - refundedCents),
    cards: kept,
    giftCardLeftCents: Math.max(0, giftCardPaid - giftCardRefunded),
    manualLeftCents: Math.max(0, manualCents - manualRefunded),
    unconfirmedCents,
  };
}
