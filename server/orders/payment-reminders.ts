/**
 * What the order sweep (server/http/wiring/orders.ts) does for the back office besides expiring
 * orders: it reminds shoppers of orders they still have to pay by hand, and sends each shop
 * its daily list of those orders. Safe in several processes at once: a reminder is made under
 * the order lock with a conditional UPDATE of `reminder_sent_at` (once per order and deadline),
 * and each e-mail has a dedupe key, so a second process finds the work done.
 *
 * - Payment reminder: an order of an offline method (bank transfer, the shop's own method)
 *   still `awaiting_payment` gets one e-mail when it enters the last REMINDER_BEFORE_MS before
 *   its deadline. An order placed (or reopened) inside that window gets none: the e-mail that
 *   told it the deadline is a day or two old at most.
 * - Daily list: from DIGEST_HOUR_UTC each day, once per shop and date, to the shop's contact
 *   address, while the shop has such orders.
 */
import type { OrderContext } from './context.ts';
import { OFFLINE_METHODS, queueAwaitingPaymentsDigest } from './staff-move-emails.ts';
import { lockOrder } from './order-lock.ts';

/** How long before its deadline an unpaid order's shopper is reminded (ms): 48 hours. */
export const REMINDER_BEFORE_MS = 48 * 3600 * 1000;

/** The hour (UTC) from which a shop's daily list of orders awaiting payment goes. */
export const DIGEST_HOUR_UTC = 7;

/** How many orders one sweep reminds at most (the next sweep takes the rest). */
const REMINDER_BATCH = 100;

/**
 * Reminds the shopper of each order that is due a reminder (see the module comment), each in
 * its own transaction under the order lock.
 * @returns the ids of the orders this call reminded.
 */
export async function sendPaymentReminders(ctx: OrderContext): Promise<number[]> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString();
  const due = await ctx.db
    .selectFrom('orders')
    .select(['id', 'created_at', 'expires_at'])
    .where('status', '=', 'awaiting_payment')
    .where('payment_method', 'in', OFFLINE_METHODS)
    .where('reminder_sent_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('expires_at', '<=', windowStart)
    .orderBy('expires_at')
    .limit(REMINDER_BATCH)
    .execute();
  const reminded: number[] = [];
  for (const order of due) {
    const deadline = new Date(order.expires_at!).getTime();
    // Placed (or reopened: `updated_at` moves too, but `created_at` is what the shopper saw)
    // inside the window: its order e-mail is recent enough.
    if (new Date(order.created_at).getTime() > deadline - REMINDER_BEFORE_MS) continue;
    try {
      if (await remindOne(ctx, order.id)) reminded.push(order.id);
    } catch (error) {
      ctx.log.error({ err: error, order: order.id }, 'could not remind a shopper to pay');
    }
  }
  if (reminded.length > 0) ctx.afterCommit();
  return reminded;
}

/** Reminds one order's shopper unless it was paid, closed or reminded meanwhile. */
async function remindOne(ctx: OrderContext, orderId: number): Promise<boolean> {
  const now = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId, {});
    if (!order || order.status !== 'awaiting_payment' || order.reminder_sent_at !== null) {
      return false;
    }
    const moved = await trx
      .updateTable('orders')
      .set({ reminder_sent_at: now })
      .where('id', '=', order.id)
      .where('status', '=', 'awaiting_payment')
      .where('reminder_sent_at', 'is', null)
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) return false;
    await ctx.record(trx, { type: 'payment_reminder', orderId: order.id });
    return true;
  });
}

/**
 * Queues today's list of orders awaiting payment for every shop that has any, once per shop
 * and day, from DIGEST_HOUR_UTC (see the module comment).
 * @returns the shops this call queued a list for.
 */
export async function sendAwaitingPaymentDigests(ctx: OrderContext): Promise<number[]> {
  const now = ctx.now();
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return [];
  const date = now.toISOString().slice(0, 10);
  const shops = await ctx.db
    .selectFrom('orders')
    .select('tenant_id')
    .distinct()
    .where('status', '=', 'awaiting_payment')
    .where('payment_method', 'in', OFFLINE_METHODS)
    .execute();
  const queued: number[] = [];
  for (const { tenant_id: tenantId } of shops) {
    try {
      // One insert that a second process meets in the dedupe key: no transaction needed.
      const done = await queueAwaitingPaymentsDigest(
        ctx.db,
        tenantId,
        date,
        ctx.storefrontOrigin(tenantId),
      );
      if (done) queued.push(tenantId);
    } catch (error) {
      ctx.log.error({ err: error, tenant: tenantId }, 'could not queue the daily list of a shop');
    }
  }
  if (queued.length > 0) ctx.afterCommit();
  return queued;
}

/** The back office's part of one sweep: reminders, then the daily lists; each logs its own failures. */
export async function sweepPaymentReminders(ctx: OrderContext): Promise<void> {
  const reminded = await sendPaymentReminders(ctx);
  if (reminded.length > 0) ctx.log.info({ orders: reminded }, 'reminded shoppers to pay');
  const lists = await sendAwaitingPaymentDigests(ctx);
  if (lists.length > 0) ctx.log.info({ shops: lists }, 'queued the daily lists of unpaid orders');
}
