/**
 * What a shopper can do with an unpaid order from the history: pay a card order now, or cancel
 * it after a confirmation. Each button shows exactly when the server offers its move in the
 * order's `actions` (`pay`, `cancel`): the server decides, with the rules its calls check.
 */
import { useState } from 'react';
import { apiErrorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CANCEL_MESSAGES, type Order, useCancelOrder } from './api';
import { CardPaymentButton } from './card-payment-button';
import './orders.css';

/**
 * 'Cancel order' for an unpaid order, behind a confirmation; nothing unless the server offers
 * `cancel` in `order.actions`. The stock goes back on sale at once; a failure shows the
 * server's reason (a payment in progress since the page loaded) or a fallback.
 */
export function CancelOrderButton({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  if (!order.actions.includes('cancel')) return null;
  return (
    <>
      <button
        type="button"
        className="button-secondary"
        disabled={cancel.isPending}
        onClick={() => setAsking(true)}
      >
        {cancel.isPending ? 'Canceling…' : 'Cancel order'}
      </button>
      {cancel.isError ? (
        <span className="orders-pay__error" role="alert">
          {apiErrorMessage(cancel.error, CANCEL_MESSAGES.failed)}
        </span>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={`Cancel order ${order.order_number}?`}
          message="Its items go back on sale and it can no longer be paid. This cannot be undone."
          confirmLabel="Cancel order"
          cancelLabel="Keep order"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            cancel.mutate(order.id);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * "Pay now" for an unpaid card order: a new card payment, then the gateway's page; nothing
 * unless the server offers `pay` in `order.actions`.
 */
export function PayNowButton({ order }: { order: Order }) {
  if (!order.actions.includes('pay')) return null;
  return (
    <span className="orders-pay">
      <CardPaymentButton
        order={order}
        label="Pay now"
        errorTag="span"
        errorClass="orders-pay__error"
      />
    </span>
  );
}
