/**
 * Shops of a platform stay apart (issue 38): two shops opened with `createShop` in one process,
 * each owner filling their own; nothing one owner makes (a category, a product, a FAQ) shows in
 * the other shop's storefront or back office, an owner's sign-in and token are worth nothing at
 * the other shop, and an id of one shop's product finds nothing at the other. Over the HTTP API,
 * with the tenant each request names. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { call } from '../test/shop.ts';
import { openShopForTests } from '../test/launch.ts';
import { TEST_PASSWORD_HASH_COST } from '../test/staff.ts';
import { asTenant, useTestApp } from '../test/test-app.ts';
import { createShop, type CreatedShop } from './create-shop.ts';

const t = useTestApp();
const PASSWORD = 'honed-on-whetstones-9';

let knives: CreatedShop;
let prints: CreatedShop;
/** The owners' headers: their shop's tenant and their bearer token. */
let knivesOwner: Record<string, string>;
let printsOwner: Record<string, string>;

async function signIn(shop: CreatedShop): Promise<Record<string, string>> {
  const answer = await call<{ access: string }>(
    t.app,
    'POST',
    '/admin/auth/login/',
    asTenant(shop.token),
    {
      email: shop.owner.email,
      password: PASSWORD,
    },
  );
  expect(answer.status).toBe(200);
  return { ...asTenant(shop.token), authorization: `Bearer ${answer.body.access}` };
}

beforeAll(async () => {
  const open = (name: string, domain: string, currency: string) =>
    createShop(
      t.app.db,
      {
        name,
        domain,
        currency,
        country: 'GB',
        owner: { email: `owner@${domain}`, password: PASSWORD },
      },
      { passwordHashCost: TEST_PASSWORD_HASH_COST },
    );
  knives = await open('Tidewater Knives', 'tidewater-apart.test', 'GBP');
  prints = await open('Harbour Prints', 'harbour-apart.test', 'EUR');
  // A new shop starts closed ("Opening soon"); both owners have launched theirs.
  await openShopForTests(t.app, knives.tenantId);
  await openShopForTests(t.app, prints.tenantId);
  knivesOwner = await signIn(knives);
  printsOwner = await signIn(prints);
});

describe('two shops opened in one process', () => {
  it("never show one owner's category, product or question in the other shop", async () => {
    const category = await call<{ id: number }>(t.app, 'POST', '/admin/categories/', knivesOwner, {
      name: 'Chef knives',
    });
    expect(category.status).toBe(201);
    const product = await call<{ id: number; slug: string }>(
      t.app,
      'POST',
      '/admin/products/',
      knivesOwner,
      {
        name: 'Kiritsuke 240 mm',
        category_id: category.body.id,
        price: '480.00',
        status: 'active',
      },
    );
    expect(product.status).toBe(201);
    const faq = await call(t.app, 'POST', '/admin/faqs/', knivesOwner, {
      question: 'Do you sharpen knives?',
      answer: '<p>For life.</p>',
    });
    expect(faq.status).toBe(201);

    // The first shop's storefront shows them…
    const own = await call<{ count: number }>(
      t.app,
      'GET',
      '/products/products/',
      asTenant(knives.token),
    );
    expect(own.body.count).toBe(1);
    // …and the second's shows none of them, in its storefront or its back office.
    const theirs = asTenant(prints.token);
    expect(
      (await call<{ count: number }>(t.app, 'GET', '/products/products/', theirs)).body.count,
    ).toBe(0);
    expect(
      (await call(t.app, 'GET', `/products/products/${product.body.slug}/`, theirs)).status,
    ).toBe(404);
    expect((await call<unknown[]>(t.app, 'GET', '/products/categories/', theirs)).body).toEqual([]);
    expect((await call<unknown[]>(t.app, 'GET', '/pages/manage/faqs/', theirs)).body).toEqual([]);
    const adminList = await call<{ count: number }>(t.app, 'GET', '/admin/products/', printsOwner);
    expect(adminList.body.count).toBe(0);
    // An id of the first shop's product finds nothing at the second, to read or to change.
    expect(
      (await call(t.app, 'GET', `/admin/products/${product.body.id}/`, printsOwner)).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PATCH', `/admin/products/${product.body.id}/`, printsOwner, {
          price: '1.00',
        })
      ).status,
    ).toBe(404);
  });

  it("refuse one shop's owner at the other shop: their password there, and their token", async () => {
    const wrongShop = await call(t.app, 'POST', '/admin/auth/login/', asTenant(prints.token), {
      email: knives.owner.email,
      password: PASSWORD,
    });
    expect(wrongShop.status).toBe(401);
    const borrowed = { ...knivesOwner, ...asTenant(prints.token) };
    expect((await call(t.app, 'GET', '/admin/products/', borrowed)).status).toBe(401);
    // Each shop's activity log holds its own changes only.
    const actionsOf = async (owner: Record<string, string>) =>
      (
        await call<{ results: { action: string }[] }>(t.app, 'GET', '/admin/activity/', owner)
      ).body.results.map((entry) => entry.action);
    const ownLog = await actionsOf(knivesOwner);
    expect(ownLog).toEqual(
      expect.arrayContaining(['product.create', 'category.create', 'faq.create']),
    );
    const theirLog = await actionsOf(printsOwner);
    expect(theirLog).toContain('staff.create');
    expect(theirLog).not.toContain('product.create');
    expect(theirLog).not.toContain('category.create');
    expect(theirLog).not.toContain('faq.create');
  });
});
