/**
 * The gift card tables (2026-039, decision 090): the shop's gift cards and each card's history.
 *
 * Owned here (decision 078: each domain owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../platform/db/tables/column-types.ts';

/** Where a card came from: sold as a product, or issued by the shop as store credit. */
export type GiftCardSource = 'sold' | 'store_credit';
/** `scheduled`: paid for, not yet delivered (no code yet); `active`; `cancelled` by the shop. */
export type GiftCardStatus = 'scheduled' | 'active' | 'cancelled';
/**
 * The voucher's VAT kind (Council Directive (EU) 2016/1065; HMRC VAT Notice 700/7): `spv`, a
 * single-purpose voucher, taxed when sold; `mpv`, a multi-purpose voucher, taxed when spent.
 */
export type VoucherKind = 'spv' | 'mpv';
/** A move in a card's history. Amounts are positive cents; the kind says which way. */
export type GiftCardMoveKind = 'issued' | 'spent' | 'given_back' | 'refunded' | 'cancelled';

/** One gift card. Its code is never stored: only its hash and its last four characters. */
export interface GiftCardsTable {
  id: Generated<number>;
  tenant_id: number;
  /** SHA-256 hex of the card's code (./gift-card-codes.ts); null until the card is delivered. */
  code_hash: string | null;
  last_four: string | null;
  currency: string;
  initial_cents: number;
  /** Never below 0 (CHECK constraint; debits are conditional UPDATEs). */
  balance_cents: number;
  status: GiftCardStatus;
  source: GiftCardSource;
  voucher: VoucherKind;
  /** The VAT rate an SPV carried at sale (basis points); null for an MPV or without VAT. */
  vat_rate_bp: number | null;
  /** The order line that sold it; null for store credit. */
  order_item_id: number | null;
  recipient_name: string;
  recipient_email: string;
  message: string;
  /** The owner's reason for store credit; null for a card sold. */
  reason: string | null;
  /** The day the recipient is e-mailed the code (YYYY-MM-DD, UTC). */
  deliver_on: string;
  delivered_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  expires_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A line of a card's history. */
export interface GiftCardMovesTable {
  id: Generated<number>;
  tenant_id: number;
  gift_card_id: number;
  kind: GiftCardMoveKind;
  amount_cents: number;
  /** The order it was spent on, given back from or refunded from; null otherwise. */
  order_id: number | null;
  /** The shop's words (a cancellation's or a store credit's reason); null without. */
  note: string | null;
  at: Timestamp;
}

declare module '../platform/db/database.ts' {
  interface Database {
    gift_cards: GiftCardsTable;
    gift_card_moves: GiftCardMovesTable;
  }
}
