/**
 * An order's Shipments panel: each shipment with its delivery method and price, the lines it
 * carries, what was done with it (carrier, tracking link, times) and the move it is waiting for
 * (./shipment-actions.tsx).
 */
import { formatDateTime, humanize, useFormatPrice } from '../../components/format';
import { Panel } from '../../components/panel';
import { type AdminOrder } from './api';
import { CARRIER_LABELS } from './labels';
import { ShipmentActions } from './shipment-actions';
import { MoveStatus, shipmentPlace } from './move-done';

export function ShipmentsPanel({ order }: { order: AdminOrder }) {
  const formatPrice = useFormatPrice();
  const linesById = new Map(order.lines.map((line) => [line.id, line]));
  return (
    <Panel titleId="shipments-title" title="Shipments">
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
            <MoveStatus at={shipmentPlace(shipment.index)} />
            <ShipmentActions order={order} shipment={shipment} />
          </div>
        );
      })}
    </Panel>
  );
}
