/**
 * The sandbox card gateway as a payment provider (decisions 023 and 013): the demo shops' and
 * the tests' stand-in for a real one, registered only when PAYMENT_SANDBOX is on (never with
 * NODE_ENV=production). It behaves as a provider would: it keeps its own record of each charge
 * (`sandbox_charges`), serves the hosted page (server/http/sandbox-gateway.ts), reports results as
 * signed notifications to the contract's `POST /payments/gateway/notify/`
 * (`X-Gateway-Signature`, ./signature.ts, under the shop's signing secret), answers "what is
 * this payment's state?" from its record, closes an open page and refunds a charge.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/database.ts';
import type { SandboxChargesTable } from '../../tables.ts';
import { toDecimal, toMinorUnits } from '../../../../common/money.ts';
import {
  NotificationRefused,
  ProviderRefused,
  type PaymentProvider,
  type ProviderPaymentReport,
  type ProviderPaymentState,
  type RawNotification,
} from '../../provider.ts';
import { verifySignature } from './signature.ts';
import { randomCode } from '../../../platform/random-code.ts';

/** The shop's sandbox credentials: the secret its notifications are signed with. */
export interface SandboxCredentials {
  signingSecret: string;
}

/**
 * Checks stored sandbox credentials.
 * @throws Error naming the field (never its value).
 */
export function parseSandboxCredentials(value: unknown): SandboxCredentials {
  const secret = (value as { signingSecret?: unknown } | null)?.signingSecret;
  if (typeof secret !== 'string' || secret.length < 32) {
    throw new Error('signingSecret must be a string of at least 32 characters.');
  }
  return { signingSecret: secret };
}

/** The hosted page of a sandbox charge, under the API's path prefix. */
export function sandboxCheckoutPath(publicApiPath: string, ref: string): string {
  return `${publicApiPath}/payments/sandbox/checkout/${ref}/`;
}

/** `{prefix}-{yyyymmdd}-{6 random characters}`, e.g. "SBX-20261122-4F7K9Q". */
export function sandboxReference(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomCode(6)}`;
}

type ChargeStatus = SandboxChargesTable['status'];

const NOTIFIED_STATES = new Set(['pending', 'succeeded', 'failed', 'canceled']);

function header(headers: RawNotification['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? undefined : value;
}

/**
 * The sandbox provider of one shop.
 * @param publicApiPath the API's path prefix, where the hosted page is served.
 */
export function createSandboxProvider(
  db: Kysely<Database>,
  tenantId: number,
  credentials: SandboxCredentials,
  publicApiPath: string,
): PaymentProvider {
  async function charge(where: { ref: string } | { paymentUuid: string }) {
    let query = db.selectFrom('sandbox_charges').selectAll().where('tenant_id', '=', tenantId);
    query =
      'ref' in where
        ? query.where('ref', '=', where.ref)
        : query.where('payment_uuid', '=', where.paymentUuid);
    return query.executeTakeFirst();
  }

  return {
    name: 'sandbox',

    async startPayment(input) {
      const ref = sandboxReference('SBX');
      const now = new Date().toISOString();
      await db
        .insertInto('sandbox_charges')
        .values({
          ref,
          tenant_id: tenantId,
          payment_uuid: input.paymentId,
          order_number: input.orderNumber,
          amount_cents: input.amountMinor,
          currency: input.currency,
          status: 'open',
          return_url: input.returnUrl,
          transaction_ref: null,
          error_message: null,
          refunded_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const origin = new URL(input.notifyUrl).origin;
      return {
        redirectUrl: `${origin}${sandboxCheckoutPath(publicApiPath, ref)}`,
        providerRef: ref,
      };
    },

    async parseNotification({ rawBody, headers }) {
      const signature = header(headers, 'x-gateway-signature');
      const check = signature
        ? verifySignature(credentials.signingSecret, signature, rawBody)
        : 'invalid';
      if (check === 'invalid') throw new NotificationRefused('forged', 'Invalid signature.');
      if (check === 'stale') {
        throw new NotificationRefused('stale', 'Timestamp outside the tolerance zone.');
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        throw new NotificationRefused('malformed', 'The notification is not JSON.');
      }
      const { event_id: eventId, payment_uuid: paymentUuid, status, amount, currency } = body;
      if (
        typeof eventId !== 'string' ||
        typeof paymentUuid !== 'string' ||
        typeof status !== 'string' ||
        !NOTIFIED_STATES.has(status) ||
        typeof amount !== 'string' ||
        typeof currency !== 'string'
      ) {
        throw new NotificationRefused('malformed', 'The notification is missing a field.');
      }
      const amountMinor = toMinorUnits(amount);
      if (amountMinor === null) {
        throw new NotificationRefused('malformed', 'The notification has no valid amount.');
      }
      const found = await charge({ paymentUuid: paymentUuid.toLowerCase() });
      if (!found) throw new NotificationRefused('mismatched', 'No such sandbox charge.');
      const text = (name: string) =>
        typeof body[name] === 'string' ? (body[name] as string) : null;
      return {
        eventId: eventId.toLowerCase(),
        providerRef: found.ref,
        paymentId: found.payment_uuid,
        state: status as ProviderPaymentState,
        amountMinor,
        currency,
        transactionRef: text('gateway_transaction_ref'),
        errorMessage: text('error_message'),
      };
    },

    async fetchPayment({ providerRef }): Promise<ProviderPaymentReport> {
      const found = await charge({ ref: providerRef });
      if (!found) {
        return {
          eventId: null,
          providerRef,
          paymentId: null,
          state: 'open',
          amountMinor: null,
          currency: null,
          transactionRef: null,
          errorMessage: null,
        };
      }
      return {
        eventId: null,
        providerRef,
        paymentId: found.payment_uuid,
        state: found.status,
        amountMinor: found.amount_cents,
        currency: found.currency,
        transactionRef: found.transaction_ref,
        errorMessage: found.error_message,
      };
    },

    async cancelPayment({ providerRef }) {
      const result = await db
        .updateTable('sandbox_charges')
        .set({ status: 'canceled', updated_at: new Date().toISOString() })
        .where('ref', '=', providerRef)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The sandbox is this server itself: its signing secret always works; never live money. */
    checkCredentials: async () => ({ live: false }),

    /**
     * Without `refundId` (money an order could not keep): the whole charge, once; a retry
     * answers the same `{ref}-RF`, and a charge that was never taken resolves null. With one (a
     * shop's refund, whole or part): `{ref}-RF-{first 8 of refundId}`, the same for a retry.
     * The sandbox keeps no running total of what it refunded: it refuses one refund above the
     * charge, and the shop's own refunds table keeps the sum within what was paid.
     * @throws ProviderRefused for a shop's refund of a charge that was not taken, or above it.
     */
    async refundPayment({ providerRef, amountMinor, refundId }) {
      if (refundId !== undefined) {
        const found = await charge({ ref: providerRef });
        if (!found || found.status !== 'succeeded') {
          throw new ProviderRefused(
            'This payment was not captured, so there is nothing to refund.',
            'payment_not_captured',
          );
        }
        if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
          throw new ProviderRefused('The refund amount must be above zero.', 'invalid_amount');
        }
        if (amountMinor > found.amount_cents) {
          throw new ProviderRefused('The refund is more than the charge.', 'amount_too_large');
        }
        await db
          .updateTable('sandbox_charges')
          .set({ refunded_at: new Date().toISOString() })
          .where('ref', '=', providerRef)
          .where('tenant_id', '=', tenantId)
          .where('refunded_at', 'is', null)
          .execute();
        return `${providerRef}-RF-${refundId.slice(0, 8).toUpperCase()}`;
      }
      const result = await db
        .updateTable('sandbox_charges')
        .set({ refunded_at: new Date().toISOString() })
        .where('ref', '=', providerRef)
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'succeeded')
        .executeTakeFirst();
      if (result.numUpdatedRows === 1n) return `${providerRef}-RF`;
      // Refunded before (a retried refund): the same reference again.
      const existing = await charge({ ref: providerRef });
      return existing?.refunded_at ? `${providerRef}-RF` : null;
    },
  };
}

/**
 * Records the outcome the shopper chose on the hosted page (server/http/sandbox-gateway.ts), as
 * the provider's own bookkeeping, before it notifies the shop. Only an open charge (or a
 * pending one, settling) may move.
 * @returns the charge after the move, or undefined when it could not move.
 */
export async function settleSandboxCharge(
  db: Kysely<Database>,
  ref: string,
  to: Exclude<ChargeStatus, 'open'>,
  details: { transactionRef: string | null; errorMessage: string | null },
) {
  const from: ChargeStatus[] = to === 'pending' ? ['open'] : ['open', 'pending'];
  const result = await db
    .updateTable('sandbox_charges')
    .set({
      status: to,
      transaction_ref: details.transactionRef,
      error_message: details.errorMessage,
      updated_at: new Date().toISOString(),
    })
    .where('ref', '=', ref)
    .where('status', 'in', from)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return undefined;
  return db.selectFrom('sandbox_charges').selectAll().where('ref', '=', ref).executeTakeFirst();
}

/** The notification body the sandbox sends for a charge (contract: GatewayNotification). */
export function sandboxNotificationBody(
  charge: Pick<SandboxChargesTable, 'payment_uuid' | 'amount_cents' | 'currency' | 'status'> & {
    transaction_ref: string | null;
    error_message: string | null;
  },
  eventId: string,
): string {
  return JSON.stringify({
    event_id: eventId,
    payment_uuid: charge.payment_uuid,
    status: charge.status,
    amount: toDecimal(charge.amount_cents),
    currency: charge.currency,
    gateway_transaction_ref: charge.transaction_ref,
    error_message: charge.error_message,
  });
}
