/**
 * The back office's demo (decision 020): an owner and a staff member at demo-handcraft (and an
 * owner at demo-pottery, which moderates its comments), three contact messages in demo-handcraft's
 * inbox, and orders in every state of the back office (awaiting payment, to ship, on their way,
 * ready to collect, completed, canceled, expired, refunded, and a late card payment to pay back by
 * hand), so the back office is not empty on first start. Only ever run with the demo seed
 * (SEED_DEMO, which the config refuses in production).
 *
 * The demo orders take no stock: each line's `stock_taken` is 0, so canceling, expiring or
 * reopening one moves no piece, and the shop's stock stays what the catalogue seed made it.
 * Safe on every start and against a second process doing the same: staff by e-mail, the
 * orders by their fixed idempotency keys (unique per shop and customer).
 */
import type { Kysely } from 'kysely';
import { hashPassword } from '../platform/credentials/passwords.ts';
import { PAYMENT_METHODS } from '../payments/methods.ts';
import type { Database } from '../platform/db/database.ts';
import type { PaymentMethod } from '../payments/tables.ts';
import { seedDemoCustomersIfMissing } from './customer-seed.ts';
import { homeTaxation } from '../content/site-settings.ts';
import {
  DEMO_BUYER,
  DEMO_CONTACT_MESSAGES,
  DEMO_ORDERS,
  DEMO_STAFF,
} from './back-office-seed-data.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Characters an order number may hold (server/platform/random-code.ts's). */
const DEMO_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

export interface BackOfficeSeedOptions {
  /** scrypt work factor (log2 N) of the staff's password hashes. */
  passwordHashCost: number;
  now?: Date;
}

/**
 * Adds the demo staff and the demo orders that are missing.
 * @returns what it added, e.g. ['owner@emberandoak.example', '12 orders at demo-handcraft'].
 */
export async function seedBackOfficeIfMissing(
  db: Kysely<Database>,
  options: BackOfficeSeedOptions,
): Promise<string[]> {
  const now = options.now ?? new Date();
  const added: string[] = [];
  for (const member of DEMO_STAFF) {
    const tenant = await tenantByToken(db, member.tenantToken);
    if (!tenant) continue;
    const existing = await db
      .selectFrom('staff')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('email', '=', member.email)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (existing) continue;
    const result = await db
      .insertInto('staff')
      .values({
        tenant_id: tenant.id,
        email: member.email,
        name: member.name,
        role: member.role,
        password_hash: await hashPassword(member.password, { log2Cost: options.passwordHashCost }),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) added.push(member.email);
  }
  added.push(
    ...(await seedDemoCustomersIfMissing(db, {
      passwordHashCost: options.passwordHashCost,
      customers: [DEMO_BUYER],
      now,
    })),
  );
  const orders = await seedDemoOrders(db, now);
  if (orders > 0) added.push(`${orders} orders at demo-handcraft`);
  const messages = await seedDemoContactMessages(db, now);
  if (messages > 0) added.push(`${messages} contact messages at demo-handcraft`);
  return added;
}

/** The inbox's demo messages, added once: only into a shop that has received none yet. */
async function seedDemoContactMessages(db: Kysely<Database>, now: Date): Promise<number> {
  const tenant = await tenantByToken(db, 'demo-handcraft');
  if (!tenant) return 0;
  const any = await db
    .selectFrom('contact_messages')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .limit(1)
    .executeTakeFirst();
  if (any) return 0;
  await db
    .insertInto('contact_messages')
    .values(
      DEMO_CONTACT_MESSAGES.map(({ hours_ago, ...message }) => ({
        ...message,
        tenant_id: tenant.id,
        client_address: '192.0.2.10',
        created_at: new Date(now.getTime() - hours_ago * 3_600_000).toISOString(),
      })),
    )
    .execute();
  return DEMO_CONTACT_MESSAGES.length;
}

async function tenantByToken(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('tenants')
    .select(['id', 'currency'])
    .where('token', '=', token)
    .executeTakeFirst();
}

/** The demo orders of demo-handcraft's demo customer; those already there are left alone. */
async function seedDemoOrders(db: Kysely<Database>, now: Date): Promise<number> {
  const customer = DEMO_BUYER;
  const tenant = await tenantByToken(db, customer.tenantToken);
  if (!tenant) return 0;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('email', '=', customer.email)
    .executeTakeFirst();
  if (!user) return 0;
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'slug', 'price_cents'])
    .where('tenant_id', '=', tenant.id)
    .where('is_active', '=', 1)
    .where('age_restricted', '=', 0)
    .orderBy('id')
    .limit(4)
    .execute();
  if (products.length === 0) return 0;
  const owner = await db
    .selectFrom('staff')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('role', '=', 'owner')
    .orderBy('id')
    .executeTakeFirst();
  const settings = await db
    .selectFrom('payment_settings')
    .selectAll()
    .where('tenant_id', '=', tenant.id)
    .executeTakeFirst();
  const terms = (method: PaymentMethod) =>
    settings ? PAYMENT_METHODS[method].terms(settings) : { instructions: null, redirectUrl: null };
  let added = 0;
  for (const [index, demo] of DEMO_ORDERS.entries()) {
    const idempotencyKey = `seed-desk-${demo.key}`;
    const exists = await db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .where('user_id', '=', user.id)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    if (exists) continue;
    await db.transaction().execute(async (trx) => {
      const product = products[index % products.length]!;
      const placedAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
      const shippingCents = demo.collection ? 0 : 650;
      const total = product.price_cents + shippingCents;
      const paid = demo.paidByHand === true;
      const order = await trx
        .insertInto('orders')
        .values({
          tenant_id: tenant.id,
          user_id: user.id,
          order_number: `ORD-SEED-${DEMO_CODE_ALPHABET[index]}${DEMO_CODE_ALPHABET[index]}26`,
          status: demo.status,
          payment_method: demo.method,
          total_cents: total,
          total_items: 1,
          subtotal_cents: product.price_cents,
          shipping_cents: shippingCents,
          street: '12 Orchard Lane',
          city: 'Bath',
          postal_code: 'BA1 1AA',
          country: 'GB',
          fullname: demo.fullname,
          contact_number: '+44 7700 900123',
          // How to pay, as checkout records it from the shop's settings: the reminder and the
          // order's e-mails quote it.
          payment_instructions: terms(demo.method).instructions,
          payment_redirect_url: terms(demo.method).redirectUrl,
          idempotency_key: idempotencyKey,
          request_hash: null,
          created_at: placedAt.toISOString(),
          updated_at: placedAt.toISOString(),
          paid_at: paid ? new Date(placedAt.getTime() + DAY_MS / 2).toISOString() : null,
          expires_at:
            demo.status === 'awaiting_payment'
              ? new Date(placedAt.getTime() + 7 * DAY_MS).toISOString()
              : null,
          closed_at:
            demo.status === 'canceled' || demo.status === 'expired'
              ? new Date(
                  placedAt.getTime() + (demo.status === 'expired' ? 7 : 1) * DAY_MS,
                ).toISOString()
              : null,
          cancel_reason: demo.cancelReason ?? null,
          cancellation_requested_at: demo.cancellationRequest
            ? new Date(
                placedAt.getTime() + demo.cancellationRequest.daysAfter * DAY_MS,
              ).toISOString()
            : null,
          cancellation_reason: demo.cancellationRequest?.reason ?? null,
          refunded_cents: demo.refunded ? total : 0,
          // The VAT rate of the shop, as checkout snapshots it.
          ...(await homeTaxation(trx, tenant.id)),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const line = await trx
        .insertInto('order_items')
        .values({
          order_id: order.id,
          product_id: product.id,
          product_name: product.name,
          product_slug: product.slug,
          thumb_path: null,
          customization: '{}',
          quantity: 1,
          unit_price_cents: product.price_cents,
          line_total_cents: product.price_cents,
          stock_taken: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const shipment = demo.collection
        ? {
            method: 'collection',
            name: 'Collect from the workshop',
            kind: 'collection',
            age_verified: false,
            price: '0.00',
            item_ids: [line.id],
          }
        : {
            method: 'uk-standard',
            name: 'Royal Mail Tracked 48',
            kind: 'delivery',
            age_verified: false,
            price: '6.50',
            item_ids: [line.id],
          };
      await trx
        .updateTable('orders')
        .set({ shipments: JSON.stringify([shipment]) })
        .where('id', '=', order.id)
        .execute();
      const paidAt = new Date(placedAt.getTime() + DAY_MS / 2).toISOString();
      if (paid) {
        await trx
          .insertInto('manual_payments')
          .values({
            tenant_id: tenant.id,
            order_id: order.id,
            amount_cents: total,
            payer_reference: `DOE ${String(index + 1).padStart(4, '0')}`,
            received_at: paidAt,
            staff_id: owner?.id ?? null,
          })
          .execute();
      }
      if (demo.fulfilment) {
        const at = new Date(placedAt.getTime() + DAY_MS).toISOString();
        await trx
          .insertInto('order_fulfilments')
          .values({
            tenant_id: tenant.id,
            order_id: order.id,
            shipment_index: 0,
            kind: demo.collection ? 'collection' : 'delivery',
            status: demo.fulfilment,
            carrier: demo.fulfilment === 'shipped' ? 'royal_mail' : null,
            tracking_number: demo.fulfilment === 'shipped' ? 'RM123456785GB' : null,
            staff_id: owner?.id ?? null,
            shipped_at: demo.fulfilment === 'shipped' ? at : null,
            ready_at: demo.collection ? at : null,
            collected_at:
              demo.fulfilment === 'collected'
                ? new Date(placedAt.getTime() + 2 * DAY_MS).toISOString()
                : null,
          })
          .execute();
        if (demo.fulfilment !== 'ready') {
          await trx
            .updateTable('orders')
            .set({ fulfilled_at: at })
            .where('id', '=', order.id)
            .execute();
        }
      }
      if (demo.lateCardPayment) {
        const at = new Date(placedAt.getTime() + 7 * DAY_MS + DAY_MS / 4).toISOString();
        await trx
          .insertInto('payments')
          .values({
            uuid: `00000000-0000-4000-9000-${String(index + 1).padStart(12, '0')}`,
            tenant_id: tenant.id,
            order_id: order.id,
            user_id: user.id,
            amount_cents: total,
            currency: tenant.currency,
            status: 'succeeded',
            gateway_transaction_ref: null,
            error_message: null,
            created_at: placedAt.toISOString(),
            updated_at: at,
            provider: '2c2p',
            provider_ref: `INV-SEED-${String(index + 1).padStart(4, '0')}`,
            attempt: 1,
            captured_at: at,
            refund_status: 'manual',
            refund_ref: null,
            checked_at: null,
          })
          .execute();
      }
      if (demo.refunded) {
        await trx
          .insertInto('refunds')
          .values({
            uuid: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
            tenant_id: tenant.id,
            order_id: order.id,
            payment_id: null,
            amount_cents: total,
            reason: 'The piece arrived broken.',
            status: 'manual',
            provider_ref: null,
            staff_id: owner?.id ?? null,
            created_at: new Date(placedAt.getTime() + 3 * DAY_MS).toISOString(),
            settled_at: null,
          })
          .execute();
      }
    });
    added += 1;
  }
  return added;
}
