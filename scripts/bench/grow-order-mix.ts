/// <reference types="node" />
/**
 * The back office's bench data (`npm run bench -- --orders N`): after ./grow-catalog.ts has
 * grown the demo shop to N orders (all old, settled, paid by bank transfer), this gives them
 * the mix a back-office sees, decided by each order's id so the same database always gets the same
 * mix: about 40% paid by card and 10% by the shop's own method; of the orders older than five
 * days, about 2% completed (collected), 2% refunded and 2% ready to collect; of the newest
 * 1,000, a quarter waiting for a bank transfer (with a deadline a year ahead, so no sweep closes
 * them while the bench runs). Then it refreshes the planner's statistics, as after any bulk load.
 */
import type { BulkTarget } from './bulk-writer';
import { openBulkWriter } from './bulk-writer';
import { DAY_MS } from './grow-rows';

/** What {@link mixBenchOrders} changed, one line each, for the report. */
export async function mixBenchOrders(
  target: BulkTarget,
  tenantToken: string,
  now: Date,
): Promise<string[]> {
  const writer = await openBulkWriter(target);
  try {
    const [tenant] = await writer.query<{ id: number }>('select id from tenants where token = ?', [
      tenantToken,
    ]);
    if (!tenant) throw new Error(`no shop with the token ${tenantToken}`);
    const old = new Date(now.getTime() - 5 * DAY_MS).toISOString();
    const done: string[] = [];
    await writer.transaction(async () => {
      await writer.query(
        `update orders set payment_method = case
            when id % 10 < 4 then 'card_2c2p'
            when id % 10 = 4 then 'custom'
            else 'bank_transfer' end
          where tenant_id = ?`,
        [tenant.id],
      );
      done.push('payment methods: 40% card, 10% custom, 50% bank transfer');
      await writer.query(
        `update orders set status = case
            when id % 50 = 0 then 'completed'
            when id % 50 = 1 then 'refunded'
            else 'ready_to_collect' end
          where tenant_id = ? and status = 'shipped' and created_at < ? and id % 50 < 3`,
        [tenant.id, old],
      );
      done.push('older shipped orders: 2% completed, 2% refunded, 2% ready to collect');
      const newest = await writer.query<{ id: number }>(
        'select id from orders where tenant_id = ? order by created_at desc, id desc limit 1000',
        [tenant.id],
      );
      const waiting = newest.map((row) => row.id).filter((id) => id % 4 === 0);
      const deadline = new Date(now.getTime() + 365 * DAY_MS).toISOString();
      for (let start = 0; start < waiting.length; start += 500) {
        const ids = waiting.slice(start, start + 500);
        await writer.query(
          `update orders set status = 'awaiting_payment', payment_method = 'bank_transfer',
              paid_at = null, closed_at = null, expires_at = ?
            where id in (${ids.map(() => '?').join(', ')})`,
          [deadline, ...ids],
        );
      }
      done.push(`${waiting.length} of the newest 1000 orders awaiting a bank transfer`);
    });
    if (writer.dialect === 'sqlite') await writer.query('analyze');
    else await writer.query('vacuum (analyze) orders, users');
    done.push(writer.dialect === 'sqlite' ? 'analyze' : 'vacuum (analyze) orders, users');
    return done;
  } finally {
    await writer.close();
  }
}
