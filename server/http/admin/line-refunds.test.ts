/**
 * An owner refunds pieces of an order through the back office's API (`POST
 * /admin/orders/{n}/refunds/` with `lines`): the amount follows the pieces (never more than
 * they cost, nor than what is refundable), each line at most what is left of it, and the pieces
 * put back in stock when asked, shown in the product's stock history as a return of the order.
 * Refused, with nothing changed: a line of another order, more pieces than ordered or left, an
 * amount above the pieces, another shop's token, a member of staff (refunds are owners' only),
 * a body that is not JSON, huge numbers. On SQLite and on PostgreSQL.
 */
import type { components } from '../../../common/admin-api';
import { markOrderPaid } from '../../orders/mark-paid.ts';
import { createShop } from '../../test/order-fixtures.ts';
import { centsOf, useOrderMoves } from '../../test/order-moves.ts';
import { call, productStock } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, type TestStaff } from '../../test/staff.ts';

type AdminOrder = components['schemas']['AdminOrder'];
type ProductStock = components['schemas']['ProductStock'];

const backOffice = useOrderMoves();
const { t } = backOffice;

const headers = async (who: TestStaff, token = 'demo-handcraft') =>
  asStaff(token, await staffTokenFor(t.app, who));

const refund = async (who: TestStaff, number: string, body: unknown, token?: string) =>
  call<AdminOrder & Record<string, string[]>>(
    t.app,
    'POST',
    `/admin/orders/${number}/refunds/`,
    await headers(who, token),
    body,
  );

const stockOf = (productId: number) => productStock(t.app, productId);

/** A paid order of two mugs and one other piece, with what refunds may refer to. */
async function paidOrder() {
  const mug = await backOffice.freshProduct(10);
  const other = await backOffice.freshProduct(10);
  const order = await backOffice.placeOrder([
    { productId: mug.id, quantity: 2 },
    { productId: other.id },
  ]);
  await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
    amountCents: centsOf(order.total_price),
    payerReference: order.order_number,
  });
  const detail = await call<AdminOrder>(
    t.app,
    'GET',
    `/admin/orders/${order.order_number}/`,
    await headers(backOffice.owner),
  );
  const mugLine = detail.body.lines.find((l) => l.quantity === 2)!;
  const otherLine = detail.body.lines.find((l) => l.quantity === 1)!;
  return { order, detail: detail.body, mug, other, mugLine, otherLine };
}

describe('a refund of picked lines', () => {
  it('refunds one mug, puts it back in stock, and the stock history shows the return', async () => {
    const { order, mug, mugLine, other } = await paidOrder();
    expect(await stockOf(mug.id)).toBe(8);
    const answer = await refund(backOffice.owner, order.order_number, {
      amount: mugLine.unit_price,
      reason: 'One mug came back unused.',
      lines: [{ item_id: mugLine.id, quantity: 1, restock: true }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.refunded_total).toBe(mugLine.unit_price);
    expect(answer.body.lines.find((l) => l.id === mugLine.id)).toMatchObject({
      refunded_quantity: 1,
      restocked_quantity: 1,
    });
    expect(await stockOf(mug.id)).toBe(9);
    expect(await stockOf(other.id)).toBe(9);
    expect(answer.body.timeline.map((e) => e.action)).toContain('Refunded pieces');
    expect(answer.body.timeline.find((e) => e.action === 'Refunded pieces')?.detail).toMatch(
      /^1 × .+ \(1 back in stock\)$/,
    );

    const history = await call<ProductStock>(
      t.app,
      'GET',
      `/admin/products/${mug.id}/stock/`,
      await headers(backOffice.owner),
    );
    expect(history.status).toBe(200);
    expect(history.body.stock).toBe(9);
    expect(history.body.movements.results[0]).toMatchObject({
      kind: 'return',
      change: 1,
      order_number: order.order_number,
    });
    const log = await backOffice.activityOf(order.order_number);
    expect(log.at(-1)).toMatchObject({
      action: 'order.refund_lines',
      staff_id: backOffice.owner.staff.id,
      after: { lines: [{ item_id: mugLine.id, quantity: 1, restocked: 1 }] },
    });

    // The second mug: at most one is left of the line, and the amount at most its price.
    const tooMany = await refund(backOffice.owner, order.order_number, {
      amount: '1.00',
      reason: 'Both mugs.',
      lines: [{ item_id: mugLine.id, quantity: 2 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.lines?.[0]).toMatch(/: at most 1 more can be refunded\.$/);
    const overPieces = await refund(backOffice.owner, order.order_number, {
      amount: (centsOf(mugLine.unit_price) / 100 + 1).toFixed(2),
      reason: 'A mug and a bit.',
      lines: [{ item_id: mugLine.id, quantity: 1 }],
    });
    expect(overPieces.status).toBe(400);
    expect(overPieces.body).toEqual({
      amount: [`At most ${mugLine.unit_price} for the pieces picked.`],
    });
    // Lower than the pieces is allowed, and no restock leaves the stock alone.
    const lower = await refund(backOffice.owner, order.order_number, {
      amount: '1.00',
      reason: 'Kept the chipped mug, with a discount.',
      lines: [{ item_id: mugLine.id, quantity: 1 }],
    });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect(lower.body.lines.find((l) => l.id === mugLine.id)).toMatchObject({
      refunded_quantity: 2,
      restocked_quantity: 1,
    });
    expect(await stockOf(mug.id)).toBe(9);
    const none = await refund(backOffice.owner, order.order_number, {
      amount: '1.00',
      reason: 'Again.',
      lines: [{ item_id: mugLine.id, quantity: 1 }],
    });
    expect(none.status).toBe(400);
    expect(none.body.lines?.[0]).toMatch(/: every piece has been refunded already\.$/);
  });

  it('refuses a line of another order, and more pieces than ordered, changing nothing', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const before = await backOffice.orderRow(first.order.order_number);
    const foreign = await refund(backOffice.owner, first.order.order_number, {
      amount: '1.00',
      reason: 'Wrong order.',
      lines: [{ item_id: second.otherLine.id, quantity: 1, restock: true }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      lines: [`This order has no line ${second.otherLine.id}.`],
    });
    const more = await refund(backOffice.owner, first.order.order_number, {
      amount: '1.00',
      reason: 'Three mugs.',
      lines: [{ item_id: first.mugLine.id, quantity: 3, restock: true }],
    });
    expect(more.status).toBe(400);
    expect(more.body.lines?.[0]).toMatch(/: at most 2 more can be refunded\.$/);
    const twice = await refund(backOffice.owner, first.order.order_number, {
      amount: '1.00',
      reason: 'Twice.',
      lines: [
        { item_id: first.mugLine.id, quantity: 1 },
        { item_id: first.mugLine.id, quantity: 1 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ lines: ['Name each line once.'] });
    const huge = await refund(backOffice.owner, first.order.order_number, {
      amount: '1.00',
      reason: 'Huge.',
      lines: [{ item_id: 1e300, quantity: 1 }],
    });
    expect(huge.status).toBe(400);

    const after = await backOffice.orderRow(first.order.order_number);
    expect(after.refunded_cents).toBe(before.refunded_cents);
    expect(await stockOf(first.mug.id)).toBe(8);
    expect(await stockOf(second.other.id)).toBe(9);
    expect(
      await t.app.db
        .selectFrom('refund_lines')
        .select('id')
        .where('order_id', '=', first.order.id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses staff, another shop and a body that is not JSON, changing nothing', async () => {
    const { order, mug, mugLine } = await paidOrder();
    const body = {
      amount: mugLine.unit_price,
      reason: 'One mug.',
      lines: [{ item_id: mugLine.id, quantity: 1, restock: true }],
    };
    // Refunds are money out of the shop: owners only (orders.money).
    const byStaff = await refund(backOffice.staff, order.order_number, body);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body).toEqual({ detail: 'You do not have permission to perform this action.' });

    const elsewhere = await createShop(t.app.db);
    const otherOwner = await createStaff(t.app.db, { tenantId: elsewhere.id, role: 'owner' });
    const foreign = await refund(otherOwner, order.order_number, body, elsewhere.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Not found.' });

    const text = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.order_number}/refunds/`,
      headers: { ...(await headers(backOffice.owner)), 'content-type': 'text/plain' },
      payload: JSON.stringify(body),
    });
    expect(text.statusCode).toBe(415);
    expect(JSON.parse(text.body)).toHaveProperty('detail');

    expect((await backOffice.orderRow(order.order_number)).refunded_cents).toBe(0);
    expect(await stockOf(mug.id)).toBe(8);
  });

  it('gives back on a cancel only what a refund did not put back already', async () => {
    const { order, mug, mugLine } = await paidOrder();
    const answer = await refund(backOffice.owner, order.order_number, {
      amount: mugLine.unit_price,
      reason: 'One mug came back.',
      lines: [{ item_id: mugLine.id, quantity: 1, restock: true }],
    });
    expect(answer.status).toBe(200);
    expect(await stockOf(mug.id)).toBe(9);
    const canceled = await call<AdminOrder>(
      t.app,
      'POST',
      `/admin/orders/${order.order_number}/cancel/`,
      await headers(backOffice.owner),
      { reason: 'Out of glaze.' },
    );
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await stockOf(mug.id)).toBe(10);
  });
});
