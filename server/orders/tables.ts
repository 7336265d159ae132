/**
 * The order tables: placed orders and their lines as they were at checkout (money in integer
 * cents), money received by hand, refunds, and what became of each shipment.
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../platform/db/tables/column-types.ts';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { PaymentMethod } from '../payments/tables.ts';

/**
 * Contract OrderStatus: the contract is the one list of the statuses' wire values; the moves
 * between them are ./lifecycle.ts's.
 */
export type OrderStatus = Schemas['OrderStatus'];

/** A placed order: totals, address and payment instructions as they were at checkout. */
export interface OrdersTable {
  id: Generated<number>;
  tenant_id: number;
  user_id: number;
  /** "ORD-XXXX-XXXX", unique per tenant; the bank-transfer payment reference. */
  order_number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  total_cents: number;
  total_items: number;
  street: string;
  city: string;
  postal_code: string;
  country: string;
  fullname: string;
  contact_number: string;
  payment_instructions: string | null;
  payment_redirect_url: string | null;
  /** The client's Idempotency-Key; unique per tenant and user. */
  idempotency_key: string | null;
  /** sha256 hex of the request the key was first used with. */
  request_hash: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  /**
   * Written first by every transaction that changes the order or its payments: that write is
   * the order row's lock (PostgreSQL row lock, SQLite's write lock), taken before any payment.
   */
  updated_at: Timestamp;
  /** When an unpaid order expires (awaiting_payment only); null once it is paid or closed. */
  expires_at: Timestamp | null;
  /** When it was canceled or expired. */
  closed_at: Timestamp | null;
  /** The lines' total; `total_cents` = subtotal + shipping. */
  subtotal_cents: number;
  shipping_cents: ColumnType<number, number | undefined, number>;
  /** JSON array of Shipment. */
  shipments: ColumnType<string, string | undefined, string>;
  needs_adult_signature: ColumnType<boolean | number, number | undefined, number>;
  /** The age attestation of an order with an age-restricted piece (YYYY-MM-DD, when, words). */
  attestation_dob: ColumnType<string | null, string | null | undefined, string | null>;
  attestation_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  attestation_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the shop (or the shopper) canceled it, in their words. */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the shopper asked to cancel it under the 14-day right (2026-017); null: never. */
  cancellation_requested_at: ColumnType<
    Date | string | null,
    string | null | undefined,
    string | null
  >;
  /** The shopper's optional reason for that request, in their words. */
  cancellation_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the shopper was reminded that the order still waits for their payment. */
  reminder_sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** When its last shipment was shipped or collected. */
  fulfilled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** What has been refunded of it (succeeded, manual or still pending refunds). */
  refunded_cents: ColumnType<number, number | undefined, number>;
  /**
   * The VAT rate the prices included when the order was placed, in basis points (2000 =
   * 20 %); null when the shop charged no VAT (common/vat.ts).
   */
  vat_rate_bp: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The country the order was taxed in (ISO 3166-1 alpha-2; 2026-036): the shop's, or the
   * destination's in `destination` mode (common/destination-vat.ts); null without VAT.
   */
  vat_country: ColumnType<string | null, string | null | undefined, string | null>;
  /** The discount code the order used (../discounts/tables.ts; 2026-037), null when none. */
  discount_code_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** That code as the shopper saw it, kept whatever becomes of the code. */
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * What the code took off the goods (cents; 0: none): `total_cents` is `subtotal_cents` -
   * `discount_cents` + `shipping_cents`.
   */
  discount_cents: ColumnType<number, number | undefined, number>;
  /** The code waived the delivery (`shipping_cents` is then 0). */
  free_delivery: ColumnType<boolean | number, number | undefined, number>;
  /**
   * What gift cards paid of `total_cents` (2026-039, decision 090): the card provider or the
   * transfer is due `total_cents - gift_card_cents`; 0 when none.
   */
  gift_card_cents: ColumnType<number, number | undefined, number>;
}

/** A line of an order, with the product's name, price and thumbnail at checkout. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  /** Null once the product is deleted. */
  product_id: number | null;
  product_name: string;
  product_slug: string;
  thumb_path: string | null;
  customization: string;
  quantity: number;
  /** The product's price with the chosen options' surcharges, as charged. */
  unit_price_cents: number;
  line_total_cents: number;
  /**
   * The line's share of the order's discount (cents; 2026-037): its VAT is on
   * `line_total_cents - discount_cents`.
   */
  discount_cents: ColumnType<number, number | undefined, number>;
  /** JSON array of ChosenOption as the shopper saw them. */
  options: ColumnType<string, string | undefined, string>;
  made_to_order: ColumnType<boolean | number, number | undefined, number>;
  /**
   * Units of the product's stock checkout took for this line (0 for a made-to-order line):
   * what closing the unpaid order gives back, whatever the product has become since.
   */
  stock_taken: ColumnType<number, number | undefined, number>;
  age_restricted: ColumnType<boolean | number, number | undefined, number>;
  /**
   * The line had no 14-day cancellation right when ordered (2026-017): its product was exempt
   * or made to order, or a text option (a personalisation) was filled in.
   */
  cancellation_exempt: ColumnType<boolean | number, number | undefined, number>;
  /** The estimated dispatch when the order was placed (YYYY-MM-DD). */
  dispatch_earliest: ColumnType<string | null, string | null | undefined, string | null>;
  dispatch_latest: ColumnType<string | null, string | null | undefined, string | null>;
  /** The sale that reduced `unit_price_cents` when ordered; null: full price (2026-038). */
  sale_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The variant ordered (2026-040); null: the product has none (or the line predates them). */
  variant_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The variant's name as it was when ordered ("240 mm", "240 mm / Kurouchi"). */
  variant_label: ColumnType<string | null, string | null | undefined, string | null>;
  /** The variant's SKU as it was when ordered. */
  sku: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * A gift card line's choice (2026-039, server/cart/gift-card-choice.ts `GiftCardChoice`
   * JSON, with its voucher kind); null for any other line.
   */
  gift_card: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Money for an order the shop received by hand (bank transfer, the custom method). */
export interface ManualPaymentsTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  amount_cents: number;
  /** The payer's reference as it appeared on the shop's statement. */
  payer_reference: string;
  received_at: ColumnType<Date | string, string | undefined, string>;
  staff_id: number | null;
  /**
   * When an owner confirmed the amount above the order's total (migration 2026-022): null when
   * there is none, and for a row recorded before overpayments needed an owner, whose amount
   * above the total then counts neither as paid nor as refundable (orders/order-money.ts).
   */
  overpayment_confirmed_at: ColumnType<
    Date | string | null,
    string | null | undefined,
    string | null
  >;
  /** The owner who confirmed it (null once their row is gone). */
  overpayment_confirmed_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A refund the shop made: through the card payment's own provider (`payment_id`), by hand
 * for money received by hand ('manual', until an owner records it 'paid_back'), or back on a
 * gift card that paid the order (`gift_card_id`, 'succeeded' at once). 'pending'
 * reserves its amount while the provider is asked; 'failed' gives it back.
 */
export interface RefundsTable {
  id: Generated<number>;
  uuid: string;
  tenant_id: number;
  order_id: number;
  payment_id: number | null;
  /**
   * The gift card it was put back on (2026-042; decision 090): `succeeded` at once, in the
   * transaction that moved the card's balance. Null for a refund by provider or by hand.
   */
  gift_card_id: number | null;
  amount_cents: number;
  reason: string;
  /** `manual`: the shop owes it by hand; `paid_back`: an owner recorded paying it back. */
  status: 'pending' | 'succeeded' | 'manual' | 'paid_back' | 'failed';
  /** The provider's reference (`succeeded`), or the owner's note (`paid_back`). */
  provider_ref: string | null;
  staff_id: number | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  settled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/**
 * One order line a refund named (2026-030, ./refund-lines.ts): its pieces refunded, and how many
 * of them went back in stock.
 */
export interface RefundLinesTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  order_item_id: number;
  /** The first refund row the request made (one per payment it was split over). */
  refund_id: number;
  quantity: number;
  /** Pieces put back in stock, 0 to `quantity`. */
  restocked: ColumnType<number, number | undefined, number>;
  staff_id: number | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
}

/** A carrier the back office ships with (server/orders/carriers.ts). */
export type Carrier = 'royal_mail' | 'dpd' | 'parcelforce' | 'dhl' | 'ups' | 'other';

/** What became of one shipment of an order (`orders.shipments[shipment_index]`). */
export interface OrderFulfilmentsTable {
  id: Generated<number>;
  tenant_id: number;
  order_id: number;
  shipment_index: number;
  kind: 'delivery' | 'collection';
  /** A delivery is 'shipped'; a collection 'ready', then 'collected'. */
  status: 'shipped' | 'ready' | 'collected';
  carrier: Carrier | null;
  tracking_number: string | null;
  staff_id: number | null;
  shipped_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  ready_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  collected_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

declare module '../platform/db/database.ts' {
  interface Database {
    orders: OrdersTable;
    order_items: OrderItemsTable;
    manual_payments: ManualPaymentsTable;
    refunds: RefundsTable;
    refund_lines: RefundLinesTable;
    order_fulfilments: OrderFulfilmentsTable;
  }
}
