/**
 * The back office's moves through the back office's API (openapi/admin.yaml): each answers the
 * order as the back office shows it afterwards, a refusal answers its status with the plain
 * message, and a role without the move is refused before anything changes.
 */
import type { components } from '../../../common/admin-api';
import { call } from '../../test/shop.ts';
import { useOrderMoves } from '../../test/order-moves.ts';
import { asStaff, staffTokenFor } from '../../test/staff.ts';

type AdminOrder = components['schemas']['AdminOrder'];
type AdminOrderList = components['schemas']['AdminOrderList'];
type Today = components['schemas']['Today'];

const backOffice = useOrderMoves();
const { t } = backOffice;

async function as(who: 'owner' | 'staff') {
  return asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice[who]));
}

const post = <T = AdminOrder>(headers: Record<string, string>, path: string, body?: unknown) =>
  call<T>(t.app, 'POST', `/admin/orders/${path}`, headers, body ?? {});

describe('the back office through the API', () => {
  it('marks paid, ships and answers the order each time', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const staff = await as('staff');

    const paid = await post(staff, `${order.order_number}/mark-paid/`, {
      amount: order.total_price,
      payer_reference: `${order.order_number} LOVELACE`,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      order_number: order.order_number,
      status: 'paid',
      paid_total: order.total_price,
      expires_at: null,
    });
    expect(paid.body.actions).toContain('ship');

    const shipped = await post(staff, `${order.order_number}/shipments/0/ship/`, {
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.status).toBe('shipped');
    expect(shipped.body.shipments[0]!.fulfilment).toMatchObject({
      status: 'shipped',
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
      tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    });

    // Twice: the plain refusal, and nothing more recorded.
    const again = await post(staff, `${order.order_number}/shipments/0/ship/`, {
      carrier: 'royal_mail',
      tracking_number: 'AB123456789GB',
    });
    expect(again).toMatchObject({
      status: 409,
      body: { detail: 'This shipment has already been sent.' },
    });
    expect(
      (
        await post(staff, `${order.order_number}/shipments/5/ship/`, {
          carrier: 'dpd',
          tracking_number: '1',
        })
      ).status,
    ).toBe(404);
  });

  it('answers an amount below the total on its field, and a collection on the collection paths', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id, ship: 'collection' },
    ]);
    const staff = await as('staff');
    const short = await post(staff, `${order.order_number}/mark-paid/`, {
      amount: '0.01',
      payer_reference: 'LOVELACE',
    });
    expect(short).toMatchObject({
      status: 400,
      body: {
        amount: [`The amount received is less than the order's total of $${order.total_price}.`],
      },
    });
    await post(staff, `${order.order_number}/mark-paid/`, {
      amount: order.total_price,
      payer_reference: 'LOVELACE',
    });
    const ready = await post(staff, `${order.order_number}/shipments/0/ready/`);
    expect(ready.status, JSON.stringify(ready.body)).toBe(200);
    expect(ready.body.status).toBe('ready_to_collect');
    const collected = await post(staff, `${order.order_number}/shipments/0/collected/`);
    expect(collected.body.status).toBe('completed');
  });

  it("counts an order paid for collection at the workshop as to ship, in the list's tab and on Today alike", async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id, ship: 'collection' },
    ]);
    const staff = await as('staff');
    const paid = await post(staff, `${order.order_number}/mark-paid/`, {
      amount: order.total_price,
      payer_reference: 'LOVELACE',
    });
    expect(paid.body.actions).toContain('mark_ready');
    const get = <T>(path: string) => call<T>(t.app, 'GET', `/admin/${path}`, staff);

    const found = await get<AdminOrderList>(`orders/?status=to_ship&search=${order.order_number}`);
    expect(found.body.results.map((o) => o.order_number)).toEqual([order.order_number]);
    const today = await get<Today>('today/');
    expect(today.body.to_ship.map((o) => o.order_number)).toContain(order.order_number);

    // And the two count the same orders: the tab's count is Today's list.
    const tab = await get<AdminOrderList>('orders/?status=to_ship');
    expect(today.body.to_ship).toHaveLength(tab.body.count);
    expect(tab.body.status_counts.to_ship).toBe(tab.body.count);
  });

  it('lets staff cancel an unpaid order but not reopen it; an owner reopens', async () => {
    const order = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    const staff = await as('staff');
    const canceled = await post(staff, `${order.order_number}/cancel/`, {
      reason: 'Sold at the gallery this morning.',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body).toMatchObject({
      status: 'canceled',
      cancel_reason: 'Sold at the gallery this morning.',
    });

    const expired = await backOffice.placeOrder([
      { productId: (await backOffice.freshProduct()).id },
    ]);
    await backOffice.expire(expired.order_number);
    expect(await post(staff, `${expired.order_number}/reopen/`)).toMatchObject({
      status: 403,
      body: { detail: 'You do not have permission to perform this action.' },
    });
    const reopened = await post(await as('owner'), `${expired.order_number}/reopen/`);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body).toMatchObject({
      status: 'awaiting_payment',
      expires_at: expect.any(String),
    });
  });
});
