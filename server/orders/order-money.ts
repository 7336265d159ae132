/**
 * What an order holds of the shopper's money: what was paid (card payments the order keeps,
 * and money the shop received by hand), what was refunded of it, and so what may still be
 * refunded. The refunds (server/payments/shop-refunds.ts) and the desk's order page
 * (./desk-order.ts) read it the same way.
 *
 * Paid: every `succeeded` card payment without a `refund_status` (a payment with one is money
 * the order could not keep: it was closed first, or another attempt had paid it, and that
 * money is refunded on its own, server/payments/payment-refunds.ts), plus every
 * `manual_payments` row. Refunded: every `refunds` row that is not `failed` (a `pending` one is
 * reserved while its provider is asked, so two refunds at once never add up to more than was
 * paid). Money in integer cents.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import type { ProviderName } from '../platform/db/tables/payments.ts';

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
  /** Card payments kept plus money received by hand. */
  paidCents: number;
  /** Refunds not failed (pending, succeeded, manual). */
  refundedCents: number;
  /** `paidCents - refundedCents`, never below 0. */
  refundableCents: number;
  /** Card payments the order keeps, oldest capture first. */
  cards: KeptCardPayment[];
  /** Money received by hand less its refunds (those without a card payment) not failed. */
  manualLeftCents: number;
}

/** Reads an order's money; inside the order lock's transaction when it is about to change it. */
export async function orderMoney(db: Db, orderId: number): Promise<OrderMoney> {
  const [cards, manual, refunds] = await Promise.all([
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
      .selectFrom('manual_payments')
      .select((eb) => eb.fn.sum<number | string | null>('amount_cents').as('cents'))
      .where('order_id', '=', orderId)
      .executeTakeFirst(),
    db
      .selectFrom('refunds')
      .select(['payment_id', 'amount_cents'])
      .where('order_id', '=', orderId)
      .where('status', '!=', 'failed')
      .execute(),
  ]);
  const refundedOf = new Map<number | null, number>();
  let refundedCents = 0;
  for (const refund of refunds) {
    refundedOf.set(
      refund.payment_id,
      (refundedOf.get(refund.payment_id) ?? 0) + refund.amount_cents,
    );
    refundedCents += refund.amount_cents;
  }
  const manualCents = Number(manual?.cents ?? 0);
  const kept: KeptCardPayment[] = cards.map((card) => ({
    id: card.id,
    uuid: card.uuid,
    provider: card.provider,
    providerRef: card.provider_ref,
    currency: card.currency,
    amountCents: card.amount_cents,
    leftCents: Math.max(0, card.amount_cents - (refundedOf.get(card.id) ?? 0)),
  }));
  const paidCents = manualCents + kept.reduce((sum, card) => sum + card.amountCents, 0);
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
    manualLeftCents: Math.max(0, manualCents - manualRefunded),
  };
}
