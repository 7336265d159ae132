/**
 * Variants (issue 42, decision 091): the owner gives a piece sizes in the back office, the
 * shop shows them, a cart line names one (400 when it does not), checkout takes the variant's
 * stock with a conditional UPDATE (the last piece raced by many shoppers is sold once), the
 * order keeps the variant's name and SKU, a canceled order gives the variant its pieces back,
 * and every change is in the activity log and the variant's stock history. On SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import type { components as Admin } from '../../common/admin-api';
import type { components as Shop } from '../../common/storefront-api';
import { ADDRESS, call, createCustomer, postOrder, type TestCustomer } from '../test/shop.ts';
import { useOrderMoves } from '../test/order-moves.ts';
import { queuedEmails } from '../test/sandbox.ts';
import { asStaff, staffTokenFor } from '../test/staff.ts';

type ProductVariants = Admin['schemas']['ProductVariants'];
type Cart = Shop['schemas']['Cart'];
type Order = Shop['schemas']['Order'];
type Product = Shop['schemas']['Product'];

const backOffice = useOrderMoves();
const { t } = backOffice;

async function as(who: 'owner' | 'staff') {
  return asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice[who]));
}

const variantsPath = (id: number | string) => `/admin/products/${id}/variants/`;
const save = async (id: number | string, body: unknown, who: 'owner' | 'staff' = 'owner') =>
  call<ProductVariants & Record<string, string[]>>(
    t.app,
    'PUT',
    variantsPath(id),
    await as(who),
    body,
  );

let skuRound = 0;
/** A fresh product with a 210 mm and a 240 mm variant (stocks 5 and `stock240`). */
async function gyutoWithSizes(stock240 = 2) {
  const piece = await backOffice.freshProduct(7);
  skuRound += 1;
  const saved = await save(piece.id, {
    axes: ['Blade length'],
    variants: [
      { values: ['210 mm'], sku: `T${skuRound}-210`, price: '385.00', stock: 5, weight_grams: 185 },
      {
        values: ['240 mm'],
        sku: `T${skuRound}-240`,
        price: '425.50',
        stock: stock240,
        weight_grams: 215,
      },
    ],
  });
  expect(saved.status).toBe(200);
  const [v210, v240] = saved.body.variants;
  return { piece, v210: v210!, v240: v240! };
}

const add = (who: TestCustomer, body: object) =>
  call<Cart & Record<string, string[]>>(t.app, 'POST', '/orders/cart/add-item/', who.headers, {
    quantity: 1,
    ...body,
  });

const variantStock = async (id: number) =>
  (
    await t.app.db
      .selectFrom('product_variants')
      .select('stock')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).stock;

const productRow = (id: number) =>
  t.app.db
    .selectFrom('products')
    .select(['stock', 'price_cents'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('variants in the back office', () => {
  it('saves sizes with their SKU, price, stock and weight; the piece shows them, from its lowest price', async () => {
    const { piece, v210, v240 } = await gyutoWithSizes(2);
    expect([v210.label, v210.sku, v210.price, v210.stock, v210.weight_grams]).toEqual([
      '210 mm',
      `T${skuRound}-210`,
      '385.00',
      5,
      185,
    ]);
    expect([v240.label, v240.price, v240.stock]).toEqual(['240 mm', '425.50', 2]);
    expect(await productRow(piece.id)).toEqual({ stock: 7, price_cents: 38500 });

    const { slug } = await t.app.db
      .selectFrom('products')
      .select('slug')
      .where('id', '=', piece.id)
      .executeTakeFirstOrThrow();
    const page = await call<Product>(t.app, 'GET', `/products/products/${slug}/`, {
      'x-tenant-token': 'demo-handcraft',
    });
    expect(page.body.variant_axes).toEqual(['Blade length']);
    expect(page.body.variants!.map((v) => [v.label, v.price, v.stock])).toEqual([
      ['210 mm', '385.00', 5],
      ['240 mm', '425.50', 2],
    ]);
    expect(page.body.price).toBe('385.00');

    const log = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'after'])
      .where('object_type', '=', 'product')
      .where('object_id', '=', String(piece.id))
      .where('action', '=', 'product.variants')
      .execute();
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]!.after!)).toMatchObject({
      axes: ['Blade length'],
      variants: [{ label: '210 mm' }, { label: '240 mm', sku: `T${skuRound}-240`, stock: 2 }],
    });
  });

  it('records a variant stock change in the stock history with the variant and SKU', async () => {
    const { piece, v210, v240 } = await gyutoWithSizes(2);
    const changed = await save(
      piece.id,
      {
        axes: ['Blade length'],
        variants: [
          { id: v210.id, values: ['210 mm'], sku: v210.sku, price: '385.00', stock: 5 },
          { id: v240.id, values: ['240 mm'], sku: v240.sku, price: '425.50', stock: 6 },
        ],
      },
      'staff',
    );
    expect(changed.status).toBe(200);
    expect(await variantStock(v240.id)).toBe(6);
    expect((await productRow(piece.id)).stock).toBe(11);
    const history = await call<Admin['schemas']['ProductStock']>(
      t.app,
      'GET',
      `/admin/products/${piece.id}/stock/`,
      await as('owner'),
    );
    expect(history.body.movements.results[0]).toMatchObject({
      kind: 'adjustment',
      change: 4,
      stock_after: 6,
      variant_label: '240 mm',
      sku: v240.sku,
    });
  });

  it('lists each variant at or below the piece\u2019s threshold as low, with its name and SKU', async () => {
    const { piece, v240 } = await gyutoWithSizes(2);
    const owner = await as('owner');
    const set = await call(t.app, 'PATCH', `/admin/products/${piece.id}/stock/`, owner, {
      low_stock_threshold: 2,
    });
    expect(set.status).toBe(200);
    const low = await call<Admin['schemas']['LowStockList']>(
      t.app,
      'GET',
      '/admin/stock/low/',
      owner,
    );
    const ours = low.body.results.filter((r) => r.product_id === piece.id);
    // The 210 mm (5) is not low; the piece's sum (7) is not what counts.
    expect(ours).toEqual([
      {
        product_id: piece.id,
        slug: expect.any(String),
        name: piece.name,
        stock: 2,
        low_stock_threshold: 2,
        variant_id: v240.id,
        variant_label: '240 mm',
        sku: v240.sku,
      },
    ]);
  });

  it('refuses a stock change of the piece itself: its stock is its variants\u2019', async () => {
    const { piece } = await gyutoWithSizes();
    const adjusted = await call<{ detail: string }>(
      t.app,
      'POST',
      `/admin/products/${piece.id}/stock/`,
      await as('staff'),
      { mode: 'adjust', quantity: 3, reason: 'received' },
    );
    expect(adjusted.status).toBe(409);
    expect(adjusted.body.detail).toBe(
      'This product is sold in variants: change each variant\u2019s stock under Variants.',
    );
    expect((await productRow(piece.id)).stock).toBe(7);
    const bulk = await call(t.app, 'POST', '/admin/products/bulk/', await as('owner'), {
      action: 'set_stock',
      product_ids: [piece.id],
      stock: 1,
    });
    expect([bulk.status, bulk.body]).toEqual([
      400,
      {
        product_ids: [
          `Sold in variants, whose stock is set under Variants: ${piece.name}. Leave it out.`,
        ],
      },
    ]);
    expect((await productRow(piece.id)).stock).toBe(7);
  });

  it('refuses a SKU another product has, two variants alike, three axes, and another shop\u2019s product', async () => {
    const { v210 } = await gyutoWithSizes();
    const other = await backOffice.freshProduct(3);
    const taken = await save(other.id, {
      axes: ['Size'],
      variants: [{ values: ['S'], sku: v210.sku, price: '10.00', stock: 1 }],
    });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ 'variants.0.sku': ['Another variant of the shop has this SKU.'] });

    const alike = await save(other.id, {
      axes: ['Size'],
      variants: [
        { values: ['S'], sku: 'ALIKE-1', price: '10.00', stock: 1 },
        { values: [' s '], sku: 'ALIKE-2', price: '10.00', stock: 1 },
      ],
    });
    expect(alike.body).toEqual({ 'variants.1.values': ['Two variants have the same values.'] });

    const nul = await save(other.id, {
      axes: ['Si\u0000ze'],
      variants: [{ values: ['S'], sku: 'NUL-1', price: '1e999', stock: 1 }],
    });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({
      'axes.0': ['Null characters are not allowed.'],
      'variants.0.price': [
        'Enter an amount between 0.01 and 9999999.99 with at most two decimals.',
      ],
    });
    const three = await save(other.id, { axes: ['A', 'B', 'C'], variants: [] });
    expect(three.status).toBe(400);

    expect((await save(2147483647, { axes: [], variants: [] })).status).toBe(404);
    // Another shop's product is none of this shop's.
    const theirs = await t.app.db
      .selectFrom('products as p')
      .innerJoin('tenants as s', 's.id', 'p.tenant_id')
      .select('p.id')
      .where('s.token', '=', 'demo-pottery')
      .executeTakeFirstOrThrow();
    expect((await save(theirs.id, { axes: [], variants: [] })).status).toBe(404);
    expect((await save(other.id, { axes: ['Size'] })).status).toBe(400);
    // Nothing of the refusals was saved.
    expect((await productRow(other.id)).stock).toBe(3);
  });
});

describe('variants in the cart and at checkout', () => {
  it('asks for a variant, refuses another piece\u2019s, and one for a piece without variants', async () => {
    const { piece } = await gyutoWithSizes();
    const other = await gyutoWithSizes();
    const plain = await backOffice.freshProduct(3);
    const me = await createCustomer(t.app);
    const missing = await add(me, { product_id: piece.id });
    expect([missing.status, missing.body]).toEqual([
      400,
      { variant_id: ['Choose a variant of this piece.'] },
    ]);
    const foreign = await add(me, { product_id: piece.id, variant_id: other.v240.id });
    expect(foreign.body).toEqual({ variant_id: ['This piece has no such variant.'] });
    const none = await add(me, { product_id: plain.id, variant_id: other.v240.id });
    expect(none.body).toEqual({ variant_id: ['This piece has no variants.'] });
    const huge = await add(me, { product_id: piece.id, variant_id: 2147483648 });
    expect(huge.status).toBe(400);
  });

  it('sells the 240 mm: the cart, the order and its stock carry the variant and its SKU', async () => {
    const { piece, v210, v240 } = await gyutoWithSizes(2);
    const me = await createCustomer(t.app);
    const added = await add(me, { product_id: piece.id, variant_id: v240.id, quantity: 2 });
    expect(added.status).toBe(200);
    const line = added.body.items[0]!;
    expect(line.variant).toEqual({ id: v240.id, label: '240 mm', sku: v240.sku });
    expect([line.unit_price, line.line_total, line.product.stock]).toEqual(['425.50', '851.00', 2]);
    // A third 240 mm is more than the variant has, though the piece has seven.
    const third = await add(me, { product_id: piece.id, variant_id: v240.id });
    expect([third.status, third.body]).toEqual([409, { detail: 'Only 2 items available.' }]);
    // The 210 mm is a line of its own.
    expect((await add(me, { product_id: piece.id, variant_id: v210.id })).body.items).toHaveLength(
      2,
    );

    // The shipping quote carries each variant line's weight.
    const quoted = await call<{ lines: { item_id: number; weight_grams?: number | null }[] }>(
      t.app,
      'POST',
      '/orders/cart/shipping-quote/',
      me.headers,
      { country: 'GB', choices: [] },
    );
    expect(quoted.body.lines.map((l) => l.weight_grams)).toEqual([430, 185]);

    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    expect(placed.status).toBe(201);
    expect(
      placed.body.items.map((i) => [i.variant_label, i.sku, i.quantity, i.unit_price]),
    ).toEqual([
      ['240 mm', v240.sku, 2, '425.50'],
      ['210 mm', v210.sku, 1, '385.00'],
    ]);
    expect(await variantStock(v240.id)).toBe(0);
    expect(await variantStock(v210.id)).toBe(4);
    expect((await productRow(piece.id)).stock).toBe(4);

    // The order's e-mail names the variant and its SKU on its line.
    const [mail] = await queuedEmails(t.app, placed.body.order_number);
    const data = JSON.parse(String(mail!.data)) as {
      order: { lines: { name: string; options?: { label: string; value: string }[] }[] };
    };
    expect(data.order.lines[0]!.options![0]).toEqual({
      label: 'Variant',
      value: `240 mm · SKU ${v240.sku}`,
    });

    // The shopper cancels the unpaid order: each variant gets its pieces back.
    const canceled = await call(
      t.app,
      'POST',
      `/orders/orders/${placed.body.id}/cancel/`,
      me.headers,
      {},
    );
    expect(canceled.status).toBe(200);
    expect(await variantStock(v240.id)).toBe(2);
    expect(await variantStock(v210.id)).toBe(5);
    expect((await productRow(piece.id)).stock).toBe(7);
  });

  it('exports a paid variant line with its variant and SKU for the accountant', async () => {
    const { piece, v240 } = await gyutoWithSizes(2);
    const me = await createCustomer(t.app);
    await add(me, { product_id: piece.id, variant_id: v240.id });
    const placed = await postOrder<Order>(t.app, me, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
    });
    const owner = await as('owner');
    const paid = await call(
      t.app,
      'POST',
      `/admin/orders/${placed.body.order_number}/mark-paid/`,
      owner,
      {
        amount: placed.body.total_price,
        payer_reference: placed.body.order_number,
      },
    );
    expect(paid.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await call<string>(
      t.app,
      'GET',
      `/admin/sales/exports/orders/?from=${today}&to=${today}`,
      owner,
    );
    const line = csv.body.split('\r\n').find((row) => row.includes(placed.body.order_number));
    expect(line).toContain(`,line,${piece.name} (240 mm),${v240.sku},1,425.50,`);
  });

  it('sells the last piece of a variant once among 12 concurrent checkouts', async () => {
    const { piece, v240 } = await gyutoWithSizes(1);
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => createCustomer(t.app)));
    for (const shopper of shoppers) {
      expect((await add(shopper, { product_id: piece.id, variant_id: v240.id })).status).toBe(200);
    }
    const answers = await Promise.all(
      shoppers.map((s) =>
        postOrder(t.app, s, { payment_method: 'bank_transfer', delivery_address: ADDRESS }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(11);
    for (const answer of refused) {
      expect(answer.body).toEqual({ detail: `${piece.name} (240 mm): Item is out of stock.` });
    }
    expect(await variantStock(v240.id)).toBe(0);
    expect((await productRow(piece.id)).stock).toBe(5);
  });
});
