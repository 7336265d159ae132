/**
 * One customer (`/customers/$customerId`), read-only: what they spent, their consent, their
 * orders (each linking to its page, saying whether the sales count it), their addresses and the
 * messages that are provably theirs (each linking to the inbox). Nothing here edits the
 * account: it is the shopper's, changed only by them in the shop.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { AddressLines } from '../../components/address-lines';
import { formatDate, formatDateTime, useFormatPrice } from '../../components/format';
import { Notice } from '../../components/notice';
import { StatusBadge } from '../../components/order-status';
import { Panel } from '../../components/panel';
import { QueryView } from '../../components/query-view';
import { customerQuery, type Customer } from './api';
import { customerIdOf } from './schemas';

const CONSENT_WORDS = {
  given: 'Given',
  withdrawn: 'Withdrawn',
  not_recorded: 'Not asked',
} as const;

export function CustomerPage() {
  const { customerId } = useParams({ from: '/_auth/_shell/customers/$customerId' });
  const id = customerIdOf(customerId);
  return (
    <>
      <p className="small">
        <Link to="/customers">← Back to customers</Link>
      </p>
      {id === null ? <Notice tone="error">Not found.</Notice> : <CustomerLoader id={id} />}
    </>
  );
}

function CustomerLoader({ id }: { id: number }) {
  const customer = useQuery(customerQuery(id));
  return (
    <QueryView query={customer} loading="Loading the customer…">
      {(data) => <CustomerView customer={data} />}
    </QueryView>
  );
}

export function CustomerView({ customer }: { customer: Customer }) {
  const formatPrice = useFormatPrice();
  return (
    <>
      <title>{`${customer.name} · Customers · Back office`}</title>
      <div className="page-head">
        <h1 className="break">{customer.name}</h1>
      </div>
      <p className="break">
        <a href={`mailto:${customer.email}`}>{customer.email}</a>
        <span className="muted">
          {' '}
          · {customer.email_verified ? 'address verified' : 'address not verified'} · joined{' '}
          {formatDate(customer.joined_at)}
        </span>
      </p>
      <div className="grid-2">
        <div>
          <Panel titleId="customer-orders" title="Orders">
            {customer.orders_list.length ? (
              <ul className="plain task-list">
                {customer.orders_list.map((order) => (
                  <li key={order.order_number}>
                    <span className="task-main">
                      <Link
                        to="/orders/$number"
                        params={{ number: order.order_number }}
                        className="mono"
                      >
                        {order.order_number}
                      </Link>{' '}
                      <StatusBadge status={order.status} />
                    </span>
                    <span className="task-side">
                      {formatPrice(order.total)} · placed {formatDate(order.placed_at)}
                      {order.refunded !== '0.00'
                        ? ` · ${formatPrice(order.refunded)} refunded`
                        : ''}
                      {order.counted ? '' : ' · not in the sales'}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty">No orders yet.</p>
            )}
          </Panel>
          <Panel titleId="customer-messages" title="Messages">
            {customer.messages.length ? (
              <ul className="plain task-list">
                {customer.messages.map((message) => (
                  <li key={message.id}>
                    <span className="task-main">
                      <Link to="/inbox/$messageId" params={{ messageId: String(message.id) }}>
                        {message.subject}
                      </Link>
                    </span>
                    <span className="task-side">
                      {formatDateTime(message.created_at)}
                      {message.reply_count ? ' · answered' : ''}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty">No messages from this customer.</p>
            )}
          </Panel>
        </div>
        <div>
          <Panel titleId="customer-spent" title="What they spent">
            <dl className="facts">
              <dt>Spent</dt>
              <dd data-figure="spent">{formatPrice(customer.total_spent)}</dd>
              <dt>Orders</dt>
              <dd>{customer.orders}</dd>
              <dt>Average order</dt>
              <dd>{formatPrice(customer.average_order)}</dd>
              <dt>Refunded</dt>
              <dd>{formatPrice(customer.refunded)}</dd>
            </dl>
            <p className="small muted">Paid orders that are not canceled, less refunds.</p>
          </Panel>
          <Panel titleId="customer-consent" title="Consent">
            <dl className="facts">
              <dt>Marketing e-mails</dt>
              <dd>{CONSENT_WORDS[customer.consent.marketing]}</dd>
              <dt>Newsletter</dt>
              <dd>{CONSENT_WORDS[customer.consent.newsletter]}</dd>
            </dl>
            {customer.consent.marketing === 'not_recorded' ? (
              <p className="small muted">
                The shop does not ask shoppers for this consent, so send them no marketing e-mails.
              </p>
            ) : null}
          </Panel>
          <Panel titleId="customer-addresses" title="Addresses">
            {customer.addresses.length ? (
              <ul className="plain customer-addresses">
                {customer.addresses.map((address, index) => (
                  <li key={index}>
                    <address className="break">
                      <AddressLines address={address} />
                    </address>
                    <span className="small muted">
                      {address.source === 'saved'
                        ? address.is_default
                          ? 'Saved, default'
                          : 'Saved'
                        : 'From an order'}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty">No addresses.</p>
            )}
          </Panel>
        </div>
      </div>
    </>
  );
}
