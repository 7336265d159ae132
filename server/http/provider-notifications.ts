/**
 * Where real card providers report results (decision 013), in their own wire formats: one
 * address for each provider of server/payments/registry.ts that `notifies: 'own'`, today
 *
 *   POST {api}/payments/providers/2c2p/notify/{tenant id}/    2C2P's backend notification
 *   POST {api}/payments/providers/stripe/notify/{tenant id}/  a Stripe webhook endpoint
 *
 * The shop's adapter of the provider the path names verifies the raw body (2C2P's signed JWT,
 * Stripe's `Stripe-Signature`) with the shop's credentials for that provider, then the order
 * module applies it. The address stays open while the shop has credentials for the provider,
 * even with card payments off or another provider chosen since (decision 046): payments that
 * provider started must still be settled. Outside the contract and the tenant header:
 * providers send neither, so the path names the shop, and only a signature made with the
 * shop's credentials for that provider is accepted.
 * Answers: 200 `{detail}` when applied, repeated or not about our payments: a verified event of
 * another kind, or about a payment this shop does not have (a Stripe Payment Link's session,
 * another shop on the same provider account), which is logged at info level and changes
 * nothing (a provider retries anything but 2xx for days, and Stripe then disables the endpoint,
 * so the shop's own payments would no longer be notified); 400 `{detail}` when refused (forged,
 * stale, malformed); 404 for a shop or provider that does not match, or a notification for
 * another merchant; a database failure is a 5xx, which the provider retries.
 */
import type { FastifyInstance } from 'fastify';
import { isRowId } from '../platform/db/errors.ts';
import type { ProviderName } from '../payments/tables.ts';
import { DomainError, errorBody } from '../platform/domain-error.ts';
import { HttpError, notFound } from './http-error.ts';
import { statusOfDomainError } from './domain-errors.ts';
import { PAYMENT_MESSAGES } from '../payments/messages.ts';
import { refusalError } from '../payments/errors.ts';
import { applyReport } from '../orders/payment-moves.ts';
import { NotificationIgnored, NotificationRefused } from '../payments/provider.ts';
import { CARD_PROVIDERS, isProviderName } from '../payments/registry.ts';

/** True for a provider that reports here, in its own wire format (the sandbox does not). */
function reportsHere(name: string): name is ProviderName {
  return isProviderName(name) && CARD_PROVIDERS[name].notifies === 'own';
}

async function providerNotificationsPlugin(
  app: FastifyInstance,
  options: { publicApiPath: string },
): Promise<void> {
  // The signature covers the exact bytes: keep every body as received, whatever its type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post<{ Params: { provider: string; tenant: string } }>(
    `${options.publicApiPath}/payments/providers/:provider/notify/:tenant/`,
    async (request, reply) => {
      const tenantId = Number(request.params.tenant);
      const name = request.params.provider;
      if (!reportsHere(name) || !/^\d+$/.test(request.params.tenant) || !isRowId(tenantId)) {
        throw notFound();
      }
      const provider = await app.orders.providerOf(tenantId, name);
      if (!provider) throw notFound();
      // The e-mails it may send link to the shop's domain: a shop made by another process
      // since this one read its shops is read first.
      await app.shops?.ensure(tenantId);
      const rawBody = typeof request.body === 'string' ? request.body : '';
      let report;
      try {
        report = await provider.parseNotification({ rawBody, headers: request.headers });
      } catch (error) {
        if (error instanceof NotificationIgnored) {
          return reply.code(200).send({ detail: PAYMENT_MESSAGES.ignored });
        }
        if (error instanceof NotificationRefused) {
          request.log.warn(
            { reason: error.reason, provider: name },
            'a provider notification was refused',
          );
          throw refusalError(error);
        }
        throw error;
      }
      const { outcome, payment } = await applyReport(app.orders, tenantId, provider.name, report);
      if (outcome === 'unmatched') {
        // Verified, so it is the provider speaking; only ids, never the body, go to the log.
        request.log.info(
          {
            provider: name,
            tenant: tenantId,
            event: report.eventId,
            provider_ref: report.providerRef,
          },
          'a provider notification is about no payment of this shop; acknowledged',
        );
        return reply.code(200).send({ detail: PAYMENT_MESSAGES.ignored });
      }
      const detail =
        outcome === 'replay'
          ? PAYMENT_MESSAGES.alreadyProcessed
          : outcome === 'ignored'
            ? PAYMENT_MESSAGES.final
            : PAYMENT_MESSAGES.processed;
      return reply.code(200).send({ detail, payment_status: payment.status });
    },
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DomainError && statusOfDomainError(error) !== 500) {
      return reply.code(statusOfDomainError(error)).send(errorBody(error));
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ detail: PAYMENT_MESSAGES.malformed });
    }
    request.log.error({ err: error }, 'a provider notification failed');
    return reply.code(503).send({ detail: 'Please try again later.' });
  });
}

/** Registers the provider notification routes (encapsulated: the raw-body parser stays inside). */
export const providerNotifications = providerNotificationsPlugin;
