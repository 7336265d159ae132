import { CARD_NOT_STARTED, useStartCardPayment } from '../payments/api';
import type { Order } from './api';

/**
 * A button that starts a new card payment for `order` and goes to the gateway's page: it
 * reads `label` ('Pay now', 'Pay again'), then 'Opening the payment page…' while it starts.
 * A payment that could not start shows CARD_NOT_STARTED as an alert after it: an `errorTag`
 * (a `span` in a line of buttons, a `p` below them) of class `errorClass`.
 */
export function CardPaymentButton({
  order,
  label,
  errorTag: ErrorTag,
  errorClass,
}: {
  order: Pick<Order, 'id' | 'order_number' | 'total_price'>;
  label: string;
  errorTag: 'span' | 'p';
  errorClass: string;
}) {
  const start = useStartCardPayment();
  return (
    <>
      <button
        type="button"
        className="button-primary"
        disabled={start.isPending}
        onClick={() => start.mutate(order)}
      >
        {start.isPending ? 'Opening the payment page…' : label}
      </button>
      {start.isError ? (
        <ErrorTag className={errorClass} role="alert">
          {CARD_NOT_STARTED}
        </ErrorTag>
      ) : null}
    </>
  );
}
