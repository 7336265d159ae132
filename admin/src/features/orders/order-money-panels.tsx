/**
 * An order's money received and paid back: the Payments panel (what gift cards paid, by their
 * last four; card payments with their provider's reference and refund state; money received by
 * hand with the payer's reference and what it held above the total) and the Refunds panel; a card payment or refund owed by hand
 * gets Mark paid back (./paid-back-button.tsx).
 */
import { formatDateTime, humanize, useFormatPrice } from '../../components/format';
import { Panel } from '../../components/panel';
import { type AdminOrder } from './api';
import { CARD_STATUS_LABELS, REFUND_STATUS_LABELS } from './labels';
import { PaidBackButton } from './paid-back-button';
import { MoveStatus, owedPlace } from './move-done';

export function PaymentsPanel({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  const giftCards = order.gift_card_payments ?? [];
  return (
    <Panel titleId="payments-title" title="Payments">
      {order.payments.length === 0 && giftCards.length === 0 ? (
        <p className="empty">No payment yet.</p>
      ) : null}
      <ul className="plain task-list">
        {giftCards.map((card) => (
          <li key={card.last_four}>
            <span className="task-main">
              Gift card ending {card.last_four}: {formatPrice(card.amount)}
              {Number(card.refunded) > 0 ? ` · ${formatPrice(card.refunded)} put back on it` : ''}
            </span>
          </li>
        ))}
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
                <MoveStatus at={owedPlace({ kind: 'payment', uuid: payment.uuid })} />
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
    </Panel>
  );
}

export function RefundsPanel({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  if (order.refunds.length === 0) return null;
  return (
    <Panel titleId="refunds-title" title="Refunds">
      <ul className="plain task-list">
        {order.refunds.map((refund) => (
          <li key={refund.id}>
            <span className="task-main">
              {formatPrice(refund.amount)} ·{' '}
              {refund.gift_card_last_four === null
                ? REFUND_STATUS_LABELS[refund.status]
                : `Put back on the gift card ending ${refund.gift_card_last_four}`}
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
              <MoveStatus at={owedPlace({ kind: 'refund', id: refund.id })} />
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
    </Panel>
  );
}
