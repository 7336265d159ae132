/**
 * Opening a shop (issue 38, ./create-shop.ts): a maker's shop exists whole at once, with its
 * domain, its currency, settings its pages answer with and an owner who signs in; it shares
 * nothing with the shops already there; a domain is held by one shop however it is typed and
 * however two creations race for it. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { REVIEW_POLICY_MODEL_HTML, REVIEW_POLICY_TITLE } from '../content/review-policy.ts';
import { DomainError } from '../platform/domain-error.ts';
import { TEST_PASSWORD_HASH_COST } from '../test/staff.ts';
import { asTenant, useTestApp } from '../test/test-app.ts';
import { SHOP_STATUS_MESSAGES } from '../../common/shop-status.ts';
import { openShopForTests } from '../test/launch.ts';
import { createShop } from './create-shop.ts';
import { SHOP_MESSAGES, type NewShop } from './shop-input.ts';
import { CURRENCY_MESSAGES } from '../../common/currencies.ts';

const t = useTestApp();
const PASSWORD = 'honed-on-whetstones-9';

/** A shop at `domain`, in euros, its owner at `owner@<domain>`. */
const shopAt = (domain: string, extra: Partial<NewShop> = {}): NewShop => ({
  name: `Shop at ${domain}`,
  domain,
  currency: 'EUR',
  country: 'IE',
  owner: { email: `owner@${domain}`, password: PASSWORD },
  ...extra,
});

const open = (shop: NewShop) =>
  createShop(t.app.db, shop, { passwordHashCost: TEST_PASSWORD_HASH_COST });

async function get(path: string, token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api${path}`,
    headers: asTenant(token),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('opening a shop', () => {
  it('answers at once with its own name, no products, and an owner who signs in to the back office', async () => {
    const shop = await open(
      shopAt('tidewater.test', {
        name: 'Tidewater Knives',
        currency: 'GBP',
        country: 'GB',
        owner: { email: 'Maya@Tidewater.test', name: 'Maya Hart', password: PASSWORD },
      }),
    );
    expect(shop).toMatchObject({
      token: 'tidewater-test',
      name: 'Tidewater Knives',
      domain: 'tidewater.test',
      currency: 'GBP',
      owner: { email: 'maya@tidewater.test' },
    });

    const site = await get('/pages/site-settings/', shop.token);
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({
      site_title: 'Tidewater Knives',
      contact_email: 'maya@tidewater.test',
      status: 'closed',
    });
    // It starts closed ("Opening soon", server/shops/launch.ts): its catalogue is not shown…
    expect(await get('/products/products/', shop.token)).toEqual({
      status: 403,
      body: { detail: SHOP_STATUS_MESSAGES.notOpenYet },
    });
    // …until it is launched, and then it holds none of the other shops' products.
    await openShopForTests(t.app, shop.tenantId);
    const products = await get('/products/products/', shop.token);
    expect(products.status).toBe(200);
    expect(products.body).toMatchObject({ count: 0, results: [] });
    // It publishes the model review policy from the start (decision 085), a row its owner edits.
    const policy = await t.app.inject({
      method: 'GET',
      url: '/api/pages/manage/documents/?document_type=review_policy',
      headers: asTenant(shop.token),
    });
    expect(policy.json()).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        document_type: 'review_policy',
        title: REVIEW_POLICY_TITLE,
        content: REVIEW_POLICY_MODEL_HTML,
      }),
    ]);
    expect((policy.json() as { id: number }[])[0]!.id).toBeGreaterThan(0);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login/',
      headers: asTenant(shop.token),
      payload: { email: 'maya@tidewater.test', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const { access } = signIn.json() as { access: string };
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/admin/staff/',
      headers: { ...asTenant(shop.token), authorization: `Bearer ${access}` },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject([
      { email: 'maya@tidewater.test', name: 'Maya Hart', role: 'owner' },
    ]);
    // The demo's owner is no member of the new shop, and its products are not the new shop's.
    const demoSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login/',
      headers: asTenant(shop.token),
      payload: { email: 'owner@emberandoak.example', password: 'demo-owner-2026' },
    });
    expect(demoSignIn.statusCode).toBe(401);
    const demo = await get('/products/products/', 'demo-handcraft');
    expect((demo.body as { count: number }).count).toBeGreaterThan(0);
  });

  it('records the shop’s currency and its domain as its primary one', async () => {
    const shop = await open(shopAt('harbour-prints.test', { currency: 'eur' }));
    const tenant = await t.app.db
      .selectFrom('tenants')
      .select(['currency', 'media_slug'])
      .where('id', '=', shop.tenantId)
      .executeTakeFirstOrThrow();
    expect(tenant).toEqual({ currency: 'EUR', media_slug: 'harbour-prints-test' });
    const domains = await t.app.db
      .selectFrom('tenant_domains')
      .select(['domain', 'is_primary'])
      .where('tenant_id', '=', shop.tenantId)
      .execute();
    expect(domains.map((d) => [d.domain, Boolean(d.is_primary)])).toEqual([
      ['harbour-prints.test', true],
    ]);
    const demo = await t.app.db
      .selectFrom('tenants')
      .select('currency')
      .where('token', '=', 'demo-handcraft')
      .executeTakeFirstOrThrow();
    expect(demo.currency).toBe('USD');
  });

  it('refuses a domain another shop holds, however it is typed, and makes nothing', async () => {
    await open(shopAt('kiln.test'));
    const before = await t.app.db.selectFrom('tenants').select('id').execute();
    for (const typed of ['KILN.test', 'kiln.test.', ' kiln.test ']) {
      const refusal = await open(
        shopAt(typed, { owner: { email: 'x@kiln2.test', password: PASSWORD } }),
      ).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ code: 'domain_taken', message: SHOP_MESSAGES.domainTaken });
    }
    expect(await t.app.db.selectFrom('tenants').select('id').execute()).toHaveLength(before.length);
  });

  it('gives one of two creations racing for a domain the shop, and the other a refusal', async () => {
    const results = await Promise.allSettled([
      open(shopAt('race.test')),
      open(shopAt('race.test')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'domain_taken' });
    const held = await t.app.db
      .selectFrom('tenant_domains')
      .select('tenant_id')
      .where('domain', '=', 'race.test')
      .execute();
    expect(held).toHaveLength(1);
  });

  it('gives two creations racing with domains that make the same token a shop each', async () => {
    const [first, second] = await Promise.all([
      open(shopAt('twin-1.test')),
      open(shopAt('twin.1.test')),
    ]);
    expect([first.token, second.token].sort()).toEqual(['twin-1-test', 'twin-1-test-2']);
  });

  it('gives a second shop whose domain makes the same token a token of its own', async () => {
    const first = await open(shopAt('twin-shop.test'));
    const second = await open(shopAt('twin.shop.test'));
    expect([first.token, second.token]).toEqual(['twin-shop-test', 'twin-shop-test-2']);
  });

  it('refuses what is not a shop: a blank or control-character name, an IP, a port, NUL, a huge domain', async () => {
    const cases: [Partial<NewShop>, Record<string, string[]>][] = [
      [{ name: '   ' }, { shop_name: [SHOP_MESSAGES.nameBlank] }],
      [{ name: 'Shop\u0000' }, { shop_name: [SHOP_MESSAGES.nameInvalid] }],
      [{ name: 'Shop\u009b31m' }, { shop_name: [SHOP_MESSAGES.nameInvalid] }],
      [{ name: 'Knives \u202egnp.exe' }, { shop_name: [SHOP_MESSAGES.nameInvalid] }],
      [{ name: '🔪'.repeat(51) }, { shop_name: [SHOP_MESSAGES.nameTooLong] }],
      [{ name: 'x'.repeat(101) }, { shop_name: [SHOP_MESSAGES.nameTooLong] }],
      [{ domain: '10.0.0.1' }, { domain: [SHOP_MESSAGES.domainInvalid] }],
      [{ domain: '127.1' }, { domain: [SHOP_MESSAGES.domainInvalid] }],
      [{ domain: '0x7f.0.0.1' }, { domain: [SHOP_MESSAGES.domainInvalid] }],
      [{ domain: 'foo.123' }, { domain: [SHOP_MESSAGES.domainInvalid] }],
      [{ domain: 'shop.test:8080' }, { domain: [SHOP_MESSAGES.domainInvalid] }],
      [{ domain: 'localhost' }, { domain: [SHOP_MESSAGES.domainInvalid] }],
      [{ domain: 'shop\u0000.test' }, { domain: [SHOP_MESSAGES.domainInvalid] }],
      [
        { domain: `${'a'.repeat(63)}.`.repeat(5) + 'test' },
        { domain: [SHOP_MESSAGES.domainInvalid] },
      ],
      [{ currency: 'US' }, { currency: [SHOP_MESSAGES.currencyInvalid] }],
      [{ currency: 'JPY' }, { currency: [CURRENCY_MESSAGES.notTwoDecimals('JPY')] }],
      [{ country: 'UK' }, { country: [SHOP_MESSAGES.countryInvalid] }],
      [
        { owner: { email: 'not-an-address', password: PASSWORD } },
        { owner_email: ['Enter a valid email address.'] },
      ],
    ];
    for (const [extra, fields] of cases) {
      const refusal = await open(shopAt('refused.test', extra)).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: 'invalid_shop', fields });
    }
    const held = await t.app.db
      .selectFrom('tenant_domains')
      .select('id')
      .where('domain', '=', 'refused.test')
      .execute();
    expect(held).toEqual([]);
  });
});
