import type { Fulfilment, Order, OrderShipment } from './api';
import { formatOrderDate } from './order-parts';
import './order-shipments.css';

/**
 * What the order page says of each shipment once the shop has started sending the order: how
 * far it got, in words, and for a parcel with a tracking number the number, linked to the
 * carrier's page when there is one.
 */
export const SHIPMENT_TEXT = {
  /** A delivery the shop has not handed to a carrier yet. */
  notSent: 'Not sent yet',
  /** A collection the workshop has not made ready yet. */
  notReady: 'Being prepared for collection',
  ready: 'Ready to collect at the workshop',
  trackingNumber: 'Tracking number:',
  newTab: '(opens in a new tab)',
} as const;

/** A stored link is not trusted blindly (as on /contact): only an https address becomes a link. */
const SAFE_TRACKING_URL = /^https:\/\/[^\s]+$/;

/**
 * The shipment's progress in one sentence: 'Shipped with Royal Mail on 24 Nov 2026' (without
 * the carrier for `other`, without the date when it is missing), 'Ready to collect at the
 * workshop', 'Collected on 26 Nov 2026'; before the shop did anything, that it is not sent (a
 * delivery) or being prepared (a collection). Dates in the shopper's locale.
 */
export function shipmentProgress(
  shipment: Pick<OrderShipment, 'kind'> & { fulfilment?: Fulfilment | null },
): string {
  const fulfilment = shipment.fulfilment ?? null;
  if (!fulfilment) {
    return shipment.kind === 'collection' ? SHIPMENT_TEXT.notReady : SHIPMENT_TEXT.notSent;
  }
  const on = (iso: string | null) => {
    const date = iso ? formatOrderDate(iso) : '';
    return date ? ` on ${date}` : '';
  };
  switch (fulfilment.status) {
    case 'shipped': {
      const carrier =
        fulfilment.carrier && fulfilment.carrier !== 'other' && fulfilment.carrier_name
          ? ` with ${fulfilment.carrier_name}`
          : '';
      return `Shipped${carrier}${on(fulfilment.shipped_at)}`;
    }
    case 'ready_to_collect':
      return SHIPMENT_TEXT.ready;
    case 'collected':
      return `Collected${on(fulfilment.collected_at)}`;
    default:
      return shipment.kind === 'collection' ? SHIPMENT_TEXT.notReady : SHIPMENT_TEXT.notSent;
  }
}

/** The tracking number, linked to the carrier's page (new tab) when it has a safe one. */
function TrackingNumber({ fulfilment }: { fulfilment: Fulfilment }) {
  const number = fulfilment.tracking_number;
  if (fulfilment.status !== 'shipped' || !number) return null;
  const url = fulfilment.tracking_url;
  return (
    <span className="order-shipment__tracking">
      {SHIPMENT_TEXT.trackingNumber}{' '}
      {url && SAFE_TRACKING_URL.test(url) ? (
        <a href={url} target="_blank" rel="noopener">
          {number} <span className="visually-hidden">{SHIPMENT_TEXT.newTab}</span>
        </a>
      ) : (
        number
      )}
    </span>
  );
}

/**
 * The order page's Shipments panel: each shipment's method, the lines it carries,
 * {@link shipmentProgress} and the tracking number. Shown once at least one shipment has been
 * sent, made ready or collected; before that the status badge says it all.
 */
export function OrderShipments({ order }: { order: Pick<Order, 'shipments' | 'items'> }) {
  const shipments = order.shipments ?? [];
  if (!shipments.some((shipment) => shipment.fulfilment)) return null;
  const nameOf = new Map(order.items.map((item) => [item.id, item.product_name]));
  return (
    <section className="order-detail__panel" aria-labelledby="order-shipments-title">
      <h2 id="order-shipments-title" className="order-detail__title">
        Shipments
      </h2>
      <ul className="order-shipments">
        {shipments.map((shipment, index) => {
          const names = shipment.item_ids.map((id) => nameOf.get(id)).filter(Boolean);
          return (
            <li key={`${index}-${shipment.method}`} className="order-shipment">
              <span className="order-shipment__method">{shipment.name}</span>
              {names.length ? (
                <span className="order-shipment__items">{names.join(', ')}</span>
              ) : null}
              <span className="order-shipment__progress">{shipmentProgress(shipment)}</span>
              {shipment.fulfilment ? <TrackingNumber fulfilment={shipment.fulfilment} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
