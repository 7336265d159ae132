/**
 * What happens once the order exists (spec section 4), by payment method
 * (../payments/payment-methods.tsx):
 * - card: the payment starts and the browser goes to the gateway's page (the payment id and
 *   the order are kept in the session); without a gateway address, `onCardFailure`;
 * - a method the shop may take on its own page (custom): that page when the order or the shop
 *   has a safe address for it;
 * - otherwise, an offline method (bank transfer, custom): /order-confirmation with the order
 *   and how to pay (the order's instructions, else the shop's setting for the method).
 * An order gift cards paid in full is already paid: /order-confirmation, nothing to pay.
 * The local cart is cleared once the order exists.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { components } from '../../../common/storefront-api';
import { clearCartLocally } from '../cart/api';
import { browser, isSafeExternalUrl, startCardPayment } from '../payments/api';
import { PAYMENT_METHODS, type PaymentOptions } from '../payments/payment-methods';
import { useCurrency } from '../site/api';
import { confirmationState, type OrderConfirmationState } from './confirmation-state';

type Order = components['schemas']['Order'];

/** The step after a placed order; resolves once the browser is on its way. */
export function useAfterOrder(onCardFailure: (order: Order) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currency = useCurrency();

  const confirm = async (state: OrderConfirmationState) => {
    await navigate({ to: '/order-confirmation', state: { orderConfirmation: state } });
    clearCartLocally(queryClient);
  };

  return async (order: Order, shop: PaymentOptions): Promise<void> => {
    const offline = PAYMENT_METHODS[order.payment_method].offline;
    // Paid in full by gift cards (decision 090): nothing is left to pay, by any method.
    if (order.status === 'paid') {
      await confirm(confirmationState(order, null));
      return;
    }
    if (!offline) {
      try {
        await startCardPayment(order, currency);
      } catch {
        clearCartLocally(queryClient);
        onCardFailure(order);
      }
      return;
    }
    const redirect =
      offline.shopRedirectUrl && (order.payment_redirect_url ?? offline.shopRedirectUrl(shop));
    if (isSafeExternalUrl(redirect)) {
      browser.assign(redirect);
      return;
    }
    await confirm(
      confirmationState(order, order.payment_instructions ?? offline.shopInstructions(shop)),
    );
  };
}
