/**
 * The sandbox card gateway's pages (decisions 023 and 013): the demo shops' and the tests'
 * stand-in for a real provider's hosted page, registered only when PAYMENT_SANDBOX is on. It
 * acts as the provider does, from its own record of each charge (`sandbox_charges`, written by
 * server/payments/providers/sandbox/adapter.ts when a payment starts):
 *
 * - GET  `{api}/payments/sandbox/checkout/{ref}/`: the hosted page of an open charge
 *   (server/payments/providers/sandbox/page.ts); "This payment is no longer open." otherwise; a 404
 *   page for an unknown reference.
 * - POST the same address (form-encoded, `action=pay|fail|cancel` and the card fields): decides
 *   the result as a provider would, records it on the charge, reports it to the API's own
 *   `POST {api}/payments/gateway/notify/` exactly as a provider does (JSON body, signed with the
 *   shop's signing secret, tenant header), then sends the shopper to the return address the
 *   payment was started with (303). A charge no longer open is only redirected, so a double
 *   submit is harmless. The redirect itself changes nothing.
 *
 * Registered outside the tenant-scoped API: a browser navigating here sends no tenant header;
 * the charge's reference names the charge and its shop.
 */
import { randomUUID } from 'node:crypto';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toDecimal } from '../../common/money.ts';
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import {
  sandboxCheckoutPath,
  sandboxNotificationBody,
  sandboxReference,
  settleSandboxCharge,
} from '../payments/providers/sandbox/adapter.ts';
import {
  passesLuhn,
  renderCheckoutPage,
  renderClosedPage,
  renderNotFoundPage,
  sandboxContentSecurityPolicy,
  TEST_CARDS,
} from '../payments/providers/sandbox/page.ts';
import { signatureHeader } from '../payments/providers/sandbox/signature.ts';

export interface SandboxGatewayOptions {
  publicApiPath: string;
  /** How long the delayed test card stays `pending` before it succeeds (ms). */
  delayedResultMs: number;
}

/** A result the page decided, as the charge records it. */
interface Outcome {
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  transactionRef: string | null;
  errorMessage: string | null;
}

const REF = /^SBX-\d{8}-[0-9A-Z]{6}$/;

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

  function sendHtml(reply: FastifyReply, status: number, html: string, returnUrl: string | null) {
    const origin = returnUrl ? new URL(returnUrl).origin : null;
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', sandboxContentSecurityPolicy(origin))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(html);
  }

  /** The charge with its shop, or undefined for an unknown or malformed reference. */
  async function findCharge(ref: string) {
    if (!REF.test(ref)) return undefined;
    return app.db
      .selectFrom('sandbox_charges as c')
      .innerJoin('tenants as t', 't.id', 'c.tenant_id')
      .leftJoin('site_settings as s', 's.tenant_id', 'c.tenant_id')
      .selectAll('c')
      .select(['t.token as tenant_token', 't.name as tenant_name', 's.site_title'])
      .where('c.ref', '=', ref)
      .executeTakeFirst();
  }

  /**
   * Reports a charge's state to the API's notification endpoint through the same validation
   * and signature check a provider's request goes through.
   */
  async function notify(ref: string): Promise<void> {
    const charge = await findCharge(ref);
    if (!charge) throw new Error(`No sandbox charge ${ref}.`);
    const secret = await app.paymentProviders.sandboxSecret(charge.tenant_id);
    if (!secret) throw new Error(`The shop of sandbox charge ${ref} is not on the sandbox.`);
    const body = sandboxNotificationBody(charge, randomUUID());
    const response = await app.inject({
      method: 'POST',
      url: `${options.publicApiPath}/payments/gateway/notify/`,
      headers: {
        'content-type': 'application/json',
        'x-tenant-token': charge.tenant_token,
        'x-gateway-signature': signatureHeader(secret, Math.floor(Date.now() / 1000), body),
      },
      payload: body,
    });
    if (response.statusCode !== 200) {
      throw new Error(
        `The notification of sandbox charge ${ref} was refused: ${response.statusCode} ${response.body}`,
      );
    }
  }

  /** Records an outcome on the charge, then tells the shop; false when the charge moved on. */
  async function settle(ref: string, outcome: Outcome): Promise<boolean> {
    const settled = await settleSandboxCharge(app.db, ref, outcome.status, outcome);
    if (!settled) return false;
    await notify(ref);
    return true;
  }

  const path = sandboxCheckoutPath(options.publicApiPath, ':ref');

  app.get<{ Params: { ref: string } }>(path, async (request, reply) => {
    const charge = await findCharge(request.params.ref);
    if (!charge) return sendHtml(reply, 404, renderNotFoundPage(), null);
    const merchant = charge.site_title || charge.tenant_name;
    if (charge.status !== 'open') {
      return sendHtml(
        reply,
        200,
        renderClosedPage({ merchant, returnUrl: charge.return_url }),
        charge.return_url,
      );
    }
    return sendHtml(
      reply,
      200,
      renderCheckoutPage({
        merchant,
        orderNumber: charge.order_number,
        amount: toDecimal(charge.amount_cents),
        currency: charge.currency,
        action: sandboxCheckoutPath(options.publicApiPath, charge.ref),
      }),
      charge.return_url,
    );
  });

  app.post<{ Params: { ref: string } }>(
    path,
    async (request: FastifyRequest<{ Params: { ref: string } }>, reply) => {
      const charge = await findCharge(request.params.ref);
      if (!charge) return sendHtml(reply, 404, renderNotFoundPage(), null);
      const { ref } = charge;
      const done = () => reply.header('cache-control', 'no-store').redirect(charge.return_url, 303);
      if (charge.status !== 'open') return done();

      const action = field(request.body, 'action');
      const cardNumber = field(request.body, 'card_number') ?? '';
      const digits = cardNumber.replace(/[\s-]/g, '');
      const page = (error: string) =>
        sendHtml(
          reply,
          400,
          renderCheckoutPage({
            merchant: charge.site_title || charge.tenant_name,
            orderNumber: charge.order_number,
            amount: toDecimal(charge.amount_cents),
            currency: charge.currency,
            action: sandboxCheckoutPath(options.publicApiPath, ref),
            error,
            values: {
              cardholder: echo(field(request.body, 'cardholder')),
              cardNumber: echo(cardNumber),
              expiry: echo(field(request.body, 'expiry')),
              cvc: echo(field(request.body, 'cvc')),
            },
          }),
          charge.return_url,
        );

      const declined: Outcome = {
        status: 'failed',
        transactionRef: null,
        errorMessage: PAYMENT_MESSAGES.declined,
      };
      const paid = (): Outcome => ({
        status: 'succeeded',
        transactionRef: sandboxReference('SBX'),
        errorMessage: null,
      });
      let result: Outcome;
      if (action === 'cancel') {
        result = {
          status: 'canceled',
          transactionRef: null,
          errorMessage: PAYMENT_MESSAGES.canceled,
        };
      } else if (action === 'fail') {
        result = declined;
      } else if (action === 'pay') {
        if (!passesLuhn(digits)) return page('The card number is not valid.');
        if (digits === TEST_CARDS.declined) {
          result = declined;
        } else if (digits === TEST_CARDS.delayed) {
          result = { status: 'pending', transactionRef: null, errorMessage: null };
          const timer = setTimeout(() => {
            timers.delete(timer);
            settle(ref, paid()).catch((error: unknown) =>
              app.log.error(
                { err: error, charge: ref },
                'sandbox gateway: delayed result not delivered',
              ),
            );
          }, options.delayedResultMs);
          timer.unref();
          timers.add(timer);
        } else {
          result = paid();
        }
      } else {
        return page('Choose Pay, Fail or Cancel.');
      }

      try {
        await settle(ref, result);
      } catch (error) {
        // The shopper still goes back to the shop, whose status page asks the gateway itself.
        request.log.error({ err: error, charge: ref }, 'sandbox gateway: result not delivered');
      }
      return done();
    },
  );
}

/** Registers the sandbox gateway's routes (encapsulated: the form parser stays inside). */
export const sandboxGateway = sandboxGatewayPlugin;
