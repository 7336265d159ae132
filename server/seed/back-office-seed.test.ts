/**
 * The back office's demo (docs/back-office.md): the demo owner and staff member can sign in with
 * the passwords of docs/back-office.md, the back office has an order in every state, and the
 * e-mails the order sweep sends about the demo orders (the payment reminder, the shop's morning
 * list) are made and sent, never refused as invalid and retried for ever.
 */
import { seedBackOfficeIfMissing } from './back-office-seed.ts';
import { DEMO_STAFF } from './back-office-seed-data.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

describe('the back office demo', () => {
  it('adds the documented staff, messages for the inbox and orders in every state of the back office, once', async () => {
    const first = await seedBackOfficeIfMissing(t.app.db, { passwordHashCost: 10 });
    expect(first).toEqual(expect.arrayContaining(DEMO_STAFF.map((s) => s.email)));
    expect(first).toContain('3 contact messages at demo-handcraft');
    expect(await seedBackOfficeIfMissing(t.app.db, { passwordHashCost: 10 })).toEqual([]);

    for (const member of DEMO_STAFF) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/login/',
        headers: { 'x-tenant-token': member.tenantToken },
        payload: { email: member.email, password: member.password },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ staff: { role: member.role } });
    }

    const statuses = await t.app.db
      .selectFrom('orders')
      .select('status')
      .distinct()
      .where('order_number', 'like', 'ORD-SEED-%')
      .execute();
    expect(statuses.map((row) => row.status).sort()).toEqual(
      [
        'awaiting_payment',
        'canceled',
        'completed',
        'expired',
        'paid',
        'ready_to_collect',
        'refunded',
        'shipped',
      ].sort(),
    );
  });

  it("sends the sweep's e-mails about the demo orders without a refusal", async () => {
    await t.app.sweepOrders();
    await t.app.emailOutbox.drain();
    const outbox = await t.app.db
      .selectFrom('email_outbox')
      .select(['kind', 'status', 'last_error'])
      .execute();
    expect(outbox.filter((row) => row.last_error !== null)).toEqual([]);
    expect(outbox.map((row) => row.kind)).toContain('payment_reminder');
  });
});
