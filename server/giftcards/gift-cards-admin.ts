/**
 * The back office's gift cards (owners; decision 090): the shop's cards (last four, balance,
 * status), one card with its history (issued, spent on order X, given back, refunded,
 * cancelled), store credit issued as a gift card (e-mailed at once), and a card cancelled.
 * Every change is written to the activity log through the door's journal, in its transaction,
 * naming the card by its id and last four only: a code never reaches an answer or a log.
 * Money is integer cents inside, decimal strings in answers.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { DomainError, type FieldErrors } from '../platform/domain-error.ts';
import type { Acting } from '../platform/journal.ts';
import { MAX_MOVE_AMOUNT_CENTS, toDecimal, toMinorUnits } from '../../common/money.ts';
import { toIsoString } from '../platform/db/mapping.ts';
import { CONTROL, CONTROL_BUT_LINES } from '../platform/text-checks.ts';
import { shopCurrency } from '../platform/shop-currency.ts';
import { staffEmailShop } from '../staff/staff-mail.ts';
import type { GiftCardErrorCode } from './errors.ts';
import { GIFT_CARD_MESSAGES } from './messages.ts';
import { type Delivery, issueStoreCredit } from './gift-card-issue.ts';
import { addMove } from './ledger.ts';
import type { GiftCardsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A card as the back office's list and detail answer it (contract: AdminGiftCard). */
export interface AdminGiftCard {
  id: number;
  last_four: string | null;
  initial_amount: string;
  balance: string;
  currency: string;
  status: GiftCardsTable['status'];
  source: GiftCardsTable['source'];
  voucher: GiftCardsTable['voucher'];
  recipient_name: string;
  recipient_email: string;
  deliver_on: string;
  delivered_at: string | null;
  reason: string | null;
  created_at: string;
}

/** A line of a card's history (contract: GiftCardMove). */
export interface AdminGiftCardMove {
  kind: 'issued' | 'spent' | 'given_back' | 'refunded' | 'cancelled';
  amount: string;
  order_number: string | null;
  note: string | null;
  at: string;
}

const COLUMNS = [
  'id',
  'last_four',
  'initial_cents',
  'balance_cents',
  'currency',
  'status',
  'source',
  'voucher',
  'recipient_name',
  'recipient_email',
  'deliver_on',
  'delivered_at',
  'reason',
  'created_at',
] as const;

type CardRow = Pick<Selectable<GiftCardsTable>, (typeof COLUMNS)[number]>;

function toAdminCard(row: CardRow): AdminGiftCard {
  return {
    id: row.id,
    last_four: row.last_four,
    initial_amount: toDecimal(row.initial_cents),
    balance: toDecimal(row.balance_cents),
    currency: row.currency,
    status: row.status,
    source: row.source,
    voucher: row.voucher,
    recipient_name: row.recipient_name,
    recipient_email: row.recipient_email,
    deliver_on: row.deliver_on,
    delivered_at: row.delivered_at === null ? null : toIsoString(row.delivered_at),
    reason: row.reason,
    created_at: toIsoString(row.created_at),
  };
}

/** The shop's cards, newest first (at most 500). */
export async function listGiftCards(
  db: Db,
  tenantId: number,
): Promise<{ count: number; results: AdminGiftCard[] }> {
  const rows = await db
    .selectFrom('gift_cards')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return { count: rows.length, results: rows.map(toAdminCard) };
}

async function requireCard(db: Db, tenantId: number, id: number): Promise<CardRow> {
  const row = Number.isSafeInteger(id)
    ? await db
        .selectFrom('gift_cards')
        .select(COLUMNS)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    throw new DomainError<GiftCardErrorCode>('gift_card_not_found', GIFT_CARD_MESSAGES.notFound);
  }
  return row;
}

/**
 * One card of the shop with its history, oldest first.
 * @throws DomainError `gift_card_not_found` (404) for no such card in the shop.
 */
export async function giftCardDetail(
  db: Db,
  tenantId: number,
  id: number,
): Promise<AdminGiftCard & { history: AdminGiftCardMove[] }> {
  const card = await requireCard(db, tenantId, id);
  const moves = await db
    .selectFrom('gift_card_moves as m')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .select(['m.kind', 'm.amount_cents', 'm.note', 'm.at', 'o.order_number'])
    .where('m.gift_card_id', '=', id)
    .orderBy('m.id')
    .execute();
  return {
    ...toAdminCard(card),
    history: moves.map((m) => ({
      kind: m.kind,
      amount: toDecimal(m.amount_cents),
      order_number: m.order_number ?? null,
      note: m.note,
      at: toIsoString(m.at),
    })),
  };
}

/** The owner's store credit request (contract: StoreCreditCreate). */
export interface StoreCreditInput {
  amount: string;
  recipient_name: string;
  recipient_email: string;
  reason: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Issues store credit as a gift card of the acting owner's shop and e-mails its code to the
 * recipient at once; logged as `gift_card.issue` (the last four, amount and reason).
 * @throws DomainError `invalid_gift_card_input` (400) with every field error: `amount` not
 *   above 0 or above MAX_MOVE_AMOUNT_CENTS, `recipient_name`/`reason` blank, too long or with
 *   control characters, `recipient_email` not an address.
 */
export async function issueCredit(
  db: Kysely<Database>,
  acting: Acting,
  input: StoreCreditInput,
  delivery: Delivery,
): Promise<AdminGiftCard> {
  const errors: FieldErrors = {};
  const cents = toMinorUnits(input.amount);
  if (cents === null || cents <= 0 || cents > MAX_MOVE_AMOUNT_CENTS) {
    errors.amount = [GIFT_CARD_MESSAGES.creditAmount(toDecimal(MAX_MOVE_AMOUNT_CENTS))];
  }
  const name = input.recipient_name.trim();
  if (name === '' || CONTROL.test(name) || name.length > 120) {
    errors.recipient_name = [GIFT_CARD_MESSAGES.creditName];
  }
  const email = input.recipient_email.trim();
  if (!EMAIL.test(email) || CONTROL.test(email) || email.length > 254) {
    errors.recipient_email = ['Enter a valid email address.'];
  }
  const reason = input.reason.trim();
  if (reason === '' || CONTROL_BUT_LINES.test(reason) || reason.length > 500) {
    errors.reason = [GIFT_CARD_MESSAGES.creditReason];
  }
  if (Object.keys(errors).length > 0) {
    throw new DomainError<GiftCardErrorCode>(
      'invalid_gift_card_input',
      'The gift card is refused.',
      {
        fields: errors,
      },
    );
  }
  const tenantId = acting.tenantId;
  return db.transaction().execute(async (trx) => {
    const currency = await shopCurrency(trx, tenantId);
    const origin = delivery.origin(tenantId);
    const shop = await staffEmailShop(trx, tenantId, origin, 'no-reply@invalid.example');
    const issued = await issueStoreCredit(
      trx,
      tenantId,
      {
        amountCents: cents!,
        currency,
        recipientName: name,
        recipientEmail: email,
        reason,
        shopName: shop.name,
      },
      delivery,
    );
    const card = await requireCard(trx, tenantId, issued.id);
    await acting.journal(
      trx,
      {
        action: 'gift_card.issue',
        objectType: 'gift_card',
        objectId: issued.id,
        after: { last_four: issued.lastFour, amount: toDecimal(cents!), reason },
      },
      delivery.now,
    );
    return toAdminCard(card);
  });
}

/**
 * Cancels a card of the acting owner's shop: its balance is gone (a `cancelled` line in its
 * history with what it held) and no checkout takes it; logged as `gift_card.cancel`.
 * @throws DomainError `gift_card_not_found` (404); `gift_card_cancelled` (409) "This gift card
 *   is already cancelled."; `invalid_gift_card_input` (400, `reason` blank or too long).
 */
export async function cancelCard(
  db: Kysely<Database>,
  acting: Acting,
  id: number,
  reasonInput: string,
  now: Date,
): Promise<AdminGiftCard> {
  const reason = reasonInput.trim();
  if (reason === '' || CONTROL_BUT_LINES.test(reason) || reason.length > 500) {
    throw new DomainError<GiftCardErrorCode>('invalid_gift_card_input', 'The cancel is refused.', {
      fields: { reason: [GIFT_CARD_MESSAGES.creditReason] },
    });
  }
  return db.transaction().execute(async (trx) => {
    const card = await requireCard(trx, acting.tenantId, id);
    // Only if the balance is still the one read: a checkout spending the card meanwhile makes
    // this a conflict to try again, never a history that does not add up.
    const moved = await trx
      .updateTable('gift_cards')
      .set({ status: 'cancelled', balance_cents: 0, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('tenant_id', '=', acting.tenantId)
      .where('status', '!=', 'cancelled')
      .where('balance_cents', '=', card.balance_cents)
      .returning('balance_cents')
      .executeTakeFirst();
    if (!moved) {
      if (card.status === 'cancelled') {
        throw new DomainError<GiftCardErrorCode>(
          'gift_card_cancelled',
          GIFT_CARD_MESSAGES.cancelled,
        );
      }
      throw new DomainError<GiftCardErrorCode>(
        'gift_card_balance_changed',
        GIFT_CARD_MESSAGES.balanceChangedWhileCancelling,
      );
    }
    await addMove(trx, acting.tenantId, id, 'cancelled', card.balance_cents, null, reason, now);
    await acting.journal(
      trx,
      {
        action: 'gift_card.cancel',
        objectType: 'gift_card',
        objectId: id,
        before: { status: card.status, balance: toDecimal(card.balance_cents) },
        after: { status: 'cancelled', balance: '0.00', reason },
      },
      now,
    );
    return toAdminCard(await requireCard(trx, acting.tenantId, id));
  });
}
