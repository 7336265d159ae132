/*
 * Payment methods at checkout (spec sections 3, 4, 8 and 9), as pure functions of the shop's
 * payment options.
 */
import type { components } from '../../../common/storefront-api';

export type PaymentOptions = components['schemas']['PaymentOptions'];
export type PaymentMethod = components['schemas']['PaymentMethod'];

/** Spec section 9: the custom method's label when the shop gives none. */
export const CUSTOM_LABEL_FALLBACK = 'Other Payment Method';

/** Spec section 4: methods are offered, and the default is chosen, in this order. */
export const METHOD_ORDER: readonly PaymentMethod[] = ['card_2c2p', 'bank_transfer', 'custom'];

/** The methods the shop enables, in the order card, bank transfer, custom. */
export function enabledMethods(options: PaymentOptions): PaymentMethod[] {
  const enabled: Record<PaymentMethod, boolean> = {
    card_2c2p: options.enable_card_payment === true,
    bank_transfer: options.enable_bank_transfer === true,
    custom: options.enable_custom_payment === true,
  };
  return METHOD_ORDER.filter((method) => enabled[method]);
}

/** Spec section 4: the first enabled method, or '' when the shop enables none. */
export function defaultMethod(options: PaymentOptions): PaymentMethod | '' {
  return enabledMethods(options)[0] ?? '';
}

/** What a method is called at checkout; the custom one falls back to 'Other Payment Method'. */
export function methodLabel(method: PaymentMethod, options?: PaymentOptions | null): string {
  switch (method) {
    case 'card_2c2p':
      return 'Credit or debit card';
    case 'bank_transfer':
      return 'Bank transfer';
    case 'custom':
      return options?.custom_payment_label?.trim() || CUSTOM_LABEL_FALLBACK;
  }
}
