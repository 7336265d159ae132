/**
 * The packing slip and invoice of an order (`/admin/orders/$number/print`), laid out for paper:
 * the shop's name and the one address the owner chose for it (`return_address`: the seller's
 * legal address or the workshop's, in the seller's settings), the order number and date, who it
 * goes to (or who collects it), the lines with their options, the totals, the payment, and
 * "Adult signature required" in a box when an age-restricted piece is in it.
 *
 * The gift slip (`?gift=true`) is the same slip without a single price: no unit prices, line
 * totals, totals or payment, for a parcel that is a present. The Print, Back and slip-kind
 * links are not printed (`.no-print`, ./orders.css `@media print`).
 */
import { z } from 'zod';
import { AddressLines } from '../../components/address-lines';
import { formatDate, useFormatPrice } from '../../components/format';
import { ErrorNotice, Loading } from '../../components/notice';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { orderQuery, type AdminOrder } from './api';
import { PAYMENT_METHOD_LABELS } from './labels';
import { OrderTotals } from './order-totals';
import { shopQuery } from './shop-api';

/** The print route's search: `gift` for the slip without prices (anything else: the full one). */
export const slipSearch = z.object({
  gift: z.boolean().optional().catch(undefined),
});

export function PackingSlipPage() {
  const { number } = useParams({ from: '/_auth/orders/$number/print' });
  const { gift = false } = useSearch({ from: '/_auth/orders/$number/print' });
  const order = useQuery(orderQuery(number));
  const shop = useQuery(shopQuery());
  const kind = gift ? 'Gift slip' : 'Packing slip';
  return (
    <main id="main">
      <title>{`${kind} ${number} · Back office`}</title>
      <div className="slip-tools no-print button-row">
        <Link to="/orders/$number" params={{ number }} className="button button-small">
          ← Back to the order
        </Link>
        <Link
          to="/orders/$number/print"
          params={{ number }}
          search={gift ? {} : { gift: true }}
          className="button button-small"
        >
          {gift ? 'Packing slip with prices' : 'Gift slip (no prices)'}
        </Link>
        <button
          type="button"
          className="button button-small button-primary"
          onClick={() => window.print()}
          disabled={!order.data}
        >
          Print
        </button>
      </div>
      {order.isPending ? (
        <div className="slip">
          <Loading />
        </div>
      ) : order.isError ? (
        <div className="slip">
          <ErrorNotice error={order.error} onRetry={() => void order.refetch()} />
        </div>
      ) : (
        <Slip order={order.data} shopName={shop.data?.name} gift={gift} />
      )}
    </main>
  );
}

function Slip({
  order,
  shopName,
  gift,
}: {
  order: AdminOrder;
  shopName: string | null | undefined;
  gift: boolean;
}) {
  const formatPrice = useFormatPrice();
  const a = order.address;
  const collectedOnly = order.shipments.every((s) => s.kind === 'collection');
  const from = order.return_address?.split('\n').filter((line) => line.trim() !== '') ?? [];
  return (
    <article className="slip" aria-labelledby="slip-title">
      <header className="slip-head">
        <div>
          <p className="slip-shop">{shopName ?? (gift ? 'Gift slip' : 'Packing slip')}</p>
          {from.length > 0 ? (
            <address className="small">
              <span className="visually-hidden">Return address: </span>
              {from.map((line, index) => (
                <span key={index}>
                  {index > 0 ? <br /> : null}
                  {line}
                </span>
              ))}
            </address>
          ) : null}
        </div>
        <div>
          <h1 id="slip-title" className="mono">
            {order.order_number}
          </h1>
          <p className="small">
            {gift ? 'Gift slip · ' : ''}Ordered {formatDate(order.placed_at)}
          </p>
        </div>
      </header>

      {order.needs_adult_signature ? (
        <p className="slip-signature">Adult signature required · proof of age on delivery</p>
      ) : null}

      <section aria-labelledby="slip-to">
        <h2 id="slip-to">{collectedOnly ? 'Collected by' : 'Deliver to'}</h2>
        <address>
          <AddressLines address={a} />
          {order.contact_number && !gift ? (
            <>
              <br />
              {order.contact_number}
            </>
          ) : null}
        </address>
        <p className="small">{order.shipments.map((s) => s.name).join(' · ')}</p>
      </section>

      <table className="slip-table">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
            {gift ? null : (
              <>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num">
                  Total
                </th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.product_name}
                {line.variant_label ? (
                  <div className="small">
                    {line.variant_label}
                    {line.sku ? ` · SKU ${line.sku}` : ''}
                  </div>
                ) : null}
                {line.options.map((option) => (
                  <div key={option.key} className="small">
                    {option.label}: {option.display_value}
                  </div>
                ))}
              </td>
              <td className="num">{line.quantity}</td>
              {gift ? null : (
                <>
                  <td className="num">{formatPrice(line.unit_price)}</td>
                  <td className="num">{formatPrice(line.line_total)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>

      {gift ? null : (
        <OrderTotals order={order} paidNote={PAYMENT_METHOD_LABELS[order.payment_method]} />
      )}
    </article>
  );
}
