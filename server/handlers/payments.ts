/**
 * Payment handlers (issue 6; spec sections 3, 4, 7 and 9; docs/decisions/006-card-payments-and-sandbox-gateway.md):
 * the shop's payment options, starting a card payment, a payment's status, and the card
 * gateway's signed notification, which alone changes a payment and marks its order paid.
 *
 * Payment states: `initiated` -> `pending` | `succeeded` | `failed` | `canceled`, and
 * `pending` -> `succeeded` | `failed` | `canceled`. The last three are final. Every change is a
 * conditional UPDATE (`WHERE status IN (...)`), so of two racing notifications only one applies.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { OrdersTable, PaymentState, PaymentsTable } from '../db/database.ts';
import { isRowId } from '../db/errors.ts';
import { toBool, toIsoString } from '../db/mapping.ts';
import { hasNul } from '../lib/canonical-json.ts';
import { NUL_MESSAGE } from '../lib/customization.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { formatMinorUnits, parseDecimalToMinorUnits } from '../lib/money.ts';
import { verifySignature } from '../payments/signature.ts';
import { requireUser } from '../plugins/auth.ts';
import type { OperationHandler, Schemas } from './types.ts';

type PaymentStatus = Schemas['PaymentStatus'];

/** Card payments are charged in USD only (spec section 9). */
export const CARD_CURRENCY = 'USD';

/** Messages of this module (the contract's examples and DRF's wording). */
export const PAYMENT_MESSAGES = {
  notCard: 'This order is not paid by card.',
  alreadyPaid: 'This order is already paid.',
  cannotBePaid: 'This order cannot be paid.',
  cardUnavailable: 'Card payments are not available.',
  stillProcessing: 'A payment of this order is still being processed.',
  superseded: 'Superseded by a newer payment attempt.',
  invalidSignature: 'Invalid signature.',
  staleTimestamp: 'Timestamp outside the tolerance zone.',
  amountMismatch: 'Amount or currency does not match the payment.',
  processed: 'Notification processed.',
  alreadyProcessed: 'Notification already processed.',
  final: 'The payment is already final; notification ignored.',
  declined: 'The card was declined.',
  canceled: 'The payment was canceled.',
} as const;

/** The states a payment may move to from each state; final states move nowhere. */
const NEXT: Record<PaymentState, readonly PaymentState[]> = {
  initiated: ['pending', 'succeeded', 'failed', 'canceled'],
  pending: ['succeeded', 'failed', 'canceled'],
  succeeded: [],
  failed: [],
  canceled: [],
};

/** The states `to` may be reached from. */
function sourcesOf(to: PaymentState): PaymentState[] {
  return (Object.keys(NEXT) as PaymentState[]).filter((from) => NEXT[from].includes(to));
}

/** A payment row as the contract's PaymentStatus (order fields from its order). */
export function toPaymentStatus(
  payment: Selectable<PaymentsTable>,
  order: Pick<Selectable<OrdersTable>, 'id' | 'order_number'>,
): PaymentStatus {
  return {
    payment_uuid: payment.uuid,
    status: payment.status,
    order_id: order.id,
    order_identifier: order.order_number,
    gateway_transaction_ref: payment.gateway_transaction_ref,
    currency: payment.currency,
    amount: formatMinorUnits(payment.amount_cents),
    error_message: payment.error_message,
    created_at: toIsoString(payment.created_at),
  };
}

/**
 * GET /payments/options/ -> PaymentOptions of the shop (never its gateway secret). A shop
 * without settings offers nothing: every flag false, every text null.
 */
export const getPaymentOptions: OperationHandler<'getPaymentOptions'> = async (request) => {
  const row = await request.server.db
    .selectFrom('payment_settings')
    .select([
      'enable_card_payment',
      'enable_bank_transfer',
      'enable_custom_payment',
      'bank_account_details',
      'custom_payment_label',
      'custom_payment_instructions',
      'custom_payment_redirect_url',
    ])
    .where('tenant_id', '=', request.tenant.id)
    .executeTakeFirst();
  return {
    enable_card_payment: row ? toBool(row.enable_card_payment) : false,
    enable_bank_transfer: row ? toBool(row.enable_bank_transfer) : false,
    enable_custom_payment: row ? toBool(row.enable_custom_payment) : false,
    bank_account_details: row?.bank_account_details ?? null,
    custom_payment_label: row?.custom_payment_label ?? null,
    custom_payment_instructions: row?.custom_payment_instructions ?? null,
    custom_payment_redirect_url: row?.custom_payment_redirect_url ?? null,
  };
};

/** The sandbox gateway's hosted page of a payment (served by plugins/sandbox-gateway.ts). */
export function sandboxCheckoutPath(publicApiPath: string, uuid: string): string {
  return `${publicApiPath}/payments/sandbox/checkout/${uuid}/`;
}

/** 409 when the order cannot take a card payment now (see initiateCardPayment). */
function refuseUnpayable(order: Pick<Selectable<OrdersTable>, 'payment_method' | 'status'>): void {
  if (order.payment_method !== 'card_2c2p') {
    throw new HttpError(409, { detail: PAYMENT_MESSAGES.notCard });
  }
  if (order.status === 'paid') throw new HttpError(409, { detail: PAYMENT_MESSAGES.alreadyPaid });
  if (order.status !== 'awaiting_payment') {
    throw new HttpError(409, { detail: PAYMENT_MESSAGES.cannotBePaid });
  }
}

/**
 * POST /payments/card/initiate/ `{order_id, currency: "USD"}` -> 201 CardPaymentInitiation
 * `{redirectUrl, payment_uuid, status: "initiated", amount, currency}`; `redirectUrl` is the
 * sandbox gateway's hosted page on this API's origin. In one transaction (the order row locked
 * on PostgreSQL), older `initiated` payments of the order are canceled ('Superseded by a newer
 * payment attempt.') and the new one is inserted with the order's total.
 * Errors: 404 for an order that is not the caller's; 409 'This order is not paid by card.',
 * 'This order is already paid.', 'This order cannot be paid.', 'Card payments are not
 * available.', or 'A payment of this order is still being processed.' while one is `pending`
 * (so an order is never charged twice).
 */
export const initiateCardPayment: OperationHandler<'initiateCardPayment'> = async (
  request,
  reply,
) => {
  const { db, dbDialect } = request.server;
  const tenantId = request.tenant.id;
  const userId = requireUser(request).id;
  const orderId = request.body.order_id;
  if (!isRowId(orderId)) throw notFound();

  const order = await db
    .selectFrom('orders')
    .select(['id', 'payment_method', 'status', 'total_cents'])
    .where('id', '=', orderId)
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw notFound();
  refuseUnpayable(order);
  const settings = await db
    .selectFrom('payment_settings')
    .select('enable_card_payment')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!settings || !toBool(settings.enable_card_payment)) {
    throw new HttpError(409, { detail: PAYMENT_MESSAGES.cardUnavailable });
  }

  const uuid = randomUUID();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    // The order row lock makes two initiations (or an initiation and a notification marking
    // the order paid) take turns; SQLite's single writer does the same by itself.
    let locked = trx
      .selectFrom('orders')
      .select(['payment_method', 'status'])
      .where('id', '=', order.id);
    if (dbDialect === 'postgres') locked = locked.forUpdate();
    const current = await locked.executeTakeFirstOrThrow();
    refuseUnpayable(current);
    const pending = await trx
      .selectFrom('payments')
      .select('id')
      .where('order_id', '=', order.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw new HttpError(409, { detail: PAYMENT_MESSAGES.stillProcessing });
    await trx
      .updateTable('payments')
      .set({ status: 'canceled', error_message: PAYMENT_MESSAGES.superseded, updated_at: now })
      .where('order_id', '=', order.id)
      .where('status', '=', 'initiated')
      .execute();
    await trx
      .insertInto('payments')
      .values({
        uuid,
        tenant_id: tenantId,
        order_id: order.id,
        user_id: userId,
        amount_cents: order.total_cents,
        currency: CARD_CURRENCY,
        status: 'initiated',
        gateway_transaction_ref: null,
        error_message: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });

  reply.code(201);
  return {
    redirectUrl: `${request.protocol}://${request.host}${sandboxCheckoutPath(request.server.publicApiPath, uuid)}`,
    payment_uuid: uuid,
    status: 'initiated' as const,
    amount: formatMinorUnits(order.total_cents),
    currency: CARD_CURRENCY,
  };
};

/**
 * GET /payments/history/{uuid}/ -> PaymentStatus (with the order's id and number) to the
 * payment's owner only; 404 for anyone else's payment or an unknown uuid.
 */
export const getPaymentStatus: OperationHandler<'getPaymentStatus'> = async (request) => {
  const found = await request.server.db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .selectAll('p')
    .select(['o.order_number'])
    .where('p.uuid', '=', request.params.uuid.toLowerCase())
    .where('p.tenant_id', '=', request.tenant.id)
    .where('p.user_id', '=', requireUser(request).id)
    .executeTakeFirst();
  if (!found) throw notFound();
  return toPaymentStatus(found, { id: found.order_id, order_number: found.order_number });
};

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request body exactly as received (JSON requests of the API only; app.ts): the
     * gateway's signature covers these bytes, not a re-serialisation of the parsed body.
     */
    rawBody?: string;
  }
}

/**
 * POST /payments/gateway/notify/ (server to server; contract: receiveGatewayNotification):
 * `X-Gateway-Signature: t={unix seconds},v1={hex}` over `{t}.{raw body}` with the shop's
 * gateway secret (server/payments/signature.ts); body GatewayNotification.
 *
 * Refused with nothing changed: 400 'Invalid signature.' (malformed, wrong, or the shop has no
 * secret), 400 'Timestamp outside the tolerance zone.' (more than 5 minutes off), 404 for a
 * payment this shop does not have, 400 'Amount or currency does not match the payment.', 400
 * field errors for a NUL character in a text.
 *
 * Accepted -> 200 GatewayNotificationReceipt `{detail, payment_status}`: the event is recorded in
 * the same transaction as the change it makes, so a replayed `event_id` answers 'Notification
 * already processed.' and changes nothing; a notification for a payment in a final state is
 * acknowledged and ignored. `succeeded` stores the gateway's reference and marks an order still
 * awaiting payment `paid` (with paid_at); `failed`/`canceled` store the error message and leave
 * the order awaiting payment.
 */
export const receiveGatewayNotification: OperationHandler<'receiveGatewayNotification'> = async (
  request,
) => {
  const { db } = request.server;
  const tenantId = request.tenant.id;
  const header = request.headers['x-gateway-signature'];
  const rawBody = request.rawBody;
  const settings = await db
    .selectFrom('payment_settings')
    .select('gateway_secret')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  const check =
    settings && typeof header === 'string' && typeof rawBody === 'string'
      ? verifySignature(settings.gateway_secret, header, rawBody)
      : 'invalid';
  if (check === 'invalid') throw new HttpError(400, { detail: PAYMENT_MESSAGES.invalidSignature });
  if (check === 'stale') throw new HttpError(400, { detail: PAYMENT_MESSAGES.staleTimestamp });

  const body = request.body;
  const textErrors: Record<string, string[]> = {};
  for (const field of ['event_id', 'gateway_transaction_ref', 'error_message'] as const) {
    const text = body[field];
    if (typeof text === 'string' && hasNul(text)) textErrors[field] = [NUL_MESSAGE];
  }
  if (Object.keys(textErrors).length > 0) throw new HttpError(400, textErrors);

  const payment = await db
    .selectFrom('payments')
    .select(['id', 'order_id', 'amount_cents', 'currency', 'status'])
    .where('uuid', '=', body.payment_uuid.toLowerCase())
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!payment) throw notFound();
  let amountCents: number | null;
  try {
    amountCents = parseDecimalToMinorUnits(body.amount);
  } catch {
    amountCents = null;
  }
  if (amountCents !== payment.amount_cents || body.currency !== payment.currency) {
    throw new HttpError(400, { detail: PAYMENT_MESSAGES.amountMismatch });
  }

  const to = body.status;
  const eventId = body.event_id.toLowerCase();
  const now = new Date().toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    // Recording the event first: a replay collides here (or waits for its twin's commit on
    // PostgreSQL, then collides) and nothing else runs.
    const recorded = await trx
      .insertInto('payment_notifications')
      .values({
        tenant_id: tenantId,
        event_id: eventId,
        payment_id: payment.id,
        status: to,
        received_at: now,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'event_id']).doNothing())
      .executeTakeFirst();
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return 'replay' as const;

    const changed = await trx
      .updateTable('payments')
      .set({
        status: to,
        updated_at: now,
        ...(body.gateway_transaction_ref
          ? { gateway_transaction_ref: body.gateway_transaction_ref }
          : {}),
        ...(to === 'failed' || to === 'canceled'
          ? {
              error_message:
                body.error_message ||
                (to === 'failed' ? PAYMENT_MESSAGES.declined : PAYMENT_MESSAGES.canceled),
            }
          : {}),
      })
      .where('id', '=', payment.id)
      .where('status', 'in', sourcesOf(to))
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) return 'ignored' as const;
    if (to === 'succeeded') {
      await trx
        .updateTable('orders')
        .set({ status: 'paid', paid_at: now })
        .where('id', '=', payment.order_id)
        .where('status', '=', 'awaiting_payment')
        .execute();
    }
    return 'applied' as const;
  });

  const current = await db
    .selectFrom('payments')
    .select('status')
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow();
  let detail: string = PAYMENT_MESSAGES.processed;
  if (outcome === 'replay') detail = PAYMENT_MESSAGES.alreadyProcessed;
  // A second `pending` changes nothing either, but is no reason to say the payment is final.
  else if (outcome === 'ignored' && NEXT[current.status].length === 0)
    detail = PAYMENT_MESSAGES.final;
  return { detail, payment_status: current.status };
};
