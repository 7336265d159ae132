/**
 * Today, the first screen after sign-in: whether the shop sells (./launch-card.tsx: before its
 * launch, the set-up checklist and Launch), then what needs doing, one panel per kind of task,
 * each with its count and each row linking to its order. Oldest first (the server's order): what
 * has waited longest is on top.
 *
 * - Transfers to confirm: bank-transfer and custom orders awaiting the money.
 * - To ship: the orders of the list's To ship tab, paid and processing, each with a delivery to
 *   send or a collection to make ready.
 * - Collections waiting: ready at the workshop.
 * - Refunds to pay by hand: money the shop owes back outside the card provider.
 * - Made to order, due this week: lines whose latest dispatch date is within 7 days (or past).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Schemas } from '../../api/client';
import { formatDate, formatDateTime, useFormatPrice } from '../../components/format';
import { QueryView } from '../../components/query-view';
import { todayQuery } from './api';
import { LaunchCard } from './launch-card';

type Summary = Schemas['AdminOrderSummary'];

/** Each panel's heading and what it says when there is nothing to do. */
const TASKS = {
  transfers: ['Transfers to confirm', 'No payments waiting to be confirmed.'],
  'to-ship': ['Orders to ship', 'Nothing to send.'],
  collections: ['Collections waiting', 'No collections waiting at the workshop.'],
  refunds: ['Refunds to pay by hand', 'No money to pay back by hand.'],
  due: ['Made to order, due this week', 'No made-to-order pieces due in the next 7 days.'],
} as const;

/** "1 item", "3 items". */
const itemCount = (order: Summary) => `${order.items} ${order.items === 1 ? 'item' : 'items'}`;

export function TodayPage() {
  const formatPrice = useFormatPrice();
  const today = useQuery(todayQuery());
  return (
    <>
      <title>Today · Back office</title>
      <div className="page-head">
        <h1>Today</h1>
        <Link to="/orders">All orders</Link>
      </div>
      <LaunchCard />
      <QueryView query={today}>
        {(tasks) => (
          <div className="today-grid">
            <TaskPanel
              id="transfers"
              items={orderRows(
                tasks.transfers_to_confirm,
                (order) => `${formatPrice(order.total)} · placed ${formatDate(order.placed_at)}`,
              )}
            />
            <TaskPanel
              id="to-ship"
              items={orderRows(
                tasks.to_ship,
                (order) => `${itemCount(order)} · paid order of ${formatDate(order.placed_at)}`,
              )}
            />
            <TaskPanel id="collections" items={orderRows(tasks.collections_waiting, itemCount)} />
            <TaskPanel
              id="refunds"
              items={tasks.manual_refunds.map((refund, index) => (
                <li key={`${refund.order_number}-${refund.created_at}-${index}`}>
                  <span className="task-main">
                    <OrderLink number={refund.order_number} /> {refund.customer_name}
                  </span>
                  <span className="task-side">
                    {formatPrice(refund.amount)} ·{' '}
                    {refund.source === 'refund' ? 'refund' : 'card payment not kept'} since{' '}
                    {formatDateTime(refund.created_at)}
                  </span>
                </li>
              ))}
            />
            <TaskPanel
              id="due"
              items={tasks.due_this_week.map((line) => (
                <li key={`${line.order_number}-${line.line_id}`}>
                  <span className="task-main">
                    <OrderLink number={line.order_number} /> {line.quantity} × {line.product_name}
                    <span className="muted"> for {line.customer_name}</span>
                  </span>
                  <span className="task-side">dispatch by {formatDate(line.dispatch_latest)}</span>
                </li>
              ))}
            />
          </div>
        )}
      </QueryView>
    </>
  );
}

function TaskPanel({ id, items }: { id: keyof typeof TASKS; items: ReactNode[] }) {
  const [title, empty] = TASKS[id];
  const headingId = `today-${id}`;
  return (
    <section className="panel" aria-labelledby={headingId}>
      <div className="panel-head">
        <h2 id={headingId}>{title}</h2>
        <span className="count">
          {items.length}
          <span className="visually-hidden"> {items.length === 1 ? 'task' : 'tasks'}</span>
        </span>
      </div>
      {items.length ? (
        <ul className="plain task-list">{items}</ul>
      ) : (
        <p className="empty">{empty}</p>
      )}
    </section>
  );
}

function OrderLink({ number }: { number: string }) {
  return (
    <Link to="/orders/$number" params={{ number }} className="mono">
      {number}
    </Link>
  );
}

/** A panel's rows for `orders`: each order's link and customer, and what `side` says of it. */
function orderRows(orders: Summary[], side: (order: Summary) => string) {
  return orders.map((order) => (
    <li key={order.order_number}>
      <span className="task-main">
        <OrderLink number={order.order_number} /> {order.customer_name}
      </span>
      <span className="task-side">{side(order)}</span>
    </li>
  ));
}
