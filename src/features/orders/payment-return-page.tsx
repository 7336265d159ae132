import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { hasStatus } from '../../api/errors';
import { useFormatPrice } from '../site/format-price';
import { LoginLink } from '../auth/login-link';
import { ORDERS_QUERY_KEY } from './api';
import { type PaymentStatus, paymentStatusQuery, readPendingPaymentId } from '../payments/api';
import { CardPaymentButton } from './card-payment-button';
import { ContinueShoppingActions } from './continue-shopping';
import {
  PAYMENT_RETURN_MESSAGES,
  PROCESSING_POLL_MS,
  STATUS_CHECK_DELAY_MS,
  isProcessing,
  lookupErrorMessage,
  screenForStatus,
} from './payment-outcome';
import './payment-return.css';

/** The pending payment id changes only by this page's own doing: nothing to subscribe to. */
const subscribeToNothing = () => () => {};

function ResultCard({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'failure' | 'neutral';
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={`payment-result payment-result--${tone}`}>
      <p className="payment-result__icon" aria-hidden="true">
        {tone === 'success' ? '✓' : tone === 'failure' ? '!' : '…'}
      </p>
      <h1 className="payment-result__title">{title}</h1>
      {children}
    </div>
  );
}

/** The actions after a received payment: Continue Shopping, and the way to the paid order. */
function PaidActions({ payment }: { payment: PaymentStatus }) {
  return (
    <ContinueShoppingActions className="payment-result__actions">
      <OrderLink payment={payment} />
    </ContinueShoppingActions>
  );
}

function OrderLink({ payment }: { payment: PaymentStatus }) {
  return (
    <Link
      className="button-secondary"
      to="/account/orders/$orderId"
      params={{ orderId: String(payment.order_id) }}
    >
      View order {payment.order_identifier}
    </Link>
  );
}

/** Pay again after a failed or canceled payment: a new payment for the same order. */
function PayAgain({ payment }: { payment: PaymentStatus }) {
  const order = {
    id: payment.order_id,
    order_number: payment.order_identifier,
    total_price: payment.amount,
  };
  return (
    <CardPaymentButton
      order={order}
      label="Pay again"
      errorTag="p"
      errorClass="payment-result__error"
    />
  );
}

function Outcome({ payment }: { payment: PaymentStatus }) {
  const formatPrice = useFormatPrice();
  const screen = screenForStatus(payment.status, payment.error_message);
  if (screen.kind === 'success' && payment.refund_status) {
    return (
      <ResultCard tone="neutral" title="Payment Received After Closing">
        <p className="payment-result__lead" role="status">
          {payment.refund_status === 'refunded'
            ? PAYMENT_RETURN_MESSAGES.lateRefunded
            : PAYMENT_RETURN_MESSAGES.lateRefundPending}
        </p>
        <p className="payment-result__meta">
          {formatPrice(payment.amount)} for order {payment.order_identifier}
        </p>
        <PaidActions payment={payment} />
      </ResultCard>
    );
  }
  switch (screen.kind) {
    case 'success':
      return (
        <ResultCard tone="success" title="Payment Successful">
          <p className="payment-result__lead">
            Thank you! We received {formatPrice(payment.amount)} for order{' '}
            <strong>{payment.order_identifier}</strong>.
          </p>
          {payment.gateway_transaction_ref ? (
            <p className="payment-result__meta">Transaction {payment.gateway_transaction_ref}</p>
          ) : null}
          <PaidActions payment={payment} />
        </ResultCard>
      );
    case 'failure':
      return (
        <ResultCard tone="failure" title={screen.title}>
          <p className="payment-result__lead">{screen.reason}</p>
          <p className="payment-result__meta">
            Order {payment.order_identifier} is kept and waits for its payment.
          </p>
          <div className="payment-result__actions">
            <PayAgain payment={payment} />
            <OrderLink payment={payment} />
          </div>
        </ResultCard>
      );
    case 'processing':
      return (
        <ResultCard tone="neutral" title="Payment Processing">
          <p className="payment-result__lead" role="status">
            Your payment for order <strong>{payment.order_identifier}</strong> is being processed.
            This page updates by itself.
          </p>
          <div className="payment-result__actions">
            <OrderLink payment={payment} />
          </div>
        </ResultCard>
      );
    case 'lookup-failure':
      return <LookupFailure message={screen.message} />;
    case 'unknown':
      return <LookupFailure message={PAYMENT_RETURN_MESSAGES.unknown} />;
  }
}

function LookupFailure({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <ResultCard tone="failure" title="We could not check this payment">
      <p className="payment-result__lead" role="alert">
        {message}
      </p>
      <div className="payment-result__actions">
        {children}
        <Link className="button-secondary" to="/account/orders">
          Your orders
        </Link>
      </div>
    </ResultCard>
  );
}

function Checking() {
  return (
    <ResultCard tone="neutral" title="Checking your payment">
      <p className="payment-result__lead" role="status">
        One moment while we confirm the result with the payment provider…
      </p>
    </ResultCard>
  );
}

/**
 * /payment/return (spec sections 2, 4, 5 and 8): finds the payment (the `paymentId` parameter,
 * else the one kept in the session when the shopper left for the gateway), waits 1.5 s, then
 * asks for its status and shows the matching screen. A processing payment is asked again every
 * few seconds until it is final. The session keeps the id until the next payment replaces it,
 * so a reload shows the same result. Coming back
 * from the gateway never marks anything paid by itself: only the status the API reports counts.
 *
 * Part of the orders feature: it tells what became of paying an order (from the checkout or the
 * history's Pay now) and refreshes the orders the payment moved; the payments feature below it
 * holds only the gateway calls.
 */
export function PaymentReturnPage({ paymentId }: { paymentId?: string }) {
  const queryClient = useQueryClient();
  // The session is read in the browser only: on a server render the id is not known yet.
  const id = useSyncExternalStore<string | null | undefined>(
    subscribeToNothing,
    () => paymentId ?? readPendingPaymentId(),
    () => paymentId,
  );
  // Spec section 9: the lookup starts 1.5 s after the page shows this payment.
  const [delayOverFor, setDelayOverFor] = useState<string | null>(null);
  const delayOver = Boolean(id) && delayOverFor === id;
  useEffect(() => {
    if (!id) return;
    const timer = window.setTimeout(() => setDelayOverFor(id), STATUS_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [id]);

  const query = useQuery({
    ...paymentStatusQuery(id ?? ''),
    enabled: Boolean(id) && delayOver,
    retry: false,
    refetchInterval: (q) => (isProcessing(q.state.data?.status) ? PROCESSING_POLL_MS : false),
  });
  const status = query.data?.status;

  useEffect(() => {
    // The order's state changed with the payment: the history must not show the old one.
    if (status && !isProcessing(status)) {
      void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    }
  }, [status, queryClient]);

  let content: ReactNode;
  if (id === null) {
    content = <LookupFailure message={PAYMENT_RETURN_MESSAGES.noPayment} />;
  } else if (id === undefined || !delayOver || query.isPending) {
    content = <Checking />;
  } else if (query.isError) {
    content = hasStatus(query.error, 401) ? (
      <LookupFailure message="Please log in to see the result of this payment.">
        <LoginLink
          className="button-primary"
          redirect={`/payment/return?paymentId=${encodeURIComponent(id)}`}
        >
          Log in
        </LoginLink>
      </LookupFailure>
    ) : (
      <LookupFailure message={lookupErrorMessage(query.error)} />
    );
  } else {
    content = <Outcome payment={query.data} />;
  }

  return <div className="page-container payment-return">{content}</div>;
}
