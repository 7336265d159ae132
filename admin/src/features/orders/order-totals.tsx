/**
 * An order's totals (`dl.totals`): subtotal, the discount code's line (issue 42), shipping,
 * the total, what was paid (followed by
 * `paidNote` in brackets, when given) and, once any was, what was refunded. The Items panel and
 * the packing slip show them.
 */
import { useFormatPrice } from '../../components/format';
import type { AdminOrder } from './api';

export function OrderTotals({ order, paidNote }: { order: AdminOrder; paidNote?: string }) {
  const formatPrice = useFormatPrice();
  return (
    <dl className="totals">
      <dt>Subtotal</dt>
      <dd>{formatPrice(order.subtotal)}</dd>
      {order.discount && order.discount.amount !== '0.00' ? (
        <>
          <dt>Discount ({order.discount.code})</dt>
          <dd>−{formatPrice(order.discount.amount)}</dd>
        </>
      ) : null}
      <dt>Shipping</dt>
      <dd>{formatPrice(order.shipping)}</dd>
      <dt className="grand">Total</dt>
      <dd className="grand">{formatPrice(order.total)}</dd>
      <dt>Paid</dt>
      <dd>
        {formatPrice(order.paid_total)}
        {paidNote ? ` (${paidNote})` : null}
      </dd>
      {order.refunded_total !== '0.00' ? (
        <>
          <dt>Refunded</dt>
          <dd>{formatPrice(order.refunded_total)}</dd>
        </>
      ) : null}
    </dl>
  );
}
