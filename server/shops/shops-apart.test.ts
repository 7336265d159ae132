/**
 * Shops of a platform stay apart (issue 38): two shops opened with `createShop` in one process,
 * each at its own domain, each owner filling their own; nothing one owner makes (a category, a
 * product, a FAQ, a photo) shows in the other shop's storefront, pages, sitemap or back office,
 * an owner's sign-in and token are worth nothing at the other shop, an id of one shop's product
 * finds nothing at the other, and each shop's e-mails speak of it alone. Over the HTTP API with
 * the tenant each request names, and over the pages with the Host each names. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { outboxMessagesTo, resetLinkOf } from '../platform/mail/outbox-reader.ts';
import { testPhoto } from '../test/images.ts';
import { HTML, useRenderingApp } from '../test/pages.ts';
import { call } from '../test/shop.ts';
import { listedUrls } from '../test/sitemaps.ts';
import { openShopForTests } from '../test/launch.ts';
import { TEST_PASSWORD_HASH_COST } from '../test/staff.ts';
import { asTenant } from '../test/test-app.ts';
import { createShop, type CreatedShop } from './create-shop.ts';

const { t } = useRenderingApp();
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
  // Made after the app started: it reads its shops again, as the set-up does.
  await t.app.shops.refresh();
});

/** A page of the shop at `host`, as a browser asks for it. */
const page = (host: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...HTML, host } });

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

  it('keep their pages, sitemaps, photos and e-mails at their own domains', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media/uploads/',
      headers: { ...knivesOwner, 'content-type': 'image/jpeg' },
      payload: await testPhoto({ width: 96, height: 64, format: 'jpeg' }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const category = await call<{ id: number }>(t.app, 'POST', '/admin/categories/', knivesOwner, {
      name: 'Petty knives',
    });
    const product = await call<{ id: number; slug: string }>(
      t.app,
      'POST',
      '/admin/products/',
      knivesOwner,
      { name: 'Petty 150 mm', category_id: category.body.id, price: '145.00', status: 'active' },
    );
    expect(product.status).toBe(201);
    const photos = await call<{ image: string }[]>(
      t.app,
      'POST',
      `/admin/products/${product.body.id}/photos/`,
      knivesOwner,
      { upload_id: (upload.json() as { id: number }).id, alt_text: 'The petty on oak' },
    );
    expect(photos.status).toBe(201);
    // The photo is kept in the shop's own folder, named by its token's slug.
    const image = photos.body[0]!.image;
    expect(image).toContain(`/${knives.token}/`);
    const photoAt = (host: string) =>
      t.app.inject({ method: 'GET', url: new URL(image, 'http://x').pathname, headers: { host } });
    expect((await photoAt('tidewater-apart.test')).statusCode).toBe(200);
    expect((await photoAt('harbour-apart.test')).statusCode).toBe(404);

    // Its page answers at its shop's domain only; the other shop's domain knows no such piece.
    const own = await page('tidewater-apart.test', `/products/${product.body.slug}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Petty 150 mm');
    expect(own.body).toContain('£145.00');
    expect(own.body).toContain(`<link rel="canonical" href="http://tidewater-apart.test/products/`);
    const theirs = await page('harbour-apart.test', `/products/${product.body.slug}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Petty 150 mm');
    // Each home page, kept in the page cache, stays its own shop's.
    for (let round = 0; round < 2; round++) {
      const knivesHome = await page('tidewater-apart.test', '/');
      expect(knivesHome.body).toContain('Tidewater Knives');
      expect(knivesHome.body).not.toContain('Harbour Prints');
      const printsHome = await page('harbour-apart.test', '/');
      expect(printsHome.body).toContain('Harbour Prints');
      expect(printsHome.body).not.toContain('Tidewater Knives');
    }

    // Each sitemap lists its own pieces, at its own domain.
    const ownUrls = await listedUrls(t.app, { host: 'tidewater-apart.test' });
    expect(ownUrls).toContain(`http://tidewater-apart.test/products/${product.body.slug}`);
    expect(ownUrls.every((url) => url.startsWith('http://tidewater-apart.test/'))).toBe(true);
    const theirUrls = await listedUrls(t.app, { host: 'harbour-apart.test' });
    expect(theirUrls.some((url) => url.includes(product.body.slug))).toBe(false);
    expect(theirUrls.every((url) => url.startsWith('http://harbour-apart.test/'))).toBe(true);

    // A reset e-mail of each shop names that shop and links to its own domain.
    for (const [shop, other] of [
      [knives, prints],
      [prints, knives],
    ] as const) {
      const asked = await call(t.app, 'POST', '/admin/auth/password/reset/', asTenant(shop.token), {
        email: shop.owner.email,
      });
      expect(asked.status).toBe(202);
      await t.app.emailOutbox.idle();
      await t.app.emailOutbox.drain();
      const [message] = await outboxMessagesTo(t.config.outboxDir, shop.owner.email);
      expect(message).toBeDefined();
      expect(resetLinkOf(message!)).toMatch(
        new RegExp(`^http://${shop.domain.replace(/\./g, '\\.')}/admin/reset-password\\?token=`),
      );
      expect(message).toContain(shop.name);
      expect(message).not.toContain(other.name);
      expect(message).not.toContain(other.domain);
    }
  });
});
