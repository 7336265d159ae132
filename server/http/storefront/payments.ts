/**
 * Payment handlers (spec sections 3, 4, 7 and 9; decision 013): the shop's payment options,
 * starting a card payment with the shop's provider, a payment's status, and the sandbox
 * gateway's signed notification. HTTP to the payment modules (server/payments/) and back;
 * real providers' notifications arrive at server/http/provider-notifications.ts.
 */
import type { FastifyRequest } from 'fastify';
import { isRowId } from '../../platform/db/errors.ts';
import { hasNul } from '../../platform/canonical-json.ts';
import { NUL_MESSAGE } from '../../platform/field-messages.ts';
import { HttpError, notFound } from '../http-error.ts';
import { PAYMENT_MESSAGES } from '../../payments/messages.ts';
import { refusalError } from '../../payments/errors.ts';
import { paymentOptions } from '../../payments/methods.ts';
import { applyReport, paymentStatusOf } from '../../orders/payment-moves.ts';
import { startCardPayment } from '../../orders/payment-start.ts';
import { NotificationRefused } from '../../payments/provider.ts';
import { requireUser } from '../auth.ts';
import type { OperationHandler } from '../contract-types.ts';

/**
 * GET /payments/options/ -> PaymentOptions of the shop (never a credential), by the one rule of
 * server/payments/methods.ts: card payment only while the shop has a card provider this server
 * can use; nothing from a shop without settings.
 */
export const getPaymentOptions: OperationHandler<'getPaymentOptions'> = async (request) =>
  paymentOptions(request.server.orders, request.tenant.id);

/**
 * Where the provider sends the shopper back (the storefront's origin) and its notifications
 * (this API's origin and path): the shop's primary domain, STOREFRONT_URL, else the address
 * this server was started on (server/http/site-origin.ts). Never the request's Host, which the client chooses: a forged one
 * would send the shopper, and the provider's signed notification, to someone else's server.
 */
function origins(request: FastifyRequest): { storefront: string; api: string } {
  const { orders } = request.server;
  const shop = request.tenant.id;
  return { storefront: orders.storefrontOrigin(shop), api: orders.apiBaseUrl(shop) };
}

/**
 * POST /payments/card/initiate/ `{order_id, currency: "GBP"}` (the shop's currency) -> 201
 * CardPaymentInitiation `{redirectUrl, payment_uuid, status: "initiated", amount, currency}`: the
 * shop's provider's hosted page. Errors: the domain errors of server/orders/payment-start.ts's
 * startCardPayment (400 on `currency` for another currency than the shop's, 404, 409, 502 by
 * server/http/domain-errors.ts).
 */
export const initiateCardPayment: OperationHandler<'initiateCardPayment'> = async (
  request,
  reply,
) => {
  const orderId = request.body.order_id;
  if (!isRowId(orderId)) throw notFound();
  const user = requireUser(request);
  const started = await startCardPayment(
    request.server.orders,
    { tenantId: request.tenant.id, userId: user.id, email: user.email },
    orderId,
    request.body.currency,
    origins(request),
  );
  reply.code(201);
  return started;
};

/**
 * GET /payments/history/{uuid}/ -> PaymentStatus to the payment's owner only (404 for anyone
 * else's); an open payment's provider is asked first (server/orders/payment-moves.ts).
 */
export const getPaymentStatus: OperationHandler<'getPaymentStatus'> = async (request) =>
  paymentStatusOf(
    request.server.orders,
    { tenantId: request.tenant.id, userId: requireUser(request).id },
    request.params.uuid,
  );

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request body exactly as received (JSON requests of the API only; app.ts): a
     * provider's signature covers these bytes, not a re-serialisation of the parsed body.
     */
    rawBody?: string;
  }
}

/**
 * POST /payments/gateway/notify/ (the sandbox gateway, server to server; contract:
 * receiveGatewayNotification): verified by the sandbox adapter (`X-Gateway-Signature` over the
 * raw body), then applied by the order module. 404 while the sandbox is off (PAYMENT_SANDBOX).
 * Refused with nothing changed: 400 'Invalid
 * signature.' (also when the shop has no sandbox credentials), 400 'Timestamp outside the tolerance
 * zone.', 404 for a payment the shop does not have, 400 'Amount or currency does not match the
 * payment.', 400 field errors for a NUL character. Accepted -> 200 `{detail, payment_status}`.
 */
export const receiveGatewayNotification: OperationHandler<'receiveGatewayNotification'> = async (
  request,
) => {
  // Without the sandbox (always in production) nothing is ever notified here.
  if (!request.server.paymentProviders.sandboxEnabled) throw notFound();
  const textErrors: Record<string, string[]> = {};
  for (const field of ['event_id', 'gateway_transaction_ref', 'error_message'] as const) {
    const text = request.body[field];
    if (typeof text === 'string' && hasNul(text)) textErrors[field] = [NUL_MESSAGE];
  }
  if (Object.keys(textErrors).length > 0) throw new HttpError(400, textErrors);
  // The sandbox's payments are settled by it while the shop has its credentials, even after
  // the shop moved to another provider or turned card payments off (decision 046).
  const provider = await request.server.orders.providerOf(request.tenant.id, 'sandbox');
  if (!provider || typeof request.rawBody !== 'string') {
    throw new HttpError(400, { detail: PAYMENT_MESSAGES.invalidSignature });
  }
  let report;
  try {
    report = await provider.parseNotification({
      rawBody: request.rawBody,
      headers: request.headers,
    });
  } catch (error) {
    if (error instanceof NotificationRefused) throw refusalError(error);
    throw error;
  }
  const { outcome, payment } = await applyReport(
    request.server.orders,
    request.tenant.id,
    'sandbox',
    report,
  );
  // The sandbox is ours and only reports our own charges: the contract answers 404 here.
  if (outcome === 'unmatched') throw notFound();
  let detail: string = PAYMENT_MESSAGES.processed;
  if (outcome === 'replay') detail = PAYMENT_MESSAGES.alreadyProcessed;
  else if (outcome === 'ignored' && payment.status !== 'initiated' && payment.status !== 'pending')
    detail = PAYMENT_MESSAGES.final;
  return { detail, payment_status: payment.status };
};
