import { OrderRightSummary } from '../cancellation/order-right-summary';
import type { Cart } from '../cart/api';

/**
 * The order button's words (Consumer Contracts Regulations 2013 reg 14(3); Directive
 * 2011/83/EU art. 8(2)): they must say that ordering is a commitment to pay. 'Place order and
 * pay · $496.50' with the quoted total, 'Place order and pay' before it.
 */
export function placeOrderLabel(total: string | null): string {
  return total ? `Place order and pay · ${total}` : 'Place order and pay';
}

/**
 * The checkout's summary of the 14-day right for the cart's lines, before the order button:
 * a line is exempt as the server says (`CartItem.cancellation_exempt`: the piece is made to
 * order or flagged by the owner, or the line carries a text such as an engraving).
 */
export function CheckoutCancellation({ cart }: { cart: Cart }) {
  return (
    <OrderRightSummary
      lines={cart.items.map((item) => ({
        id: item.id,
        name: item.product.name,
        made_to_order: item.product.made_to_order || item.dispatch?.made_to_order === true,
        cancellation_exempt: item.cancellation_exempt,
      }))}
    />
  );
}
