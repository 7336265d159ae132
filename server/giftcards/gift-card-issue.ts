/**
 * Issuing gift cards and delivering their codes (decision 090).
 *
 * - `issueSoldCards`: when an order is paid (server/orders/order-paid.ts), one card per unit of
 *   each gift card line, in that transaction, `scheduled` (no code yet) with its history's
 *   `issued` line; those due today are delivered at once.
 * - `issueStoreCredit`: the shop's own card (a refund for a made-to-order piece, a goodwill
 *   gesture), delivered at once.
 * - `deliverCard`: the card gets its code, drawn now: its hash and last four are stored, the
 *   card becomes `active`, and the recipient's e-mail with the code is queued in the outbox in
 *   the same transaction. The code exists nowhere else (never in an answer or a log line).
 * - `deliverDueCards`: the sweep's part (server/http/wiring/orders.ts): cards whose day has come.
 *   Each card moves `scheduled -> active` by a conditional UPDATE, so two processes sweeping at
 *   once deliver it once (the loser's transaction, and its code, roll back).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { toDecimal } from '../../common/money.ts';
import { staffEmailShop } from '../staff/staff-mail.ts';
import { codeHash, lastFour, newGiftCardCode, normalizeCode } from './gift-card-codes.ts';
import { type GiftCardChoice, utcDay } from '../cart/gift-card-choice.ts';
import type { GiftCardEmailData } from './emails/gift-card-email-data.ts';
import { addMove } from './ledger.ts';
import type { GiftCardSource, VoucherKind } from './tables.ts';

type Trx = Transaction<Database>;

/** What delivering needs besides the database: the shop's storefront origin, the clock. */
export interface Delivery {
  origin: (tenantId: number) => string;
  now: Date;
}

/** A gift card line of a paid order. */
export interface SoldLine {
  orderItemId: number;
  quantity: number;
  choice: GiftCardChoice;
  /** The line's VAT rate if the card is an SPV (basis points), else null. */
  vatRateBp: number | null;
}

/** A new card's facts. */
interface NewCard {
  tenantId: number;
  currency: string;
  amountCents: number;
  source: GiftCardSource;
  voucher: VoucherKind;
  vatRateBp: number | null;
  orderItemId: number | null;
  orderId: number | null;
  recipientName: string;
  recipientEmail: string;
  message: string;
  reason: string | null;
  deliverOn: string;
  fromName: string;
}

async function insertCard(trx: Trx, card: NewCard, now: Date): Promise<number> {
  const at = now.toISOString();
  const { id } = await trx
    .insertInto('gift_cards')
    .values({
      tenant_id: card.tenantId,
      code_hash: null,
      last_four: null,
      currency: card.currency,
      initial_cents: card.amountCents,
      balance_cents: card.amountCents,
      status: 'scheduled',
      source: card.source,
      voucher: card.voucher,
      vat_rate_bp: card.vatRateBp,
      order_item_id: card.orderItemId,
      recipient_name: card.recipientName,
      recipient_email: card.recipientEmail,
      message: card.message,
      reason: card.reason,
      deliver_on: card.deliverOn,
      delivered_at: null,
      expires_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addMove(trx, card.tenantId, id, 'issued', card.amountCents, card.orderId, card.reason, now);
  return id;
}

/**
 * Issues the cards of a paid order's gift card lines (see the module comment) and delivers
 * those due on or before today.
 * @param buyerName who the e-mail says the card is from.
 * @returns the ids of the cards issued.
 */
export async function issueSoldCards(
  trx: Trx,
  order: { tenantId: number; orderId: number; currency: string; buyerName: string },
  lines: readonly SoldLine[],
  delivery: Delivery,
): Promise<number[]> {
  const ids: number[] = [];
  for (const line of lines) {
    for (let unit = 0; unit < line.quantity; unit++) {
      const id = await insertCard(
        trx,
        {
          tenantId: order.tenantId,
          currency: order.currency,
          amountCents: line.choice.amount_cents,
          source: 'sold',
          voucher: line.choice.voucher ?? 'mpv',
          vatRateBp: line.vatRateBp,
          orderItemId: line.orderItemId,
          orderId: order.orderId,
          recipientName: line.choice.recipient_name,
          recipientEmail: line.choice.recipient_email,
          message: line.choice.message,
          reason: null,
          deliverOn: line.choice.deliver_on,
          fromName: order.buyerName,
        },
        delivery.now,
      );
      ids.push(id);
      if (line.choice.deliver_on <= utcDay(delivery.now)) {
        await deliverCard(trx, id, order.buyerName, delivery);
      }
    }
  }
  return ids;
}

/** What the owner gives as store credit. */
export interface StoreCredit {
  amountCents: number;
  currency: string;
  recipientName: string;
  recipientEmail: string;
  reason: string;
  /** The shop's name, as the e-mail's giver. */
  shopName: string;
}

/**
 * Issues store credit as a gift card (an MPV: it can be spent on anything) and delivers it now.
 * @returns the new card's id and last four.
 */
export async function issueStoreCredit(
  trx: Trx,
  tenantId: number,
  credit: StoreCredit,
  delivery: Delivery,
): Promise<{ id: number; lastFour: string }> {
  const id = await insertCard(
    trx,
    {
      tenantId,
      currency: credit.currency,
      amountCents: credit.amountCents,
      source: 'store_credit',
      voucher: 'mpv',
      vatRateBp: null,
      orderItemId: null,
      orderId: null,
      recipientName: credit.recipientName,
      recipientEmail: credit.recipientEmail,
      message: '',
      reason: credit.reason,
      deliverOn: utcDay(delivery.now),
      fromName: credit.shopName,
    },
    delivery.now,
  );
  const four = await deliverCard(trx, id, credit.shopName, delivery);
  return { id, lastFour: four ?? '' };
}

/**
 * Delivers a `scheduled` card (see the module comment).
 * @returns its last four, or null when it was not scheduled (delivered or cancelled already).
 */
export async function deliverCard(
  trx: Trx,
  id: number,
  fromName: string,
  delivery: Delivery,
): Promise<string | null> {
  const code = newGiftCardCode();
  const normalized = normalizeCode(code)!;
  const card = await trx
    .selectFrom('gift_cards')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const at = delivery.now.toISOString();
  const moved = await trx
    .updateTable('gift_cards')
    .set({
      code_hash: codeHash(card.tenant_id, normalized),
      last_four: lastFour(normalized),
      status: 'active',
      delivered_at: at,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  if (moved.numUpdatedRows !== 1n) return null;
  const origin = delivery.origin(card.tenant_id);
  const shop = await staffEmailShop(trx, card.tenant_id, origin, 'no-reply@invalid.example');
  const data: GiftCardEmailData = {
    kind: 'gift_card',
    shop,
    recipientName: card.recipient_name,
    fromName,
    message: card.message,
    code,
    amount: toDecimal(card.initial_cents),
    currency: card.currency,
    balanceUrl: `${origin}/gift-cards/balance`,
  };
  await trx
    .insertInto('email_outbox')
    .values({
      tenant_id: card.tenant_id,
      order_id: null,
      kind: data.kind,
      recipient: card.recipient_email,
      data: JSON.stringify(data),
      dedupe_key: `gift_card:${id}`,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      locked_until: null,
      last_error: null,
      created_at: at,
      sent_at: null,
    })
    .execute();
  return lastFour(normalized);
}

/**
 * Delivers every card whose day has come (`deliver_on <= today`, still `scheduled`), each in
 * its own transaction, up to `limit` a call.
 * @returns the ids delivered.
 */
export async function deliverDueCards(
  db: Kysely<Database>,
  delivery: Delivery,
  limit = 100,
): Promise<number[]> {
  const due = await db
    .selectFrom('gift_cards as g')
    .leftJoin('order_items as i', 'i.id', 'g.order_item_id')
    .leftJoin('orders as o', 'o.id', 'i.order_id')
    .select(['g.id', 'o.fullname'])
    .where('g.status', '=', 'scheduled')
    .where('g.deliver_on', '<=', utcDay(delivery.now))
    .orderBy('g.id')
    .limit(limit)
    .execute();
  const delivered: number[] = [];
  for (const card of due) {
    const done = await db
      .transaction()
      .execute((trx) => deliverCard(trx, card.id, card.fullname ?? 'Someone', delivery));
    if (done !== null) delivered.push(card.id);
  }
  return delivered;
}
