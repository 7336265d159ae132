/**
 * Card payments (contract: initiateCardPayment, getPaymentStatus, receiveGatewayNotification;
 * spec section 4, Checkout flow and Payment status values): initiating one for the card order
 * (not for another customer's order, nor a bank-transfer one), its status, the gateway's
 * notification refused with a bad signature and accepted when signed with the shop's secret
 * (a replay answered as already processed), the order then paid, and no second payment of a
 * paid order.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { detailIs, tenantErrors, DEMO, TENANT_HEADER, type Case } from '../case';
import { isObject, str, type Json } from '../contract-document';
import { shopCaseBuilders, type Shop } from './shop-setup';

/** The gateway's signature header over the raw body (contract: receiveGatewayNotification). */
function gatewaySignature(
  secret: string,
  body: string,
  at = Math.floor(Date.now() / 1000),
): string {
  return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
}

/** The card payment of the order the checkout cases placed by card. */
export function paymentCases(shop: Shop): Case[] {
  const { me, other, state } = shop;
  const { cartCase } = shopCaseBuilders(shop);
  const notification = (status: string) =>
    JSON.stringify({
      event_id: randomUUID(),
      payment_uuid: state.payment,
      status,
      amount: state.cardTotal,
      currency: 'USD',
      gateway_transaction_ref: status === 'succeeded' ? 'SBX-CONTRACT-0001' : null,
      error_message: null,
    });
  const lastEvent = { body: '' };

  return [
    cartCase(
      'initiateCardPayment',
      'initiateCardPayment',
      'POST',
      '/payments/card/initiate/',
      me,
      201,
      {
        prepare: () => ({ body: { order_id: state.cardOrder, currency: 'USD' } }),
        check: (b) =>
          isObject(b) &&
          b.status === 'initiated' &&
          b.amount === state.cardTotal &&
          /\/payments\/sandbox\/checkout\/SBX-\d{8}-[0-9A-Z]{6}\/$/.test(str(b.redirectUrl))
            ? null
            : `unexpected initiation ${JSON.stringify(b)}`,
        remember: (b) => (state.payment = isObject(b) ? str(b.payment_uuid) : ''),
      },
    ),
    cartCase(
      "initiateCardPayment for another customer's order",
      'initiateCardPayment',
      'POST',
      '/payments/card/initiate/',
      me,
      404,
      {
        prepare: () => ({ body: { order_id: state.otherOrder, currency: 'USD' } }),
        check: detailIs('Not found.'),
      },
    ),
    cartCase(
      'initiateCardPayment for a bank-transfer order',
      'initiateCardPayment',
      'POST',
      '/payments/card/initiate/',
      me,
      409,
      {
        prepare: () => ({ body: { order_id: state.bankOrder, currency: 'USD' } }),
        check: detailIs('This order is not paid by card.'),
      },
    ),
    cartCase('getPaymentStatus', 'getPaymentStatus', 'GET', '/payments/history/0/', me, 200, {
      prepare: () => ({ path: `/payments/history/${state.payment}/` }),
      check: (b) =>
        isObject(b) &&
        b.status === 'initiated' &&
        b.order_identifier === state.cardOrderNumber &&
        b.order_id === state.cardOrder
          ? null
          : `unexpected status ${JSON.stringify(b)}`,
    }),
    cartCase(
      "getPaymentStatus of another customer's payment",
      'getPaymentStatus',
      'GET',
      '/payments/history/0/',
      other,
      404,
      {
        prepare: () => ({ path: `/payments/history/${state.payment}/` }),
        check: detailIs('Not found.'),
      },
    ),
    cartCase(
      'receiveGatewayNotification with a bad signature',
      'receiveGatewayNotification',
      'POST',
      '/payments/gateway/notify/',
      {},
      400,
      {
        prepare: () => {
          const body = notification('succeeded');
          return {
            body: JSON.parse(body) as Json,
            headers: {
              [TENANT_HEADER]: DEMO,
              'X-Gateway-Signature': gatewaySignature('not-the-secret', body),
            },
          };
        },
        check: detailIs('Invalid signature.'),
      },
    ),
    cartCase(
      'getPaymentStatus after the refused notification (unchanged)',
      'getPaymentStatus',
      'GET',
      '/payments/history/0/',
      me,
      200,
      {
        prepare: () => ({ path: `/payments/history/${state.payment}/` }),
        check: (b) =>
          isObject(b) && b.status === 'initiated'
            ? null
            : `expected initiated, got ${JSON.stringify(b)}`,
      },
    ),
    cartCase(
      'receiveGatewayNotification signed with the shop’s secret',
      'receiveGatewayNotification',
      'POST',
      '/payments/gateway/notify/',
      {},
      200,
      {
        prepare: () => {
          lastEvent.body = notification('succeeded');
          return {
            body: JSON.parse(lastEvent.body) as Json,
            headers: {
              [TENANT_HEADER]: DEMO,
              'X-Gateway-Signature': gatewaySignature(shop.gatewaySecret(), lastEvent.body),
            },
          };
        },
        check: (b) =>
          isObject(b) && b.detail === 'Notification processed.' && b.payment_status === 'succeeded'
            ? null
            : `unexpected receipt ${JSON.stringify(b)}`,
      },
    ),
    cartCase(
      'receiveGatewayNotification replayed',
      'receiveGatewayNotification',
      'POST',
      '/payments/gateway/notify/',
      {},
      200,
      {
        prepare: () => ({
          body: JSON.parse(lastEvent.body) as Json,
          headers: {
            [TENANT_HEADER]: DEMO,
            'X-Gateway-Signature': gatewaySignature(shop.gatewaySecret(), lastEvent.body),
          },
        }),
        check: (b) =>
          isObject(b) &&
          b.detail === 'Notification already processed.' &&
          b.payment_status === 'succeeded'
            ? null
            : `unexpected receipt ${JSON.stringify(b)}`,
      },
    ),
    cartCase('getOrder after the payment (paid)', 'getOrder', 'GET', '/orders/orders/0/', me, 200, {
      prepare: () => ({ path: `/orders/orders/${state.cardOrder}/` }),
      check: (b) =>
        isObject(b) &&
        b.status === 'paid' &&
        typeof b.paid_at === 'string' &&
        isObject(b.latest_payment) &&
        b.latest_payment.status === 'succeeded' &&
        // Paid: neither paid again nor canceled unpaid.
        JSON.stringify(b.actions) === '[]'
          ? null
          : `expected a paid order, got ${JSON.stringify(b).slice(0, 300)}`,
    }),
    cartCase(
      'initiateCardPayment for a paid order',
      'initiateCardPayment',
      'POST',
      '/payments/card/initiate/',
      me,
      409,
      {
        prepare: () => ({ body: { order_id: state.cardOrder, currency: 'USD' } }),
        check: detailIs('This order is already paid.'),
      },
    ),
    ...tenantErrors('receiveGatewayNotification', 'POST', '/payments/gateway/notify/', undefined, {
      event_id: randomUUID(),
      payment_uuid: randomUUID(),
      status: 'succeeded',
      amount: '1.00',
      currency: 'USD',
    }).map((c) => ({
      ...c,
      headers: { ...c.headers, 'X-Gateway-Signature': `t=0,v1=${'0'.repeat(64)}` },
    })),
  ];
}
