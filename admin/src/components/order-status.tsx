/**
 * An order's status as a badge: its words, and a tone for what it asks of the back office
 * (attention: money to confirm; active: to fulfil; done; closed). The words are always shown:
 * the colour only repeats them.
 */
import type { Schemas } from '../api/client';

export type OrderStatus = Schemas['AdminOrderStatus'];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  ready_to_collect: 'Ready to collect',
  completed: 'Completed',
  canceled: 'Canceled',
  expired: 'Expired',
  refunded: 'Refunded',
};

export function statusTone(status: OrderStatus): 'attention' | 'active' | 'done' | 'closed' {
  switch (status) {
    case 'awaiting_payment':
      return 'attention';
    case 'paid':
    case 'processing':
    case 'ready_to_collect':
      return 'active';
    case 'shipped':
    case 'completed':
      return 'done';
    case 'canceled':
    case 'expired':
    case 'refunded':
      return 'closed';
  }
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge badge-${statusTone(status)}`}>{STATUS_LABELS[status]}</span>;
}
