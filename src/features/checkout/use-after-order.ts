/**
 * What happens once the order exists (spec section 4), by payment method:
 * - card: the payment starts and the browser goes to the gateway's page (the payment id and
 *   the order are kept in the session); without a gateway address, `onCardFailure`;
 * - bank transfer: /order-confirmation with the order and the bank details;
 * - custom: the shop's redirect URL when it has one, else /order-confirmation with the
 *   instructions.
 * The local cart is cleared once the order exists.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { components } from '../../../common/storefront-api';
import { clearCartLocally } from '../cart/api';
import { browser, isSafeExternalUrl, startCardPayment } from '../payments/api';
import type { OrderConfirmationState } from './confirmation-state';
import type { PaymentOptions } from './payment-methods';

type Order = components['schemas']['Order'];

/** The step after a placed order; resolves once the browser is on its way. */
export function useAfterOrder(onCardFailure: (order: Order) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const confirm = async (state: OrderConfirmationState) => {
    await navigate({ to: '/order-confirmation', state: { orderConfirmation: state } });
    clearCartLocally(queryClient);
  };

  return async (order: Order, shop: PaymentOptions): Promise<void> => {
    if (order.payment_method === 'card_2c2p') {
      try {
        await startCardPayment(order);
      } catch {
        clearCartLocally(queryClient);
        onCardFailure(order);
      }
      return;
    }
    if (order.payment_method === 'bank_transfer') {
      await confirm({
        order,
        bankDetails: order.payment_instructions ?? shop.bank_account_details,
        customInstructions: null,
      });
      return;
    }
    const redirect = order.payment_redirect_url ?? shop.custom_payment_redirect_url;
    if (isSafeExternalUrl(redirect)) {
      browser.assign(redirect);
      return;
    }
    await confirm({
      order,
      bankDetails: null,
      customInstructions: order.payment_instructions ?? shop.custom_payment_instructions,
    });
  };
}
