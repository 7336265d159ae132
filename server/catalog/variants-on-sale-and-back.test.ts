/**
 * Where issue 42's parts meet on a piece with variants (decisions 089, 091 and 092):
 * - a sale on the piece takes its percent off each variant's own price, on the product page as
 *   in the cart (rounded half up per unit), so the picker shows what the cart charges;
 * - "E-mail me when it is back" on a sold-out variant waits for that variant: asking for a
 *   variant in stock is 409, another piece's variant 404; once confirmed, the owner's restock of
 *   that variant e-mails the shopper once, naming the variant, and the address is forgotten; a
 *   refund that puts a piece of that variant back in stock does the same.
 * On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { components as Admin } from '../../common/admin-api';
import type { components as Shop } from '../../common/storefront-api';
import { markOrderPaid } from '../orders/mark-paid.ts';
import {
  call,
  createCustomer,
  productStock,
  variantStock as storedVariantStock,
} from '../test/shop.ts';
import { centsOf, useOrderMoves } from '../test/order-moves.ts';
import { asStaff, staffTokenFor } from '../test/staff.ts';
import { asTenant } from '../test/test-app.ts';

type ProductVariants = Admin['schemas']['ProductVariants'];
type Product = Shop['schemas']['Product'];
type Cart = Shop['schemas']['Cart'];

const backOffice = useOrderMoves();
const { t } = backOffice;
const DEMO = asTenant('demo-handcraft');
const HOUR = 3_600_000;

const owner = async () => asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice.owner));

let round = 0;
/** Sizes for a fresh piece: 210 mm (stock 5, 385.00) and 240 mm (`stock240`, 425.50). */
function sizes(stock240: number) {
  return {
    axes: ['Blade length'],
    variants: [
      { values: ['210 mm'], sku: `VSB${round}-210`, price: '385.00', stock: 5, weight_grams: 185 },
      { values: ['240 mm'], sku: `VSB${round}-240`, price: '425.50', stock: stock240 },
    ],
  };
}

async function pieceWithSizes(stock240: number) {
  const piece = await backOffice.freshProduct(7);
  round += 1;
  const saved = await call<ProductVariants>(
    t.app,
    'PUT',
    `/admin/products/${piece.id}/variants/`,
    await owner(),
    sizes(stock240),
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const [v210, v240] = saved.body.variants;
  return { piece, v210: v210!, v240: v240! };
}

describe('a sale on a piece with variants', () => {
  it('takes its percent off each variant on the page and in the cart', async () => {
    const { piece, v240 } = await pieceWithSizes(3);
    const sale = await call(t.app, 'POST', '/admin/promotions/sales/', await owner(), {
      name: 'Gyuto week',
      percent: 10,
      product_ids: [piece.id],
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: new Date(Date.now() + 24 * HOUR).toISOString(),
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const { slug } = await t.app.db
      .selectFrom('products')
      .select('slug')
      .where('id', '=', piece.id)
      .executeTakeFirstOrThrow();
    const page = await call<Product>(t.app, 'GET', `/products/products/${slug}/`, DEMO);
    // 385.00 and 425.50 less 10 %: 346.50 and 382.95 (382.95 exactly).
    expect(page.body.variants!.map((v) => [v.label, v.price])).toEqual([
      ['210 mm', '346.50'],
      ['240 mm', '382.95'],
    ]);
    expect(page.body.price).toBe('346.50');
    const me = await createCustomer(t.app);
    const added = await call<Cart>(t.app, 'POST', '/orders/cart/add-item/', me.headers, {
      product_id: piece.id,
      variant_id: v240.id,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    expect(added.body.items[0]!.unit_price).toBe('382.95');
  });
});

describe('back in stock for a sold-out variant', () => {
  const ask = (body: object) =>
    call<Record<string, unknown>>(t.app, 'POST', '/products/back-in-stock/', DEMO, body);

  const mailTo = (email: string, kind: string) =>
    t.app.db
      .selectFrom('email_outbox')
      .select('data')
      .where('recipient', '=', email)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();

  /** Asks for `variantId` of `productId` as `email` and follows the e-mailed link. */
  async function askAndConfirm(productId: number, variantId: number, email: string) {
    expect((await ask({ product: productId, variant: variantId, email })).status).toBe(202);
    const [link] = await mailTo(email, 'back_in_stock_confirm');
    const token = new URL(
      (JSON.parse(link!.data) as { confirmUrl: string }).confirmUrl,
    ).searchParams.get('token');
    const confirmed = await call(t.app, 'POST', '/products/back-in-stock/confirm/', DEMO, {
      token,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  }

  const variantStock = (variantId: number) => storedVariantStock(t.app, variantId);
  const pieceStock = (productId: number) => productStock(t.app, productId);

  it('waits for that variant, e-mails once when the owner restocks it, then forgets the address', async () => {
    const { piece, v210, v240 } = await pieceWithSizes(0);
    const other = await pieceWithSizes(0);
    const email = `variant-wait-${process.pid}-${round}@example.com`;
    // The 210 mm is in stock: order it now. Another piece's variant is no variant of this one.
    expect((await ask({ product: piece.id, variant: v210.id, email })).status).toBe(409);
    expect((await ask({ product: piece.id, variant: other.v240.id, email })).status).toBe(404);
    const bad = await ask({ product: piece.id, variant: 1.5, email });
    expect([bad.status, bad.body]).toEqual([400, { variant: ['A valid integer is required.'] }]);

    expect((await ask({ product: piece.id, variant: v240.id, email })).status).toBe(202);
    const [link] = await mailTo(email, 'back_in_stock_confirm');
    const confirmUrl = (JSON.parse(link!.data) as { confirmUrl: string }).confirmUrl;
    const token = new URL(confirmUrl).searchParams.get('token');
    const confirmed = await call(t.app, 'POST', '/products/back-in-stock/confirm/', DEMO, {
      token,
    });
    expect(confirmed.status).toBe(200);

    // Restocking the 210 mm is not the 240 mm coming back.
    const more210 = sizes(0);
    more210.variants[0]!.stock = 9;
    await call(t.app, 'PUT', `/admin/products/${piece.id}/variants/`, await owner(), {
      ...more210,
      variants: more210.variants.map((v, i) => ({
        ...v,
        id: [v210.id, v240.id][i],
        sku: [v210.sku, v240.sku][i],
      })),
    });
    expect(await mailTo(email, 'back_in_stock')).toHaveLength(0);

    const back = sizes(3);
    const restocked = await call(
      t.app,
      'PUT',
      `/admin/products/${piece.id}/variants/`,
      await owner(),
      {
        ...back,
        variants: back.variants.map((v, i) => ({
          ...v,
          id: [v210.id, v240.id][i],
          sku: [v210.sku, v240.sku][i],
        })),
      },
    );
    expect(restocked.status, JSON.stringify(restocked.body)).toBe(200);
    const sent = await mailTo(email, 'back_in_stock');
    expect(sent).toHaveLength(1);
    expect((JSON.parse(sent[0]!.data) as { productName: string }).productName).toBe(
      `${piece.name} (240 mm)`,
    );
    const left = await t.app.db
      .selectFrom('back_in_stock_requests')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(left).toEqual([]);
  });

  it('e-mails the shopper waiting for a variant when a refund puts its piece back in stock', async () => {
    const { piece, v210, v240 } = await pieceWithSizes(1);
    // The last 240 mm is sold and paid for; the piece keeps its five 210 mm.
    const order = await backOffice.placeOrder([{ productId: piece.id, variantId: v240.id }]);
    await markOrderPaid(backOffice.ctx(), backOffice.staff, order.order_number, {
      amountCents: centsOf(order.total_price),
      payerReference: order.order_number,
    });
    expect([await variantStock(v240.id), await pieceStock(piece.id)]).toEqual([0, 5]);
    const email = `variant-refund-${process.pid}-${round}@example.com`;
    await askAndConfirm(piece.id, v240.id, email);

    const detail = await call<{ lines: { id: number; unit_price: string }[] }>(
      t.app,
      'GET',
      `/admin/orders/${order.order_number}/`,
      await owner(),
    );
    const line = detail.body.lines[0]!;
    const refunded = await call(
      t.app,
      'POST',
      `/admin/orders/${order.order_number}/refunds/`,
      await owner(),
      {
        amount: line.unit_price,
        reason: 'It came back unused.',
        lines: [{ item_id: line.id, quantity: 1, restock: true }],
      },
    );
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // The piece goes back on the 240 mm and on the piece's sum; the 210 mm keeps its own.
    expect([await variantStock(v240.id), await variantStock(v210.id)]).toEqual([1, 5]);
    expect(await pieceStock(piece.id)).toBe(6);
    const sent = await mailTo(email, 'back_in_stock');
    expect(sent).toHaveLength(1);
    expect((JSON.parse(sent[0]!.data) as { productName: string }).productName).toBe(
      `${piece.name} (240 mm)`,
    );
  });
});
