/**
 * One order, everything the desk needs on one page:
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
import { AddressLines } from '../../components/address-lines';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { hasStatus } from '../../api/errors';
import { formatDate, formatDateTime, formatPrice, humanize } from '../../components/format';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { StatusBadge } from '../../components/order-status';
import { isOwner, useMe } from '../auth/api';
import { orderQuery, type AdminOrder } from './api';
import {
  CancelForm,
  MarkPaidForm,
  MoveDone,
  PaidBackButton,
  RefundForm,
  ReopenButton,
  ShipmentActions,
} from './order-actions';
import {
  CARD_STATUS_LABELS,
  CARRIER_LABELS,
  PAYMENT_METHOD_LABELS,
  REFUND_STATUS_LABELS,
} from './labels';

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
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: AdminOrder }) {
  const me = useMe();
  const [done, setDone] = useState<string | null>(null);
  const hasOrderActions = order.actions.some((action) =>
    ['mark_paid', 'cancel', 'refund', 'reopen'].includes(action),
  );
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
        </div>
      </div>
      <p className="lead">
        Placed {formatDateTime(order.placed_at)} by {order.customer_name} ·{' '}
        {PAYMENT_METHOD_LABELS[order.payment_method]} · {formatPrice(order.total)}
      </p>
      <div aria-live="polite">{done ? <Notice tone="success">{done}</Notice> : null}</div>
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

      <MoveDone.Provider value={setDone}>
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
              <section className="panel" aria-labelledby="attestation-title">
                <h2 id="attestation-title">Age attestation</h2>
                <dl className="facts">
                  <dt>Date of birth</dt>
                  <dd>{formatDate(order.attestation.date_of_birth)}</dd>
                  <dt>Declared</dt>
                  <dd>{formatDateTime(order.attestation.at)}</dd>
                </dl>
                <blockquote className="small">{order.attestation.text}</blockquote>
              </section>
            ) : null}
          </div>
        </div>
      </MoveDone.Provider>
    </>
  );
}

function LinesPanel({ order }: { order: AdminOrder }) {
  return (
    <section className="panel" aria-labelledby="lines-title">
      <h2 id="lines-title">Items</h2>
      <ul className="plain order-lines">
        {order.lines.map((line) => (
          <li key={line.id}>
            <div className="line-main">
              <strong>
                {line.quantity} × {line.product_name}
              </strong>
              {line.options.length ? (
                <ul className="line-options">
                  {line.options.map((option) => (
                    <li key={option.key}>
                      {option.label}: <span className="break">{option.display_value}</span>
                      {option.price_delta !== '0.00'
                        ? ` (+${formatPrice(option.price_delta)})`
                        : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="small muted">
                {[
                  line.made_to_order ? 'Made to order' : null,
                  line.age_restricted ? 'Age-restricted' : null,
                  line.dispatch_earliest && line.dispatch_latest
                    ? `Dispatch ${formatDate(line.dispatch_earliest)} – ${formatDate(line.dispatch_latest)}`
                    : line.dispatch_latest
                      ? `Dispatch by ${formatDate(line.dispatch_latest)}`
                      : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <div className="line-side">
              {formatPrice(line.line_total)}
              {line.quantity > 1 ? (
                <div className="small muted">{formatPrice(line.unit_price)} each</div>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{formatPrice(order.shipping)}</dd>
        <dt className="grand">Total</dt>
        <dd className="grand">{formatPrice(order.total)}</dd>
        <dt>Paid</dt>
        <dd>{formatPrice(order.paid_total)}</dd>
        {order.refunded_total !== '0.00' ? (
          <>
            <dt>Refunded</dt>
            <dd>{formatPrice(order.refunded_total)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function ShipmentsPanel({ order }: { order: AdminOrder }) {
  const linesById = new Map(order.lines.map((line) => [line.id, line]));
  return (
    <section className="panel" aria-labelledby="shipments-title">
      <h2 id="shipments-title">Shipments</h2>
      {order.shipments.length === 0 ? <p className="empty">No shipments.</p> : null}
      {order.shipments.map((shipment) => {
        const f = shipment.fulfilment;
        return (
          <div key={shipment.index} className="shipment">
            <div className="panel-head">
              <h3>
                {order.shipments.length > 1 ? `${shipment.index + 1}. ` : ''}
                {shipment.name}
              </h3>
              <span className="muted small">
                {shipment.kind === 'collection' ? 'Collection' : 'Delivery'} ·{' '}
                {formatPrice(shipment.price)}
              </span>
            </div>
            <p className="small">
              {shipment.item_ids
                .map((id) => linesById.get(id))
                .filter((line) => line !== undefined)
                .map((line) => `${line.quantity} × ${line.product_name}`)
                .join(', ')}
            </p>
            {shipment.age_verified ? (
              <p className="small muted">Handed only to an adult who shows proof of age.</p>
            ) : null}
            {f ? (
              <dl className="facts small">
                <dt>Status</dt>
                <dd>{humanize(f.status)}</dd>
                {f.carrier ? (
                  <>
                    <dt>Carrier</dt>
                    <dd>{CARRIER_LABELS[f.carrier]}</dd>
                  </>
                ) : null}
                {f.tracking_number ? (
                  <>
                    <dt>Tracking</dt>
                    <dd className="mono">
                      {f.tracking_url ? (
                        <a href={f.tracking_url} target="_blank" rel="noreferrer noopener">
                          {f.tracking_number}
                          <span className="visually-hidden"> (opens the carrier&apos;s page)</span>
                        </a>
                      ) : (
                        f.tracking_number
                      )}
                    </dd>
                  </>
                ) : null}
                {f.shipped_at ? (
                  <>
                    <dt>Shipped</dt>
                    <dd>{formatDateTime(f.shipped_at)}</dd>
                  </>
                ) : null}
                {f.ready_at ? (
                  <>
                    <dt>Ready</dt>
                    <dd>{formatDateTime(f.ready_at)}</dd>
                  </>
                ) : null}
                {f.collected_at ? (
                  <>
                    <dt>Collected</dt>
                    <dd>{formatDateTime(f.collected_at)}</dd>
                  </>
                ) : null}
              </dl>
            ) : (
              <p className="small muted">
                {shipment.kind === 'collection' ? 'Not ready yet.' : 'Not sent yet.'}
              </p>
            )}
            <ShipmentActions order={order} shipment={shipment} />
          </div>
        );
      })}
    </section>
  );
}

function CustomerPanel({ order }: { order: AdminOrder }) {
  const a = order.address;
  const collectedOnly = order.shipments.every((s) => s.kind === 'collection');
  return (
    <section className="panel" aria-labelledby="customer-title">
      <h2 id="customer-title">Customer</h2>
      <p>
        {order.customer_name}
        <br />
        <a href={`mailto:${order.email}`} className="break">
          {order.email}
        </a>
        {order.contact_number ? (
          <>
            <br />
            <a href={`tel:${order.contact_number.replace(/\s+/g, '')}`}>{order.contact_number}</a>
          </>
        ) : null}
      </p>
      <h3>{collectedOnly ? 'Collecting' : 'Delivery address'}</h3>
      <address className="break">
        <AddressLines address={a} />
      </address>
    </section>
  );
}

function PaymentsPanel({ order }: { order: AdminOrder }) {
  return (
    <section className="panel" aria-labelledby="payments-title">
      <h2 id="payments-title">Payments</h2>
      {order.payments.length === 0 ? <p className="empty">No payment yet.</p> : null}
      <ul className="plain task-list">
        {order.payments.map((payment, index) =>
          payment.kind === 'card' ? (
            <li key={payment.uuid}>
              <span className="task-main">
                Card via {payment.provider}: {formatPrice(payment.amount)} ·{' '}
                {CARD_STATUS_LABELS[payment.status]}
                {payment.refund_status
                  ? ` · refund ${payment.refund_status === 'manual' ? 'to pay back by hand' : humanize(payment.refund_status)}`
                  : ''}
                <br />
                <span className="small muted">
                  Reference <span className="mono">{payment.provider_ref ?? '—'}</span>
                </span>
              </span>
              <span className="task-side">
                {payment.captured_at ? formatDateTime(payment.captured_at) : 'not taken'}
                {payment.refund_status === 'manual' ? (
                  <PaidBackButton
                    order={order}
                    owed={{ kind: 'payment', uuid: payment.uuid }}
                    amount={payment.amount}
                  />
                ) : null}
              </span>
            </li>
          ) : (
            <li key={`manual-${index}`}>
              <span className="task-main">
                Received {formatPrice(payment.amount)}
                {payment.by ? `, marked by ${payment.by}` : ''}
                {payment.overpayment ? (
                  <>
                    <br />
                    <span className="small">
                      {payment.overpayment.confirmed_at
                        ? `Overpayment of ${formatPrice(payment.overpayment.amount)} above the total, confirmed${
                            payment.overpayment.confirmed_by
                              ? ` by ${payment.overpayment.confirmed_by}`
                              : ''
                          }: it counts as paid and may be refunded.`
                        : `${formatPrice(payment.overpayment.amount)} above the total was never confirmed by an owner: it does not count as paid and is not refunded.`}
                    </span>
                  </>
                ) : null}
                <br />
                <span className="small muted">
                  Payer&apos;s reference{' '}
                  <span className="mono">{payment.payer_reference || '—'}</span>
                </span>
              </span>
              <span className="task-side">{formatDateTime(payment.received_at)}</span>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

function RefundsPanel({ order }: { order: AdminOrder }) {
  if (order.refunds.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      <ul className="plain task-list">
        {order.refunds.map((refund) => (
          <li key={refund.id}>
            <span className="task-main">
              {formatPrice(refund.amount)} · {REFUND_STATUS_LABELS[refund.status]}
              <br />
              <span className="small">{refund.reason}</span>
              {refund.provider_ref ? (
                <>
                  <br />
                  <span className="small muted">
                    Reference <span className="mono">{refund.provider_ref}</span>
                  </span>
                </>
              ) : null}
            </span>
            <span className="task-side">
              {formatDateTime(refund.created_at)}
              {refund.by ? ` by ${refund.by}` : ''}
              {refund.status === 'manual' ? (
                <PaidBackButton
                  order={order}
                  owed={{ kind: 'refund', id: refund.id }}
                  amount={refund.amount}
                />
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EmailsPanel({ order }: { order: AdminOrder }) {
  return (
    <section className="panel" aria-labelledby="emails-title">
      <h2 id="emails-title">E-mails</h2>
      {order.emails.length === 0 ? <p className="empty">No e-mails about this order.</p> : null}
      <ul className="plain task-list">
        {order.emails.map((email, index) => (
          <li key={`${email.kind}-${email.created_at}-${index}`}>
            <span className="task-main">
              {humanize(email.kind)} to <span className="break">{email.recipient}</span>
            </span>
            <span className="task-side">
              {email.status === 'sent' && email.sent_at
                ? `sent ${formatDateTime(email.sent_at)}`
                : `${email.status} since ${formatDateTime(email.created_at)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TimelinePanel({ order }: { order: AdminOrder }) {
  return (
    <section className="panel" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <ol className="plain timeline">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <strong>{entry.action}</strong> <span className="muted">by {entry.actor}</span>
            {entry.detail ? <div className="small break">{entry.detail}</div> : null}
            <div className="small muted">{formatDateTime(entry.at)}</div>
          </li>
        ))}
      </ol>
    </section>
  );
}
