/**
 * The sandbox card gateway (issue 6; docs/decisions/006-card-payments-and-sandbox-gateway.md).
 * It stands in for a real hosted card gateway, so the whole card flow runs on one machine:
 *
 * - GET  `{api}/payments/sandbox/checkout/{uuid}/`: the hosted payment page of an `initiated`
 *   payment (server/payments/sandbox-page.ts); "This payment is no longer open." otherwise; a
 *   404 page for an unknown uuid.
 * - POST the same address (form-encoded, `action=pay|fail|cancel` and the card fields): decides
 *   the result as a gateway would, reports it to the API's own
 *   `POST {api}/payments/gateway/notify/` exactly as a real gateway does (JSON body, signed with
 *   the shop's gateway secret, tenant header), then sends the shopper to the storefront's
 *   `/payment/return?paymentId={uuid}` (303). A payment no longer `initiated` is only redirected,
 *   so a double submit is harmless. The redirect itself changes nothing.
 *
 * Registered outside the tenant-scoped API: a browser navigating here sends no tenant header;
 * the payment's uuid names the payment and its shop.
 */
import { randomInt, randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentState } from '../db/database.ts';
import { PAYMENT_MESSAGES, sandboxCheckoutPath } from '../handlers/payments.ts';
import { formatMinorUnits } from '../lib/money.ts';
import {
  passesLuhn,
  renderCheckoutPage,
  renderClosedPage,
  renderNotFoundPage,
  sandboxContentSecurityPolicy,
  TEST_CARDS,
} from '../payments/sandbox-page.ts';
import { signatureHeader } from '../payments/signature.ts';

export interface SandboxGatewayOptions {
  publicApiPath: string;
  /** Origin of the storefront's /payment/return; null: the origin the page was requested on. */
  storefrontUrl: string | null;
  /** How long the delayed test card stays `pending` before it succeeds (ms). */
  delayedResultMs: number;
}

/** The notification body a gateway sends (contract: GatewayNotification). */
interface Notification {
  status: Exclude<PaymentState, 'initiated'>;
  gateway_transaction_ref: string | null;
  error_message: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REF_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A gateway reference such as "SBX-20261122-4F7K9Q" (the UTC date and 6 random characters). */
export function sandboxTransactionRef(now = new Date()): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
  return `SBX-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${suffix}`;
}

/** The first string of a form field (a repeated field arrives as a list). */
function field(body: unknown, name: string): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Form values shown again after an error: control characters removed, length capped. */
function echo(text: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex
  return text?.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100);
}

async function sandboxGatewayPlugin(
  app: FastifyInstance,
  options: SandboxGatewayOptions,
): Promise<void> {
  // Form bodies are parsed in this plugin's scope only; the API itself speaks JSON.
  await app.register(fastifyFormbody);

  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  const storefrontOrigin = (request: FastifyRequest) =>
    options.storefrontUrl ?? `${request.protocol}://${request.host}`;
  const returnUrl = (request: FastifyRequest, uuid: string) =>
    `${storefrontOrigin(request)}/payment/return?paymentId=${encodeURIComponent(uuid)}`;

  function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: string) {
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', sandboxContentSecurityPolicy(storefrontOrigin(request)))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(html);
  }

  /** The payment with its order and shop, or undefined for an unknown or malformed uuid. */
  async function findPayment(uuid: string) {
    if (!UUID.test(uuid)) return undefined;
    return app.db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .innerJoin('tenants as t', 't.id', 'p.tenant_id')
      .leftJoin('site_settings as s', 's.tenant_id', 'p.tenant_id')
      .select([
        'p.uuid',
        'p.status',
        'p.amount_cents',
        'p.currency',
        'o.order_number',
        't.token as tenant_token',
        't.name as tenant_name',
        's.site_title',
      ])
      .where('p.uuid', '=', uuid.toLowerCase())
      .executeTakeFirst();
  }

  /**
   * Reports a result to the API's notification endpoint through the same validation and
   * signature check a real gateway's request goes through.
   */
  async function notify(uuid: string, notification: Notification): Promise<void> {
    const payment = await app.db
      .selectFrom('payments as p')
      .innerJoin('tenants as t', 't.id', 'p.tenant_id')
      .innerJoin('payment_settings as ps', 'ps.tenant_id', 'p.tenant_id')
      .select(['p.amount_cents', 'p.currency', 't.token', 'ps.gateway_secret'])
      .where('p.uuid', '=', uuid)
      .executeTakeFirst();
    if (!payment) throw new Error(`No gateway secret for the shop of payment ${uuid}.`);
    const body = JSON.stringify({
      event_id: randomUUID(),
      payment_uuid: uuid,
      status: notification.status,
      amount: formatMinorUnits(payment.amount_cents),
      currency: payment.currency,
      gateway_transaction_ref: notification.gateway_transaction_ref,
      error_message: notification.error_message,
    });
    const response = await app.inject({
      method: 'POST',
      url: `${options.publicApiPath}/payments/gateway/notify/`,
      headers: {
        'content-type': 'application/json',
        'x-tenant-token': payment.token,
        'x-gateway-signature': signatureHeader(
          payment.gateway_secret,
          Math.floor(Date.now() / 1000),
          body,
        ),
      },
      payload: body,
    });
    if (response.statusCode !== 200) {
      throw new Error(
        `The notification for payment ${uuid} was refused: ${response.statusCode} ${response.body}`,
      );
    }
  }

  const path = sandboxCheckoutPath(options.publicApiPath, ':uuid');

  app.get<{ Params: { uuid: string } }>(path, async (request, reply) => {
    const payment = await findPayment(request.params.uuid);
    if (!payment) return sendHtml(request, reply, 404, renderNotFoundPage());
    const merchant = payment.site_title || payment.tenant_name;
    if (payment.status !== 'initiated') {
      return sendHtml(
        request,
        reply,
        200,
        renderClosedPage({ merchant, returnUrl: returnUrl(request, payment.uuid) }),
      );
    }
    return sendHtml(
      request,
      reply,
      200,
      renderCheckoutPage({
        merchant,
        orderNumber: payment.order_number,
        amount: formatMinorUnits(payment.amount_cents),
        currency: payment.currency,
        action: sandboxCheckoutPath(options.publicApiPath, payment.uuid),
      }),
    );
  });

  app.post<{ Params: { uuid: string } }>(path, async (request, reply) => {
    const payment = await findPayment(request.params.uuid);
    if (!payment) return sendHtml(request, reply, 404, renderNotFoundPage());
    const { uuid } = payment;
    const done = () =>
      reply.header('cache-control', 'no-store').redirect(returnUrl(request, uuid), 303);
    if (payment.status !== 'initiated') return done();

    const action = field(request.body, 'action');
    const cardNumber = field(request.body, 'card_number') ?? '';
    const digits = cardNumber.replace(/[\s-]/g, '');
    const page = (error: string) =>
      sendHtml(
        request,
        reply,
        400,
        renderCheckoutPage({
          merchant: payment.site_title || payment.tenant_name,
          orderNumber: payment.order_number,
          amount: formatMinorUnits(payment.amount_cents),
          currency: payment.currency,
          action: sandboxCheckoutPath(options.publicApiPath, uuid),
          error,
          values: {
            cardholder: echo(field(request.body, 'cardholder')),
            cardNumber: echo(cardNumber),
            expiry: echo(field(request.body, 'expiry')),
            cvc: echo(field(request.body, 'cvc')),
          },
        }),
      );

    let result: Notification;
    if (action === 'cancel') {
      result = {
        status: 'canceled',
        gateway_transaction_ref: null,
        error_message: PAYMENT_MESSAGES.canceled,
      };
    } else if (action === 'fail') {
      result = {
        status: 'failed',
        gateway_transaction_ref: null,
        error_message: PAYMENT_MESSAGES.declined,
      };
    } else if (action === 'pay') {
      if (!passesLuhn(digits)) return page('The card number is not valid.');
      if (digits === TEST_CARDS.declined) {
        result = {
          status: 'failed',
          gateway_transaction_ref: null,
          error_message: PAYMENT_MESSAGES.declined,
        };
      } else if (digits === TEST_CARDS.delayed) {
        result = { status: 'pending', gateway_transaction_ref: null, error_message: null };
        const timer = setTimeout(() => {
          timers.delete(timer);
          notify(uuid, {
            status: 'succeeded',
            gateway_transaction_ref: sandboxTransactionRef(),
            error_message: null,
          }).catch((error: unknown) =>
            app.log.error(
              { err: error, payment: uuid },
              'sandbox gateway: delayed result not delivered',
            ),
          );
        }, options.delayedResultMs);
        timer.unref();
        timers.add(timer);
      } else {
        result = {
          status: 'succeeded',
          gateway_transaction_ref: sandboxTransactionRef(),
          error_message: null,
        };
      }
    } else {
      return page('Choose Pay, Fail or Cancel.');
    }

    try {
      await notify(uuid, result);
    } catch (error) {
      // The shopper still goes back to the shop, whose status page shows the payment as it is.
      request.log.error({ err: error, payment: uuid }, 'sandbox gateway: result not delivered');
    }
    return done();
  });
}

/** Registers the sandbox gateway's routes (encapsulated: the form parser stays inside). */
export const sandboxGateway = sandboxGatewayPlugin;
