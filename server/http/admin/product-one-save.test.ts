/**
 * The product editor's one save and the products list's bulk changes (issue 40; openapi/admin.yaml
 * `createProduct` with `photos`, `bulkChangeProducts`, `AdminCategory.adults_only`):
 * - a new product is created with the photos uploaded while its form was filled, in order,
 *   in one save; a refused photo (another shop's upload, one used already, a NUL in its alt
 *   text) creates nothing;
 * - a product made in a category sold to adults only is adults only unless the form says not;
 * - many products are archived, or their stock set, all or nothing, each written down as its
 *   single edit would be; another shop's product, too many ids, huge, non-finite or NUL-laden
 *   input and a body that is not JSON are refused with a DRF body and change nothing.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import type { components } from '../../../common/admin-api';
import { testPhoto } from '../../test/images.ts';
import { useOrderMoves } from '../../test/order-moves.ts';
import { call } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';

type AdminProduct = components['schemas']['AdminProduct'];
type AdminCategory = components['schemas']['AdminCategory'];
type BulkResult = components['schemas']['ProductBulkResult'];

const backOffice = useOrderMoves();
const { t } = backOffice;

async function as(who: 'owner' | 'staff') {
  return asStaff('demo-handcraft', await staffTokenFor(t.app, backOffice[who]));
}

let potteryOwner: Record<string, string>;
beforeAll(async () => {
  const potter = await createStaff(t.app.db, {
    tenantId: await tenantIdOf(t.app.db, 'demo-pottery'),
    role: 'owner',
  });
  potteryOwner = asStaff('demo-pottery', await staffTokenFor(t.app, potter));
});

let shade = 0;
/** Uploads a distinct small JPEG (`size` pixels, else 61+ x 40) as `headers`' shop; answers its id. */
async function upload(
  headers: Record<string, string>,
  size?: { width: number; height: number },
): Promise<number> {
  shade++;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media/uploads/',
    headers: { ...headers, 'content-type': 'image/jpeg' },
    payload: await testPhoto({ width: 60 + shade, height: 40, ...size, format: 'jpeg' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

async function categoryId(slug: string): Promise<number> {
  const tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
  return (
    await t.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow()
  ).id;
}

async function productsNamed(name: string): Promise<number> {
  return (await t.app.db.selectFrom('products').select('id').where('name', '=', name).execute())
    .length;
}

async function stocksOf(ids: number[]): Promise<number[]> {
  const rows = await t.app.db
    .selectFrom('products')
    .select(['id', 'stock'])
    .where('id', 'in', ids)
    .execute();
  return ids.map((id) => rows.find((r) => r.id === id)!.stock);
}

async function movementsOf(id: number) {
  return t.app.db
    .selectFrom('stock_movements')
    .select(['change', 'stock_after', 'reason', 'staff_id'])
    .where('product_id', '=', id)
    .orderBy('id')
    .execute();
}

/** The product's activity entries, oldest first, with before and after parsed. */
async function activityOf(productId: number) {
  const rows = await t.app.db
    .selectFrom('activity_log')
    .select(['action', 'before', 'after'])
    .where('object_type', '=', 'product')
    .where('object_id', '=', String(productId))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    action: row.action,
    before: row.before === null ? null : (JSON.parse(row.before) as unknown),
    after: row.after === null ? null : (JSON.parse(row.after) as unknown),
  }));
}

describe('a new product with its photos, in one save', () => {
  it('attaches the photos uploaded while the form was filled, in the order chosen', async () => {
    const owner = await as('owner');
    const uploads = [await upload(owner), await upload(owner), await upload(owner)];
    const created = await call<AdminProduct>(t.app, 'POST', '/admin/products/', owner, {
      name: 'Kiritsuke 240 mm',
      category_id: await categoryId('chef-knives'),
      price: '310.00',
      stock: 2,
      low_stock_threshold: 1,
      photos: uploads.map((id, i) => ({
        upload_id: id,
        alt_text: `Kiritsuke 240 mm, photo ${i + 1}`,
      })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.images.map((image) => image.alt_text)).toEqual([
      'Kiritsuke 240 mm, photo 1',
      'Kiritsuke 240 mm, photo 2',
      'Kiritsuke 240 mm, photo 3',
    ]);
    expect(created.body).toMatchObject({ stock: 2, low_stock_threshold: 1 });
    const claimed = await t.app.db
      .selectFrom('media_uploads')
      .select('claimed_at')
      .where('id', 'in', uploads)
      .execute();
    expect(claimed.every((row) => row.claimed_at !== null)).toBe(true);
    // Used once: the same upload cannot make a second product's photo.
    const again = await call(t.app, 'POST', '/admin/products/', owner, {
      name: 'Kiritsuke copy',
      category_id: await categoryId('chef-knives'),
      price: '310.00',
      photos: [{ upload_id: uploads[0], alt_text: 'Again' }],
    });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body as object)).toEqual(['photos.0.upload_id']);
    expect(await productsNamed('Kiritsuke copy')).toBe(0);
  });

  it('gives the storefront each photo’s size, so its cards are framed and its page keeps the photo whole', async () => {
    const owner = await as('owner');
    const sizes = [
      { width: 300, height: 200 },
      { width: 160, height: 200 },
      { width: 120, height: 120 },
    ];
    const uploads = [];
    for (const size of sizes) uploads.push(await upload(owner, size));
    const created = await call<AdminProduct>(t.app, 'POST', '/admin/products/', owner, {
      name: 'Nakiri 165 mm',
      category_id: await categoryId('chef-knives'),
      price: '180.00',
      stock: 1,
      status: 'active',
      photos: uploads.map((id, i) => ({ upload_id: id, alt_text: `Nakiri, photo ${i + 1}` })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const shown = await call<{
      main_image: { width?: number; height?: number } | null;
      images: { width?: number; height?: number; card_x?: number }[];
    }>(t.app, 'GET', `/products/products/${created.body.slug}/`, {
      'x-tenant-token': 'demo-handcraft',
    });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.images.map(({ width, height }) => ({ width, height }))).toEqual(sizes);
    expect(shown.body.main_image).toMatchObject(sizes[0]!);
  });

  it("creates nothing when a photo is refused: another shop's upload, a NUL, a repeat, too many", async () => {
    const owner = await as('owner');
    const mine = await upload(owner);
    const theirs = await upload(potteryOwner);
    const chef = await categoryId('chef-knives');
    const cases: [unknown, string][] = [
      [
        [
          { upload_id: mine, alt_text: 'Mine' },
          { upload_id: theirs, alt_text: 'Theirs' },
        ],
        'photos.1.upload_id',
      ],
      [[{ upload_id: mine, alt_text: 'Blade\u0000' }], 'photos.0.alt_text'],
      [[{ upload_id: mine, alt_text: '   ' }], 'photos.0.alt_text'],
      [
        [
          { upload_id: mine, alt_text: 'One' },
          { upload_id: mine, alt_text: 'Two' },
        ],
        'photos.1.upload_id',
      ],
      [Array.from({ length: 11 }, (_, i) => ({ upload_id: i + 1, alt_text: 'x' })), 'photos'],
      [[{ upload_id: 1e300, alt_text: 'Huge' }], 'photos.0.upload_id'],
    ];
    for (const [photos, field] of cases) {
      const answer = await call<Record<string, string[]>>(
        t.app,
        'POST',
        '/admin/products/',
        owner,
        {
          name: 'Refused knife',
          category_id: chef,
          price: '10.00',
          photos,
        },
      );
      expect(answer.status, JSON.stringify(photos)).toBe(400);
      expect(Object.keys(answer.body).join(' '), JSON.stringify(answer.body)).toContain(field);
    }
    expect(await productsNamed('Refused knife')).toBe(0);
    const stillFree = await t.app.db
      .selectFrom('media_uploads')
      .select('claimed_at')
      .where('id', 'in', [mine, theirs])
      .execute();
    expect(stillFree.every((row) => row.claimed_at === null)).toBe(true);
  });
});

describe("a category's adults-only default", () => {
  it('makes a new product in a knife category adults only unless the form says not', async () => {
    const owner = await as('owner');
    const categories = await call<AdminCategory[]>(t.app, 'GET', '/admin/categories/', owner);
    const byslug = new Map(categories.body.map((c) => [c.slug, c]));
    expect(byslug.get('chef-knives')?.adults_only).toBe(true);
    const plain = categories.body.find((c) => !c.adults_only)!;
    expect(plain).toBeDefined();

    const knife = await call<AdminProduct>(t.app, 'POST', '/admin/products/', owner, {
      name: 'Petty 120 mm',
      category_id: byslug.get('chef-knives')!.id,
      price: '95.00',
    });
    expect(knife.body.age_restricted).toBe(true);
    const unticked = await call<AdminProduct>(t.app, 'POST', '/admin/products/', owner, {
      name: 'Knife-shaped bookmark',
      category_id: byslug.get('chef-knives')!.id,
      price: '5.00',
      age_restricted: false,
    });
    expect(unticked.body.age_restricted).toBe(false);

    const changed = await call<AdminCategory>(
      t.app,
      'PATCH',
      `/admin/categories/${plain.id}/`,
      owner,
      { adults_only: true },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.adults_only).toBe(true);
    const logged = await t.app.db
      .selectFrom('activity_log')
      .select(['action', 'before', 'after'])
      .where('object_type', '=', 'category')
      .where('object_id', '=', String(plain.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.action).toBe('category.update');
    expect(JSON.parse(logged.after!)).toEqual({ adults_only: true });
    const refused = await call(t.app, 'PATCH', `/admin/categories/${plain.id}/`, owner, {
      adults_only: 'yes',
    });
    expect(refused.status).toBe(400);
    await call(t.app, 'PATCH', `/admin/categories/${plain.id}/`, owner, { adults_only: false });
  });
});

describe('bulk changes from the products list', () => {
  const bulk = (headers: Record<string, string>, body: unknown) =>
    call<BulkResult & Record<string, string[]>>(
      t.app,
      'POST',
      '/admin/products/bulk/',
      headers,
      body,
    );

  it('sets the stock of many products, each in its history and the activity log', async () => {
    const a = await backOffice.freshProduct(4);
    const b = await backOffice.freshProduct(9);
    const staff = await as('staff');
    const done = await bulk(staff, { action: 'set_stock', product_ids: [a.id, b.id], stock: 6 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ action: 'set_stock', product_ids: [a.id, b.id], changed: 2 });
    expect(await stocksOf([a.id, b.id])).toEqual([6, 6]);
    expect((await movementsOf(a.id)).at(-1)).toMatchObject({
      change: 2,
      stock_after: 6,
      reason: 'correction',
      staff_id: backOffice.staff.id,
    });
    expect((await movementsOf(b.id)).at(-1)).toMatchObject({ change: -3, stock_after: 6 });
    const entries = await activityOf(b.id);
    expect(entries.at(-1)).toMatchObject({
      action: 'product.stock_set',
      before: { stock: 9 },
      after: { stock: 6, reason: 'correction' },
    });
    // Already at the count: nothing changes, nothing is written down.
    const again = await bulk(staff, { action: 'set_stock', product_ids: [a.id, b.id], stock: 6 });
    expect(again.body.changed).toBe(0);
    expect(await activityOf(b.id)).toHaveLength(entries.length);
  });

  it('archives many products, and the storefront stops showing them', async () => {
    const a = await backOffice.freshProduct(2);
    const b = await backOffice.freshProduct(2);
    const owner = await as('owner');
    const { slug } = (await call<AdminProduct>(t.app, 'GET', `/admin/products/${a.id}/`, owner))
      .body;
    const shown = await call(t.app, 'GET', `/products/products/${slug}/`, {
      'x-tenant-token': 'demo-handcraft',
    });
    expect(shown.status).toBe(200);
    const done = await bulk(owner, { action: 'archive', product_ids: [a.id, b.id] });
    expect(done.status).toBe(200);
    expect(done.body.changed).toBe(2);
    for (const id of [a.id, b.id]) {
      const product = await call<AdminProduct>(t.app, 'GET', `/admin/products/${id}/`, owner);
      expect(product.body.status).toBe('archived');
      expect((await activityOf(id)).at(-1)).toMatchObject({
        action: 'product.archive',
        after: { status: 'archived' },
      });
    }
    const page = await call(t.app, 'GET', `/products/products/${slug}/`, {
      'x-tenant-token': 'demo-handcraft',
    });
    expect(page.status).toBe(404);
    // Back for the other tests.
    for (const id of [a.id, b.id]) {
      await call(t.app, 'PATCH', `/admin/products/${id}/`, owner, { status: 'active' });
    }
  });

  it('changes nothing when one product is refused: all or nothing', async () => {
    const a = await backOffice.freshProduct(3);
    const b = await backOffice.freshProduct(3);
    const owner = await as('owner');
    const potteryId = await tenantIdOf(t.app.db, 'demo-pottery');
    const theirs = await t.app.db
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('tenant_id', '=', potteryId)
      .executeTakeFirstOrThrow();
    const mixed = await bulk(owner, {
      action: 'set_stock',
      product_ids: [a.id, theirs.id, b.id],
      stock: 0,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.product_ids).toEqual([`No such product in the shop: ${theirs.id}.`]);
    expect(await stocksOf([a.id, b.id])).toEqual([3, 3]);
    // Another shop's member cannot reach this shop's products.
    const fromThere = await bulk(potteryOwner, { action: 'archive', product_ids: [a.id] });
    expect(fromThere.status).toBe(400);
    expect(
      (await call<AdminProduct>(t.app, 'GET', `/admin/products/${a.id}/`, owner)).body.status,
    ).toBe('active');
    expect(await stocksOf([theirs.id])).toEqual([theirs.stock]);

    await t.app.db
      .updateTable('products')
      .set({ made_to_order: 1 })
      .where('id', '=', b.id)
      .execute();
    const made = await bulk(owner, { action: 'set_stock', product_ids: [a.id, b.id], stock: 1 });
    expect(made.status).toBe(400);
    expect(made.body.product_ids![0]).toMatch(/^Made to order/);
    expect(await stocksOf([a.id])).toEqual([3]);
    await t.app.db
      .updateTable('products')
      .set({ made_to_order: 0 })
      .where('id', '=', b.id)
      .execute();
  });

  it('refuses hostile input with a 4xx DRF body, and refuses a caller without a session', async () => {
    const a = await backOffice.freshProduct(5);
    const owner = await as('owner');
    const bodies: unknown[] = [
      { action: 'set_stock', product_ids: [a.id], stock: 1_000_001 },
      { action: 'set_stock', product_ids: [a.id], stock: 1e308 },
      { action: 'set_stock', product_ids: [a.id], stock: -1 },
      { action: 'set_stock', product_ids: [a.id], stock: 1.5 },
      { action: 'set_stock', product_ids: [a.id], stock: 'Infinity' },
      { action: 'set_stock', product_ids: [a.id] },
      { action: 'archive', product_ids: [a.id], stock: 3 },
      { action: 'set_stock\u0000', product_ids: [a.id], stock: 1 },
      { action: 'delete', product_ids: [a.id] },
      { action: 'archive', product_ids: [] },
      { action: 'archive', product_ids: [a.id, a.id] },
      { action: 'archive', product_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { action: 'archive', product_ids: [2147483648] },
      { action: 'archive', product_ids: ['1\u0000'] },
      { action: 'archive', product_ids: [a.id], extra: true },
    ];
    for (const body of bodies) {
      const answer = await bulk(owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body, JSON.stringify(body)).toBe('object');
    }
    // A raw body: 1e400 is not a finite number.
    const raw = await call(
      t.app,
      'POST',
      '/admin/products/bulk/',
      {
        ...owner,
        'content-type': 'application/json',
      },
      `{"action":"set_stock","product_ids":[${a.id}],"stock":1e400}`,
    );
    expect(raw.status).toBe(400);
    const form = await call<{ detail: string }>(
      t.app,
      'POST',
      '/admin/products/bulk/',
      { ...owner, 'content-type': 'text/plain' },
      `action=archive&product_ids=${a.id}`,
    );
    expect(form.status).toBe(415);
    expect(typeof form.body.detail).toBe('string');
    const anonymous = await bulk(
      { 'x-tenant-token': 'demo-handcraft' },
      {
        action: 'archive',
        product_ids: [a.id],
      },
    );
    expect(anonymous.status).toBe(401);
    expect(await stocksOf([a.id])).toEqual([5]);
    expect(
      (await call<AdminProduct>(t.app, 'GET', `/admin/products/${a.id}/`, owner)).body.status,
    ).toBe('active');
  });
});
