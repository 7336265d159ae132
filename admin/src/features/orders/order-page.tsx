/**
 * One order, everything the back office needs on one page:
 * - its number, status, when and how it was placed, and who placed it;
 * - the lines with their options (an engraving's text among them), made-to-order and
 *   age-restricted marks and dispatch dates; the totals;
 * - the shipments, each with its delivery method, the lines it carries, what was done with it
 *   (carrier, tracking link, times) and the move it is waiting for (ship, ready, collected);
 * - the moves on the whole order the member may make now (the order's `actions`);
 * - the address and phone, the age attestation, the payments with their provider
 *   references (money received by hand with what it held above the total, and who confirmed
 *   that overpayment), the refunds (each owed by hand with Mark paid back, for an owner), the
 *   e-mails sent and the timeline.
 * A link opens the packing slip to print.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { hasStatus } from '../../api/errors';
import { formatDate, formatDateTime, useFormatPrice } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { StatusBadge } from '../../components/order-status';
import { Panel } from '../../components/panel';
import { isOwner, useMe } from '../auth/api';
import { orderQuery, type AdminOrder } from './api';
import { MarkPaidForm } from './mark-paid-form';
import { MoveDone, MoveStatus, type MoveDoneState } from './move-done';
import { CancelForm, RefundForm, ReopenButton } from './order-actions';
import { CustomerPanel } from './order-customer-panel';
import { EmailsPanel, TimelinePanel } from './order-history-panels';
import { LinesPanel } from './order-lines-panel';
import { PaymentsPanel, RefundsPanel } from './order-money-panels';
import { ShipmentsPanel } from './order-shipments-panel';
import { PAYMENT_METHOD_LABELS } from './labels';

export function OrderPage() {
  const { number } = useParams({ from: '/_auth/_shell/orders/$number' });
  const order = useQuery(orderQuery(number));

  if (order.isPending) return <Loading label="Loading the order…" />;
  if (order.isError) {
    return (
      <>
        <title>{`${number} · Back office`}</title>
        <h1 className="mono">{number}</h1>
        {hasStatus(order.error, 404) || hasStatus(order.error, 400) ? (
          <Notice tone="error">There is no order {number} in this shop.</Notice>
        ) : (
          <ErrorNotice error={order.error} onRetry={() => void order.refetch()} />
        )}
        <p>
          <Link to="/orders">Back to orders</Link>
        </p>
      </>
    );
  }
  // Keyed by the order: moving to another order (the router keeps this page mounted) starts
  // its view afresh, with no message or open form left from the last one.
  return <OrderView key={order.data.order_number} order={order.data} />;
}

function OrderView({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  const me = useMe();
  const [done, setDone] = useState<MoveDoneState | null>(null);
  const announce = useCallback(
    (message: string, at: string) =>
      setDone((last) => ({ message, at, seq: (last?.seq ?? 0) + 1 })),
    [],
  );
  const moves = useMemo(() => ({ announce, done }), [announce, done]);
  // The panel stays while it shows what its last move did, even with no move left to make.
  const hasOrderActions =
    order.actions.some((action) => ['mark_paid', 'cancel', 'refund', 'reopen'].includes(action)) ||
    done?.at === 'actions';
  return (
    <>
      <title>{`${order.order_number} · Back office`}</title>
      <p className="small">
        <Link to="/orders">← Orders</Link>
      </p>
      <div className="page-head">
        <h1 className="mono">{order.order_number}</h1>
        <div className="button-row">
          <StatusBadge status={order.status} />
          <Link
            to="/orders/$number/print"
            params={{ number: order.order_number }}
            className="button button-small"
          >
            Packing slip
          </Link>
          <Link
            to="/orders/$number/print"
            params={{ number: order.order_number }}
            search={{ gift: true }}
            className="button button-small"
          >
            Gift slip
          </Link>
        </div>
      </div>
      <p className="lead">
        Placed {formatDateTime(order.placed_at)} by {order.customer_name} ·{' '}
        {PAYMENT_METHOD_LABELS[order.payment_method]} · {formatPrice(order.total)}
      </p>
      {order.needs_adult_signature ? (
        <p className="alert-strip">Age-restricted: adult signature required on delivery.</p>
      ) : null}
      {order.status === 'awaiting_payment' && order.expires_at ? (
        <Notice tone="info">Expires {formatDateTime(order.expires_at)} unless paid.</Notice>
      ) : null}
      {order.cancel_reason ? <Notice tone="info">Canceled: {order.cancel_reason}</Notice> : null}
      {order.cancellation_request ? (
        <Notice tone="info">
          The shopper asked to cancel on {formatDateTime(order.cancellation_request.requested_at)}{' '}
          (14-day right to cancel)
          {order.cancellation_request.reason
            ? `: “${order.cancellation_request.reason}”`
            : ', without giving a reason (none is needed)'}
          . Refund the order once the pieces are back, within 14 days of receiving them.
        </Notice>
      ) : null}

      <MoveDone.Provider value={moves}>
        <div className="grid-2">
          <div>
            <LinesPanel order={order} />
            <ShipmentsPanel order={order} />
            <PaymentsPanel order={order} />
            <RefundsPanel order={order} />
            <EmailsPanel order={order} />
            <TimelinePanel order={order} />
          </div>
          <div>
            {hasOrderActions ? (
              <section className="panel actions-panel" aria-labelledby="actions-title">
                <h2 id="actions-title">Actions</h2>
                <MoveStatus at="actions" />
                {order.actions.includes('mark_paid') ? (
                  <div className="action">
                    <MarkPaidForm order={order} mayConfirmOverpayment={isOwner(me)} />
                  </div>
                ) : null}
                {order.actions.includes('reopen') ? (
                  <div className="action">
                    <ReopenButton order={order} />
                  </div>
                ) : null}
                {order.actions.includes('refund') ? (
                  <div className="action">
                    <RefundForm order={order} />
                  </div>
                ) : null}
                {order.actions.includes('cancel') ? (
                  <div className="action">
                    <CancelForm order={order} />
                  </div>
                ) : null}
              </section>
            ) : null}
            <CustomerPanel order={order} />
            {order.attestation ? (
              <Panel titleId="attestation-title" title="Age attestation">
                <dl className="facts">
                  <dt>Date of birth</dt>
                  <dd>{formatDate(order.attestation.date_of_birth)}</dd>
                  <dt>Declared</dt>
                  <dd>{formatDateTime(order.attestation.at)}</dd>
                </dl>
                <blockquote className="small">{order.attestation.text}</blockquote>
              </Panel>
            ) : null}
          </div>
        </div>
      </MoveDone.Provider>
    </>
  );
}
