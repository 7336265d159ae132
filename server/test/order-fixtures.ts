/**
 * Fixtures of the back office's tests (refunds, the back office's lists, an order's page): shops,
 * shoppers, orders and members of staff written straight into the database, so a test sets up
 * an order in any state, at any date, without going through checkout; card payments taken
 * through a real provider adapter (the sandbox gateway's own record, or the fake Stripe), so a
 * refund reaches that provider as it would in the shop.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../platform/db/database.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import type { OrderStatus } from '../orders/tables.ts';
import type { StaffRole } from '../staff/tables.ts';
import type { ProviderName } from '../payments/tables.ts';
import type { OrderActing } from '../orders/staff-actions.ts';
import type { StaffActor } from '../staff/actor.ts';
import { orderActingOf } from '../http/admin/permissions.ts';
import type { FakeStripe } from './fake-stripe.ts';

let made = 0;
const next = () => `${++made}-${process.pid}-${Date.now().toString(36)}`;

/** A new empty shop (no settings, no catalogue): its lists hold only what a test puts there. */
export async function createShop(db: Kysely<Database>): Promise<{ id: number; token: string }> {
  const token = `desk-test-${next()}`;
  const { id } = await db
    .insertInto('tenants')
    .values({
      token,
      name: `Shop ${token}`,
      media_slug: token,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token };
}

/**
 * A member of staff of the shop, written straight into `staff` (no password anyone knows): their
 * session as the door reads it (StaffActor) and what the door hands the back office for them
 * (their Acting, with its journal, and what their role may do).
 */
export async function createActor(
  db: Kysely<Database>,
  tenantId: number,
  role: StaffRole,
  name = role === 'owner' ? 'Maya Hart' : 'Tom Reed',
): Promise<StaffActor & OrderActing> {
  const email = `${role}-${next()}@example.com`;
  const { id } = await db
    .insertInto('staff')
    .values({
      tenant_id: tenantId,
      email,
      name,
      role,
      password_hash: 'scrypt$unused',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const actor: StaffActor = { id, tenantId, email, name, role, sessionId: randomUUID() };
  return { ...actor, ...orderActingOf(actor) };
}

/** A shopper of the shop. */
export async function createShopper(
  db: Kysely<Database>,
  tenantId: number,
  email = `shopper-${next()}@example.com`,
): Promise<{ id: number; email: string }> {
  const { id } = await db
    .insertInto('users')
    .values({
      tenant_id: tenantId,
      email: email.toLowerCase(),
      username: `shopper_${next().replace(/-/g, '_')}`,
      password_hash: 'scrypt$unused',
      is_active: 1,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email: email.toLowerCase() };
}

const CODE = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A fresh order number, "ORD-XXXX-XXXX". */
export function orderNumber(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE[Math.floor(Math.random() * CODE.length)];
  return `ORD-${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What {@link insertOrder} takes; everything has a default. */
export interface TestOrder {
  userId: number;
  status?: OrderStatus;
  method?: PaymentMethod;
  number?: string;
  fullname?: string;
  /** Default now. */
  placedAt?: Date;
  /** Cents of each line (default one line of 475.00). */
  lines?: {
    name?: string;
    cents: number;
    quantity?: number;
    madeToOrder?: boolean;
    dispatchLatest?: string;
  }[];
  /** Default one delivery carrying every line. */
  shipments?: { kind: 'delivery' | 'collection'; name?: string }[];
  cancelReason?: string;
}

/** An order row and its lines, as checkout would have stored them; no payment. */
export async function insertOrder(
  db: Kysely<Database>,
  tenantId: number,
  order: TestOrder,
): Promise<{ id: number; order_number: string; total_cents: number }> {
  const lines = order.lines ?? [{ cents: 47_500 }];
  const total = lines.reduce((sum, l) => sum + l.cents * (l.quantity ?? 1), 0);
  const placed = (order.placedAt ?? new Date()).toISOString();
  const status = order.status ?? 'awaiting_payment';
  const number = order.number ?? orderNumber();
  const { id } = await db
    .insertInto('orders')
    .values({
      tenant_id: tenantId,
      user_id: order.userId,
      order_number: number,
      status,
      payment_method: order.method ?? 'bank_transfer',
      total_cents: total,
      total_items: lines.reduce((n, l) => n + (l.quantity ?? 1), 0),
      street: '7 Wren Close',
      city: 'York',
      postal_code: 'YO1 7HH',
      country: 'GB',
      fullname: order.fullname ?? 'Ada Lovelace',
      contact_number: '+44 1904 496 0123',
      payment_instructions: null,
      payment_redirect_url: null,
      idempotency_key: null,
      request_hash: null,
      created_at: placed,
      paid_at: null,
      updated_at: placed,
      expires_at:
        status === 'awaiting_payment'
          ? new Date(new Date(placed).getTime() + 7 * 86_400_000).toISOString()
          : null,
      closed_at: status === 'canceled' || status === 'expired' ? placed : null,
      subtotal_cents: total,
      shipping_cents: 0,
      cancel_reason: order.cancelReason ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const itemIds: number[] = [];
  for (const [i, line] of lines.entries()) {
    const quantity = line.quantity ?? 1;
    const row = await db
      .insertInto('order_items')
      .values({
        order_id: id,
        product_id: null,
        product_name: line.name ?? `Piece ${i + 1}`,
        product_slug: `piece-${i + 1}`,
        thumb_path: null,
        customization: '{}',
        quantity,
        unit_price_cents: line.cents,
        line_total_cents: line.cents * quantity,
        made_to_order: line.madeToOrder ? 1 : 0,
        dispatch_earliest: line.dispatchLatest ?? null,
        dispatch_latest: line.dispatchLatest ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    itemIds.push(row.id);
  }
  const shipments = (order.shipments ?? [{ kind: 'delivery' }]).map((s, i, all) => ({
    method: s.kind === 'collection' ? 'collection' : 'uk-standard',
    name:
      s.name ?? (s.kind === 'collection' ? 'Collect from the workshop' : 'Royal Mail Tracked 48'),
    kind: s.kind,
    age_verified: false,
    price: '0.00',
    // Every line in the first shipment; the others carry none (the back office does not care).
    item_ids: i === 0 || all.length === 1 ? itemIds : [],
  }));
  await db
    .updateTable('orders')
    .set({ shipments: JSON.stringify(shipments) })
    .where('id', '=', id)
    .execute();
  return { id, order_number: number, total_cents: total };
}

/** The order is paid: `status` (default paid) and `paid_at` now. */
async function markPaid(db: Kysely<Database>, orderId: number, status: OrderStatus) {
  const now = new Date().toISOString();
  await db
    .updateTable('orders')
    .set({ status, paid_at: now, expires_at: null, updated_at: now })
    .where('id', '=', orderId)
    .execute();
}

/** Money received by hand for the whole order (a bank transfer the shop saw arrive). */
export async function payByHand(
  db: Kysely<Database>,
  tenantId: number,
  order: { id: number; total_cents: number },
  options: { staffId?: number | null; status?: OrderStatus; reference?: string } = {},
): Promise<void> {
  await db
    .insertInto('manual_payments')
    .values({
      tenant_id: tenantId,
      order_id: order.id,
      amount_cents: order.total_cents,
      payer_reference: options.reference ?? 'A LOVELACE',
      received_at: new Date().toISOString(),
      staff_id: options.staffId ?? null,
    })
    .execute();
  await markPaid(db, order.id, options.status ?? 'paid');
}

/**
 * The whole order paid by card through `provider` (the shop must have its credentials): the
 * provider's own record says the money was taken (the sandbox's charge; the fake Stripe's
 * completed session), and the order has a `succeeded` payment naming it.
 * @returns the payment's uuid and the provider's reference.
 */
export async function payByCard(
  app: FastifyInstance,
  tenantId: number,
  order: { id: number; order_number: string; total_cents: number },
  provider: ProviderName,
  fakeStripe?: FakeStripe,
): Promise<{ uuid: string; providerRef: string }> {
  const adapter = await app.orders.providerOf(tenantId, provider);
  if (!adapter) throw new Error(`the shop has no ${provider} credentials`);
  const uuid = randomUUID();
  const started = await adapter.startPayment({
    paymentId: uuid,
    orderNumber: order.order_number,
    attempt: 1,
    amountMinor: order.total_cents,
    currency: 'USD',
    description: `Order ${order.order_number}`,
    returnUrl: `https://shop.example/payment/return?paymentId=${uuid}`,
    notifyUrl: 'https://shop.example/api/payments/gateway/notify/',
    customerEmail: null,
  });
  if (provider === 'sandbox') {
    await app.db
      .updateTable('sandbox_charges')
      .set({ status: 'succeeded', transaction_ref: 'SBX-20261124-TEST01' })
      .where('ref', '=', started.providerRef)
      .execute();
  } else if (provider === 'stripe') {
    if (!fakeStripe) throw new Error('a Stripe payment needs the fake Stripe');
    fakeStripe.complete(started.providerRef, { paymentStatus: 'paid' });
  }
  const user = await app.db
    .selectFrom('orders')
    .select('user_id')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await app.db
    .insertInto('payments')
    .values({
      uuid,
      tenant_id: tenantId,
      order_id: order.id,
      user_id: user.user_id,
      amount_cents: order.total_cents,
      currency: 'USD',
      status: 'succeeded',
      gateway_transaction_ref: null,
      error_message: null,
      created_at: now,
      updated_at: now,
      provider,
      provider_ref: started.providerRef,
      attempt: 1,
      captured_at: now,
      refund_status: null,
      refund_ref: null,
      checked_at: null,
    })
    .execute();
  await markPaid(app.db, order.id, 'paid');
  return { uuid, providerRef: started.providerRef };
}
