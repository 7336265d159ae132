/**
 * Test helpers for card payments through the sandbox gateway: a card order with a started
 * payment, and notifications signed as the sandbox signs them (with the shop's sealed secret).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../common/storefront-api';
import { signatureHeader } from '../payments/providers/sandbox/signature.ts';
import {
  ADDRESS,
  call,
  createCustomer,
  postOrder,
  productsInStock,
  tenantId,
  type TestCustomer,
} from './shop.ts';

type Order = components['schemas']['Order'];
type Initiation = components['schemas']['CardPaymentInitiation'];

/** The shop's sandbox signing secret ('' when the shop is not on the sandbox). */
export async function sandboxSecret(app: FastifyInstance, token = 'demo-handcraft') {
  return (await app.paymentProviders.sandboxSecret(await tenantId(app, token))) ?? '';
}

/** A customer's order of one unit of the cheapest product in stock, by the given method. */
export async function orderOne(
  app: FastifyInstance,
  method: Order['payment_method'] = 'card_2c2p',
  who?: TestCustomer,
  productId?: number,
): Promise<{ me: TestCustomer; order: Order; productId: number }> {
  const me = who ?? (await createCustomer(app));
  const id = productId ?? (await productsInStock(app))[0]!.id;
  const added = await call(app, 'POST', '/orders/cart/add-item/', me.headers, {
    product_id: id,
    quantity: 1,
  });
  expect(added.status).toBe(200);
  const placed = await postOrder<Order>(app, me, {
    payment_method: method,
    delivery_address: ADDRESS,
  });
  expect(placed.status).toBe(201);
  return { me, order: placed.body, productId: id };
}

/** Starts a card payment of the order (201 expected). */
export async function startPayment(app: FastifyInstance, me: TestCustomer, orderId: number) {
  const started = await call<Initiation>(app, 'POST', '/payments/card/initiate/', me.headers, {
    order_id: orderId,
    currency: 'USD',
  });
  expect(started.status).toBe(201);
  return started.body;
}

/** Sends the sandbox's notification of a payment's result, signed with the shop's secret. */
export async function notifySandbox(
  app: FastifyInstance,
  paymentUuid: string,
  amount: string,
  fields: Record<string, unknown> = {},
  token = 'demo-handcraft',
) {
  const raw = JSON.stringify({
    event_id: randomUUID(),
    payment_uuid: paymentUuid,
    status: 'succeeded',
    amount,
    currency: 'USD',
    gateway_transaction_ref: 'SBX-20261124-TEST01',
    error_message: null,
    ...fields,
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/gateway/notify/',
    headers: {
      'x-tenant-token': token,
      'content-type': 'application/json',
      'x-gateway-signature': signatureHeader(
        await sandboxSecret(app, token),
        Math.floor(Date.now() / 1000),
        raw,
      ),
    },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/**
 * What the sandbox's page does when the shopper pays: its own record of the charge says the
 * money was taken (even when the shop had asked it to close the page), then it notifies.
 */
export async function paySandbox(app: FastifyInstance, paymentUuid: string, amount: string) {
  await app.db
    .updateTable('sandbox_charges')
    .set({ status: 'succeeded', transaction_ref: 'SBX-20261124-TEST01' })
    .where('payment_uuid', '=', paymentUuid)
    .execute();
  return notifySandbox(app, paymentUuid, amount);
}

/** Reads a row of the order, or of a payment by uuid. */
export async function orderRow(app: FastifyInstance, id: number) {
  return app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function paymentRow(app: FastifyInstance, uuid: string) {
  return app.db
    .selectFrom('payments')
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
}

export async function stockOf(app: FastifyInstance, productId: number): Promise<number> {
  const row = await app.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/** The e-mails queued about an order (`email_outbox.order_id`), in order. */
export async function queuedEmails(app: FastifyInstance, orderNumber: string) {
  return app.db
    .selectFrom('email_outbox as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.kind', 'e.recipient', 'e.data', 'e.status'])
    .where('o.order_number', '=', orderNumber)
    .orderBy('e.id')
    .execute();
}
