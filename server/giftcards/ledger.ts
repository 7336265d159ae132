/**
 * The gift card ledger (decision 090): a card's balance moves only here, each move in the
 * caller's transaction and written to the card's history (`gift_card_moves`). Money is integer
 * cents.
 *
 * - `spendCards`: at checkout, each card the shopper named pays what it can of what is still
 *   due, in the order given, by a conditional UPDATE (`balance_cents >= amount` and still
 *   active): of two checkouts spending one card at once, the second finds the balance changed
 *   and is refused (`gift_card_balance_changed`), so a card never goes below zero (the CHECK
 *   constraint stands behind it too).
 * - `giveBackSpent`: an unpaid order that expires or is canceled puts back what it took.
 * - `refundToCards`: a refund puts money back on the cards that paid the order, up to what
 *   they paid (shop-refunds.ts decides how much).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError } from '../platform/domain-error.ts';
import type { GiftCardErrorCode } from './errors.ts';
import { GIFT_CARD_MESSAGES } from './messages.ts';
import { codeHash, lastFour, normalizeCode } from './gift-card-codes.ts';
import type { GiftCardMoveKind } from './tables.ts';

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

/** What one card paid of an order (or got back of it). */
export interface CardPayment {
  giftCardId: number;
  lastFour: string;
  amountCents: number;
}

/**
 * Spends the cards `codes` names on order `orderId` of shop `tenantId`, each paying
 * `min(balance, still due)` of `dueCents`, in the order given (a code named twice counts
 * once; a card with nothing left to pay is not touched).
 * @returns the payments made; their sum is at most `dueCents`.
 * @throws DomainError `gift_card_invalid` (field `gift_cards`) for a code that is no active
 *   card of the shop (unknown, not yet delivered, cancelled, expired or empty);
 *   `gift_card_balance_changed` when another transaction spent a card meanwhile.
 */
export async function spendCards(
  trx: Trx,
  tenantId: number,
  orderId: number,
  codes: readonly string[],
  dueCents: number,
  now: Date,
): Promise<CardPayment[]> {
  const normalized: string[] = [];
  for (const typed of codes) {
    const code = normalizeCode(typed);
    if (code === null) throw invalidField(GIFT_CARD_MESSAGES.invalid);
    if (!normalized.includes(code)) normalized.push(code);
  }
  const payments: CardPayment[] = [];
  let due = dueCents;
  for (const code of normalized) {
    const card = await trx
      .selectFrom('gift_cards')
      .select(['id', 'balance_cents', 'status', 'expires_at'])
      .where('tenant_id', '=', tenantId)
      .where('code_hash', '=', codeHash(tenantId, code))
      .executeTakeFirst();
    const four = lastFour(code);
    if (!card || card.status !== 'active' || expired(card.expires_at, now)) {
      throw invalidField(card ? GIFT_CARD_MESSAGES.invalidNamed(four) : GIFT_CARD_MESSAGES.invalid);
    }
    if (card.balance_cents <= 0) throw invalidField(GIFT_CARD_MESSAGES.empty(four));
    if (due <= 0) continue;
    const amount = Math.min(card.balance_cents, due);
    const result = await trx
      .updateTable('gift_cards')
      .set((eb) => ({
        balance_cents: eb('balance_cents', '-', amount),
        updated_at: now.toISOString(),
      }))
      .where('id', '=', card.id)
      .where('status', '=', 'active')
      .where('balance_cents', '>=', amount)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) {
      throw new DomainError<GiftCardErrorCode>(
        'gift_card_balance_changed',
        GIFT_CARD_MESSAGES.balanceChanged,
      );
    }
    await addMove(trx, tenantId, card.id, 'spent', amount, orderId, null, now);
    payments.push({ giftCardId: card.id, lastFour: four, amountCents: amount });
    due -= amount;
  }
  return payments;
}

/** What one gift card paid of an order, and what refunds put back on it (cents). */
export interface CardOfOrder {
  giftCardId: number;
  lastFour: string;
  /** Spent on the order, less what was given back when it closed unpaid. */
  paidCents: number;
  refundedCents: number;
}

/**
 * What each card paid of order `orderId` and what refunds put back on it, from the cards'
 * histories, oldest card first (cards that paid nothing are left out).
 */
export async function cardPaymentsOfOrder(db: Db, orderId: number): Promise<CardOfOrder[]> {
  const rows = await db
    .selectFrom('gift_card_moves as m')
    .innerJoin('gift_cards as g', 'g.id', 'm.gift_card_id')
    .select(['m.gift_card_id', 'm.kind', 'm.amount_cents', 'g.last_four'])
    .where('m.order_id', '=', orderId)
    .where('m.kind', 'in', ['spent', 'given_back', 'refunded'])
    .orderBy('m.gift_card_id')
    .orderBy('m.id')
    .execute();
  const cards = new Map<number, CardOfOrder>();
  for (const row of rows) {
    let card = cards.get(row.gift_card_id);
    if (!card) {
      card = {
        giftCardId: row.gift_card_id,
        lastFour: row.last_four ?? '',
        paidCents: 0,
        refundedCents: 0,
      };
      cards.set(row.gift_card_id, card);
    }
    if (row.kind === 'spent') card.paidCents += row.amount_cents;
    else if (row.kind === 'given_back') card.paidCents -= row.amount_cents;
    else card.refundedCents += row.amount_cents;
  }
  return [...cards.values()].filter((card) => card.paidCents > 0);
}

/**
 * What each card paid of order `orderId` and still holds of it: paid less refunded, per card
 * (cards with nothing left are left out), oldest card first.
 */
export async function cardsOfOrder(
  trx: Trx,
  orderId: number,
): Promise<{ giftCardId: number; lastFour: string; heldCents: number }[]> {
  return (await cardPaymentsOfOrder(trx, orderId))
    .map((card) => ({
      giftCardId: card.giftCardId,
      lastFour: card.lastFour,
      heldCents: card.paidCents - card.refundedCents,
    }))
    .filter((card) => card.heldCents > 0);
}

/**
 * Puts back on its cards everything order `orderId` still holds of them (an unpaid order
 * expired or canceled). Call it only in the transaction whose conditional UPDATE closed the
 * order: that makes it once. A cancelled card gets nothing back (the shop cancelled it).
 * @returns the cents put back.
 */
export async function giveBackSpent(
  trx: Trx,
  tenantId: number,
  orderId: number,
  now: Date,
): Promise<number> {
  const back = await putBack(trx, tenantId, orderId, Number.MAX_SAFE_INTEGER, 'given_back', now);
  return back.reduce((sum, card) => sum + card.amountCents, 0);
}

/**
 * Puts up to `amountCents` of a refund of order `orderId` back on the cards that paid it, the
 * card used last first, each up to what it still holds of the order. A cancelled card gets
 * nothing back (what it held stays for the order's other means of payment).
 * @returns what went back on each card, in the order they were refunded; their sum is at most
 *   `amountCents` (the rest is for the order's other means of payment). The caller writes the
 *   order's `refunds` rows for them (server/orders/shop-refunds.ts).
 */
export async function refundToCards(
  trx: Trx,
  tenantId: number,
  orderId: number,
  amountCents: number,
  now: Date,
): Promise<CardPayment[]> {
  return putBack(trx, tenantId, orderId, amountCents, 'refunded', now);
}

async function putBack(
  trx: Trx,
  tenantId: number,
  orderId: number,
  amountCents: number,
  kind: GiftCardMoveKind,
  now: Date,
): Promise<CardPayment[]> {
  const held = (await cardsOfOrder(trx, orderId)).reverse();
  let left = amountCents;
  const back: CardPayment[] = [];
  for (const card of held) {
    if (left <= 0) break;
    const amount = Math.min(card.heldCents, left);
    const result = await trx
      .updateTable('gift_cards')
      .set((eb) => ({
        balance_cents: eb('balance_cents', '+', amount),
        updated_at: now.toISOString(),
      }))
      .where('id', '=', card.giftCardId)
      .where('tenant_id', '=', tenantId)
      .where('status', '!=', 'cancelled')
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) continue;
    await addMove(trx, tenantId, card.giftCardId, kind, amount, orderId, null, now);
    left -= amount;
    back.push({ giftCardId: card.giftCardId, lastFour: card.lastFour, amountCents: amount });
  }
  return back;
}

/** Writes a line of a card's history. */
export async function addMove(
  trx: Trx,
  tenantId: number,
  giftCardId: number,
  kind: GiftCardMoveKind,
  amountCents: number,
  orderId: number | null,
  note: string | null,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('gift_card_moves')
    .values({
      tenant_id: tenantId,
      gift_card_id: giftCardId,
      kind,
      amount_cents: amountCents,
      order_id: orderId,
      note,
      at: now.toISOString(),
    })
    .execute();
}

/** True when a card's expiry (ISO or Date; null: none) has passed at `now`. */
export function expired(expiresAt: Date | string | null, now: Date): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime();
}

function invalidField(message: string): DomainError<GiftCardErrorCode> {
  return new DomainError<GiftCardErrorCode>('gift_card_invalid', message, {
    fields: { gift_cards: [message] },
  });
}
