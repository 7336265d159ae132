/**
 * The payment tables: each shop's payment settings and sealed provider credentials, card payment
 * attempts and their refunds, the provider notifications already applied, the sandbox gateway's own
 * record of charges, and the payment methods an order may name.
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Bool, Timestamp } from '../platform/db/tables/column-types.ts';
import type { Schemas } from '../../common/storefront-contract.ts';

/** Contract PaymentMethod: the contract is the one list of the methods' wire values. */
export type PaymentMethod = Schemas['PaymentMethod'];

/**
 * The card providers a `provider` column may name. Declared with the tables because the rows
 * store it; ./registry.ts keys its one table of providers by this union, so
 * a name added here without an entry there (or the reverse) fails the type check.
 */
export type ProviderName = 'stripe' | '2c2p' | 'sandbox';

/** A captured payment the order cannot keep: waiting for its refund, or refunded (by its provider, or paid back by hand). */
export type RefundStatus = 'pending' | 'manual' | 'refunded' | 'paid_back';

/**
 * Which payment methods a shop offers (contract: PaymentOptions), and the secret its
 * card gateway signs notifications with. One row per tenant; a tenant without one offers none.
 */
export interface PaymentSettingsTable {
  id: Generated<number>;
  tenant_id: number;
  enable_card_payment: Bool;
  enable_bank_transfer: Bool;
  enable_custom_payment: Bool;
  /** Multi-line text shown to bank-transfer customers. */
  bank_account_details: string | null;
  custom_payment_label: string | null;
  custom_payment_instructions: string | null;
  custom_payment_redirect_url: string | null;
  /**
   * The sandbox gateway's HMAC key as plaintext: empty once sealed into `credentials` at
   * start-up (server/payments/credentials.ts); kept as a column so an older database upgrades.
   */
  gateway_secret: string;
  /** Which provider takes this shop's card payments (server/payments/registry.ts). */
  provider: ColumnType<ProviderName, ProviderName | undefined, ProviderName>;
  /** The provider's credentials, sealed (JWE, A256GCM under PAYMENT_SECRETS_KEY); null: none. */
  credentials: string | null;
  /** When the credentials were last replaced (back office, payments:configure); null: unknown. */
  credentials_updated_at: ColumnType<
    Date | string | null,
    string | null | undefined,
    string | null
  >;
  /**
   * When the provider last accepted the current credentials (a test from the back office);
   * null: never tested, or replaced or refused since (migration 2026_028).
   */
  credentials_checked_at: ColumnType<
    Date | string | null,
    string | null | undefined,
    string | null
  >;
  /** What that test found: `live` keys take real money, `test` keys none; null with the date. */
  credentials_checked_mode: ColumnType<
    CredentialsMode | null,
    CredentialsMode | null | undefined,
    CredentialsMode | null
  >;
}

/** Whether tested card credentials take real money (`live`) or only test payments. */
export type CredentialsMode = 'live' | 'test';

/**
 * The sealed credentials of each provider a shop has used (decision 046): the current one's
 * are also `payment_settings.credentials`; an earlier one's stay here, so the payments it
 * started are still settled, reconciled, closed and refunded through it.
 */
export interface PaymentProviderCredentialsTable {
  id: Generated<number>;
  tenant_id: number;
  provider: ProviderName;
  /** A compact JWE under PAYMENT_SECRETS_KEY (server/payments/credentials.ts). */
  credentials: string;
}

/** Contract PaymentStatus.status ('error' is never stored; it is the client's lookup failure). */
export type PaymentState = 'initiated' | 'pending' | 'succeeded' | 'failed' | 'canceled';

/** One card payment attempt of an order. */
export interface PaymentsTable {
  id: Generated<number>;
  uuid: string;
  tenant_id: number;
  order_id: number;
  user_id: number;
  amount_cents: number;
  /** ISO 4217: the shop's currency when the payment started (tenants.currency, issue 38). */
  currency: string;
  status: PaymentState;
  gateway_transaction_ref: string | null;
  error_message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The provider that took this attempt. */
  provider: ColumnType<ProviderName, ProviderName | undefined, ProviderName>;
  /** The provider's id of the attempt (2C2P invoice number, Stripe session id); null until started. */
  provider_ref: string | null;
  /** 1 for the order's first attempt, then 2, 3, ... */
  attempt: ColumnType<number, number | undefined, number>;
  /** When the provider reported the money taken. */
  captured_at: Timestamp | null;
  /**
   * Money taken that the order cannot keep (it was closed, or already paid by another
   * attempt): 'pending' while the refund through the provider is tried, 'manual' when the
   * shop must refund it by hand (its provider cannot, and it was told), 'refunded' when the
   * provider refunded it, 'paid_back' once an owner recorded paying a 'manual' one back by hand
   * (`refund_ref` then holds their note, if any); null for every other payment.
   */
  refund_status: RefundStatus | null;
  refund_ref: string | null;
  /** When the provider was last asked for this attempt's state (return page, sweep). */
  checked_at: Timestamp | null;
}

/** A gateway notification that was verified and applied (or acknowledged); replays collide. */
export interface PaymentNotificationsTable {
  id: Generated<number>;
  tenant_id: number;
  event_id: string;
  payment_id: number;
  status: string;
  received_at: Timestamp;
}

/** The sandbox gateway's own record of a charge, as a real provider keeps one. */
export interface SandboxChargesTable {
  /** The provider reference handed to the shop: "SBX-…". */
  ref: string;
  tenant_id: number;
  payment_uuid: string;
  order_number: string;
  amount_cents: number;
  currency: string;
  status: 'open' | 'pending' | 'succeeded' | 'failed' | 'canceled';
  /** Where the shopper goes back to once the page is done. */
  return_url: string;
  transaction_ref: string | null;
  error_message: string | null;
  refunded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../platform/db/database.ts' {
  interface Database {
    payment_settings: PaymentSettingsTable;
    payment_provider_credentials: PaymentProviderCredentialsTable;
    payments: PaymentsTable;
    payment_notifications: PaymentNotificationsTable;
    sandbox_charges: SandboxChargesTable;
  }
}
