/**
 * The payment methods a shop may offer (spec sections 4 and 9; contract PaymentMethod and
 * PaymentOptions), and the one rule of which it offers now: the storefront's options
 * (`GET /payments/options/`) and checkout (placing an order) both ask here.
 *
 * A method is one entry of `PAYMENT_METHODS`: the settings switch that offers it, the settings
 * the storefront shows for it, whether its money moves offline, whether it needs the shop's
 * card provider, what an order paid by it carries, and the shop's own name for it. The entries'
 * order is the spec's order of methods (card, bank transfer, custom). Its words (labels, the
 * e-mails' text) live where they are shown: the SPA's src/features/payments/payment-methods.tsx
 * and the order e-mails' server/orders/emails/payment-texts.ts.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Schemas } from '../../common/storefront-contract.ts';
import type { Database } from '../platform/db/database.ts';
import type { PaymentMethod, PaymentSettingsTable } from './tables.ts';
import type { PaymentProvider } from './provider.ts';
import { toBool } from '../platform/db/mapping.ts';

/**
 * The card method's value on the wire and in `orders.payment_method`. The spec and the contract
 * name it after the first card provider (2C2P), but it means "by card, through the shop's card
 * provider", whichever that is (Stripe too); the code calls it the card method, and only this
 * constant spells the wire value.
 */
export const CARD_METHOD = 'card_2c2p' satisfies PaymentMethod;

type SettingsRow = Selectable<PaymentSettingsTable>;
type PaymentOptions = Schemas['PaymentOptions'];

/** A settings switch that offers a method; the PaymentOptions field of the same name. */
type SwitchColumn = Extract<keyof PaymentOptions, `enable_${string}`> & keyof SettingsRow;
/** A setting the storefront shows beside the switches; the PaymentOptions field of the same name. */
type ShownColumn = Exclude<keyof PaymentOptions, SwitchColumn> & keyof SettingsRow;

/** What an order paid by a method carries from the shop's settings when it is placed. */
export interface MethodTerms {
  /** How to pay, shown to the shopper (bank details, the shop's instructions); null: none. */
  instructions: string | null;
  /** Where the shopper pays (the custom method's page); null: none. */
  redirectUrl: string | null;
}

/** One payment method: see the module comment. */
export interface PaymentMethodEntry {
  /** The switch in `payment_settings` that offers it. */
  enabledBy: SwitchColumn;
  /** The settings the storefront is shown for it (never a secret). */
  shows: readonly ShownColumn[];
  /**
   * True when the money moves outside this server (a transfer, cash): the order waits for the
   * shop to see it, for BANK_TRANSFER_ORDER_TTL_S, and is never started at a card provider.
   */
  offline: boolean;
  /** Taken through the shop's card provider (./registry.ts): offered only while it has one. */
  cardProvider: boolean;
  /** What an order paid by it carries, from the shop's settings. */
  terms(settings: SettingsRow): MethodTerms;
  /**
   * The shop's own name for it, shown in the order e-mails ("PayPal"), or null when the shop
   * gave none; absent for a method the shop does not name. Either way the e-mails then use the
   * method's own name.
   */
  shopLabel?(settings: SettingsRow): string | null;
}

/** Every payment method, in the spec's order; the type check wants one entry per contract value. */
export const PAYMENT_METHODS: { readonly [Method in PaymentMethod]: PaymentMethodEntry } = {
  [CARD_METHOD]: {
    enabledBy: 'enable_card_payment',
    shows: [],
    offline: false,
    cardProvider: true,
    terms: () => ({ instructions: null, redirectUrl: null }),
  },
  bank_transfer: {
    enabledBy: 'enable_bank_transfer',
    shows: ['bank_account_details'],
    offline: true,
    cardProvider: false,
    terms: (settings) => ({ instructions: settings.bank_account_details, redirectUrl: null }),
  },
  custom: {
    enabledBy: 'enable_custom_payment',
    shows: ['custom_payment_label', 'custom_payment_instructions', 'custom_payment_redirect_url'],
    offline: true,
    cardProvider: false,
    terms: (settings) => ({
      instructions: settings.custom_payment_instructions,
      redirectUrl: settings.custom_payment_redirect_url,
    }),
    shopLabel: (settings) => settings.custom_payment_label?.trim() || null,
  },
};

/** True for the card method (paid through the shop's card provider), whatever its wire value. */
export function isCardMethod(method: string): boolean {
  return (
    Object.hasOwn(PAYMENT_METHODS, method) && PAYMENT_METHODS[method as PaymentMethod].cardProvider
  );
}

/**
 * The shop's own name for `method` (see `PaymentMethodEntry.shopLabel`), or null for the
 * method's own name; null too for a shop without payment settings.
 */
export function shopLabelOf(
  method: PaymentMethod,
  settings: SettingsRow | undefined,
): string | null {
  return (settings && PAYMENT_METHODS[method].shopLabel?.(settings)) ?? null;
}

/** What the rule needs: the database and the shop's card provider for new payments. */
export interface MethodContext {
  db: Kysely<Database>;
  /** The shop's card provider for new payments, or null when it takes no card payments now. */
  providerFor(tenantId: number): Promise<PaymentProvider | null>;
}

async function settingsOf(ctx: MethodContext, tenantId: number): Promise<SettingsRow | undefined> {
  return ctx.db
    .selectFrom('payment_settings')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/**
 * The one rule: a shop offers a method when it has payment settings, the method's switch is on,
 * and, for a method taken through the card provider, the shop has a provider this server can
 * use now. The provider is asked only then (it opens the shop's sealed credentials).
 * @throws SealedCredentialsError when the card provider's credentials do not open.
 */
async function offers(
  ctx: MethodContext,
  tenantId: number,
  settings: SettingsRow | undefined,
  method: PaymentMethod,
): Promise<boolean> {
  const entry = PAYMENT_METHODS[method];
  if (!settings || !toBool(settings[entry.enabledBy])) return false;
  return !entry.cardProvider || (await ctx.providerFor(tenantId)) !== null;
}

/**
 * The shop's payment options (contract PaymentOptions): each method's switch as offered now,
 * and the settings the methods show; a shop without settings offers nothing. Never a credential.
 */
export async function paymentOptions(
  ctx: MethodContext,
  tenantId: number,
): Promise<PaymentOptions> {
  const settings = await settingsOf(ctx, tenantId);
  const methods = Object.keys(PAYMENT_METHODS) as PaymentMethod[];
  const options: Record<string, boolean | string | null> = {};
  // The switches first, then what the methods show: the contract's order of fields.
  for (const method of methods) {
    options[PAYMENT_METHODS[method].enabledBy] = await offers(ctx, tenantId, settings, method);
  }
  for (const method of methods) {
    for (const column of PAYMENT_METHODS[method].shows)
      options[column] = settings?.[column] ?? null;
  }
  return options as PaymentOptions;
}

/**
 * What an order paid by `method` carries (instructions, a redirect address), or null when the
 * shop does not offer `method` now (checkout then refuses the method).
 */
export async function offeredMethodTerms(
  ctx: MethodContext,
  tenantId: number,
  method: PaymentMethod,
): Promise<MethodTerms | null> {
  if (!Object.hasOwn(PAYMENT_METHODS, method)) return null;
  const settings = await settingsOf(ctx, tenantId);
  if (!settings || !(await offers(ctx, tenantId, settings, method))) return null;
  return PAYMENT_METHODS[method].terms(settings);
}
