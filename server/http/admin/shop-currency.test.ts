/**
 * The shop's currency in its site settings (issue 38): an owner may change it, to any ISO 4217
 * currency with two decimals, until the shop's first order; the change is in the activity log
 * and the storefront's site settings answer it at once. Once the shop has an order the change is
 * refused (400 on `currency`, saying why) and the settings say the currency is fixed. Only an
 * owner reaches it. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { CURRENCY_MESSAGES } from '../../../common/currencies.ts';
import { createShop } from '../../shops/create-shop.ts';
import { createShopper, insertOrder } from '../../test/order-fixtures.ts';
import { call } from '../../test/shop.ts';
import { asStaff, createStaff, staffTokenFor, TEST_PASSWORD_HASH_COST } from '../../test/staff.ts';
import { asTenant, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

/** A new shop in pounds, without an order yet (the demo shops have theirs). */
let shop: string;
let tenantId: number;
let owner: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  const db = t.app.db;
  const created = await createShop(
    db,
    {
      name: 'Quay Street Ceramics',
      domain: 'quay-ceramics.test',
      currency: 'GBP',
      country: 'GB',
      owner: { email: 'owner@quay-ceramics.test', password: 'thrown-on-the-wheel-7' },
    },
    { passwordHashCost: TEST_PASSWORD_HASH_COST },
  );
  shop = created.token;
  tenantId = created.tenantId;
  owner = asStaff(
    shop,
    await staffTokenFor(t.app, await createStaff(db, { tenantId, role: 'owner' })),
  );
  staff = asStaff(
    shop,
    await staffTokenFor(t.app, await createStaff(db, { tenantId, role: 'staff' })),
  );
});

/** `PATCH` or `GET /api/admin/settings/site/` as `who`. */
async function site(who: Record<string, string>, change?: Record<string, unknown>) {
  const response = await t.app.inject({
    method: change ? 'PATCH' : 'GET',
    url: '/api/admin/settings/site/',
    headers: change ? { ...who, 'content-type': 'application/json' } : who,
    ...(change ? { payload: JSON.stringify(change) } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** The currency the storefront's site settings answer. */
async function storefrontCurrency() {
  const settings = await call<{ currency: string }>(
    t.app,
    'GET',
    '/pages/site-settings/',
    asTenant(shop),
  );
  return settings.body.currency;
}

describe("the shop's currency", () => {
  it('changes before the first order, is logged, and the storefront answers it', async () => {
    expect(await site(owner)).toMatchObject({
      status: 200,
      body: { currency: 'GBP', currency_fixed: false },
    });
    const saved = await site(owner, { currency: ' eur ' });
    expect(saved).toMatchObject({ status: 200, body: { currency: 'EUR', currency_fixed: false } });
    expect(await storefrontCurrency()).toBe('EUR');
    const [entry] = await t.app.db
      .selectFrom('activity_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('action', '=', 'settings.site.update')
      .orderBy('id', 'desc')
      .execute();
    expect(JSON.parse(entry!.before!)).toEqual({ currency: 'GBP' });
    expect(JSON.parse(entry!.after!)).toEqual({ currency: 'EUR' });
    // Back to pounds for the tests below.
    expect((await site(owner, { currency: 'GBP' })).status).toBe(200);
  });

  it('refuses what is not a currency with two decimals, and a member who is not an owner', async () => {
    expect(await site(owner, { currency: 'XYZ' })).toEqual({
      status: 400,
      body: { currency: [CURRENCY_MESSAGES.invalid] },
    });
    expect(await site(owner, { currency: 'JPY' })).toEqual({
      status: 400,
      body: { currency: [CURRENCY_MESSAGES.notTwoDecimals('JPY')] },
    });
    expect((await site(staff, { currency: 'EUR' })).status).toBe(403);
    expect(await storefrontCurrency()).toBe('GBP');
  });

  it('is fixed once the shop has taken an order: a change is refused and says why', async () => {
    const shopper = await createShopper(t.app.db, tenantId);
    await insertOrder(t.app.db, tenantId, { userId: shopper.id });
    expect(await site(owner)).toMatchObject({
      status: 200,
      body: { currency: 'GBP', currency_fixed: true },
    });
    expect(await site(owner, { currency: 'USD' })).toEqual({
      status: 400,
      body: {
        currency: [
          'The currency cannot change once the shop has taken its first order: its orders and payments are in GBP.',
        ],
      },
    });
    expect(await storefrontCurrency()).toBe('GBP');
    // The same currency again is no change, and the other settings still save.
    expect(
      await site(owner, { currency: 'GBP', site_description: 'Mugs and vases, in pounds.' }),
    ).toMatchObject({ status: 200, body: { currency: 'GBP', currency_fixed: true } });
  });
});
