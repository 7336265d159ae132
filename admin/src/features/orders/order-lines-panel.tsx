/**
 * An order's Items panel: each line with its options (an engraving's text among them), its
 * made-to-order, age-restricted and dispatch marks, how many of its pieces refunds named and
 * put back in stock, and its price; then the totals (subtotal,
 * shipping, total, paid and refunded).
 */
import { formatDate, useFormatPrice } from '../../components/format';
import { Panel } from '../../components/panel';
import { type AdminOrder } from './api';
import { OrderTotals } from './order-totals';

/** What refunds did with the line's pieces ("1 refunded, 1 back in stock"), or null. */
function refundedWords(line: AdminOrder['lines'][number]): string | null {
  const refunded = line.refunded_quantity ?? 0;
  if (refunded === 0) return null;
  const back = line.restocked_quantity ?? 0;
  return `${refunded} refunded${back > 0 ? `, ${back} back in stock` : ''}`;
}

export function LinesPanel({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  return (
    <Panel titleId="lines-title" title="Items">
      <ul className="plain order-lines">
        {order.lines.map((line) => (
          <li key={line.id}>
            <div className="line-main">
              <strong>
                {line.quantity} × {line.product_name}
              </strong>
              {line.variant_label ? (
                <p className="small">
                  {line.variant_label}
                  {line.sku ? ` · SKU ${line.sku}` : ''}
                </p>
              ) : null}
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
                  refundedWords(line),
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
      <OrderTotals order={order} />
    </Panel>
  );
}
