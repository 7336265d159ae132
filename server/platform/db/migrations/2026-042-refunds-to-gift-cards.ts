/**
 * Migration 2026_042_refunds_to_gift_cards: a refund put back on a gift card is a refund like any
 * other (issue 42, decision 090; server/orders/shop-refunds.ts). Shipped once released; never edit
 * it then, add a later migration instead.
 *
 * - `refunds.gift_card_id`: the gift card a refund was put back on (null for a refund through a
 *   card payment's provider or by hand). Such a refund is `succeeded` at once: the money is on
 *   the card in the same transaction as the row.
 * - Backfill: each `refunded` move of the gift card ledger written before this migration (a
 *   refund then moved the card's balance without a `refunds` row) gets its row, dated as the
 *   move, so the order's refunds, the exports and the OSS return count it. Nothing is e-mailed
 *   for those.
 */
import { randomUUID } from 'node:crypto';
import { type Migration, sql } from 'kysely';
import type { AnyDb } from './schema-helpers.ts';

/** The reason a backfilled row carries (the owner's words were only in the activity log). */
export const BACKFILLED_REASON = 'Put back on the gift card that paid for the order.';

/** See the module comment. */
export function refundsToGiftCardsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('refunds')
        .addColumn('gift_card_id', 'integer', (c) => c.references('gift_cards.id'))
        .execute();
      await backfillGiftCardRefunds(db);
    },
  };
}

/**
 * Writes a `refunds` row (`succeeded`, {@link BACKFILLED_REASON}, no member) for each `refunded`
 * move of the gift card ledger, dated as the move. Run once, by the migration, before any such
 * row exists.
 */
export async function backfillGiftCardRefunds(db: AnyDb): Promise<void> {
  const { rows: moves } = await sql<{
    tenant_id: number;
    gift_card_id: number;
    order_id: number;
    amount_cents: number;
    at: string | Date;
  }>`select tenant_id, gift_card_id, order_id, amount_cents, at from gift_card_moves
    where kind = 'refunded' and order_id is not null order by id`.execute(db);
  for (const move of moves) {
    const at = new Date(move.at).toISOString();
    await sql`insert into refunds (uuid, tenant_id, order_id, payment_id, gift_card_id,
        amount_cents, reason, status, provider_ref, staff_id, created_at, settled_at)
      values (${randomUUID()}, ${move.tenant_id}, ${move.order_id}, null, ${move.gift_card_id},
        ${move.amount_cents}, ${BACKFILLED_REASON}, 'succeeded', null, null, ${at}, ${at})`.execute(
      db,
    );
  }
}
