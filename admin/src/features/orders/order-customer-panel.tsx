/**
 * An order's Customer panel: the name, e-mail and phone, and the delivery address (or the
 * address given, when every shipment is collected).
 */
import { AddressLines } from '../../components/address-lines';
import { Panel } from '../../components/panel';
import { type AdminOrder } from './api';

export function CustomerPanel({ order }: { order: AdminOrder }) {
  const a = order.address;
  const collectedOnly = order.shipments.every((s) => s.kind === 'collection');
  return (
    <Panel titleId="customer-title" title="Customer">
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
    </Panel>
  );
}
