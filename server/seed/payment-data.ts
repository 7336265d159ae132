/**
 * Seed payment settings of the demo shops (contract: PaymentOptions). Plain data only.
 *
 * The two shops differ so that every branch of the storefront's checkout is reachable:
 * - demo-handcraft: card (the default method), bank transfer, and a custom method without a
 *   redirect URL (the order confirmation shows its instructions);
 * - demo-pottery: no card, so the default is bank transfer; its custom method redirects to a
 *   payment page.
 * The gateway secret is not here: the seed generates one per shop.
 */
import type { Selectable } from 'kysely';
import type { PaymentSettingsTable } from '../payments/tables.ts';

/** The columns of `payment_settings` that are no method's: the row's keys, the card provider's. */
type NotMethodColumn =
  | 'id'
  | 'tenant_id'
  | 'gateway_secret'
  | 'provider'
  | 'credentials'
  | 'credentials_updated_at'
  | 'credentials_checked_at'
  | 'credentials_checked_mode';

/**
 * Every method's columns of `payment_settings`, each switch (`enable_…`) as a boolean: a method
 * added to the table wants its demo value here, and the seed writes them all as they are.
 */
export type SeedMethodSettings = {
  [
    Column in Exclude<keyof Selectable<PaymentSettingsTable>, NotMethodColumn>
  ]: Column extends `enable_${string}` ? boolean : Selectable<PaymentSettingsTable>[Column];
};

export interface SeedPaymentSettings extends SeedMethodSettings {
  /** The tenant these settings belong to. */
  tenantToken: string;
}

export const seedPaymentSettings: readonly SeedPaymentSettings[] = [
  {
    tenantToken: 'demo-handcraft',
    enable_card_payment: true,
    enable_bank_transfer: true,
    enable_custom_payment: true,
    bank_account_details: [
      'Account name: Ember & Oak Workshop Ltd',
      'Bank: Northern Crown Bank, Sheffield',
      'IBAN: GB33 BUKB 2020 1555 5555 55',
      'BIC: BUKBGB22',
    ].join('\n'),
    custom_payment_label: 'Pay at the workshop',
    custom_payment_instructions:
      'Collect your order at the workshop (12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00) and pay in person by card or cash. Please quote your order number when you arrive.',
    custom_payment_redirect_url: null,
  },
  {
    tenantToken: 'demo-pottery',
    enable_card_payment: false,
    enable_bank_transfer: true,
    enable_custom_payment: true,
    bank_account_details: [
      'Account name: Riverside Pottery Studio',
      'Bank: Severn Valley Bank, Shrewsbury',
      'IBAN: GB94 BARC 2004 0418 7654 32',
      'BIC: BARCGB22',
    ].join('\n'),
    custom_payment_label: 'PayPal',
    custom_payment_instructions:
      'Send the order total to Riverside Pottery Studio on PayPal and quote your order number in the payment note. We pack your order as soon as the payment arrives.',
    custom_payment_redirect_url: 'https://www.paypal.com/paypalme/riversidepottery',
  },
];
