/**
 * The back office (admin contract: listOrders, getOrder, markOrderPaid, shipShipment,
 * correctShipmentTracking, markShipmentReady, markShipmentCollected, cancelOrder, refundOrder,
 * reopenOrder,
 * settleManualRefund, settleManualPaymentRefund, getToday)
 * over the seeded orders in every state (server/seed/back-office-seed.ts) and this run's collection
 * order:
 * - the list newest first, each tab, each payment method, the days placed, the search, a page
 *   past the last, and filters that are not values;
 * - an order as each role sees it (the moves it offers), and an unknown one;
 * - the staff member marks a bank transfer paid (less than the total refused; twice, a canceled
 *   or an expired order refused), ships it and another paid order with tracking (the carrier's
 *   link), is refused a collection, an unpaid order, a shipped one again; corrects the
 *   tracking of the parcel shipped (the same pair again refused, a collection refused);
 * - the collection order: made ready only once paid, collected only once ready, then
 *   completed, as the seeded ready collection is;
 * - the staff member cancels an unpaid order with a reason, but not a paid one (403); a sent
 *   order cannot be canceled; the owner refunds part of a paid order (more than was paid, a line
 *   the order does not have, an unpaid order and a refunded one refused; staff 403) and reopens an expired order, which
 *   can then be marked paid;
 * - the owner marks the part refund by hand paid back (staff 403, no such refund 404, twice
 *   409), and today no longer lists it; the same for the seeded late card payment (staff 403,
 *   no such payment 404, twice 409);
 * - today's lists before and after.
 */
import { detailIs, fieldError, type Case } from '../case';
import { isObject, str, type Json, type JsonObject } from '../contract-document';
import { results } from '../request';
import { cents, money } from '../cases/shop-setup';
import {
  FORBIDDEN,
  NOT_FOUND,
  SEEDED,
  SEEDED_BUYER_EMAIL,
  adminCase,
  members,
  type AdminSetup,
} from './admin-setup';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day `days` ago, as the back office's date filters take it (`YYYY-MM-DD`). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
}

/** The order numbers of a page of orders. */
function numbers(b: Json): string[] {
  return results(b).map((o) => str(o.order_number));
}

/** Which statuses each tab of the back office lists (the contract's AdminOrderStatusFilter). */
const TABS: Record<string, { statuses: string[]; seeded: string }> = {
  awaiting_payment: { statuses: ['awaiting_payment'], seeded: SEEDED.awaitingTransfer },
  to_ship: { statuses: ['paid', 'processing'], seeded: SEEDED.toShip },
  shipped: { statuses: ['shipped'], seeded: SEEDED.shipped },
  ready_to_collect: { statuses: ['ready_to_collect'], seeded: SEEDED.ready },
  completed: { statuses: ['completed'], seeded: SEEDED.completed },
  canceled: { statuses: ['canceled'], seeded: SEEDED.canceled },
  expired: { statuses: ['expired'], seeded: SEEDED.expired },
  refunded: { statuses: ['refunded'], seeded: SEEDED.refunded },
};

/** A check over an AdminOrder answer: returns a failure message or null. */
type OrderCheck = (order: JsonObject) => string | null;

/** A check that the answer is the order `orderNumber` and passes each of `checks`. */
function orderIs(orderNumber: () => string, ...checks: OrderCheck[]) {
  return (b: Json) => {
    if (!isObject(b) || b.order_number !== orderNumber()) {
      return `expected order ${orderNumber()}, got ${JSON.stringify(b).slice(0, 200)}`;
    }
    for (const check of checks) {
      const failure = check(b);
      if (failure) return `${failure} (order ${JSON.stringify(b).slice(0, 400)})`;
    }
    return null;
  };
}

const statusIs =
  (status: string): OrderCheck =>
  (o) =>
    o.status === status ? null : `expected status ${status}, got ${String(o.status)}`;

const actionsInclude =
  (...wanted: string[]): OrderCheck =>
  (o) => {
    const actions = Array.isArray(o.actions) ? o.actions : [];
    const missing = wanted.filter((w) => !actions.includes(w));
    return missing.length
      ? `expected actions ${wanted.join(', ')}, got ${JSON.stringify(actions)}`
      : null;
  };

const actionsExclude =
  (...unwanted: string[]): OrderCheck =>
  (o) => {
    const actions = Array.isArray(o.actions) ? o.actions : [];
    const present = unwanted.filter((w) => actions.includes(w));
    return present.length
      ? `unexpected actions ${present.join(', ')} in ${JSON.stringify(actions)}`
      : null;
  };

/** The fulfilment of the order's shipment `index`, or null. */
function fulfilmentOf(o: JsonObject, index = 0): JsonObject | null {
  const shipments = Array.isArray(o.shipments) ? o.shipments.filter(isObject) : [];
  const shipment = shipments.find((sh) => sh.index === index);
  return shipment && isObject(shipment.fulfilment) ? shipment.fulfilment : null;
}

/** A check that every listed order passes `ok`, and that `wanted` are listed. */
function listed(
  ok: (o: JsonObject) => boolean,
  what: string,
  wanted: string[] = [],
  unwanted: string[] = [],
) {
  return (b: Json) => {
    const orders = results(b);
    const wrong = orders
      .filter((o) => !ok(o))
      .map(
        (o) =>
          `${str(o.order_number)} (${str(o.status)}, ${str(o.payment_method)}, ${str(o.placed_at)})`,
      );
    if (wrong.length) return `listed orders that are not ${what}: ${wrong.join('; ')}`;
    const got = numbers(b);
    const missing = wanted.filter((n) => !got.includes(n));
    if (missing.length) return `expected ${missing.join(', ')} listed, got ${JSON.stringify(got)}`;
    const extra = unwanted.filter((n) => got.includes(n));
    return extra.length
      ? `expected ${extra.join(', ')} not listed, got ${JSON.stringify(got)}`
      : null;
  };
}

/** The back office's cases, in order. */
export function orderCases(a: AdminSetup): Case[] {
  const s = a.state;
  const { asOwner, asStaff } = members(a);
  const collection = () => {
    if (!a.collection) {
      throw new Error(
        `not run: the storefront did not place the collection order (${a.collectionProblem})`,
      );
    }
    return a.collection.orderNumber;
  };
  const total = (orderNumber: string) => {
    const value = s.totals[orderNumber];
    if (!value)
      throw new Error(`not run: no total for ${orderNumber} (no such order in the database)`);
    return value;
  };
  const list = (
    name: string,
    query: Record<string, string>,
    status: number,
    rest: Partial<Case> = {},
  ) =>
    asStaff(
      adminCase(`listOrders ${name}`, 'listOrders', 'GET', '/orders/', status, { query, ...rest }),
    );
  const get = (
    name: string,
    orderNumber: string | (() => string),
    status: number,
    rest: Partial<Case> = {},
  ) => {
    const number = typeof orderNumber === 'string' ? () => orderNumber : orderNumber;
    return adminCase(`getOrder ${name}`, 'getOrder', 'GET', '/orders/ORD-2222-2222/', status, {
      prepare: () => ({ path: `/orders/${number()}/` }),
      ...rest,
    });
  };
  /** A move on an order (`tail` after the order number), the order named when the case runs. */
  const move = (
    operationId: string,
    name: string,
    orderNumber: string | (() => string),
    tail: string,
    status: number,
    rest: Partial<Case> & { bodyOf?: () => Json } = {},
  ): Case => {
    const number = typeof orderNumber === 'string' ? () => orderNumber : orderNumber;
    const { bodyOf, prepare, ...others } = rest;
    return adminCase(
      `${operationId} ${name}`,
      operationId,
      'POST',
      `/orders/ORD-2222-2222/${tail}`,
      status,
      {
        ...others,
        prepare: async () => ({
          path: `/orders/${number()}/${tail}`,
          ...(bodyOf ? { body: bodyOf() } : {}),
          ...(prepare ? await prepare() : {}),
        }),
      },
    );
  };
  const markPaid = (
    name: string,
    orderNumber: string | (() => string),
    status: number,
    rest: Partial<Case> & { bodyOf?: () => Json } = {},
  ) => move('markOrderPaid', name, orderNumber, 'mark-paid/', status, rest);
  const ship = (
    name: string,
    orderNumber: string | (() => string),
    status: number,
    rest: Partial<Case> & { bodyOf?: () => Json } = {},
    index = 0,
  ) => move('shipShipment', name, orderNumber, `shipments/${index}/ship/`, status, rest);
  const correctTracking = (
    name: string,
    orderNumber: string | (() => string),
    status: number,
    rest: Partial<Case> & { bodyOf?: () => Json } = {},
  ) => move('correctShipmentTracking', name, orderNumber, 'shipments/0/tracking/', status, rest);
  const ready = (
    name: string,
    orderNumber: string | (() => string),
    status: number,
    rest: Partial<Case> = {},
  ) => move('markShipmentReady', name, orderNumber, 'shipments/0/ready/', status, rest);
  const collected = (
    name: string,
    orderNumber: string | (() => string),
    status: number,
    rest: Partial<Case> = {},
  ) => move('markShipmentCollected', name, orderNumber, 'shipments/0/collected/', status, rest);
  const cancel = (name: string, orderNumber: string, status: number, rest: Partial<Case> = {}) =>
    move('cancelOrder', name, orderNumber, 'cancel/', status, rest);
  const refund = (
    name: string,
    orderNumber: string,
    status: number,
    rest: Partial<Case> & { bodyOf?: () => Json } = {},
  ) => move('refundOrder', name, orderNumber, 'refunds/', status, rest);
  const reopen = (name: string, orderNumber: string, status: number, rest: Partial<Case> = {}) =>
    move('reopenOrder', name, orderNumber, 'reopen/', status, rest);
  /** The manual refund of 5.00 the owner made of SEEDED.toShip2 (remembered when it is made). */
  let manualRefundId = 0;
  const refundId = () => {
    if (!manualRefundId) throw new Error('not run: the part refund by hand was not made');
    return manualRefundId;
  };
  const refundPaidBack = (name: string, id: () => number, status: number, rest: Partial<Case>) =>
    adminCase(
      `settleManualRefund ${name}`,
      'settleManualRefund',
      'POST',
      '/orders/ORD-2222-2222/refunds/1/paid-back/',
      status,
      {
        ...rest,
        prepare: () => ({ path: `/orders/${SEEDED.toShip2}/refunds/${id()}/paid-back/` }),
      },
    );
  /** The uuid of the seeded late card payment (remembered from the order's page). */
  let latePaymentUuid = '';
  const NO_SUCH_PAYMENT = '0f8c2e6a-3b1d-4c5e-9a7f-2d4b6c8e0a1f';
  const paymentPaidBack = (name: string, uuid: () => string, status: number, rest: Partial<Case>) =>
    adminCase(
      `settleManualPaymentRefund ${name}`,
      'settleManualPaymentRefund',
      'POST',
      `/orders/ORD-2222-2222/payments/${NO_SUCH_PAYMENT}/paid-back/`,
      status,
      {
        ...rest,
        prepare: () => {
          if (!uuid()) throw new Error('not run: the late card payment was not read');
          return { path: `/orders/${SEEDED.lateCardPayment}/payments/${uuid()}/paid-back/` };
        },
      },
    );
  /** The order's card payment `uuid`, or null. */
  const cardPayment = (o: JsonObject, uuid: string) =>
    (Array.isArray(o.payments) ? o.payments.filter(isObject) : []).find(
      (p) => p.kind === 'card' && p.uuid === uuid,
    ) ?? null;
  const today = (name: string, check: (b: JsonObject) => string | null) =>
    adminCase(`getToday ${name}`, 'getToday', 'GET', '/today/', 200, {
      check: (b) => (isObject(b) ? check(b) : `expected an object, got ${JSON.stringify(b)}`),
    });
  const anyDetail = (b: Json) =>
    isObject(b) && typeof b.detail === 'string' && b.detail.length > 0
      ? null
      : `expected a detail, got ${JSON.stringify(b)}`;
  const hasField = (field: string) => (b: Json) =>
    isObject(b) && Array.isArray(b[field]) && b[field].length > 0
      ? null
      : `expected errors on ${field}, got ${JSON.stringify(b)}`;
  const refundReason = 'One piece arrived chipped.';
  const cancelReason = 'The customer asked us to cancel by phone.';
  const inList =
    (key: string, orderNumber: () => string, present = true) =>
    (b: JsonObject) => {
      const items = Array.isArray(b[key]) ? b[key].filter(isObject) : [];
      const got = items.map((x) => str(x.order_number));
      return got.includes(orderNumber()) === present
        ? null
        : `expected ${orderNumber()} ${present ? '' : 'not '}in ${key}, got ${JSON.stringify(got)}`;
    };
  const all =
    (...checks: ((b: JsonObject) => string | null)[]) =>
    (b: JsonObject) => {
      for (const check of checks) {
        const failure = check(b);
        if (failure) return failure;
      }
      return null;
    };

  return [
    // The list.
    list('(newest first, 25 a page, with a count per tab)', {}, 200, {
      check: (b) => {
        if (!isObject(b) || !isObject(b.status_counts))
          return `unexpected list ${JSON.stringify(b).slice(0, 200)}`;
        const placed = results(b).map((o) => str(o.placed_at));
        const sorted = [...placed].sort().reverse();
        if (placed.join() !== sorted.join()) return `not newest first: ${JSON.stringify(placed)}`;
        if (placed.length > 25) return `${placed.length} orders on a page of 25`;
        return Number(b.count) >= Object.keys(SEEDED).length
          ? null
          : `expected at least the ${Object.keys(SEEDED).length} seeded orders, count ${String(b.count)}`;
      },
    }),
    ...Object.entries(TABS).map(([tab, { statuses, seeded }]) =>
      list(`on the ${tab} tab`, { status: tab }, 200, {
        check: listed((o) => statuses.includes(str(o.status)), statuses.join(' or '), [seeded]),
      }),
    ),
    list('paid by bank transfer', { payment_method: 'bank_transfer' }, 200, {
      check: listed(
        (o) => o.payment_method === 'bank_transfer',
        'bank transfers',
        [SEEDED.awaitingTransfer],
        [SEEDED.awaitingCustom],
      ),
    }),
    list('paid by the custom method', { payment_method: 'custom' }, 200, {
      check: listed(
        (o) => o.payment_method === 'custom',
        'custom',
        [SEEDED.awaitingCustom],
        [SEEDED.awaitingTransfer],
      ),
    }),
    list('paid by card', { payment_method: 'card_2c2p' }, 200, {
      check: listed(
        (o) => o.payment_method === 'card_2c2p',
        'card orders',
        [],
        [SEEDED.awaitingTransfer],
      ),
    }),
    list('placed in the last 7 days', { placed_from: daysAgo(7) }, 200, {
      check: listed(() => true, '', [SEEDED.awaitingTransfer], [SEEDED.expired, SEEDED.completed]),
    }),
    list('placed 10 or more days ago', { placed_to: daysAgo(10) }, 200, {
      check: listed(
        () => true,
        '',
        [SEEDED.expired, SEEDED.refunded, SEEDED.completed],
        [SEEDED.awaitingTransfer, SEEDED.shipped],
      ),
    }),
    list('placed 11 to 13 days ago', { placed_from: daysAgo(13), placed_to: daysAgo(11) }, 200, {
      check: listed(() => true, '', [SEEDED.expired], [SEEDED.shipped, SEEDED.refunded]),
    }),
    list('found by part of the order number, in lower case', { search: 'seed-5526' }, 200, {
      check: (b) =>
        numbers(b).join() === SEEDED.toShip && isObject(b) && b.count === 1
          ? null
          : `expected only ${SEEDED.toShip}, got ${JSON.stringify(numbers(b))}`,
    }),
    list("found by the customer's name", { search: 'OLIVER hug' }, 200, {
      check: listed((o) => /oliver hug/i.test(str(o.customer_name)), 'named Oliver Hug...', [
        SEEDED.toShip,
      ]),
    }),
    list("found by part of the customer's e-mail", { search: 'buyer@emberandoak' }, 200, {
      check: listed((o) => o.email === SEEDED_BUYER_EMAIL, `${SEEDED_BUYER_EMAIL}'s`, [
        SEEDED.awaitingTransfer,
        SEEDED.refunded,
      ]),
    }),
    list('with a search that finds nothing', { search: 'no-such-order-anywhere' }, 200, {
      check: (b) =>
        isObject(b) && b.count === 0 && results(b).length === 0
          ? null
          : `expected none, got ${JSON.stringify(b).slice(0, 200)}`,
    }),
    list(
      'awaiting payment by the custom method (two filters)',
      { status: 'awaiting_payment', payment_method: 'custom' },
      200,
      {
        check: listed(
          (o) => o.status === 'awaiting_payment' && o.payment_method === 'custom',
          'awaiting custom payments',
          [SEEDED.awaitingCustom],
          [SEEDED.awaitingTransfer],
        ),
      },
    ),
    // ~~ H2 cancellation ~~
    list(
      'with an open cancellation request (14-day right)',
      { cancellation_request: 'open' },
      200,
      {
        check: (b) => {
          const rows = results(b);
          return rows.length > 0 &&
            rows.every(
              (o) =>
                isObject(o.cancellation_request) &&
                typeof o.cancellation_request.requested_at === 'string' &&
                !['canceled', 'expired', 'refunded'].includes(String(o.status)),
            )
            ? null
            : `expected open requests only, got ${JSON.stringify(b).slice(0, 300)}`;
        },
      },
    ),
    {
      ...list('with a cancellation filter that is not one', { cancellation_request: 'all' }, 400, {
        check: hasField('cancellation_request'),
      }),
      via: 'lenient',
    },
    // ~~ end H2 ~~
    list('past the last page', { page: '999' }, 404, { check: detailIs('Invalid page.') }),
    {
      ...list('with a status that is not a tab', { status: 'lost' }, 400, {
        check: fieldError(
          'status',
          'Not a valid choice. Expected one of: awaiting_payment, to_ship, shipped, ready_to_collect, completed, canceled, expired, refunded.',
        ),
      }),
      via: 'lenient',
    },
    {
      ...list('with a date that is not a date', { placed_from: '2026-13-45' }, 400, {
        check: fieldError('placed_from', 'Enter a valid date.'),
      }),
      via: 'lenient',
    },
    {
      ...list('with a payment method that is not one', { payment_method: 'cash' }, 400, {
        check: hasField('payment_method'),
      }),
      via: 'lenient',
    },

    // One order.
    asStaff(
      get('awaiting a transfer, as the staff member', SEEDED.awaitingTransfer, 200, {
        check: orderIs(
          () => SEEDED.awaitingTransfer,
          statusIs('awaiting_payment'),
          actionsInclude('mark_paid', 'cancel'),
          actionsExclude('refund', 'reopen', 'ship'),
          (o) => (o.expires_at ? null : 'expected expires_at'),
          (o) => (fulfilmentOf(o) === null ? null : 'expected no fulfilment yet'),
          (o) => (o.email === SEEDED_BUYER_EMAIL ? null : `expected ${SEEDED_BUYER_EMAIL}`),
        ),
      }),
    ),
    asOwner(
      get('paid, to ship, as the owner', SEEDED.toShip, 200, {
        check: orderIs(
          () => SEEDED.toShip,
          statusIs('paid'),
          actionsInclude('ship', 'cancel', 'refund'),
          (o) =>
            Array.isArray(o.payments) && o.payments.some((p) => isObject(p) && p.kind === 'manual')
              ? null
              : 'expected the payment received by hand',
        ),
      }),
    ),
    asStaff(
      get('paid, to ship, as the staff member (no cancel nor refund)', SEEDED.toShip, 200, {
        check: orderIs(
          () => SEEDED.toShip,
          actionsInclude('ship'),
          actionsExclude('cancel', 'refund'),
        ),
      }),
    ),
    asOwner(
      get('paid by the custom method, to ship', SEEDED.toShip2, 200, {
        check: orderIs(() => SEEDED.toShip2, statusIs('paid')),
      }),
    ),
    asStaff(
      get('ready to collect', SEEDED.ready, 200, {
        check: orderIs(
          () => SEEDED.ready,
          statusIs('ready_to_collect'),
          actionsInclude('mark_collected'),
          (o) => (fulfilmentOf(o)?.status === 'ready' ? null : 'expected the collection ready'),
        ),
      }),
    ),
    asOwner(
      get('expired, as the owner (may reopen)', SEEDED.expired, 200, {
        check: orderIs(
          () => SEEDED.expired,
          statusIs('expired'),
          actionsInclude('reopen'),
          actionsExclude('mark_paid'),
        ),
      }),
    ),
    asOwner(
      get("this run's collection order", collection, 200, {
        check: orderIs(collection, statusIs('awaiting_payment'), (o) =>
          Array.isArray(o.shipments) &&
          o.shipments.every((sh) => isObject(sh) && sh.kind === 'collection')
            ? null
            : 'expected only a collection',
        ),
      }),
    ),
    asStaff(get('that does not exist', 'ORD-ZZZZ-ZZZZ', 404, { check: detailIs(NOT_FOUND) })),

    // Marking a transfer paid.
    asStaff(
      markPaid('with less than the total', SEEDED.awaitingTransfer, 400, {
        body: { amount: '1.00', payer_reference: 'DOE 0001' },
        prepare: () => ({
          check: fieldError(
            'amount',
            `The amount received is less than the order's total of $${total(SEEDED.awaitingTransfer)}.`,
          ),
        }),
      }),
    ),
    asStaff(
      markPaid('with the total received', SEEDED.awaitingTransfer, 200, {
        bodyOf: () => ({ amount: total(SEEDED.awaitingTransfer), payer_reference: 'DOE 0001' }),
        check: orderIs(
          () => SEEDED.awaitingTransfer,
          statusIs('paid'),
          actionsInclude('ship'),
          actionsExclude('mark_paid'),
          (o) =>
            o.paid_total === total(SEEDED.awaitingTransfer)
              ? null
              : `expected paid_total ${total(SEEDED.awaitingTransfer)}`,
          (o) => (o.expires_at === null ? null : 'expected no deadline once paid'),
          (o) =>
            Array.isArray(o.payments) &&
            o.payments.some(
              (p) =>
                isObject(p) &&
                p.kind === 'manual' &&
                p.payer_reference === 'DOE 0001' &&
                p.by === 'Sam Oak',
            )
              ? null
              : 'expected the payment marked by Sam Oak with its reference',
        ),
      }),
    ),
    asStaff(
      markPaid('again', SEEDED.awaitingTransfer, 409, {
        bodyOf: () => ({ amount: total(SEEDED.awaitingTransfer), payer_reference: 'DOE 0001' }),
        check: detailIs('This order is already paid.'),
      }),
    ),
    asStaff(
      markPaid('of a canceled order', SEEDED.canceled, 409, {
        body: { amount: '100.00', payer_reference: 'X' },
        check: detailIs('This order was canceled.'),
      }),
    ),
    asStaff(
      markPaid('of an expired order', SEEDED.expired, 409, {
        body: { amount: '100.00', payer_reference: 'X' },
        check: (b) =>
          isObject(b) &&
          /^This order expired on \d{1,2} \w+ \d{4}; reopen it first\.$/.test(str(b.detail))
            ? null
            : `expected "This order expired on <date>; reopen it first.", got ${JSON.stringify(b)}`,
      }),
    ),
    asStaff(
      markPaid('of an unknown order', 'ORD-ZZZZ-ZZZZ', 404, {
        body: { amount: '100.00', payer_reference: 'X' },
        check: detailIs(NOT_FOUND),
      }),
    ),
    {
      ...asStaff(
        markPaid('with an amount that is not money (bad body)', SEEDED.awaitingCustom, 400, {
          body: { amount: 'ten', payer_reference: 'X' },
          check: hasField('amount'),
        }),
      ),
      via: 'lenient',
    },

    // Shipping.
    asStaff(
      ship('with Royal Mail tracking', SEEDED.toShip, 200, {
        body: { carrier: 'royal_mail', tracking_number: 'AB123456789GB' },
        check: orderIs(
          () => SEEDED.toShip,
          statusIs('shipped'),
          actionsExclude('ship'),
          (o) => {
            const f = fulfilmentOf(o);
            return f &&
              f.status === 'shipped' &&
              f.carrier === 'royal_mail' &&
              f.tracking_number === 'AB123456789GB' &&
              f.tracking_url ===
                'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB' &&
              typeof f.shipped_at === 'string'
              ? null
              : `unexpected fulfilment ${JSON.stringify(f)}`;
          },
        ),
      }),
    ),
    asStaff(
      ship('again', SEEDED.toShip, 409, {
        body: { carrier: 'royal_mail', tracking_number: 'AB123456789GB' },
        check: detailIs('This shipment has already been sent.'),
      }),
    ),
    asStaff(
      ship('of an unpaid order', SEEDED.awaitingCustom, 409, {
        body: { carrier: 'dpd', tracking_number: '15501234567890' },
        check: detailIs('Only a paid order can be shipped.'),
      }),
    ),
    asStaff(
      ship('of a collection', SEEDED.ready, 409, {
        body: { carrier: 'dpd', tracking_number: '15501234567890' },
        check: detailIs('This shipment is collected from the workshop, not sent.'),
      }),
    ),
    asStaff(
      ship(
        'of a shipment the order does not have',
        SEEDED.toShip2,
        404,
        {
          body: { carrier: 'dpd', tracking_number: '15501234567890' },
          check: detailIs(NOT_FOUND),
        },
        3,
      ),
    ),
    {
      ...asStaff(
        ship('with a carrier that is not one (bad body)', SEEDED.toShip2, 400, {
          body: { carrier: 'pigeon', tracking_number: '1' },
          check: fieldError(
            'carrier',
            'Not a valid choice. Expected one of: royal_mail, dpd, parcelforce, dhl, ups, other.',
          ),
        }),
      ),
      via: 'lenient',
    },
    {
      ...asStaff(
        ship('without a tracking number (bad body)', SEEDED.toShip2, 400, {
          body: { carrier: 'royal_mail', tracking_number: '' },
          check: fieldError('tracking_number', 'This field may not be blank.'),
        }),
      ),
      via: 'lenient',
    },
    asStaff(
      ship('the transfer just marked paid, by DPD', SEEDED.awaitingTransfer, 200, {
        body: { carrier: 'dpd', tracking_number: '15501234567890' },
        check: orderIs(
          () => SEEDED.awaitingTransfer,
          statusIs('shipped'),
          (o) =>
            fulfilmentOf(o)?.tracking_url === 'https://track.dpd.co.uk/parcels/15501234567890'
              ? null
              : `unexpected fulfilment ${JSON.stringify(fulfilmentOf(o))}`,
        ),
      }),
    ),

    // Correcting a shipped parcel's tracking.
    asStaff(
      correctTracking('of the DPD parcel, to Parcelforce', SEEDED.awaitingTransfer, 200, {
        body: { carrier: 'parcelforce', tracking_number: 'PF123456789GB' },
        check: orderIs(
          () => SEEDED.awaitingTransfer,
          statusIs('shipped'),
          (o) =>
            fulfilmentOf(o)?.carrier === 'parcelforce' &&
            fulfilmentOf(o)?.tracking_number === 'PF123456789GB'
              ? null
              : `unexpected fulfilment ${JSON.stringify(fulfilmentOf(o))}`,
        ),
      }),
    ),
    asStaff(
      correctTracking('to what it already is', SEEDED.awaitingTransfer, 400, {
        body: { carrier: 'parcelforce', tracking_number: 'PF123456789GB' },
        check: fieldError(
          'tracking_number',
          'This is the carrier and tracking number already recorded.',
        ),
      }),
    ),
    asStaff(
      correctTracking('of a collection', SEEDED.ready, 409, {
        body: { carrier: 'dpd', tracking_number: '15501234567890' },
        check: detailIs('This shipment is collected from the workshop, not sent.'),
      }),
    ),

    // Collections.
    asStaff(
      ready('of a delivery', SEEDED.toShip2, 409, {
        check: detailIs('This shipment is delivered, not collected.'),
      }),
    ),
    asStaff(
      ready('already ready', SEEDED.ready, 409, {
        check: detailIs('This shipment is already ready to collect.'),
      }),
    ),
    asStaff(
      ready('of the unpaid collection order', collection, 409, {
        check: detailIs('Only a paid order can be made ready.'),
      }),
    ),
    asStaff(collected('of the unpaid collection order', collection, 409, { check: anyDetail })),
    asStaff(
      markPaid('of the collection order', collection, 200, {
        bodyOf: () => ({ amount: total(collection()), payer_reference: 'COLLECT 1' }),
        check: orderIs(collection, statusIs('paid'), actionsInclude('mark_ready')),
      }),
    ),
    asStaff(
      collected('before it is ready', collection, 409, {
        check: detailIs('Mark this shipment ready before it is collected.'),
      }),
    ),
    asStaff(
      ready('of the paid collection order', collection, 200, {
        check: orderIs(
          collection,
          statusIs('ready_to_collect'),
          actionsInclude('mark_collected'),
          (o) => {
            const f = fulfilmentOf(o);
            return f && f.status === 'ready' && typeof f.ready_at === 'string' && f.carrier === null
              ? null
              : `unexpected fulfilment ${JSON.stringify(f)}`;
          },
        ),
      }),
    ),
    asStaff(
      today(
        '(transfers to confirm, to ship, collections waiting, manual refunds)',
        all(
          inList('transfers_to_confirm', () => SEEDED.awaitingCustom),
          inList('transfers_to_confirm', () => SEEDED.awaitingTransfer, false),
          inList('to_ship', () => SEEDED.toShip2),
          inList('to_ship', () => SEEDED.toShip, false),
          inList('collections_waiting', collection),
          inList('collections_waiting', () => SEEDED.ready),
          inList('manual_refunds', () => SEEDED.refunded),
        ),
      ),
    ),
    asStaff(
      collected('of the ready collection order', collection, 200, {
        check: orderIs(collection, statusIs('completed'), (o) =>
          typeof fulfilmentOf(o)?.collected_at === 'string'
            ? null
            : `unexpected fulfilment ${JSON.stringify(fulfilmentOf(o))}`,
        ),
      }),
    ),
    asOwner(
      collected('of the seeded ready collection', SEEDED.ready, 200, {
        check: orderIs(() => SEEDED.ready, statusIs('completed')),
      }),
    ),
    asOwner(
      collected('again', SEEDED.ready, 409, {
        check: detailIs('This shipment has already been collected.'),
      }),
    ),

    // Canceling.
    asStaff(
      cancel('of an unpaid order, by the staff member', SEEDED.awaitingTransferOld, 200, {
        body: { reason: cancelReason },
        check: orderIs(
          () => SEEDED.awaitingTransferOld,
          statusIs('canceled'),
          (o) =>
            o.cancel_reason === cancelReason
              ? null
              : `expected the reason, got ${JSON.stringify(o.cancel_reason)}`,
        ),
      }),
    ),
    asStaff(
      cancel('again', SEEDED.awaitingTransferOld, 409, {
        body: { reason: cancelReason },
        check: detailIs('This order is already closed.'),
      }),
    ),
    asStaff(
      cancel('of a paid order, by the staff member', SEEDED.toShip2, 403, {
        body: { reason: cancelReason },
        check: detailIs(FORBIDDEN),
      }),
    ),
    asOwner(
      cancel('of a sent order', SEEDED.shipped, 409, {
        body: { reason: cancelReason },
        check: detailIs('This order has been sent; refund it instead.'),
      }),
    ),
    {
      ...asStaff(
        cancel('with a blank reason (bad body)', SEEDED.awaitingCustom, 400, {
          body: { reason: '' },
          check: hasField('reason'),
        }),
      ),
      via: 'lenient',
    },

    // Refunding.
    asStaff(
      refund('by the staff member', SEEDED.toShip2, 403, {
        body: { amount: '5.00', reason: refundReason },
        check: detailIs(FORBIDDEN),
      }),
    ),
    asOwner(
      refund('of more than was paid', SEEDED.toShip2, 400, {
        body: { amount: '99999.00', reason: refundReason },
        prepare: () => ({
          check: fieldError('amount', `At most ${total(SEEDED.toShip2)} can be refunded.`),
        }),
      }),
    ),
    asOwner(
      refund('of part of a paid order', SEEDED.toShip2, 200, {
        body: { amount: '5.00', reason: refundReason },
        check: orderIs(
          () => SEEDED.toShip2,
          statusIs('paid'),
          (o) =>
            o.refunded_total === '5.00'
              ? null
              : `expected refunded_total 5.00, got ${String(o.refunded_total)}`,
          (o) =>
            o.refundable === money(cents(total(SEEDED.toShip2)) - 500)
              ? null
              : `expected refundable ${money(cents(total(SEEDED.toShip2)) - 500)}, got ${String(o.refundable)}`,
          (o) =>
            Array.isArray(o.refunds) &&
            o.refunds.some(
              (r) =>
                isObject(r) &&
                r.amount === '5.00' &&
                r.reason === refundReason &&
                r.status === 'manual' &&
                r.by === 'Ada Ember',
            )
              ? null
              : `expected a manual refund of 5.00 by Ada Ember, got ${JSON.stringify(o.refunds)}`,
        ),
        remember: (b) => {
          const owed = isObject(b) && Array.isArray(b.refunds) ? b.refunds.filter(isObject) : [];
          const manual = owed.find((r) => r.status === 'manual' && r.amount === '5.00');
          if (manual && typeof manual.id === 'number') manualRefundId = manual.id;
        },
      }),
    ),
    asOwner(
      refund('of an unpaid order', SEEDED.awaitingCustom, 409, {
        body: { amount: '5.00', reason: refundReason },
        check: detailIs('This order has not been paid.'),
      }),
    ),
    asOwner(
      refund('of an order refunded in full', SEEDED.refunded, 409, {
        body: { amount: '5.00', reason: refundReason },
        check: detailIs('Everything paid for this order has been refunded.'),
      }),
    ),
    asOwner(
      refund('of a line the order does not have', SEEDED.toShip2, 400, {
        body: {
          amount: '5.00',
          reason: refundReason,
          lines: [{ item_id: 2147483647, quantity: 1, restock: true }],
        },
        check: fieldError('lines', 'This order has no line 2147483647.'),
      }),
    ),
    {
      ...asOwner(
        refund('of nothing (bad body)', SEEDED.toShip2, 400, {
          body: { amount: '0.00', reason: refundReason },
          check: hasField('amount'),
        }),
      ),
      via: 'lenient',
    },
    // The contract lets `other` go without a tracking number.
    asStaff(
      ship('the part-refunded order by another carrier (no tracking link)', SEEDED.toShip2, 200, {
        body: { carrier: 'other', tracking_number: 'HAND-DELIVERED 1' },
        check: orderIs(
          () => SEEDED.toShip2,
          statusIs('shipped'),
          (o) =>
            fulfilmentOf(o)?.carrier === 'other' &&
            fulfilmentOf(o)?.tracking_number === 'HAND-DELIVERED 1' &&
            fulfilmentOf(o)?.tracking_url === null
              ? null
              : `unexpected fulfilment ${JSON.stringify(fulfilmentOf(o))}`,
        ),
      }),
    ),

    // Reopening.
    asStaff(reopen('by the staff member', SEEDED.expired, 403, { check: detailIs(FORBIDDEN) })),
    asOwner(
      reopen('of an order that has not expired', SEEDED.awaitingCustom, 409, {
        check: detailIs('Only an expired order can be reopened.'),
      }),
    ),
    asOwner(
      reopen('of an expired order', SEEDED.expired, 200, {
        check: orderIs(
          () => SEEDED.expired,
          statusIs('awaiting_payment'),
          actionsInclude('mark_paid'),
          (o) =>
            typeof o.expires_at === 'string' && Date.parse(o.expires_at) > Date.now()
              ? null
              : `expected a new deadline, got ${JSON.stringify(o.expires_at)}`,
        ),
      }),
    ),
    {
      ...asStaff(
        markPaid('without a payer reference (bad body)', SEEDED.expired, 400, {
          bodyOf: () => ({ amount: total(SEEDED.expired), payer_reference: '' }),
          check: fieldError('payer_reference', 'This field may not be blank.'),
        }),
      ),
      via: 'lenient',
    },
    // A payer who sent more than the total: an overpayment, which only an owner records, and
    // only when they confirm it; then it counts as paid, and shows on the order.
    asStaff(
      markPaid('of the reopened order, with more than its total, by staff', SEEDED.expired, 400, {
        bodyOf: () => ({
          amount: money(cents(total(SEEDED.expired)) + 1000),
          payer_reference: 'EVANS LATE',
          confirm_overpayment: true,
        }),
        check: (b) =>
          fieldError(
            'amount',
            `The amount received is more than the order's total of $${total(SEEDED.expired)}; only an owner can record an overpayment.`,
          )(b),
      }),
    ),
    asOwner(
      markPaid(
        'of the reopened order, with more than its total, unconfirmed',
        SEEDED.expired,
        400,
        {
          bodyOf: () => ({
            amount: money(cents(total(SEEDED.expired)) + 1000),
            payer_reference: 'EVANS LATE',
          }),
          check: (b) =>
            fieldError(
              'amount',
              `The amount received is $10.00 more than the order's total of $${total(SEEDED.expired)}. Confirm the overpayment to record it.`,
            )(b),
        },
      ),
    ),
    asOwner(
      markPaid('of the reopened order, with more than its total, confirmed', SEEDED.expired, 200, {
        bodyOf: () => ({
          amount: money(cents(total(SEEDED.expired)) + 1000),
          payer_reference: 'EVANS LATE',
          confirm_overpayment: true,
        }),
        check: orderIs(
          () => SEEDED.expired,
          statusIs('paid'),
          (o) =>
            o.paid_total === money(cents(total(SEEDED.expired)) + 1000)
              ? null
              : `expected paid_total ${money(cents(total(SEEDED.expired)) + 1000)}, got ${String(o.paid_total)}`,
          (o) =>
            Array.isArray(o.payments) &&
            o.payments.some(
              (p) =>
                isObject(p) &&
                isObject(p.overpayment) &&
                p.overpayment.amount === '10.00' &&
                str(p.overpayment.confirmed_at) &&
                p.overpayment.confirmed_by === 'Ada Ember',
            )
              ? null
              : `expected an overpayment of 10.00 confirmed by Ada Ember, got ${JSON.stringify(o.payments)}`,
        ),
      }),
    ),
    asOwner(
      today(
        '(a part refund by hand to pay back)',
        all(
          inList('manual_refunds', () => SEEDED.toShip2),
          inList('collections_waiting', collection, false),
          inList('transfers_to_confirm', () => SEEDED.expired, false),
        ),
      ),
    ),

    // Paying back by hand.
    asOwner(
      get('owing a refund by hand (the owner may mark it paid back)', SEEDED.toShip2, 200, {
        check: orderIs(() => SEEDED.toShip2, actionsInclude('mark_paid_back')),
      }),
    ),
    asStaff(
      refundPaidBack('by the staff member', refundId, 403, {
        body: {},
        check: detailIs(FORBIDDEN),
      }),
    ),
    asOwner(
      refundPaidBack('of no such refund of the order', () => 2147483647, 404, {
        body: {},
        check: detailIs(NOT_FOUND),
      }),
    ),
    asOwner(
      refundPaidBack('with the transfer’s reference', refundId, 200, {
        body: { note: 'BACS REFUND 5.00' },
        check: orderIs(
          () => SEEDED.toShip2,
          (o) =>
            Array.isArray(o.refunds) &&
            o.refunds.some(
              (r) =>
                isObject(r) &&
                r.id === manualRefundId &&
                r.status === 'paid_back' &&
                r.provider_ref === 'BACS REFUND 5.00',
            )
              ? null
              : `expected refund ${manualRefundId} paid back, got ${JSON.stringify(o.refunds)}`,
          (o) =>
            o.refunded_total === '5.00' &&
            Array.isArray(o.actions) &&
            !o.actions.includes('mark_paid_back')
              ? null
              : `expected refunded_total 5.00 and no mark_paid_back, got ${String(o.refunded_total)} ${JSON.stringify(o.actions)}`,
        ),
      }),
    ),
    asOwner(
      refundPaidBack('again', refundId, 409, {
        body: {},
        check: detailIs('This refund is already paid back.'),
      }),
    ),
    asOwner(
      today(
        '(the refund paid back is no longer listed)',
        inList('manual_refunds', () => SEEDED.toShip2, false),
      ),
    ),
    asOwner(
      get('whose late card payment is to be paid back by hand', SEEDED.lateCardPayment, 200, {
        check: orderIs(
          () => SEEDED.lateCardPayment,
          statusIs('expired'),
          actionsInclude('mark_paid_back'),
          (o) =>
            o.paid_total === '0.00' &&
            Array.isArray(o.payments) &&
            o.payments.some((p) => isObject(p) && p.kind === 'card' && p.refund_status === 'manual')
              ? null
              : `expected nothing paid and a card payment to pay back by hand, got ${JSON.stringify(o.payments)}`,
        ),
        remember: (b) => {
          const card = isObject(b) && Array.isArray(b.payments) ? b.payments.find(isObject) : null;
          if (card && typeof card.uuid === 'string') latePaymentUuid = card.uuid;
        },
      }),
    ),
    asStaff(
      today(
        '(a card payment the order could not keep, to pay back)',
        inList('manual_refunds', () => SEEDED.lateCardPayment),
      ),
    ),
    asStaff(
      paymentPaidBack('by the staff member', () => latePaymentUuid, 403, {
        body: {},
        check: detailIs(FORBIDDEN),
      }),
    ),
    asOwner(
      paymentPaidBack('of no such payment of the order', () => NO_SUCH_PAYMENT, 404, {
        body: { note: 'BACS' },
        check: detailIs(NOT_FOUND),
      }),
    ),
    asOwner(
      paymentPaidBack('with the transfer’s reference', () => latePaymentUuid, 200, {
        body: { note: 'BACS HALL 24 NOV' },
        check: orderIs(
          () => SEEDED.lateCardPayment,
          statusIs('expired'),
          (o) =>
            cardPayment(o, latePaymentUuid)?.refund_status === 'paid_back'
              ? null
              : `expected the payment paid back, got ${JSON.stringify(o.payments)}`,
          (o) =>
            Array.isArray(o.actions) && !o.actions.includes('mark_paid_back')
              ? null
              : `expected no mark_paid_back, got ${JSON.stringify(o.actions)}`,
        ),
      }),
    ),
    asOwner(
      paymentPaidBack('again', () => latePaymentUuid, 409, {
        body: {},
        check: detailIs('This payment is already paid back.'),
      }),
    ),
    asStaff(
      today(
        '(the card payment paid back is no longer listed)',
        inList('manual_refunds', () => SEEDED.lateCardPayment, false),
      ),
    ),
  ];
}
