/**
 * The back office's words for the orders' codes: statuses, tabs, payment methods, carriers,
 * payment and refund states. One table each, checked complete by the type checker.
 */
import type { Schemas } from '../../api/client';
import { STATUS_LABELS } from '../../components/order-status';
import type { OrderStatusFilter, PaymentMethod } from './search';

/** The status tabs' words: each status's own (components/order-status.tsx), and "To ship". */
export const TAB_LABELS: Record<OrderStatusFilter, string> = {
  ...STATUS_LABELS,
  to_ship: 'To ship',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card_2c2p: 'Card',
  bank_transfer: 'Bank transfer',
  custom: 'Other method',
};

export const CARRIERS = [
  'royal_mail',
  'dpd',
  'parcelforce',
  'dhl',
  'ups',
  'other',
] as const satisfies readonly Schemas['Carrier'][];

export const CARRIER_LABELS: Record<Schemas['Carrier'], string> = {
  royal_mail: 'Royal Mail',
  dpd: 'DPD',
  parcelforce: 'Parcelforce',
  dhl: 'DHL',
  ups: 'UPS',
  other: 'Other carrier',
};

export const REFUND_STATUS_LABELS: Record<Schemas['AdminRefund']['status'], string> = {
  pending: 'With the card provider',
  succeeded: 'Refunded',
  manual: 'To pay back by hand',
  paid_back: 'Paid back by hand',
  failed: 'Failed',
};

export const CARD_STATUS_LABELS: Record<Schemas['CardPaymentAttempt']['status'], string> = {
  initiated: 'Started',
  pending: 'Pending',
  succeeded: 'Taken',
  failed: 'Failed',
  canceled: 'Canceled',
  error: 'Error',
};
