/**
 * The back office's demo data (decision 059): the staff accounts (docs/back-office.md lists
 * their passwords), the contact messages in demo-handcraft's inbox, the buyer of the demo
 * orders, and one order in every state of the back office. ./back-office-seed.ts writes them.
 */
import type { PaymentMethod } from '../payments/tables.ts';
import type { OrderStatus } from '../orders/tables.ts';
import type { StaffRole } from '../staff/tables.ts';
import type { DemoCustomer } from './customer-seed.ts';

/** A demo staff account; docs/back-office.md lists these passwords. */
export interface DemoStaff {
  tenantToken: string;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

export const DEMO_STAFF: readonly DemoStaff[] = [
  {
    tenantToken: 'demo-handcraft',
    email: 'owner@emberandoak.example',
    name: 'Ada Ember',
    role: 'owner',
    password: 'demo-owner-2026',
  },
  {
    tenantToken: 'demo-handcraft',
    email: 'staff@emberandoak.example',
    name: 'Sam Oak',
    role: 'staff',
    password: 'demo-staff-2026',
  },
  {
    // The second shop moderates its blog's comments: its owner approves them.
    tenantToken: 'demo-pottery',
    email: 'owner@riversidepottery.example',
    name: 'Rosa Field',
    role: 'owner',
    password: 'demo-pottery-2026',
  },
];

/** Messages sent through demo-handcraft's contact form, for the back office's inbox. */
export const DEMO_CONTACT_MESSAGES = [
  {
    name: 'Priya Natarajan',
    email: 'priya@example.com',
    phone_number: null,
    subject: 'Engraving on the Damascus chef knife',
    message:
      'Hello! Could the Damascus chef knife be engraved with two initials on the blade rather than the handle? It is a wedding present for early March.',
    hours_ago: 5,
  },
  {
    name: 'Tom Hughes',
    email: 'tom.hughes@example.com',
    phone_number: '+44 7700 900123',
    subject: 'Visiting the workshop',
    message:
      'Do you open the workshop to visitors? I will be in the area on a Saturday next month and would love to see a billet being forged.',
    hours_ago: 27,
  },
  {
    name: 'Lena Fischer',
    email: 'lena.fischer@example.de',
    phone_number: null,
    subject: 'Shipping a carving to Germany',
    message:
      'Can you send the carved oak wren to Berlin, and roughly how long would it take to arrive?',
    hours_ago: 52,
  },
] as const;

/**
 * The shopper the demo orders belong to: not the demo customer, whose order history and limit of
 * unpaid orders stay theirs to try the storefront with. docs/back-office.md lists the password, so
 * the owner can see an order as its shopper does (the tracking link after shipping).
 */
export const DEMO_BUYER: DemoCustomer = {
  tenantToken: 'demo-handcraft',
  email: 'buyer@emberandoak.example',
  username: 'buyer',
  password: 'demo-buyer-2026',
};

/** One demo order: its state, method, age in days, and what happened to its shipment. */
export interface DemoOrder {
  key: string;
  status: OrderStatus;
  method: PaymentMethod;
  daysAgo: number;
  fullname: string;
  collection?: boolean;
  fulfilment?: 'shipped' | 'ready' | 'collected';
  paidByHand?: boolean;
  refunded?: boolean;
  cancelReason?: string;
  /**
   * The shopper asked to cancel it under the 14-day right (2026-017) this many days after it
   * was placed, with these words: the back office's "open cancellation requests" shows it.
   */
  cancellationRequest?: { daysAfter: number; reason: string };
  /**
   * Its card payment arrived after it expired, and its provider (2C2P) cannot refund: money
   * the order could not keep, for the shop to pay back by hand (today's list shows it).
   */
  lateCardPayment?: boolean;
}

export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    key: 'awaiting-transfer',
    status: 'awaiting_payment',
    method: 'bank_transfer',
    daysAgo: 1,
    fullname: 'Jane Doe',
  },
  {
    key: 'awaiting-transfer-old',
    status: 'awaiting_payment',
    method: 'bank_transfer',
    daysAgo: 5,
    fullname: 'Tom Baker',
  },
  {
    key: 'awaiting-custom',
    status: 'awaiting_payment',
    method: 'custom',
    daysAgo: 2,
    fullname: 'Priya Shah',
  },
  {
    key: 'to-ship',
    status: 'paid',
    method: 'bank_transfer',
    daysAgo: 3,
    fullname: 'Oliver Hughes',
    paidByHand: true,
  },
  {
    key: 'to-ship-2',
    status: 'paid',
    method: 'custom',
    daysAgo: 2,
    fullname: 'Mia Clarke',
    paidByHand: true,
  },
  {
    key: 'shipped',
    status: 'shipped',
    method: 'bank_transfer',
    daysAgo: 9,
    fullname: 'Noah Wilson',
    paidByHand: true,
    fulfilment: 'shipped',
    cancellationRequest: { daysAfter: 7, reason: 'The bowl is smaller than I had imagined.' },
  },
  {
    key: 'ready',
    status: 'ready_to_collect',
    method: 'bank_transfer',
    daysAgo: 4,
    fullname: 'Emma Green',
    paidByHand: true,
    collection: true,
    fulfilment: 'ready',
  },
  {
    key: 'completed',
    status: 'completed',
    method: 'custom',
    daysAgo: 20,
    fullname: 'Leo Turner',
    paidByHand: true,
    collection: true,
    fulfilment: 'collected',
  },
  {
    key: 'canceled',
    status: 'canceled',
    method: 'bank_transfer',
    daysAgo: 6,
    fullname: 'Ava Brown',
    cancelReason: 'The customer asked to cancel by e-mail.',
  },
  {
    key: 'expired',
    status: 'expired',
    method: 'bank_transfer',
    daysAgo: 12,
    fullname: 'Jack Evans',
  },
  {
    key: 'refunded',
    status: 'refunded',
    method: 'bank_transfer',
    daysAgo: 15,
    fullname: 'Isla Moore',
    paidByHand: true,
    refunded: true,
  },
  {
    key: 'late-card-payment',
    status: 'expired',
    method: 'card_2c2p',
    daysAgo: 8,
    fullname: 'Ruby Hall',
    lateCardPayment: true,
  },
];
