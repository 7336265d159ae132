/**
 * Launching a shop (issue 38, ./launch.ts, decision 079 "Launch"), over the HTTP API as an owner,
 * a member of staff and a shopper meet it: a new shop is closed, its storefront answers only its
 * settings (and the preview password); Today's checklist flips item by item as the owner
 * prepares the shop; Launch is refused with what is missing, then opens the shop; a shop on
 * holiday browses but takes no orders, with the owner's words; the preview password and a
 * member's preview show the closed shop, and guessing the password is throttled; only the owner
 * opens and closes the shop, and each change is in the activity log. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { SHOP_STATUS_MESSAGES } from '../../common/shop-status.ts';
import { FORBIDDEN_MESSAGE } from '../staff/roles.ts';
import { catalogCache } from '../http/catalog-cache.ts';
import { hasPreview, PREVIEW_COOKIE, shopGate } from '../http/shop-open.ts';
import {
  OPENING_SOON_CSP,
  openingSoonPage,
  PREVIEW_FORM_PATH,
  previewFormRoute,
} from '../http/opening-soon.ts';
import { idleGc } from '../platform/idle-gc.ts';
import { testPhoto } from '../test/images.ts';
import {
  ADDRESS,
  call,
  checkoutBody,
  createCustomer,
  productsInStock,
  type Answer,
} from '../test/shop.ts';
import { placeOrder } from '../checkout/checkout.ts';
import {
  asStaff,
  createStaff,
  staffTokenFor,
  tenantIdOf,
  TEST_PASSWORD_HASH_COST,
} from '../test/staff.ts';
import { asTenant, useTestApp } from '../test/test-app.ts';
import { newClosedShop, type ClosedShop } from '../test/launch.ts';
import { CHECKLIST_ITEMS, LAUNCH_MESSAGES, launchChecklist, type ChecklistItem } from './launch.ts';

// The deployment serves its shops over HTTPS: a shop's address is https://<its domain>.
const t = useTestApp({ storefrontUrl: 'https://launch-default.test' });
const PASSWORD = 'honed-on-whetstones-9';
const PREVIEW = 'first-look-at-the-forge';

type Checklist = ChecklistItem[];
type ShopLaunch = {
  status: string;
  closed_message: string | null;
  launched_at: string | null;
  preview_password_set: boolean;
  storefront_url: string;
  ready: boolean;
  checklist: Checklist;
};

type Shop = ClosedShop;

/** A new shop at `<name>.test` with a signed-in owner and a member of staff. */
const newShop = (name: string): Promise<Shop> => newClosedShop(t.app, name, PASSWORD);

const keysLeft = (checklist: Checklist) => checklist.filter((i) => !i.done).map((i) => i.key);

async function launchState(shop: Shop): Promise<ShopLaunch> {
  const answer = await call<ShopLaunch>(t.app, 'GET', '/admin/shop/', shop.asOwner);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** The cookie header that carries the preview pass a Set-Cookie answer gave. */
function passOf(answer: Answer): string {
  const header = String(answer.headers['set-cookie'] ?? '');
  const pass = header.split(';')[0]!;
  expect(pass.startsWith(`${PREVIEW_COOKIE}=`)).toBe(true);
  return pass;
}

async function uploadPhoto(headers: Record<string, string>): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media/uploads/',
    headers: { ...headers, 'content-type': 'image/jpeg' },
    payload: await testPhoto({ width: 80, height: 60, format: 'jpeg' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

describe('a new shop before its launch', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await newShop('tidewater-launch');
    // The deployment knows the new shop's domain: its address is https.
    await vi.waitFor(async () => {
      await t.app.shops.refresh();
      expect(t.app.siteOrigin(shop.tenantId)).toBe('https://tidewater-launch.test');
    });
  });

  it('shows the owner a checklist that flips item by item, refuses Launch with what is missing, then launches', async () => {
    const first = await launchState(shop);
    expect(first).toMatchObject({
      status: 'closed',
      launched_at: null,
      ready: false,
      storefront_url: 'https://tidewater-launch.test',
    });
    expect(first.checklist.map((i) => [i.key, i.where])).toEqual([
      ['seller', '/settings/site'],
      ['payment', '/settings/payments'],
      ['shipping', '/settings/shipping'],
      ['product', '/categories'],
      ['policies', '/content/policies'],
      ['domain', null],
    ]);
    expect(keysLeft(first.checklist)).toEqual([
      'seller',
      'payment',
      'shipping',
      'product',
      'policies',
      'domain',
    ]);

    // Launch now: refused, naming each item left.
    const refused = await call<{ detail: string; missing: Checklist }>(
      t.app,
      'POST',
      '/admin/shop/launch/',
      shop.asOwner,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.missing.map((i) => i.key)).toEqual(keysLeft(first.checklist));
    expect(refused.body.detail).toBe(LAUNCH_MESSAGES.notReady(refused.body.missing));
    expect(refused.body.detail).toContain(CHECKLIST_ITEMS.shipping.label);

    // The domain: the owner opens the shop at its address, over HTTPS through the proxy in
    // front (trusted from loopback), which the shop records. Plain HTTP, or another shop's
    // address, proves nothing.
    const visit = (host: string, proto: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/pages/site-settings/',
        headers: { host, 'x-forwarded-proto': proto, 'x-tenant-token': shop.token },
      });
    expect((await visit('tidewater-launch.test', 'http')).statusCode).toBe(200);
    expect((await visit('127.0.0.1', 'https')).statusCode).toBe(200);
    expect(keysLeft((await launchState(shop)).checklist)).toContain('domain');
    expect((await visit('tidewater-launch.test', 'https')).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(keysLeft((await launchState(shop)).checklist)).not.toContain('domain'),
    );

    // Who the seller is.
    const site = await call(t.app, 'PATCH', '/admin/settings/site/', shop.asOwner, {
      legal_name: 'Tidewater Knives Ltd',
      legal_address: '3 Quay Street\nFalmouth TR11 3HH',
    });
    expect(site.status, JSON.stringify(site.body)).toBe(200);
    expect(keysLeft((await launchState(shop)).checklist)).not.toContain('seller');
    // A VAT-registered seller without a VAT number has not finished.
    await t.app.db
      .updateTable('site_settings')
      .set({ vat_registered: 1, vat_number: null, vat_rate_bp: 2000 })
      .where('tenant_id', '=', shop.tenantId)
      .execute();
    expect(keysLeft((await launchState(shop)).checklist)).toContain('seller');
    await call(t.app, 'PATCH', '/admin/settings/site/', shop.asOwner, {
      vat_number: 'GB123456789',
    });
    expect(keysLeft((await launchState(shop)).checklist)).not.toContain('seller');

    // A way to pay: bank transfer with the bank details.
    const payments = await call(t.app, 'PATCH', '/admin/settings/payments/', shop.asOwner, {
      enable_bank_transfer: true,
      bank_account_details: 'Tidewater Knives Ltd\nSort code 12-34-56\nAccount 12345678',
    });
    expect(payments.status, JSON.stringify(payments.body)).toBe(200);
    expect(keysLeft((await launchState(shop)).checklist)).not.toContain('payment');

    // A zone alone is not enough: a way to send in it too.
    const zone = await call<{ id: number }>(
      t.app,
      'POST',
      '/admin/settings/shipping/zones/',
      shop.asOwner,
      { name: 'United Kingdom', countries: ['GB'] },
    );
    expect(zone.status, JSON.stringify(zone.body)).toBe(201);
    expect(keysLeft((await launchState(shop)).checklist)).toContain('shipping');
    const method = await call(t.app, 'POST', '/admin/settings/shipping/methods/', shop.asOwner, {
      zone_id: zone.body.id,
      code: 'uk-tracked',
      name: 'Tracked 48',
      kind: 'delivery',
      price: '4.50',
    });
    expect(method.status, JSON.stringify(method.body)).toBe(201);
    expect(keysLeft((await launchState(shop)).checklist)).not.toContain('shipping');

    // An active product is not enough: it needs a photo.
    const category = await call<{ id: number }>(t.app, 'POST', '/admin/categories/', shop.asOwner, {
      name: 'Chef knives',
    });
    // With a category made, the item leads to the products.
    expect((await launchState(shop)).checklist.find((item) => item.key === 'product')?.where).toBe(
      '/products',
    );
    const product = await call<{ id: number }>(t.app, 'POST', '/admin/products/', shop.asOwner, {
      name: 'Gyuto 210 mm',
      category_id: category.body.id,
      price: '245.00',
      stock: 2,
      status: 'active',
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    expect(keysLeft((await launchState(shop)).checklist)).toContain('product');
    const photo = await call(
      t.app,
      'POST',
      `/admin/products/${product.body.id}/photos/`,
      shop.asOwner,
      { upload_id: await uploadPhoto(shop.asOwner), alt_text: 'The gyuto on slate' },
    );
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    expect(keysLeft((await launchState(shop)).checklist)).not.toContain('product');

    // Both policies, with words in them.
    const refund = await call(t.app, 'PUT', '/admin/policies/refund_policy/', shop.asOwner, {
      title: 'Refunds',
      content: '<p>Send it back within 30 days for a full refund.</p>',
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await call(t.app, 'PUT', '/admin/policies/privacy_policy/', shop.asOwner, {
      title: 'Privacy',
      content: '<p>&nbsp;</p>',
    });
    expect(keysLeft((await launchState(shop)).checklist)).toEqual(['policies']);
    await call(t.app, 'PUT', '/admin/policies/privacy_policy/', shop.asOwner, {
      title: 'Privacy',
      content: '<p>We keep your address to send your order, and nothing else.</p>',
    });
    const ready = await launchState(shop);
    expect(ready.ready).toBe(true);
    expect(keysLeft(ready.checklist)).toEqual([]);

    // A member of staff sees the checklist but may not launch.
    expect((await call(t.app, 'GET', '/admin/shop/', shop.asStaff)).status).toBe(200);
    expect(await call(t.app, 'POST', '/admin/shop/launch/', shop.asStaff)).toMatchObject({
      status: 403,
      body: { detail: FORBIDDEN_MESSAGE },
    });
    expect((await call(t.app, 'GET', '/products/products/', asTenant(shop.token))).status).toBe(
      403,
    );

    const launched = await call<ShopLaunch>(t.app, 'POST', '/admin/shop/launch/', shop.asOwner);
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    expect(launched.body).toMatchObject({ status: 'open', ready: true });
    expect(launched.body.launched_at).not.toBeNull();
    // The storefront sells at once.
    const list = await call<{ count: number }>(
      t.app,
      'GET',
      '/products/products/',
      asTenant(shop.token),
    );
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    const settings = await call(t.app, 'GET', '/pages/site-settings/', asTenant(shop.token));
    expect(settings.body).toMatchObject({ status: 'open', closed_message: null });
    // Launching again: already open.
    expect(await call(t.app, 'POST', '/admin/shop/launch/', shop.asOwner)).toMatchObject({
      status: 409,
      body: { detail: LAUNCH_MESSAGES.alreadyOpen },
    });

    const log = await call<{ results: { action: string; object_type: string; after: unknown }[] }>(
      t.app,
      'GET',
      '/admin/activity/',
      shop.asOwner,
    );
    expect(log.body.results.find((e) => e.action === 'shop.launch')).toMatchObject({
      object_type: 'shop',
      after: { status: 'open' },
    });
  });

  it('counts the domain only when the shop answers at one of its domains over HTTPS', async () => {
    // Reached there over HTTPS already (the test above); its address decides the rest.
    const domainDone = async (storefrontUrl: string) =>
      (await launchChecklist(t.app.db, shop.tenantId, { storefrontUrl })).find(
        (i) => i.key === 'domain',
      )!.done;
    expect(await domainDone('https://tidewater-launch.test')).toBe(true);
    expect(await domainDone('http://tidewater-launch.test')).toBe(false);
    expect(await domainDone('http://127.0.0.1:8080')).toBe(false);
    expect(await domainDone('https://someone-else.test')).toBe(false);
    expect(await domainDone('not an address')).toBe(false);
  });
});

describe('a closed shop’s storefront', () => {
  let shop: Shop;
  let other: Shop;
  beforeAll(async () => {
    shop = await newShop('harbour-launch');
    other = await newShop('estuary-launch');
  });

  it('answers only its settings: no catalogue, cart, orders or accounts', async () => {
    const shopper = asTenant(shop.token);
    const settings = await call(t.app, 'GET', '/pages/site-settings/', shopper);
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      site_title: 'Shop harbour-launch',
      status: 'closed',
      closed_message: null,
    });
    expect((await call(t.app, 'GET', '/pages/settings/public/', shopper)).status).toBe(200);
    const closed = { status: 403, body: { detail: SHOP_STATUS_MESSAGES.notOpenYet } };
    expect(await call(t.app, 'GET', '/products/products/', shopper)).toMatchObject(closed);
    expect(await call(t.app, 'GET', '/products/categories/', shopper)).toMatchObject(closed);
    expect(await call(t.app, 'GET', '/pages/manage/documents/', shopper)).toMatchObject(closed);
    expect(
      await call(t.app, 'POST', '/accounts/register/', shopper, {
        email: 'early@example.com',
        username: 'early',
        password: 'an-early-bird-9',
      }),
    ).toMatchObject(closed);
    const customer = await createCustomer(t.app, shop.token);
    expect(await call(t.app, 'GET', '/orders/cart/', customer.headers)).toMatchObject(closed);
    expect(
      await call(t.app, 'POST', '/orders/cart/add-item/', customer.headers, {
        product_id: 1,
        quantity: 1,
      }),
    ).toMatchObject(closed);
    expect(await call(t.app, 'GET', '/orders/orders/', customer.headers)).toMatchObject(closed);
  });

  it('shows the real shop to whoever has the preview password, and to its staff', async () => {
    const shopper = asTenant(shop.token);
    // No password set yet: any password is wrong.
    expect(
      await call(t.app, 'POST', '/shop/preview/', shopper, { password: PREVIEW }),
    ).toMatchObject({
      status: 400,
      body: { password: [SHOP_STATUS_MESSAGES.wrongPreviewPassword] },
    });
    // Only the owner sets it.
    expect(
      (
        await call(t.app, 'PUT', '/admin/shop/preview-password/', shop.asStaff, {
          password: PREVIEW,
        })
      ).status,
    ).toBe(403);
    const set = await call<ShopLaunch>(
      t.app,
      'PUT',
      '/admin/shop/preview-password/',
      shop.asOwner,
      {
        password: PREVIEW,
      },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.preview_password_set).toBe(true);
    expect(JSON.stringify(set.body)).not.toContain(PREVIEW);

    expect(
      await call(t.app, 'POST', '/shop/preview/', shopper, { password: 'not-the-password' }),
    ).toMatchObject({
      status: 400,
      body: { password: [SHOP_STATUS_MESSAGES.wrongPreviewPassword] },
    });
    const right = await call(t.app, 'POST', '/shop/preview/', shopper, { password: PREVIEW });
    expect(right.status).toBe(204);
    const cookie = String(right.headers['set-cookie']);
    expect(cookie).toMatch(/^shop_preview=[\w-]+\.[\w-]+\.[\w-]+; /);
    for (const attribute of ['Path=/', 'Max-Age=604800', 'HttpOnly', 'SameSite=Lax'])
      expect(cookie).toContain(attribute);
    const pass = passOf(right);

    // With the pass, the shop answers as if open, for that visitor alone…
    const previewed = await call(t.app, 'GET', '/products/products/', { ...shopper, cookie: pass });
    expect(previewed.status).toBe(200);
    expect(previewed.headers['cache-control']).toBe('private, no-store');
    // …but not another shop, nor a pass tampered with.
    expect(
      (await call(t.app, 'GET', '/products/products/', { ...asTenant(other.token), cookie: pass }))
        .status,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', '/products/products/', { ...shopper, cookie: `${pass}x` })).status,
    ).toBe(403);

    // A new password ends the passes given for the old one.
    await call(t.app, 'PUT', '/admin/shop/preview-password/', shop.asOwner, {
      password: `${PREVIEW}-2`,
    });
    expect(
      (await call(t.app, 'GET', '/products/products/', { ...shopper, cookie: pass })).status,
    ).toBe(403);

    // A member of staff previews from the back office, password or not.
    const session = await call<{ storefront_url: string; expires_at: string }>(
      t.app,
      'POST',
      '/admin/shop/preview-session/',
      shop.asStaff,
    );
    expect(session.status).toBe(200);
    expect(session.body.storefront_url).toBe(t.app.siteOrigin(shop.tenantId));
    // Valid for a back office session's 12 hours, the cookie as long.
    const hours = (Date.parse(session.body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.99);
    expect(hours).toBeLessThanOrEqual(12);
    expect(String(session.headers['set-cookie'])).toContain('Max-Age=43200;');
    const staffPass = passOf(session);
    expect(
      (await call(t.app, 'GET', '/products/products/', { ...shopper, cookie: staffPass })).status,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'GET', '/products/products/', {
          ...asTenant(other.token),
          cookie: staffPass,
        })
      ).status,
    ).toBe(403);

    // Clearing the password: logged, and never the password itself.
    const cleared = await call<ShopLaunch>(
      t.app,
      'PUT',
      '/admin/shop/preview-password/',
      shop.asOwner,
      { password: null },
    );
    expect(cleared.body.preview_password_set).toBe(false);
    const log = await call<{ results: { action: string; after: unknown }[] }>(
      t.app,
      'GET',
      '/admin/activity/',
      shop.asOwner,
    );
    const actions = log.body.results.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['shop.preview_password_set', 'shop.preview_password_clear']),
    );
    expect(JSON.stringify(log.body)).not.toContain(PREVIEW);
  });

  it('throttles guessing the preview password, even the right one after too many wrong', async () => {
    await call(t.app, 'PUT', '/admin/shop/preview-password/', other.asOwner, {
      password: PREVIEW,
    });
    const shopper = asTenant(other.token);
    for (let i = 0; i < t.config.loginMaxFailures; i++) {
      const wrong = await call(t.app, 'POST', '/shop/preview/', shopper, {
        password: `guess-${i}`,
      });
      expect(wrong.status).toBe(400);
    }
    const throttled = await call<{ detail: string }>(t.app, 'POST', '/shop/preview/', shopper, {
      password: PREVIEW,
    });
    expect(throttled.status).toBe(429);
    expect(throttled.body.detail).toMatch(
      /^Request was throttled\. Expected available in \d+ seconds\.$/,
    );
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('shows Opening soon with the preview form, which lets a visitor with the password in', async () => {
    const html = openingSoonPage('Harbour <Prints>', { description: null });
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('<title>Harbour &lt;Prints&gt; — Opening soon</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain(`<form method="post" action="${PREVIEW_FORM_PATH}"`);
    expect(html).toContain('<label for="preview-password">Preview password</label>');
    expect(html).not.toContain('<script');
    // The page's one style is the one its policy allows, by hash.
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    expect(OPENING_SOON_CSP).toContain(
      `'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    );
    expect(OPENING_SOON_CSP).toContain("default-src 'none'");

    // The form, mounted as the pages plugin mounts it, over the app's database and caches.
    await call(t.app, 'PUT', '/admin/shop/preview-password/', shop.asOwner, { password: PREVIEW });
    const pages = Fastify({ logger: false });
    await pages.register(
      fp(
        async (instance) => {
          instance.decorate('db', t.app.db);
        },
        { name: 'db' },
      ),
    );
    await pages.register(idleGc, { idleMs: 60_000 });
    await pages.register(catalogCache, { ttlMs: 0 });
    await pages.register(shopGate, {
      secret: new TextEncoder().encode('a-test-secret-of-at-least-32-bytes!!'),
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      maxFailures: 5,
      maxAttemptsPerAddress: 100,
    });
    await pages.register(previewFormRoute, {
      shopOf: async () => ({ id: shop.tenantId, name: 'Harbour Prints' }),
    });
    pages.get('/', async (request) => ({ preview: await hasPreview(request, shop.tenantId) }));
    try {
      const post = (password: string) =>
        pages.inject({
          method: 'POST',
          url: PREVIEW_FORM_PATH,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ password }).toString(),
        });
      const wrong = await post('nope-nope');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.headers['content-security-policy']).toBe(OPENING_SOON_CSP);
      expect(wrong.headers['x-robots-tag']).toContain('noindex');
      expect(wrong.body).toContain('role="alert">That password is not right.</p>');
      const right = await post(PREVIEW);
      expect(right.statusCode).toBe(303);
      expect(right.headers.location).toBe('/');
      const pass = String(right.headers['set-cookie']).split(';')[0]!;
      expect((await pages.inject({ url: '/', headers: { cookie: pass } })).json()).toEqual({
        preview: true,
      });
      expect((await pages.inject({ url: '/' })).json()).toEqual({ preview: false });
      // A JSON body is no form.
      const json = await pages.inject({
        method: 'POST',
        url: PREVIEW_FORM_PATH,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ password: PREVIEW }),
      });
      expect(json.statusCode).toBe(415);
    } finally {
      await pages.close();
    }
  });
});

describe('a shop on holiday', () => {
  const SHOP = 'demo-handcraft';
  let owner: Record<string, string>;
  let member: Record<string, string>;
  beforeAll(async () => {
    const tenantId = await tenantIdOf(t.app.db, SHOP);
    owner = asStaff(
      SHOP,
      await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
    );
    member = asStaff(SHOP, await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId })));
  });

  it('browses as usual but takes no orders, in the owner’s words, until reopened', async () => {
    const message = 'Away at the Bovey Tracey craft fair until 14 June.\nOrders open on the 15th.';
    // Only the owner closes it.
    expect((await call(t.app, 'POST', '/admin/shop/close/', member, { message })).status).toBe(403);
    const closed = await call<ShopLaunch>(t.app, 'POST', '/admin/shop/close/', owner, { message });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'holiday', closed_message: message });

    const shopper = asTenant(SHOP);
    expect((await call(t.app, 'GET', '/pages/site-settings/', shopper)).body).toMatchObject({
      status: 'holiday',
      closed_message: message,
    });
    const list = await call<{ count: number }>(t.app, 'GET', '/products/products/', shopper);
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(0);
    const [piece] = await productsInStock(t.app, SHOP);
    expect((await call(t.app, 'GET', `/products/products/${piece!.slug}/`, shopper)).status).toBe(
      200,
    );

    const customer = await createCustomer(t.app, SHOP);
    const refused = { status: 409, body: { detail: message } };
    expect(
      await call(t.app, 'POST', '/orders/cart/add-item/', customer.headers, {
        product_id: piece!.id,
        quantity: 1,
      }),
    ).toMatchObject(refused);
    expect(await call(t.app, 'POST', '/orders/orders/', customer.headers, {})).toMatchObject(
      refused,
    );
    // The cart itself still reads.
    expect((await call(t.app, 'GET', '/orders/cart/', customer.headers)).status).toBe(200);

    // Without a message, the storefront's own words.
    await call(t.app, 'POST', '/admin/shop/close/', owner, { message: '  ' });
    expect(
      await call(t.app, 'POST', '/orders/cart/add-item/', customer.headers, {
        product_id: piece!.id,
        quantity: 1,
      }),
    ).toMatchObject({ status: 409, body: { detail: SHOP_STATUS_MESSAGES.onHoliday } });

    // A shop on holiday is reopened, not launched.
    expect(await call(t.app, 'POST', '/admin/shop/launch/', owner)).toMatchObject({
      status: 409,
      body: { detail: LAUNCH_MESSAGES.onHolidayLaunch },
    });
    expect((await call(t.app, 'POST', '/admin/shop/reopen/', member)).status).toBe(403);
    const reopened = await call<ShopLaunch>(t.app, 'POST', '/admin/shop/reopen/', owner);
    expect(reopened.body).toMatchObject({ status: 'open', closed_message: null });
    expect(
      (
        await call(t.app, 'POST', '/orders/cart/add-item/', customer.headers, {
          product_id: piece!.id,
          quantity: 1,
        })
      ).status,
    ).toBe(200);
    expect(await call(t.app, 'POST', '/admin/shop/reopen/', owner)).toMatchObject({
      status: 409,
      body: { detail: LAUNCH_MESSAGES.notOnHoliday },
    });

    const log = await call<{ results: { action: string; before: unknown; after: unknown }[] }>(
      t.app,
      'GET',
      '/admin/activity/?object_type=shop',
      owner,
    );
    const actions = log.body.results.map((e) => e.action);
    expect(actions.filter((a) => a === 'shop.close')).toHaveLength(2);
    expect(actions).toContain('shop.reopen');
    expect(log.body.results.find((e) => e.action === 'shop.reopen')).toMatchObject({
      before: { status: 'holiday', message: null },
      after: { status: 'open' },
    });
  });

  it('refuses an order that reaches checkout after the holiday began, or before launch, whatever the door last read', async () => {
    const customer = await createCustomer(t.app, SHOP);
    const [piece] = await productsInStock(t.app, SHOP);
    const added = await call(t.app, 'POST', '/orders/cart/add-item/', customer.headers, {
      product_id: piece!.id,
      quantity: 1,
    });
    expect(added.status).toBe(200);
    const body = (await checkoutBody(t.app, customer, {
      delivery_address: ADDRESS,
      payment_method: 'bank_transfer',
    })) as Parameters<typeof placeOrder>[1]['body'];
    // The owner closes the shop while this shopper's order is past the door (its gate read the
    // shop open a moment before): the order's own transaction reads the shop and refuses it.
    const tenant = await tenantIdOf(t.app.db, SHOP);
    await t.app.db
      .updateTable('tenants')
      .set({ status: 'holiday', closed_message: 'Back on Monday.' })
      .where('id', '=', tenant)
      .execute();
    try {
      const placing = placeOrder(t.app.orders, {
        tenantId: tenant,
        userId: customer.id,
        body,
        idempotencyKey: null,
      });
      await expect(placing).rejects.toMatchObject({
        code: 'shop_not_trading',
        message: 'Back on Monday.',
      });
      // Nor is an order placed at a shop not launched, a previewer's included.
      await t.app.db
        .updateTable('tenants')
        .set({ status: 'closed' })
        .where('id', '=', tenant)
        .execute();
      await expect(
        placeOrder(t.app.orders, {
          tenantId: tenant,
          userId: customer.id,
          body,
          idempotencyKey: null,
        }),
      ).rejects.toMatchObject({
        code: 'shop_not_trading',
        message: SHOP_STATUS_MESSAGES.notOpenYet,
      });
      const orders = await t.app.db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', customer.id)
        .execute();
      expect(orders).toEqual([]);
    } finally {
      await t.app.db
        .updateTable('tenants')
        .set({ status: 'open', closed_message: null })
        .where('id', '=', tenant)
        .execute();
      t.app.catalogCache.invalidate(tenant);
    }
  });

  it('refuses a holiday to a shop that has not launched', async () => {
    const shop = await newShop('not-yet-launch');
    expect(
      await call(t.app, 'POST', '/admin/shop/close/', shop.asOwner, { message: 'Gone fishing.' }),
    ).toMatchObject({ status: 409, body: { detail: LAUNCH_MESSAGES.notLaunched } });
    expect(await call(t.app, 'POST', '/admin/shop/reopen/', shop.asOwner)).toMatchObject({
      status: 409,
      body: { detail: LAUNCH_MESSAGES.notLaunched },
    });
  });
});

describe('the launch operations under attack', () => {
  const SHOP = 'demo-pottery';
  let owner: Record<string, string>;
  beforeAll(async () => {
    const tenantId = await tenantIdOf(t.app.db, SHOP);
    owner = asStaff(
      SHOP,
      await staffTokenFor(t.app, await createStaff(t.app.db, { tenantId, role: 'owner' })),
    );
  });

  const send = (url: string, payload: string, contentType = 'application/json', headers = owner) =>
    t.app.inject({
      method: url.endsWith('preview-password/') ? 'PUT' : 'POST',
      url: `/api/admin${url}`,
      headers: { ...headers, 'content-type': contentType },
      payload,
    });

  it('refuses another media type, huge and NUL-laden text, and keeps the shop as it was', async () => {
    expect((await send('/shop/close/', 'message=hello', 'text/plain')).statusCode).toBe(415);
    expect(
      (await send('/shop/close/', 'message=hello', 'application/x-www-form-urlencoded')).statusCode,
    ).toBe(415);

    const tooLong = await send('/shop/close/', JSON.stringify({ message: 'x'.repeat(501) }));
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json() as object)).toEqual(['message']);
    const huge = await send('/shop/close/', JSON.stringify({ message: 'x'.repeat(2_000_000) }));
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.json()).toHaveProperty('detail');

    const nul = await send('/shop/close/', JSON.stringify({ message: 'Back\u0000soon' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toHaveProperty('message');
    const bell = await send('/shop/close/', JSON.stringify({ message: 'Back\u0007soon' }));
    expect(bell.json()).toEqual({ message: [LAUNCH_MESSAGES.controlCharacters] });
    expect(
      (await send('/shop/close/', JSON.stringify({ message: 'Back soon', extra: true })))
        .statusCode,
    ).toBe(400);

    const short = await send('/shop/preview-password/', JSON.stringify({ password: 'abc' }));
    expect(short.json()).toEqual({ password: [LAUNCH_MESSAGES.passwordTooShort] });
    const nulPassword = await send(
      '/shop/preview-password/',
      JSON.stringify({ password: 'secret\u0000secret' }),
    );
    expect(nulPassword.statusCode).toBe(400);
    expect(
      (await send('/shop/preview-password/', JSON.stringify({ password: 'p'.repeat(101) })))
        .statusCode,
    ).toBe(400);

    // Nothing of it changed the shop.
    expect((await call(t.app, 'GET', '/pages/site-settings/', asTenant(SHOP))).body).toMatchObject({
      status: 'open',
      closed_message: null,
    });
    expect(
      (
        await call(t.app, 'POST', '/shop/preview/', asTenant(SHOP), {
          password: 'x'.repeat(101),
        })
      ).status,
    ).toBe(400);
  });

  it("refuses another shop's owner, and a shopper's token", async () => {
    const stranger = await createStaff(t.app.db, {
      tenantId: await tenantIdOf(t.app.db, 'demo-handcraft'),
      role: 'owner',
    });
    const borrowed = asStaff(SHOP, await staffTokenFor(t.app, stranger));
    for (const [url, payload] of [
      ['/shop/close/', JSON.stringify({ message: 'Closed by a stranger.' })],
      ['/shop/preview-password/', JSON.stringify({ password: 'stranger-danger' })],
      ['/shop/launch/', '{}'],
      ['/shop/preview-session/', '{}'],
    ] as const) {
      const answer = await send(url, payload, 'application/json', borrowed);
      expect(answer.statusCode, url).toBe(401);
    }
    const shopper = await createCustomer(t.app, SHOP);
    expect(
      (await send('/shop/close/', '{"message":null}', 'application/json', shopper.headers))
        .statusCode,
    ).toBe(401);
    expect((await call(t.app, 'GET', '/pages/site-settings/', asTenant(SHOP))).body).toMatchObject({
      status: 'open',
    });
  });
});
