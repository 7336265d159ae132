/**
 * Fixtures of the payment handler tests (spec: payments; decision 013): `usePaymentsApi` gives a
 * test file one seeded app, card orders of new customers, the card payment calls, and
 * notifications from the sandbox gateway signed with the shop's secret, or forged as a test asks.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../common/storefront-api';
import { signatureHeader } from '../payments/providers/sandbox/signature.ts';
import { orderOne, orderRow, paymentRow, sandboxSecret } from './sandbox.ts';
import { call, createCustomer, type TestCustomer } from './shop.ts';
import { asTenant, useTestApp } from './test-app.ts';

type Order = components['schemas']['Order'];
type Initiation = components['schemas']['CardPaymentInitiation'];
type PaymentStatus = components['schemas']['PaymentStatus'];

export const NOT_FOUND = { detail: 'Not found.' };

/** How a test notification is signed and sent, where it is not as the sandbox would send it. */
export interface NotifyOptions {
  secret?: string;
  timestamp?: number;
  token?: string;
  signature?: string;
  raw?: string;
}

/**
 * The body of a sandbox notification of the payment `uuid`: a success of `amount` "0.00" in USD
 * unless `overrides` say otherwise; every call has a new event id.
 */
export function event(uuid: string, overrides: Record<string, unknown> = {}) {
  return {
    event_id: randomUUID(),
    payment_uuid: uuid,
    status: 'succeeded',
    amount: '0.00',
    currency: 'USD',
    gateway_transaction_ref: 'SBX-20261122-TEST01',
    error_message: null,
    ...overrides,
  };
}

/** One seeded app for the calling test file, and the payment calls against it. */
export function usePaymentsApi() {
  const t = useTestApp();

  /** Places an order of one unit of the cheapest product in stock for the customer (201). */
  const placeOrder = async (who: TestCustomer, method: Order['payment_method'] = 'card_2c2p') =>
    (await orderOne(t.app, method, who)).order;

  /** `POST /payments/card/initiate/` of the order, in USD. */
  const initiate = (who: TestCustomer, orderId: number) =>
    call<Initiation>(t.app, 'POST', '/payments/card/initiate/', who.headers, {
      order_id: orderId,
      currency: 'USD',
    });

  /** `GET /payments/history/{uuid}/` as the customer. */
  const status = (who: TestCustomer, uuid: string) =>
    call<PaymentStatus>(t.app, 'GET', `/payments/history/${uuid}/`, who.headers);

  /** The shop's sandbox signing secret, as the sandbox gateway signs with it ('' when none). */
  const secretOf = (token: string) => sandboxSecret(t.app, token);

  /**
   * Sends a gateway notification signed with the shop's secret (or as the options say); answers
   * its status and JSON body.
   */
  async function notify(body: Record<string, unknown>, options: NotifyOptions = {}) {
    const token = options.token ?? 'demo-handcraft';
    const raw = options.raw ?? JSON.stringify(body);
    const secret = options.secret ?? (await secretOf(token));
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/gateway/notify/',
      headers: {
        ...asTenant(token),
        'content-type': 'application/json',
        'x-gateway-signature': options.signature ?? signatureHeader(secret, timestamp, raw),
      },
      payload: raw,
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  /** A card order of a new customer with an initiated payment (201 expected). */
  async function initiatedPayment() {
    const me = await createCustomer(t.app);
    const order = await placeOrder(me);
    const started = await initiate(me, order.id);
    expect(started.status).toBe(201);
    return { me, order, payment: started.body, amount: order.total_price };
  }

  return {
    t,
    placeOrder,
    initiate,
    status,
    paymentRow: (uuid: string) => paymentRow(t.app, uuid),
    orderRow: (id: number) => orderRow(t.app, id),
    secretOf,
    notify,
    initiatedPayment,
  };
}
