/**
 * The payment methods as the shop shows them (spec sections 3, 4, 8 and 9; contract
 * PaymentMethod and PaymentOptions): one entry per method in `PAYMENT_METHODS`, with its words
 * (its name at checkout and in the order history, what happens next, what the order
 * confirmation says) and the shop's settings it reads. The checkout, the order confirmation and
 * the order pages read the method from here instead of naming it, so a new offline method is one
 * entry of this table (the type check wants one per contract value); the server's rules for it
 * are its entry in server/payments/methods.ts.
 *
 * The card method is paid on the card provider's page (./api.ts `startCardPayment`); every
 * other method is offline: the money moves outside the shop's site, and the shopper is told how
 * to pay once the order is placed.
 */
import type { ReactNode } from 'react';
import { useFormatPrice } from '../site/format-price';
import type { components } from '../../../common/storefront-api';

export type PaymentOptions = components['schemas']['PaymentOptions'];
export type PaymentMethod = components['schemas']['PaymentMethod'];
type Order = components['schemas']['Order'];

/** An amount in the shop's currency, in words built outside a component ("£45.00"). */
function Amount({ amount }: { amount: string }): string {
  return useFormatPrice()(amount);
}

/** Spec section 9: the custom method's label when the shop gives none. */
export const CUSTOM_LABEL_FALLBACK = 'Other Payment Method';

/**
 * What an offline method does once its order is placed (spec section 4) and what
 * /order-confirmation says about it (spec section 2). The page lays the section out: the title,
 * then `lead`, then the instructions (or `withoutInstructions`), then `reference`.
 */
export interface OfflineMethod {
  /** The shop's how-to-pay setting, for an order that carries no `payment_instructions`. */
  shopInstructions(shop: PaymentOptions): string | null;
  /**
   * For a method the shop may take on its own page (the custom method): where the shopper pays
   * instead of seeing the confirmation when the order carries no `payment_redirect_url`.
   * Without it the method never leaves the site.
   */
  shopRedirectUrl?(shop: PaymentOptions): string | null;
  /** The heading of the confirmation's payment section. */
  confirmationTitle: string;
  /** The paragraph before the instructions, if any. */
  lead?(order: Order): ReactNode;
  /** The paragraph in place of the instructions when there are none, if any. */
  withoutInstructions?: string;
  /** The last paragraph: the order number as the payment reference. */
  reference(order: Order): ReactNode;
}

/** One payment method's words and settings: see the module comment. */
export interface PaymentMethodEntry {
  /** The PaymentOptions switch that offers it. */
  enabledBy: Extract<keyof PaymentOptions, `enable_${string}`>;
  /** What it is called at checkout. */
  label(shop: PaymentOptions | null | undefined): string;
  /** What happens next, under its name at checkout. */
  description(shop: PaymentOptions): string;
  /** What it is called in the order history and on an order's page. */
  orderLabel: string;
  /** Null for the card method, paid on the card provider's page; see `OfflineMethod`. */
  offline: OfflineMethod | null;
}

/** Every payment method, in the spec's order (section 4: card, bank transfer, custom). */
export const PAYMENT_METHODS: { readonly [Method in PaymentMethod]: PaymentMethodEntry } = {
  card_2c2p: {
    enabledBy: 'enable_card_payment',
    label: () => 'Credit or debit card',
    description: () =>
      "You'll pay on our card partner's secure page; we never see your card number.",
    orderLabel: 'Card',
    offline: null,
  },
  bank_transfer: {
    enabledBy: 'enable_bank_transfer',
    label: () => 'Bank transfer',
    description: () =>
      "We'll show our bank details once the order is placed. It ships when the transfer arrives.",
    orderLabel: 'Bank transfer',
    offline: {
      shopInstructions: (shop) => shop.bank_account_details,
      confirmationTitle: 'Pay by bank transfer',
      lead: (order) => (
        <>
          Your order is awaiting payment confirmation and will be processed once your transfer of{' '}
          <strong>
            <Amount amount={order.total_price} />
          </strong>{' '}
          arrives.
        </>
      ),
      reference: (order) => (
        <>
          Please use your Order Number <strong>{order.order_number}</strong> as the payment
          reference.
        </>
      ),
    },
  },
  custom: {
    enabledBy: 'enable_custom_payment',
    label: (shop) => shop?.custom_payment_label?.trim() || CUSTOM_LABEL_FALLBACK,
    description: (shop) =>
      shop.custom_payment_instructions?.trim() ||
      "We'll tell you how to pay once the order is placed.",
    orderLabel: 'Other payment method',
    offline: {
      shopInstructions: (shop) => shop.custom_payment_instructions,
      shopRedirectUrl: (shop) => shop.custom_payment_redirect_url,
      confirmationTitle: 'How to pay',
      withoutInstructions: 'The shop will contact you about the payment.',
      reference: (order) => (
        <>
          Your order is awaiting payment confirmation; please quote your Order Number{' '}
          <strong>{order.order_number}</strong>.
        </>
      ),
    },
  },
};

/** Spec section 4: methods are offered, and the default is chosen, in this order. */
export const METHOD_ORDER = Object.keys(PAYMENT_METHODS) as readonly PaymentMethod[];

/** The methods the shop enables, in the order card, bank transfer, custom. */
export function enabledMethods(options: PaymentOptions): PaymentMethod[] {
  return METHOD_ORDER.filter((method) => options[PAYMENT_METHODS[method].enabledBy] === true);
}

/** Spec section 4: the first enabled method, or '' when the shop enables none. */
export function defaultMethod(options: PaymentOptions): PaymentMethod | '' {
  return enabledMethods(options)[0] ?? '';
}

/** What a method is called at checkout; the custom one falls back to 'Other Payment Method'. */
export function methodLabel(method: PaymentMethod, options?: PaymentOptions | null): string {
  return PAYMENT_METHODS[method].label(options);
}
