/**
 * The shop's categories in the back office (openapi/admin.yaml, tag categories): the list with
 * product counts in the shop's order, create, edit with a cleaned HTML description, reorder
 * (the storefront's menu follows at once), delete only when empty; another shop's category
 * answers 404, hostile input 4xx, and every change is in the activity log with before and after.
 */
import type { components } from '../../../common/admin-api';
import { call } from '../../test/shop.ts';
import {
  asStaff,
  createStaff,
  staffTokenFor,
  tenantIdOf,
  type TestStaff,
} from '../../test/staff.ts';
import { asTenant, useTestApp } from '../../test/test-app.ts';

type AdminCategory = components['schemas']['AdminCategory'];

const t = useTestApp();
const people = {} as { owner: TestStaff; staff: TestStaff; tenantId: number };
beforeAll(async () => {
  people.tenantId = await tenantIdOf(t.app.db, 'demo-handcraft');
  people.owner = await createStaff(t.app.db, { tenantId: people.tenantId, role: 'owner' });
  people.staff = await createStaff(t.app.db, { tenantId: people.tenantId, role: 'staff' });
});

async function as(who: 'owner' | 'staff') {
  return asStaff('demo-handcraft', await staffTokenFor(t.app, people[who]));
}

const list = async (headers: Record<string, string>) =>
  call<AdminCategory[]>(t.app, 'GET', '/admin/categories/', headers);
const storefrontMenu = async () =>
  (
    await call<{ slug: string; description: string }[]>(
      t.app,
      'GET',
      '/products/categories/',
      asTenant('demo-handcraft'),
    )
  ).body;

async function activityOf(objectId: string | number) {
  const rows = await t.app.db
    .selectFrom('activity_log')
    .selectAll()
    .where('object_type', '=', 'category')
    .where('object_id', '=', String(objectId))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    staff_id: r.staff_id,
    action: r.action,
    before: r.before === null ? null : (JSON.parse(r.before) as unknown),
    after: r.after === null ? null : (JSON.parse(r.after) as unknown),
  }));
}

describe('categories through the back office', () => {
  it('lists the shop’s categories in the storefront’s order with their product counts', async () => {
    const answer = await list(await as('staff'));
    expect(answer.status).toBe(200);
    expect(answer.body.map((c) => c.slug)).toEqual((await storefrontMenu()).map((c) => c.slug));
    const counts = await t.app.db
      .selectFrom('products')
      .select(['category_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('tenant_id', '=', people.tenantId)
      .groupBy('category_id')
      .execute();
    for (const category of answer.body) {
      const n = counts.find((c) => c.category_id === category.id)?.n ?? 0;
      expect(category.product_count, category.slug).toBe(Number(n));
    }
  });

  it('creates a category at the end of the menu with a slug from its name and a cleaned description', async () => {
    const staff = await as('staff');
    const created = await call<AdminCategory>(t.app, 'POST', '/admin/categories/', staff, {
      name: 'Crème Brûlée Dishes',
      description:
        '<p onclick="steal()">Oven-safe <strong>stoneware</strong></p><script>alert(1)</script><img src="x" onerror="steal()">',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Crème Brûlée Dishes',
      slug: 'creme-brulee-dishes',
      product_count: 0,
    });
    expect(created.body.description).toContain('<strong>stoneware</strong>');
    expect(created.body.description).not.toMatch(/script|onclick|onerror/);

    const menu = await storefrontMenu();
    expect(menu.at(-1)).toMatchObject({ slug: 'creme-brulee-dishes' });
    expect(menu.at(-1)!.description).toBe(created.body.description);

    // The same name again takes the next free slug; a slug given and taken is refused.
    const again = await call<AdminCategory>(t.app, 'POST', '/admin/categories/', staff, {
      name: 'Crème brûlée dishes',
    });
    expect(again.body.slug).toBe('creme-brulee-dishes-2');
    const taken = await call(t.app, 'POST', '/admin/categories/', staff, {
      name: 'Dishes',
      slug: 'creme-brulee-dishes',
    });
    expect(taken).toMatchObject({
      status: 400,
      body: { slug: ['A category with this slug already exists.'] },
    });

    expect(await activityOf(created.body.id)).toEqual([
      {
        staff_id: people.staff.id,
        action: 'category.create',
        before: null,
        after: {
          name: 'Crème Brûlée Dishes',
          slug: 'creme-brulee-dishes',
          description: created.body.description,
        },
      },
    ]);
  });

  it('edits the name, slug and description, logging only what changed', async () => {
    const owner = await as('owner');
    const created = (
      await call<AdminCategory>(t.app, 'POST', '/admin/categories/', owner, { name: 'Spoons' })
    ).body;
    const edited = await call<AdminCategory>(
      t.app,
      'PATCH',
      `/admin/categories/${created.id}/`,
      owner,
      {
        name: 'Spoons',
        slug: 'carved-spoons',
        description: '<h2>Carved</h2><iframe src="x"></iframe>',
      },
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ slug: 'carved-spoons', name: 'Spoons' });
    expect(edited.body.description).not.toContain('iframe');
    const shown = await call<{ slug: string }>(
      t.app,
      'GET',
      '/products/categories/carved-spoons/',
      asTenant('demo-handcraft'),
    );
    expect(shown.status).toBe(200);
    expect((await activityOf(created.id)).at(-1)).toEqual({
      staff_id: people.owner.id,
      action: 'category.update',
      before: { slug: 'spoons', description: '' },
      after: { slug: 'carved-spoons', description: edited.body.description },
    });
    const clash = await call(t.app, 'PATCH', `/admin/categories/${created.id}/`, owner, {
      slug: (await list(owner)).body[0]!.slug,
    });
    expect(clash.status).toBe(400);
  });

  it('reorders the categories, and the storefront’s menu follows at once', async () => {
    const owner = await as('owner');
    const before = (await list(owner)).body.map((c) => c.id);
    const reversed = [...before].reverse();
    const answer = await call<AdminCategory[]>(t.app, 'PUT', '/admin/categories/order/', owner, {
      ids: reversed,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.map((c) => c.id)).toEqual(reversed);
    const byId = new Map(answer.body.map((c) => [c.id, c.slug]));
    expect((await storefrontMenu()).map((c) => c.slug)).toEqual(reversed.map((id) => byId.get(id)));
    expect((await activityOf('order')).at(-1)).toEqual({
      staff_id: people.owner.id,
      action: 'category.reorder',
      before: { order: before },
      after: { order: reversed },
    });

    // Not exactly the shop's categories: refused, nothing moves.
    for (const ids of [
      reversed.slice(1),
      [...reversed, reversed[0]],
      [...reversed.slice(1), 999999],
      [],
    ]) {
      const refused = await call(t.app, 'PUT', '/admin/categories/order/', owner, { ids });
      expect(refused, JSON.stringify(ids)).toMatchObject({
        status: 400,
        body: { ids: ['List every category of the shop exactly once.'] },
      });
    }
    expect((await list(owner)).body.map((c) => c.id)).toEqual(reversed);
  });

  it('deletes an empty category and refuses one that holds products', async () => {
    const owner = await as('owner');
    const full = (await list(owner)).body.find((c) => c.product_count > 0)!;
    const refused = await call(t.app, 'DELETE', `/admin/categories/${full.id}/`, owner);
    expect(refused.status).toBe(409);
    expect((refused.body as { detail: string }).detail).toMatch(
      /^This category holds \d+ products?; move them to another category first\.$/,
    );

    const empty = (
      await call<AdminCategory>(t.app, 'POST', '/admin/categories/', owner, { name: 'Short-lived' })
    ).body;
    const deleted = await call(t.app, 'DELETE', `/admin/categories/${empty.id}/`, owner);
    expect(deleted.status).toBe(204);
    expect((await storefrontMenu()).map((c) => c.slug)).not.toContain('short-lived');
    expect((await activityOf(empty.id)).at(-1)).toEqual({
      staff_id: people.owner.id,
      action: 'category.delete',
      before: { name: 'Short-lived', slug: 'short-lived' },
      after: null,
    });
    expect((await call(t.app, 'DELETE', `/admin/categories/${empty.id}/`, owner)).status).toBe(404);
  });

  it("answers 404 for another shop's category", async () => {
    const potteryId = await tenantIdOf(t.app.db, 'demo-pottery');
    const theirs = await t.app.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('tenant_id', '=', potteryId)
      .executeTakeFirstOrThrow();
    const owner = await as('owner');
    expect(
      (await call(t.app, 'PATCH', `/admin/categories/${theirs.id}/`, owner, { name: 'Mine now' }))
        .status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/admin/categories/${theirs.id}/`, owner)).status).toBe(
      404,
    );
    const unchanged = await t.app.db
      .selectFrom('categories')
      .select('name')
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.name).toBe(theirs.name);
    // A reorder naming it is refused as not the shop's.
    const mine = (await list(owner)).body.map((c) => c.id);
    const mixed = await call(t.app, 'PUT', '/admin/categories/order/', owner, {
      ids: [...mine.slice(1), theirs.id],
    });
    expect(mixed.status).toBe(400);
    const potter = await createStaff(t.app.db, { tenantId: potteryId, role: 'owner' });
    const theirList = await list(asStaff('demo-pottery', await staffTokenFor(t.app, potter)));
    expect(theirList.body.map((c) => c.id)).toContain(theirs.id);
    expect(theirList.body.map((c) => c.id)).not.toContain(mine[0]);
  });

  it('refuses hostile input with 4xx', async () => {
    const owner = await as('owner');
    const id = (await list(owner)).body[0]!.id;
    const creates: unknown[] = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'Nul\u0000name' },
      { name: 'Ok', slug: 'Not A Slug' },
      { name: 'Ok', slug: '../etc' },
      { name: 'Ok', description: 'x'.repeat(20001) },
      { name: 'Ok', position: 1 },
      { name: { text: 'Ok' } },
      [],
      'name=Ok',
    ];
    for (const body of creates) {
      const answer = await call(t.app, 'POST', '/admin/categories/', owner, body);
      expect(answer.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
    }
    for (const body of [{}, { slug: '' }, { name: null }, { product_count: 3 }]) {
      const answer = await call(t.app, 'PATCH', `/admin/categories/${id}/`, owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const path of ['0', '-1', '2147483648', '99999999999999999999', 'abc']) {
      const answer = await call(t.app, 'PATCH', `/admin/categories/${path}/`, owner, { name: 'X' });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
    for (const body of [
      { ids: 'all' },
      { ids: [0] },
      { ids: [2147483648] },
      { ids: Array(1001).fill(1) },
      {},
    ]) {
      const answer = await call(t.app, 'PUT', '/admin/categories/order/', owner, body);
      expect(answer.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
  });
});
