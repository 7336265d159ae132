/**
 * A product's stock in the back office (openapi/admin.yaml, tag stock): a member sets a count or
 * adjusts it with a reason, never below 0 and never racing a checkout; the history shows the
 * changes, the sales and what an order gave back; the low-stock threshold and the low list;
 * the storefront shows the new stock at once; the activity log keeps before and after.
 */
import type { components } from '../../../common/admin-api';
import { ADDRESS, call, createCustomer, postOrder } from '../../test/shop.ts';
import { useOrderMoves } from '../../test/order-moves.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { asTenant } from '../../test/test-app.ts';

type ProductStock = components['schemas']['ProductStock'];
type LowStockList = components['schemas']['LowStockList'];

const backOffice = useOrderMoves();
const { t } = backOffice;

async function as(who: 'owner' | 'staff') {
  return asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice[who]));
}

const stockPath = (id: number | string) => `/admin/products/${id}/stock/`;
const adjust = (headers: Record<string, string>, id: number | string, body: unknown) =>
  call<ProductStock & { detail?: string }>(t.app, 'POST', stockPath(id), headers, body);
const read = (headers: Record<string, string>, id: number | string, page?: number) =>
  call<ProductStock>(t.app, 'GET', `${stockPath(id)}${page ? `?page=${page}` : ''}`, headers);

async function stockOf(id: number) {
  return (
    await t.app.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).stock;
}

async function activityOf(productId: number) {
  const rows = await t.app.db
    .selectFrom('activity_log')
    .selectAll()
    .where('object_type', '=', 'product')
    .where('object_id', '=', String(productId))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    staff_id: r.staff_id,
    action: r.action,
    before: r.before === null ? null : (JSON.parse(r.before) as unknown),
    after: r.after === null ? null : (JSON.parse(r.after) as unknown),
  }));
}

describe('stock through the back office', () => {
  it('adjusts by a signed number and sets a count, each in the history with its reason', async () => {
    const piece = await backOffice.freshProduct(4);
    const staff = await as('staff');

    const received = await adjust(staff, piece.id, {
      mode: 'adjust',
      quantity: 5,
      reason: 'received',
      note: 'Batch from the forge',
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body).toMatchObject({ product_id: piece.id, stock: 9, made_to_order: false });

    const broken = await adjust(staff, piece.id, {
      mode: 'adjust',
      quantity: -2,
      reason: 'broken',
    });
    expect(broken.body.stock).toBe(7);

    const counted = await adjust(staff, piece.id, {
      mode: 'set',
      quantity: 12,
      expected_stock: 7,
      reason: 'correction',
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.stock).toBe(12);
    expect(await stockOf(piece.id)).toBe(12);

    const history = counted.body.movements;
    expect(history.count).toBe(3);
    expect(history.results.map((m) => [m.kind, m.change, m.stock_after, m.reason])).toEqual([
      ['adjustment', 5, 12, 'correction'],
      ['adjustment', -2, 7, 'broken'],
      ['adjustment', 5, 9, 'received'],
    ]);
    expect(history.results[2]).toMatchObject({
      note: 'Batch from the forge',
      staff_name: backOffice.staff.name,
      order_number: null,
    });

    expect(await activityOf(piece.id)).toEqual([
      {
        staff_id: backOffice.staff.id,
        action: 'product.stock_adjust',
        before: { stock: 4 },
        after: { stock: 9, reason: 'received', note: 'Batch from the forge' },
      },
      {
        staff_id: backOffice.staff.id,
        action: 'product.stock_adjust',
        before: { stock: 9 },
        after: { stock: 7, reason: 'broken' },
      },
      {
        staff_id: backOffice.staff.id,
        action: 'product.stock_set',
        before: { stock: 7 },
        after: { stock: 12, reason: 'correction' },
      },
    ]);
  });

  it('refuses to take away more than there is, with the stock now, and changes nothing', async () => {
    const piece = await backOffice.freshProduct(2);
    const owner = await as('owner');
    const refused = await adjust(owner, piece.id, { mode: 'adjust', quantity: -3, reason: 'fair' });
    expect(refused).toMatchObject({
      status: 409,
      body: { detail: 'Only 2 in stock: you cannot take away 3.', stock: 2 },
    });
    expect(await stockOf(piece.id)).toBe(2);
    expect((await read(owner, piece.id)).body.movements.count).toBe(0);
    expect(await activityOf(piece.id)).toEqual([]);

    // Taking exactly what there is sells it out.
    const fair = await adjust(owner, piece.id, { mode: 'adjust', quantity: -2, reason: 'fair' });
    expect(fair.body.stock).toBe(0);
  });

  it('refuses a count when the stock moved since the member saw it (a sale), keeping the sale', async () => {
    const piece = await backOffice.freshProduct(5);
    const owner = await as('owner');
    const seen = (await read(owner, piece.id)).body.stock;
    await backOffice.placeOrder([{ productId: piece.id, quantity: 1 }]);
    const refused = await adjust(owner, piece.id, {
      mode: 'set',
      quantity: 8,
      expected_stock: seen,
      reason: 'correction',
    });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        detail: 'The stock changed to 4 meanwhile (a sale?); check the count and save again.',
        stock: 4,
      },
    });
    expect(await stockOf(piece.id)).toBe(4);
  });

  it('shows sales and what an unpaid order gave back in the history, newest first', async () => {
    const piece = await backOffice.freshProduct(6);
    const owner = await as('owner');
    await adjust(owner, piece.id, { mode: 'adjust', quantity: 1, reason: 'received' });
    const order = await backOffice.placeOrder([{ productId: piece.id, quantity: 2 }]);
    const canceled = await call(
      t.app,
      'POST',
      `/admin/orders/${order.order_number}/cancel/`,
      owner,
      {
        reason: 'The customer asked us to.',
      },
    );
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);

    const stock = (await read(owner, piece.id)).body;
    expect(stock.stock).toBe(7);
    expect(stock.movements.results.map((m) => [m.kind, m.change, m.order_number])).toEqual([
      ['return', 2, order.order_number],
      ['sale', -2, order.order_number],
      ['adjustment', 1, null],
    ]);
  });

  it('pages a long history, 20 a page, and answers a page past the last with 404', async () => {
    const piece = await backOffice.freshProduct(0);
    const owner = await as('owner');
    for (let i = 0; i < 21; i += 1) {
      await adjust(owner, piece.id, { mode: 'adjust', quantity: 1, reason: 'received' });
    }
    const first = (await read(owner, piece.id)).body;
    expect(first.movements.count).toBe(21);
    expect(first.movements.results).toHaveLength(20);
    expect(first.movements.results[0]!.stock_after).toBe(21);
    expect(first.movements.next).toMatch(/page=2/);
    const second = (await read(owner, piece.id, 2)).body;
    expect(second.movements.results.map((m) => m.stock_after)).toEqual([1]);
    expect(second.movements.previous).not.toBeNull();
    expect((await read(owner, piece.id, 3)).status).toBe(404);
  });

  it('refuses any stock change of a made-to-order piece', async () => {
    const piece = await backOffice.freshProduct(0);
    await t.app.db
      .updateTable('products')
      .set({ made_to_order: 1 })
      .where('id', '=', piece.id)
      .execute();
    const owner = await as('owner');
    try {
      const refused = await adjust(owner, piece.id, {
        mode: 'adjust',
        quantity: 3,
        reason: 'received',
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { detail: 'This product is made to order and takes no stock.' },
      });
      expect((await read(owner, piece.id)).body).toMatchObject({
        made_to_order: true,
        is_low: false,
      });
    } finally {
      await t.app.db
        .updateTable('products')
        .set({ made_to_order: 0 })
        .where('id', '=', piece.id)
        .execute();
    }
  });

  it('keeps the stock at or above 0 and every unit accounted for when adjustments race checkouts', async () => {
    const piece = await backOffice.freshProduct(6);
    const owner = await as('owner');
    // Three shoppers with the piece in their carts, ready to check out at the same moment.
    const ready = [];
    for (let i = 0; i < 3; i += 1) {
      const me = await createCustomer(t.app);
      const cart = await call<{ items: { id: number }[] }>(
        t.app,
        'POST',
        '/orders/cart/add-item/',
        me.headers,
        { product_id: piece.id, quantity: 1 },
      );
      expect(cart.status).toBe(200);
      ready.push({ me, itemId: cart.body.items[0]!.id });
    }
    const results = await Promise.all([
      ...Array.from({ length: 3 }, () =>
        adjust(owner, piece.id, { mode: 'adjust', quantity: -2, reason: 'fair' }),
      ),
      ...ready.map(({ me, itemId }) =>
        postOrder(t.app, me, {
          payment_method: 'bank_transfer',
          delivery_address: ADDRESS,
          shipping: [{ item_id: itemId, method: 'uk-standard' }],
        }),
      ),
    ]);
    const adjusted = results.slice(0, 3).filter((r) => r.status === 200).length;
    const refused = results.slice(0, 3).filter((r) => r.status === 409).length;
    expect(adjusted + refused).toBe(3);
    const sold = results.slice(3).filter((r) => r.status === 201).length;
    expect(results.slice(3).every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const stock = await stockOf(piece.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock).toBe(6 - 2 * adjusted - sold);
    // 6 units, 9 asked for: someone was refused.
    expect(adjusted * 2 + sold).toBeLessThanOrEqual(6);
    const history = (await read(owner, piece.id)).body.movements.results;
    expect(history.filter((m) => m.kind === 'adjustment')).toHaveLength(adjusted);
    expect(history.filter((m) => m.kind === 'sale')).toHaveLength(sold);
  });

  it('shows the new stock on the storefront at once', async () => {
    const piece = await backOffice.freshProduct(3);
    const shop = asTenant('demo-handcraft');
    const slug = (
      await t.app.db
        .selectFrom('products')
        .select('slug')
        .where('id', '=', piece.id)
        .executeTakeFirstOrThrow()
    ).slug;
    const before = await call<{ stock: number }>(t.app, 'GET', `/products/products/${slug}/`, shop);
    expect(before.body.stock).toBe(3);
    await adjust(await as('staff'), piece.id, { mode: 'set', quantity: 0, reason: 'fair' });
    const after = await call<{ stock: number }>(t.app, 'GET', `/products/products/${slug}/`, shop);
    expect(after.body.stock).toBe(0);
  });

  it('sets the low-stock threshold and lists what is low, sold out first', async () => {
    const owner = await as('owner');
    const low = await backOffice.freshProduct(1);
    const soldOut = await backOffice.freshProduct(0);
    const plenty = await backOffice.freshProduct(50);
    for (const piece of [low, soldOut, plenty]) {
      const set = await call<ProductStock>(t.app, 'PATCH', stockPath(piece.id), owner, {
        low_stock_threshold: 3,
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(set.body.low_stock_threshold).toBe(3);
    }
    expect((await read(owner, low.id)).body.is_low).toBe(true);
    expect((await read(owner, plenty.id)).body.is_low).toBe(false);

    const list = await call<LowStockList>(t.app, 'GET', '/admin/stock/low/', owner);
    expect(list.status).toBe(200);
    const ids = list.body.results.map((r) => r.product_id);
    expect(ids).toContain(low.id);
    expect(ids).toContain(soldOut.id);
    expect(ids).not.toContain(plenty.id);
    expect(ids.indexOf(soldOut.id)).toBeLessThan(ids.indexOf(low.id));

    // null: never warned.
    const off = await call<ProductStock>(t.app, 'PATCH', stockPath(low.id), owner, {
      low_stock_threshold: null,
    });
    expect(off.body).toMatchObject({ low_stock_threshold: null, is_low: false });
    const entries = await activityOf(low.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'product.stock_threshold',
      before: { low_stock_threshold: 3 },
      after: { low_stock_threshold: null },
    });
  });

  it("answers 404 for another shop's product, and staff of another shop cannot reach this one", async () => {
    const potteryId = await tenantIdOf(t.app.db, 'demo-pottery');
    const theirs = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', potteryId)
      .executeTakeFirstOrThrow();
    const owner = await as('owner');
    expect((await read(owner, theirs.id)).status).toBe(404);
    expect(
      (await adjust(owner, theirs.id, { mode: 'adjust', quantity: 1, reason: 'received' })).status,
    ).toBe(404);
    expect(
      (await call(t.app, 'PATCH', stockPath(theirs.id), owner, { low_stock_threshold: 1 })).status,
    ).toBe(404);

    const potter = await createStaff(t.app.db, { tenantId: potteryId, role: 'owner' });
    const mine = await backOffice.freshProduct(3);
    const headers = asStaff('demo-pottery', await staffTokenFor(t.app, potter));
    expect((await read(headers, mine.id)).status).toBe(404);
  });

  it('refuses hostile input with 4xx and changes nothing', async () => {
    const piece = await backOffice.freshProduct(3);
    const owner = await as('owner');
    const bodies: unknown[] = [
      { mode: 'adjust', quantity: 0, reason: 'received' },
      { mode: 'adjust', quantity: 1.5, reason: 'received' },
      { mode: 'adjust', quantity: 99999999999, reason: 'received' },
      { mode: 'set', quantity: -1, reason: 'correction' },
      { mode: 'adjust', quantity: 1, reason: 'initial' },
      { mode: 'adjust', quantity: 1, reason: 'received', note: 'x'.repeat(501) },
      { mode: 'adjust', quantity: 1, reason: 'received', note: 'bad\u0000note' },
      { mode: 'adjust', quantity: 1, reason: 'received', expected_stock: 3 },
      { mode: 'adjust', quantity: 1, reason: 'received', stock: 100 },
      { mode: 'grow', quantity: 1, reason: 'received' },
      {},
      [],
      'quantity=5',
    ];
    for (const body of bodies) {
      const answer = await adjust(owner, piece.id, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
    // Past a million in stock.
    await adjust(owner, piece.id, { mode: 'set', quantity: 1_000_000, reason: 'correction' });
    const over = await adjust(owner, piece.id, { mode: 'adjust', quantity: 1, reason: 'received' });
    expect(over.status).toBe(400);
    await adjust(owner, piece.id, { mode: 'set', quantity: 3, reason: 'correction' });
    for (const id of ['0', '-1', '2147483648', '99999999999999999999', 'abc']) {
      const answer = await read(owner, id);
      expect(answer.status, id).toBeGreaterThanOrEqual(400);
      expect(answer.status, id).toBeLessThan(500);
    }
    for (const threshold of [-1, 100001, 1.5, 'three']) {
      const answer = await call(t.app, 'PATCH', stockPath(piece.id), owner, {
        low_stock_threshold: threshold,
      });
      expect(answer.status, String(threshold)).toBe(400);
    }
    expect(await stockOf(piece.id)).toBe(3);
  });
});
