/**
 * The catalogue's products through the back office's API (openapi/admin.yaml, tag products):
 * a member creates, edits, duplicates and archives a product; the form's rules answer 400 on
 * the field; the long description is stored as the storefront shows it (cleaned); every write is
 * in the activity log with what changed; another shop's product does not exist; hostile input is
 * refused with a 4xx.
 */
import type { components } from '../../../common/admin-api';
import { call } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { useTestApp } from '../../test/test-app.ts';

type AdminProduct = components['schemas']['AdminProduct'];
type AdminProductList = components['schemas']['AdminProductList'];
type ActivityList = components['schemas']['ActivityList'];

const t = useTestApp();
let owner: Record<string, string>;
let staff: Record<string, string>;
let otherOwner: Record<string, string>;
let tenantId: number;
let categoryId: number;

beforeAll(async () => {
  tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
  const other = await tenantIdOf(t.app.db, 'demo-pottery');
  owner = asStaff(
    'demo-handcraft',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
  );
  staff = asStaff(
    'demo-handcraft',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'staff' })),
  );
  otherOwner = asStaff(
    'demo-pottery',
    await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId: other, role: 'owner' })),
  );
  categoryId = (
    await t.app.db
      .selectFrom('categories')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});

const api = <T = AdminProduct>(
  headers: Record<string, string>,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
) => call<T>(t.app, method, `/admin/products/${path}`, headers, body);

let made = 0;
/** A valid create body, a fresh name each time, with `extra` on top. */
function knife(extra: Record<string, unknown> = {}) {
  made++;
  return {
    name: `Forged test knife ${made} ${Date.now()}`,
    category_id: categoryId,
    price: '120.00',
    ...extra,
  };
}

/**
 * The product's activity entries, oldest first, as the owner reads them through the back
 * office's API (GET /activity/): what each change was, not only that one happened.
 */
async function activityOf(productId: number) {
  const answer = await call<ActivityList>(
    t.app,
    'GET',
    `/admin/activity/?object_type=product&object_id=${productId}`,
    owner,
  );
  expect(answer.status).toBe(200);
  return answer.body.results
    .map(({ action, staff_id, before, after }) => ({ action, staff_id, before, after }))
    .reverse();
}

describe('creating a product', () => {
  it('stores every field, makes the slug from the name and records the starting stock', async () => {
    const created = await api(staff, 'POST', '', {
      name: 'Gyūto 210 mm (Walnut)',
      category_id: categoryId,
      price: '245.00',
      price_before_discount: '275.00',
      stock: 3,
      low_stock_threshold: 1,
      attributes: [
        { name: 'Blade steel', value: 'VG-10' },
        { name: 'Length', value: '210 mm' },
      ],
      description: 'A chef knife.\nHand forged.',
      long_html_description:
        '<p>Forged <strong>by hand</strong>.</p><script>alert(1)</script><img src="/x.webp" onerror="alert(2)">' +
        '<div class="catalog-overlay"><a href="https://evil.example/login">Session expired — sign in again</a></div>',
      options: [
        {
          key: 'handle',
          label: 'Handle wood',
          kind: 'choice',
          required: true,
          values: [
            { value: 'walnut', label: 'Walnut', price_delta: '0.00' },
            { value: '', label: 'Dark Ebony', price_delta: '30.00' },
          ],
          max_length: null,
          price_delta: '0.00',
        },
        {
          key: 'engraving',
          label: 'Engraving',
          kind: 'text',
          required: false,
          values: [],
          max_length: 20,
          price_delta: '15.00',
        },
      ],
      age_restricted: true,
      status: 'active',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body;
    expect(product).toMatchObject({
      name: 'Gyūto 210 mm (Walnut)',
      slug: 'gyuto-210-mm-walnut',
      status: 'active',
      price: '245.00',
      price_before_discount: '275.00',
      stock: 3,
      low_stock_threshold: 1,
      description: 'A chef knife.\nHand forged.',
      age_restricted: true,
      made_to_order: false,
      storefront_path: '/products/gyuto-210-mm-walnut',
      archived_at: null,
      images: [],
    });
    expect(product.attributes).toEqual([
      { name: 'Blade steel', value: 'VG-10' },
      { name: 'Length', value: '210 mm' },
    ]);
    expect(product.options[0]!.values[1]).toEqual({
      value: 'dark_ebony',
      label: 'Dark Ebony',
      price_delta: '30.00',
    });
    expect(product.options[1]).toMatchObject({
      kind: 'text',
      max_length: 20,
      price_delta: '15.00',
    });
    // Cleaned as the storefront shows it: no script, no handler.
    expect(product.long_html_description).toContain('<strong>by hand</strong>');
    expect(product.long_html_description).not.toMatch(/script|onerror|alert/);
    // No class: saved HTML cannot take on the shop's own styles (an overlay over the page).
    expect(product.long_html_description).not.toContain('class=');
    expect(product.long_html_description).toContain('<div><a href="https://evil.example/login">');

    // The shop shows it, options and all.
    const shown = await call<{ options: unknown[]; attributes: { key: string }[] }>(
      t.app,
      'GET',
      `/products/products/${product.slug}/`,
      { 'x-tenant-token': 'demo-handcraft' },
    );
    expect(shown.status).toBe(200);
    expect(shown.body.options).toHaveLength(2);
    expect(shown.body.attributes.map((a) => a.key)).toEqual(['Blade steel', 'Length']);

    const movements = await t.app.db
      .selectFrom('stock_movements')
      .selectAll()
      .where('product_id', '=', product.id)
      .execute();
    expect(movements).toMatchObject([{ change: 3, stock_after: 3, reason: 'initial' }]);

    const [entry] = await activityOf(product.id);
    expect(entry).toMatchObject({ action: 'product.create', before: null });
    expect(entry!.after).toMatchObject({
      name: 'Gyūto 210 mm (Walnut)',
      price: '245.00',
      stock: 3,
    });
  });

  it('is a draft unless told, hidden from the shop', async () => {
    const created = await api(owner, 'POST', '', knife());
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('draft');
    const shown = await call(t.app, 'GET', `/products/products/${created.body.slug}/`, {
      'x-tenant-token': 'demo-handcraft',
    });
    expect(shown.status).toBe(404);
  });

  it('gives a second product of the same name the next free slug, and refuses a slug taken', async () => {
    const body = knife();
    const first = await api(owner, 'POST', '', body);
    const second = await api(owner, 'POST', '', body);
    expect(second.body.slug).toBe(`${first.body.slug}-2`);
    const clash = await api(owner, 'POST', '', knife({ slug: first.body.slug }));
    expect(clash).toMatchObject({
      status: 400,
      body: { slug: ['Another product of the shop has this slug.'] },
    });
    const malformed = await api(owner, 'POST', '', knife({ slug: 'Not A Slug!' }));
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body)).toEqual(['slug']);
  });

  it('refuses options the shop could not offer, each on its field', async () => {
    const option = (extra: Record<string, unknown>) => ({
      key: 'handle',
      label: 'Handle',
      kind: 'choice',
      required: false,
      values: [{ value: 'oak', label: 'Oak', price_delta: '0.00' }],
      max_length: null,
      price_delta: '0.00',
      ...extra,
    });
    const cases: [unknown[], string][] = [
      [[option({ values: [] })], 'options.0.values'],
      [[option({ key: 'Bad Key' })], 'options.0.key'],
      [[option({}), option({ label: 'Again' })], 'options.1.key'],
      [[option({ kind: 'text', values: [], max_length: null })], 'options.0.max_length'],
      [
        [
          option({
            values: [
              { value: 'oak', label: 'Oak', price_delta: '0.00' },
              { value: 'oak', label: 'Oak 2', price_delta: '1.00' },
            ],
          }),
        ],
        'options.0.values.1.value',
      ],
      [[option({ label: '  ' })], 'options.0.label'],
    ];
    for (const [options, field] of cases) {
      const answer = await api<Record<string, string[]>>(owner, 'POST', '', knife({ options }));
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body), JSON.stringify(answer.body)).toContain(field);
    }
  });

  it('checks the fields across: a discount above the price, lead times of a made-to-order piece', async () => {
    const discount = await api(owner, 'POST', '', knife({ price_before_discount: '100.00' }));
    expect(discount).toMatchObject({
      status: 400,
      body: { price_before_discount: ['Must be more than the price.'] },
    });
    const lead = await api(owner, 'POST', '', knife({ made_to_order: true }));
    expect(lead.status).toBe(400);
    expect(Object.keys(lead.body).sort()).toEqual(['lead_time_days_max', 'lead_time_days_min']);
    const order = await api(
      owner,
      'POST',
      '',
      knife({ made_to_order: true, lead_time_days_min: 10, lead_time_days_max: 5 }),
    );
    expect(order.body).toEqual({
      lead_time_days_max: ['Must be at least the shortest lead time.'],
    });
    const another = await api(owner, 'POST', '', knife({ category_id: 999999 }));
    expect(another.body).toEqual({ category_id: ['No such category in the shop.'] });
  });

  it('refuses hostile input with a 4xx, never a 5xx', async () => {
    const bodies: unknown[] = [
      knife({ name: 'nul\u0000name' }),
      knife({ description: 'nul\u0000' }),
      knife({ long_html_description: '<p>\u0000</p>' }),
      knife({ price: '99999999999.00' }),
      knife({ price: 12 }),
      knife({ price: '-1.00' }),
      knife({ stock: 1e12 }),
      knife({ stock: -1 }),
      knife({ low_stock_threshold: 2 ** 40 }),
      knife({ category_id: 2 ** 53 }),
      knife({ options: [{ key: 'x' }] }),
      knife({ surprise: true }),
      knife({ slug: 'a\u0000b' }),
      knife({ name: 'x'.repeat(201) }),
    ];
    for (const body of bodies) {
      const answer = await api(owner, 'POST', '', body);
      expect(answer.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: JSON.stringify(knife({ long_html_description: 'x'.repeat(10 * 1024 * 1024) })),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/',
      headers: { ...owner, 'content-type': 'text/plain' },
      payload: JSON.stringify(knife()),
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
  });
});

describe('editing a product', () => {
  it('changes only what is sent and logs the changed fields before and after', async () => {
    const created = (await api(owner, 'POST', '', knife({ stock: 2, status: 'active' }))).body;
    const changed = await api(staff, 'PATCH', `${created.id}/`, {
      price: '130.00',
      attributes: [{ name: 'Steel', value: '1095' }],
      description: created.description,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      price: '130.00',
      name: created.name,
      attributes: [{ name: 'Steel', value: '1095' }],
      stock: 2,
    });
    const entries = await activityOf(created.id);
    expect(entries.at(-1)).toEqual({
      action: 'product.update',
      staff_id: expect.any(Number),
      before: { price: '120.00', attributes: [] },
      after: { price: '130.00', attributes: [{ name: 'Steel', value: '1095' }] },
    });
    // Nothing changed: nothing logged.
    const count = entries.length;
    expect((await api(owner, 'PATCH', `${created.id}/`, { price: '130.00' })).status).toBe(200);
    expect(await activityOf(created.id)).toHaveLength(count);
  });

  it('archives and unarchives: hidden from the shop and its list, shown in the archived list', async () => {
    const created = (await api(owner, 'POST', '', knife({ status: 'active' }))).body;
    const shop = { 'x-tenant-token': 'demo-handcraft' };
    expect((await call(t.app, 'GET', `/products/products/${created.slug}/`, shop)).status).toBe(
      200,
    );
    const archived = await api(owner, 'PATCH', `${created.id}/`, { status: 'archived' });
    expect(archived.body).toMatchObject({ status: 'archived', archived_at: expect.any(String) });
    expect((await call(t.app, 'GET', `/products/products/${created.slug}/`, shop)).status).toBe(
      404,
    );
    const list = await call<{ results: { slug: string }[] }>(
      t.app,
      'GET',
      `/products/products/?search=${encodeURIComponent(created.name)}`,
      shop,
    );
    expect(list.body.results.map((p) => p.slug)).not.toContain(created.slug);
    const archivedList = await api<AdminProductList>(owner, 'GET', '?status=archived');
    expect(archivedList.body.results.map((p) => p.id)).toContain(created.id);
    const activeList = await api<AdminProductList>(
      owner,
      'GET',
      `?status=active&search=${encodeURIComponent(created.name)}`,
    );
    expect(activeList.body.results).toHaveLength(0);
    expect((await activityOf(created.id)).at(-1)).toMatchObject({
      action: 'product.archive',
      before: { status: 'active' },
      after: { status: 'archived' },
    });

    const back = await api(owner, 'PATCH', `${created.id}/`, { status: 'active' });
    expect(back.body).toMatchObject({ status: 'active', archived_at: null });
    expect((await call(t.app, 'GET', `/products/products/${created.slug}/`, shop)).status).toBe(
      200,
    );
    expect((await activityOf(created.id)).at(-1)!.action).toBe('product.unarchive');
  });

  it('duplicates into a draft copy with no stock and copies of the photo rows', async () => {
    const seeded = await t.app.db
      .selectFrom('products as p')
      .innerJoin('product_images as i', 'i.product_id', 'p.id')
      .select(['p.id', 'p.name', 'p.slug'])
      .where('p.tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const source = (await api(owner, 'GET', `${seeded.id}/`)).body;
    const copy = await api(staff, 'POST', `${seeded.id}/duplicate/`);
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body).toMatchObject({
      name: `${source.name} (copy)`,
      slug: `${source.slug}-copy`,
      status: 'draft',
      stock: 0,
      price: source.price,
      options: source.options,
      attributes: source.attributes,
      long_html_description: source.long_html_description,
    });
    expect(copy.body.id).not.toBe(source.id);
    expect(copy.body.images.map((i) => [i.image, i.alt_text])).toEqual(
      source.images.map((i) => [i.image, i.alt_text]),
    );
    const again = await api(staff, 'POST', `${seeded.id}/duplicate/`);
    expect(again.body.slug).toBe(`${source.slug}-copy-2`);
    expect((await activityOf(copy.body.id))[0]).toMatchObject({
      action: 'product.duplicate',
      after: { duplicated_from: seeded.id },
    });
  });

  it('makes the slug from the new name when it is emptied, keeping one it already has', async () => {
    const stamp = Date.now();
    const other = (await api(owner, 'POST', '', knife({ name: `Honesuki ${stamp}` }))).body;
    const mine = (await api(owner, 'POST', '', knife({ name: `Honesuki ${stamp}` }))).body;
    expect(mine.slug).toBe(`${other.slug}-2`);
    const same = await api(owner, 'PATCH', `${mine.id}/`, { slug: '' });
    expect(same.body.slug).toBe(mine.slug);
    const renamed = await api(owner, 'PATCH', `${mine.id}/`, {
      slug: '',
      name: `Boning knife ${stamp}`,
    });
    expect(renamed.body.slug).toBe(`boning-knife-${stamp}`);
  });

  it('refuses hostile changes with a 4xx and changes nothing', async () => {
    const created = (await api(owner, 'POST', '', knife())).body;
    const bodies: unknown[] = [
      { name: '\u0000' },
      { slug: 'x\u0000' },
      { slug: '-' },
      { price: '1e9' },
      { price: '10000000.00' },
      { price_before_discount: 5 },
      { status: 'deleted' },
      { category_id: -1 },
      { low_stock_threshold: -1 },
      { lead_time_days_min: 1e9 },
      { options: 'none' },
      { attributes: [{ name: 'x' }] },
      { attributes: Array.from({ length: 51 }, () => ({ name: 'a', value: 'b' })) },
      { stock: 100 },
      [],
      null,
    ];
    for (const body of bodies) {
      const answer = await api(owner, 'PATCH', `${created.id}/`, body);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
    }
    for (const id of ['0', '-1', '2147483648', '99999999999999999999', 'abc']) {
      const answer = await api(owner, 'PATCH', `${id}/`, { name: 'x' });
      expect(answer.status, id).toBeGreaterThanOrEqual(400);
      expect(answer.status, id).toBeLessThan(500);
    }
    const after = (await api(owner, 'GET', `${created.id}/`)).body;
    expect(after).toEqual(created);
  });

  it("answers 404 for another shop's product, and changes nothing of it", async () => {
    const created = (await api(owner, 'POST', '', knife())).body;
    for (const [method, path, body] of [
      ['GET', `${created.id}/`, undefined],
      ['PATCH', `${created.id}/`, { name: 'Taken over' }],
      ['POST', `${created.id}/duplicate/`, undefined],
    ] as const) {
      const answer = await api(otherOwner, method, path, body);
      expect(answer, `${method} ${path}`).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
    expect((await api(owner, 'GET', `${created.id}/`)).body.name).toBe(created.name);
    const theirs = await api<AdminProductList>(
      otherOwner,
      'GET',
      `?search=${encodeURIComponent(created.name)}`,
    );
    expect(theirs.body.count).toBe(0);
  });
});

describe('the list', () => {
  it('finds by name or slug, filters by category, status and stock, newest first', async () => {
    const tag = `zq${Date.now()}`;
    const a = (
      await api(owner, 'POST', '', knife({ name: `${tag} alpha`, stock: 0, status: 'active' }))
    ).body;
    const b = (
      await api(owner, 'POST', '', knife({ name: `${tag} beta`, stock: 1, status: 'active' }))
    ).body;
    const c = (await api(owner, 'POST', '', knife({ name: `${tag} gamma`, stock: 9 }))).body;
    const ids = async (query: string) =>
      (await api<AdminProductList>(owner, 'GET', `?search=${tag}${query}`)).body.results.map(
        (p) => p.id,
      );
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('&status=draft')).toEqual([c.id]);
    expect(await ids('&status=active')).toEqual([b.id, a.id]);
    expect(await ids('&stock=sold_out')).toEqual([a.id]);
    expect(await ids('&stock=low')).toEqual([b.id, a.id]);
    expect(await ids(`&category=${categoryId}`)).toHaveLength(3);
    expect(await ids('&category=999999')).toEqual([]);
    const bySlug = await api<AdminProductList>(owner, 'GET', `?search=${b.slug}`);
    expect(bySlug.body.results.map((p) => p.id)).toEqual([b.id]);
    const row = (await api<AdminProductList>(owner, 'GET', `?search=${tag}`)).body.results[1]!;
    expect(row).toMatchObject({ stock_state: 'low', status: 'active', price: '120.00' });
    // A LIKE wildcard is a character like any other.
    expect((await api<AdminProductList>(owner, 'GET', '?search=%25')).body.count).toBe(0);
  });

  it('pages by 25 with links, and a page past the last is 404', async () => {
    const first = await api<AdminProductList>(owner, 'GET', '');
    expect(first.body.results).toHaveLength(25);
    expect(first.body.count).toBeGreaterThan(25);
    expect(first.body.next).toContain('page=2');
    const last = Math.ceil(first.body.count / 25);
    expect((await api(owner, 'GET', `?page=${last + 1}`)).status).toBe(404);
    expect((await api(owner, 'GET', '?status=gone')).status).toBe(400);
  });
});
