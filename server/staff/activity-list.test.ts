/**
 * The shop-wide activity log as an owner reads it: newest first, 50 a page, by member, by kind
 * of object or one object's history, each entry naming its member (their e-mail once removed,
 * "System" when no member acted); only the shop's own entries, and only for an owner. On
 * SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/database.ts';
import { createActor, createShop } from '../test/order-fixtures.ts';
import { useTestApp } from '../test/test-app.ts';
import type { StaffActor } from './actor.ts';
import { recordActivity } from './activity-log.ts';
import { ACTIVITY_PAGE_SIZE, listActivity } from './activity-list.ts';

const t = useTestApp({}, { seed: false });
let db: Kysely<Database>;
let shop: number;
let owner: StaffActor;
let staff: StaffActor;
let gone: StaffActor;

beforeAll(async () => {
  db = t.app.db;
  shop = (await createShop(db)).id;
  owner = await createActor(db, shop, 'owner', 'Maya Hart');
  staff = await createActor(db, shop, 'staff', 'Tom Reed');
  gone = await createActor(db, shop, 'staff', 'Sam Left');
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));
  await recordActivity(
    db,
    {
      actor: owner,
      tenantId: shop,
      action: 'invitation.create',
      objectType: 'invitation',
      objectId: 5,
      after: { email: 'priya@example.com', role: 'staff' },
    },
    at(0),
  );
  await recordActivity(
    db,
    {
      actor: staff,
      tenantId: shop,
      action: 'order.mark_paid',
      objectType: 'order',
      objectId: 'ORD-7K3F-9QXD',
      before: { status: 'awaiting_payment' },
      after: { status: 'paid' },
    },
    at(1),
  );
  await recordActivity(
    db,
    {
      actor: gone,
      tenantId: shop,
      action: 'order.ship',
      objectType: 'order',
      objectId: 'ORD-9WQP-3HTN',
      before: { status: 'paid' },
      after: { status: 'shipped' },
    },
    at(2),
  );
  await recordActivity(
    db,
    {
      actor: null,
      tenantId: shop,
      action: 'order.refund_failed',
      objectType: 'order',
      objectId: 'ORD-7K3F-9QXD',
      before: { refunded_total: '45.00' },
      after: { refunded_total: '0.00' },
    },
    at(3),
  );
  await db
    .updateTable('staff')
    .set({ removed_at: new Date().toISOString() })
    .where('id', '=', gone.id)
    .execute();
  // Another shop's entry is never ours.
  const elsewhere = (await createShop(db)).id;
  await recordActivity(db, {
    actor: await createActor(db, elsewhere, 'owner'),
    tenantId: elsewhere,
    action: 'order.mark_paid',
    objectType: 'order',
    objectId: 'ORD-7K3F-9QXD',
  });
});

describe('the activity log', () => {
  it('lists the shop’s entries newest first, naming each member', async () => {
    const page = await listActivity(db, owner, {});
    expect(page).toMatchObject({ count: 4, nextPage: null, previousPage: null });
    expect(page.results.map((e) => [e.action, e.staff_name, e.object_id])).toEqual([
      ['order.refund_failed', 'System', 'ORD-7K3F-9QXD'],
      ['order.ship', gone.email, 'ORD-9WQP-3HTN'],
      ['order.mark_paid', 'Tom Reed', 'ORD-7K3F-9QXD'],
      ['invitation.create', 'Maya Hart', '5'],
    ]);
    expect(page.results[2]).toEqual({
      id: expect.any(Number),
      at: '2026-11-24T10:01:00.000Z',
      staff_id: staff.id,
      staff_name: 'Tom Reed',
      action: 'order.mark_paid',
      object_type: 'order',
      object_id: 'ORD-7K3F-9QXD',
      object_label: 'ORD-7K3F-9QXD',
      object_deleted: false,
      before: { status: 'awaiting_payment' },
      after: { status: 'paid' },
    });
    expect(page.results[0]).toMatchObject({ staff_id: null, before: { refunded_total: '45.00' } });
    expect(page.results[3]).toMatchObject({ before: null, after: { email: 'priya@example.com' } });
  });

  it('lists what one member did, one kind of object, or one object’s history', async () => {
    const byTom = await listActivity(db, owner, { staffId: staff.id });
    expect(byTom.results.map((e) => e.action)).toEqual(['order.mark_paid']);
    const orders = await listActivity(db, owner, { objectType: 'order' });
    expect(orders.count).toBe(3);
    const one = await listActivity(db, owner, { objectType: 'order', objectId: 'ORD-7K3F-9QXD' });
    expect(one.results.map((e) => e.action)).toEqual(['order.refund_failed', 'order.mark_paid']);
  });

  it(`has ${ACTIVITY_PAGE_SIZE} entries a page`, async () => {
    const busy = (await createShop(db)).id;
    const member = await createActor(db, busy, 'owner');
    for (let i = 0; i < ACTIVITY_PAGE_SIZE + 2; i++) {
      await recordActivity(db, {
        actor: member,
        tenantId: busy,
        action: 'staff.sign_in',
        objectType: 'session',
        objectId: i,
      });
    }
    const first = await listActivity(db, member, {});
    expect(first).toMatchObject({ count: 52, nextPage: 2, previousPage: null });
    expect(first.results[0]!.object_id).toBe('51');
    const second = await listActivity(db, member, { page: 2 });
    expect(second.results.map((e) => e.object_id)).toEqual(['1', '0']);
    await expect(listActivity(db, member, { page: 3 })).rejects.toMatchObject({
      code: 'invalid_page',
      message: 'Invalid page.',
    });
  });
});
