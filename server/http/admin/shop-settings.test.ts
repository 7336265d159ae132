/**
 * The owner's settings (back office, tag settings) as the shop's visitors then see them: the
 * site title in the site-settings answer, the shell and the rendered page (within a second,
 * though pages are reused for a minute); a new zone's country quoted at checkout; the minimum
 * age the age gate asks; a payment method switched off no longer offered; the card provider's
 * credentials sealed and never shown back, logged nowhere. Every change is in the activity log
 * with the fields before and after; hostile input answers 4xx.
 */
import {
  ADDRESS,
  ADULT,
  call,
  createCustomer,
  postOrder,
  productsInStock,
  quoteShipping,
} from '../../test/shop.ts';
import { Writable } from 'node:stream';
import { testPhoto } from '../../test/images.ts';
import { HTML, loadSource, useFakeDist } from '../../test/pages.ts';
import { asStaff, createStaff, staffTokenFor, tenantIdOf } from '../../test/staff.ts';
import { asTenant, testDatabaseUrl, useTestApp } from '../../test/test-app.ts';
import { bornYearsAgo } from '../../test/makers-shop.ts';

const SHOP = 'demo-handcraft';
const dist = useFakeDist();
let appLog = '';
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    appLog += chunk.toString('utf8');
    done();
  },
});
// On PostgreSQL with its URL, so a second app (`t.reopen()`) is told of changes as a second
// process is (server/http/cache-sync.ts).
const t = useTestApp(
  () => ({
    serveSpa: true,
    distDir: dist.path,
    pageCacheTtlMs: 60_000,
    ...(testDatabaseUrl ? { databaseUrl: testDatabaseUrl } : {}),
  }),
  // Every line the app logs, at every level, to look for credentials in. On PostgreSQL the
  // pages are the shell alone: the render reads the same settings row, and its part is checked
  // in the SQLite pass; compiling the storefront's source in a PostgreSQL worker cost 10 s.
  {
    loadRenderer: testDatabaseUrl ? undefined : loadSource,
    logger: { level: 'trace', stream: logStream },
  },
);

let owner: Record<string, string>;
let staff: Record<string, string>;
let otherOwner: Record<string, string>;
let tenantId: number;

beforeAll(async () => {
  tenantId = await tenantIdOf(t.app.db, SHOP);
  const db = t.app.db;
  owner = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(db, { tenantId, role: 'owner' })),
  );
  staff = asStaff(
    SHOP,
    await staffTokenFor(t.app, await createStaff(db, { tenantId, role: 'staff' })),
  );
  const pottery = await tenantIdOf(db, 'demo-pottery');
  otherOwner = asStaff(
    'demo-pottery',
    await staffTokenFor(t.app, await createStaff(db, { tenantId: pottery, role: 'owner' })),
  );
});

/** A back-office call: `/api/admin` + `path`. */
// Answers are read loosely (`body.results[0].id`): each test asserts the shape it reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function admin<T = any>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const response = await t.app.inject({
    method,
    url: `/api/admin${path}`,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined
      ? {}
      : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return {
    status: response.statusCode,
    text: response.body,
    body: (response.body ? JSON.parse(response.body) : null) as T,
  };
}

/** The shop's activity entries of `action`, newest first, as stored. */
async function activity(action: string) {
  return t.app.db
    .selectFrom('activity_log')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();
}

const page = async (url: string) => t.app.inject({ method: 'GET', url, headers: HTML });

/** `text` as a page may hold it: as it is, or with its `&` escaped. */
const asInPage = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('&', '(?:&|&#38;|&amp;)'));

describe('the site settings', () => {
  it('shows a new title in the site settings, the shell and the rendered page at once, and logs it', async () => {
    const before = await admin('GET', '/settings/site/', owner);
    expect(before.status).toBe(200);
    // In the rendered text or, where only the shell is served, its escaped <title>.
    expect((await page('/')).body).toMatch(asInPage(before.body.site_title));
    const saved = await admin('PATCH', '/settings/site/', owner, {
      site_title: '  Hollow Oak Knives  ',
      google_analytics_id: 'G-4H7KQ2ZP9X',
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { site_title: 'Hollow Oak Knives', google_analytics_id: 'G-4H7KQ2ZP9X' },
    });
    const settings = await call<{ site_title: string }>(
      t.app,
      'GET',
      '/pages/site-settings/',
      asTenant(SHOP),
    );
    expect(settings.body.site_title).toBe('Hollow Oak Knives');
    // The shell and its policy are read again as soon as the change is announced.
    await expect
      .poll(async () => (await page('/index.html')).body, { timeout: 1000 })
      .toContain('<title>Hollow Oak Knives</title>');
    const shell = await page('/index.html');
    expect(shell.headers['content-security-policy']).toContain('googletagmanager');
    await expect
      .poll(async () => (await page('/')).body, { timeout: 1000 })
      .toContain('Hollow Oak Knives');
    const [entry] = await activity('settings.site.update');
    expect(JSON.parse(entry!.before!)).toEqual({
      site_title: before.body.site_title,
      google_analytics_id: before.body.google_analytics_id,
    });
    expect(JSON.parse(entry!.after!)).toEqual({
      site_title: 'Hollow Oak Knives',
      google_analytics_id: 'G-4H7KQ2ZP9X',
    });
    expect(entry!.object_id).toBe('site');
  });

  it('refuses a made-up analytics id, a blank title, a NUL, a bad e-mail and an upload that is not the shop’s', async () => {
    for (const [body, field] of [
      [{ google_analytics_id: 'UA-1234-1' }, 'google_analytics_id'],
      [{ site_title: '   ' }, 'site_title'],
      [{ site_description: 'a\u0000b' }, 'site_description'],
      [{ contact_email: 'not an e-mail' }, 'contact_email'],
      [{ logo_upload_id: 2147483647 }, 'logo_upload_id'],
      [{ logo_upload_id: 1e12 }, 'logo_upload_id'],
    ] as const) {
      const answer = await admin('PATCH', '/settings/site/', owner, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body)).toContain(field);
    }
    expect((await admin('PATCH', '/settings/site/', owner, { title: 'x' })).status).toBe(400);
    expect((await admin('PATCH', '/settings/site/', owner, {})).status).toBe(400);
  });
});

describe('the logo and the tab icon', () => {
  /** Uploads a small PNG as the owner; answers the upload's id and full image's address. */
  async function uploaded(): Promise<{ id: number; url: string }> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media/uploads/',
      headers: { ...owner, 'content-type': 'image/png' },
      payload: await testPhoto({ width: 400, height: 200, format: 'png' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; url: string };
  }

  it('shows an uploaded logo and tab icon, each upload used once, and takes them away', async () => {
    const logo = await uploaded();
    const saved = await admin('PATCH', '/settings/site/', owner, { logo_upload_id: logo.id });
    expect(saved).toMatchObject({ status: 200, body: { logo: logo.url } });
    const settings = await call<{ logo: string; favicon: string | null }>(
      t.app,
      'GET',
      '/pages/site-settings/',
      asTenant(SHOP),
    );
    expect(settings.body.logo).toBe(logo.url);
    expect((await t.app.inject({ method: 'GET', url: logo.url })).statusCode).toBe(200);
    // An upload shows one thing: the same one again is refused on the field that named it.
    const again = await admin('PATCH', '/settings/site/', owner, { favicon_upload_id: logo.id });
    expect(again.status).toBe(400);
    expect(again.body).toHaveProperty('favicon_upload_id');

    const icon = await uploaded();
    const withIcon = await admin('PATCH', '/settings/site/', owner, { favicon_upload_id: icon.id });
    // The favicon is stored relative to the API base, as the storefront reads it.
    expect(withIcon.body.favicon).toBe(icon.url.replace(/^\/api/, ''));
    expect((await page('/index.html')).body).toContain(icon.url.replace(/^\/api/, ''));

    const removed = await admin('PATCH', '/settings/site/', owner, { logo_upload_id: null });
    expect(removed).toMatchObject({ status: 200, body: { logo: null } });
    const [entry] = await activity('settings.site.update');
    expect(JSON.parse(entry!.before!)).toEqual({ logo: logo.url });
    expect(JSON.parse(entry!.after!)).toEqual({ logo: null });
  });
});

describe('shipping zones and methods', () => {
  it('quotes a new zone’s country at checkout within a second, and stops when it is deleted', async () => {
    const buyer = await createCustomer(t.app);
    const [piece] = await productsInStock(t.app);
    await call(t.app, 'POST', '/orders/cart/add-item/', buyer.headers, {
      product_id: piece!.id,
      quantity: 1,
    });
    expect((await quoteShipping(t.app, buyer, 'CA')).status).toBe(400);

    const zone = await admin('POST', '/settings/shipping/zones/', owner, {
      name: 'Canada',
      countries: ['ca'],
    });
    expect(zone).toMatchObject({
      status: 201,
      body: { name: 'Canada', countries: ['CA'], age_restricted_allowed: false },
    });
    const method = await admin('POST', '/settings/shipping/methods/', owner, {
      zone_id: zone.body.id,
      code: 'ca-post',
      name: 'Canada Post',
      kind: 'delivery',
      price: '19.50',
      free_over: null,
    });
    expect(method).toMatchObject({
      status: 201,
      body: { code: 'ca-post', price: '19.50', free_over: null },
    });
    const quote = await call<{ shipping_price: string }>(
      t.app,
      'POST',
      '/orders/cart/shipping-quote/',
      buyer.headers,
      { country: 'CA' },
    );
    expect(quote.status).toBe(200);
    expect(quote.body.shipping_price).toBe('19.50');
    const options = await call<{ countries: { code: string }[] }>(
      t.app,
      'GET',
      '/shipping/options/',
      asTenant(SHOP),
    );
    expect(options.body.countries.map((c) => c.code)).toContain('CA');

    // A zone with a method is not deleted; the method first, then the zone.
    expect(await admin('DELETE', `/settings/shipping/zones/${zone.body.id}/`, owner)).toMatchObject(
      {
        status: 409,
        body: { detail: 'This zone still has 1 shipping method: delete or move it first.' },
      },
    );
    expect(
      (await admin('DELETE', `/settings/shipping/methods/${method.body.id}/`, owner)).status,
    ).toBe(204);
    expect((await admin('DELETE', `/settings/shipping/zones/${zone.body.id}/`, owner)).status).toBe(
      204,
    );
    expect((await quoteShipping(t.app, buyer, 'CA')).status).toBe(400);
    const [created] = await activity('shipping_zone.create');
    expect(JSON.parse(created!.after!)).toEqual({
      name: 'Canada',
      countries: ['CA'],
      age_restricted_allowed: false,
    });
    const [deleted] = await activity('shipping_method.delete');
    expect(JSON.parse(deleted!.before!)).toMatchObject({ code: 'ca-post', price: '19.50' });
  });

  it('refuses a country that is not one, a country another zone has, and hostile method fields', async () => {
    for (const countries of [['XX'], ['ZZ'], ['G\u0000'], ['GB']]) {
      const answer = await admin('POST', '/settings/shipping/zones/', owner, {
        name: 'Odd',
        countries,
      });
      expect(answer.status, countries[0]).toBe(400);
      expect(answer.body).toHaveProperty('countries');
    }
    const zones = await admin('GET', '/settings/shipping/zones/', owner);
    const zoneId = zones.body.results[0].id as number;
    const base = { zone_id: zoneId, code: 'odd', name: 'Odd', kind: 'delivery', price: '1.00' };
    for (const change of [
      { price: '-1.00' },
      { price: '99999999999.00' },
      { free_over: '0.00' },
      { code: 'Not A Code' },
      { code: 'uk-standard' },
      { name: 'x\u0000' },
      { zone_id: null },
      { zone_id: 2147483647 },
      { kind: 'teleport' },
    ]) {
      const answer = await admin('POST', '/settings/shipping/methods/', owner, {
        ...base,
        ...change,
      });
      expect(answer.status, JSON.stringify(change)).toBe(400);
    }
    for (const raw of [
      '{"code": "a", "name": ',
      `{"zone_id": ${zoneId}, "code": "big", "name": "Big", "kind": "delivery", "price": 1e309}`,
      `{"zone_id": 1e309, "code": "big", "name": "Big", "kind": "delivery", "price": "1.00"}`,
    ]) {
      expect((await admin('POST', '/settings/shipping/methods/', owner, raw)).status, raw).toBe(
        400,
      );
    }
  });

  it('reorders zones and methods only with every id once, and answers 404 for another shop’s', async () => {
    const zones = (await admin('GET', '/settings/shipping/zones/', owner)).body.results as {
      id: number;
    }[];
    const ids = zones.map((z) => z.id).reverse();
    const reordered = await admin('POST', '/settings/shipping/zones/reorder/', owner, { ids });
    expect(reordered.status).toBe(200);
    expect(reordered.body.results.map((z: { id: number }) => z.id)).toEqual(ids);
    expect(
      (await admin('POST', '/settings/shipping/zones/reorder/', owner, { ids: ids.slice(1) }))
        .status,
    ).toBe(400);
    const methods = (await admin('GET', '/settings/shipping/methods/', owner)).body.results as {
      id: number;
    }[];
    const methodIds = methods.map((m) => m.id).reverse();
    expect(
      (await admin('POST', '/settings/shipping/methods/reorder/', owner, { ids: methodIds }))
        .status,
    ).toBe(200);
    expect(
      (
        await admin('POST', '/settings/shipping/methods/reorder/', owner, {
          ids: [...methodIds, methodIds[0]],
        })
      ).status,
    ).toBe(400);
    // demo-pottery's owner cannot see or touch demo-handcraft's zones and methods.
    expect(
      await admin('PATCH', `/settings/shipping/zones/${zones[0]!.id}/`, otherOwner, {
        name: 'Mine',
      }),
    ).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(
      (await admin('DELETE', `/settings/shipping/methods/${methods[0]!.id}/`, otherOwner)).status,
    ).toBe(404);
    const theirs = await admin('GET', '/settings/shipping/zones/', otherOwner);
    expect(theirs.body.results.map((z: { id: number }) => z.id)).not.toContain(zones[0]!.id);
  });

  it('keeps a method an open order uses: no delete, no new code; the name and price may change', async () => {
    const buyer = await createCustomer(t.app);
    const [piece] = await productsInStock(t.app);
    await call(t.app, 'POST', '/orders/cart/add-item/', buyer.headers, {
      product_id: piece!.id,
      quantity: 1,
    });
    const placed = await postOrder<{ order_number: string; shipments: { method: string }[] }>(
      t.app,
      buyer,
      {
        payment_method: 'bank_transfer',
        delivery_address: ADDRESS,
      },
    );
    expect(placed.status).toBe(201);
    const code = placed.body.shipments[0]!.method;
    const method = (await admin('GET', '/settings/shipping/methods/', owner)).body.results.find(
      (m: { code: string }) => m.code === code,
    );
    const refused = await admin('DELETE', `/settings/shipping/methods/${method.id}/`, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain(placed.body.order_number);
    expect(
      (await admin('PATCH', `/settings/shipping/methods/${method.id}/`, owner, { code: 'renamed' }))
        .status,
    ).toBe(409);
    const changed = await admin('PATCH', `/settings/shipping/methods/${method.id}/`, owner, {
      name: 'Royal Mail',
      price: '9.99',
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { name: 'Royal Mail', price: '9.99', code },
    });
    const order = await t.app.db
      .selectFrom('orders')
      .select('shipments')
      .where('order_number', '=', placed.body.order_number)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(order.shipments)[0]).toMatchObject({ method: code, price: method.price });
  });
});

describe('the workshop', () => {
  it('asks the new minimum age at checkout and in the shipping options', async () => {
    const saved = await admin('PUT', '/settings/workshop/', owner, {
      working_days: [6, 1, 2, 3, 4, 5],
      ready_dispatch_days_min: 2,
      ready_dispatch_days_max: 4,
      minimum_age: 21,
    });
    expect(saved).toMatchObject({
      status: 200,
      body: { working_days: [1, 2, 3, 4, 5, 6], minimum_age: 21 },
    });
    const options = await call<{ minimum_age: number; age_attestation_text: string }>(
      t.app,
      'GET',
      '/shipping/options/',
      asTenant(SHOP),
    );
    expect(options.body.minimum_age).toBe(21);
    expect(options.body.age_attestation_text).toContain('21');
    const buyer = await createCustomer(t.app);
    const knife = await t.app.db
      .selectFrom('products')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('age_restricted', '=', 1)
      .where('stock', '>', 0)
      .where('options', 'is', null)
      // A knife in sizes needs one chosen (issue 42): a piece without variants.
      .where('variant_axes', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const added = await call(t.app, 'POST', '/orders/cart/add-item/', buyer.headers, {
      product_id: knife.id,
      quantity: 1,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const young = await postOrder(t.app, buyer, {
      payment_method: 'bank_transfer',
      delivery_address: ADDRESS,
      age_attestation: { date_of_birth: bornYearsAgo(19), confirmed: true },
    });
    expect(young.status).toBe(400);
    expect(JSON.stringify(young.body)).toContain('21');
    const [entry] = await activity('settings.workshop.update');
    expect(JSON.parse(entry!.after!)).toMatchObject({ minimum_age: 21 });
    void ADULT;
  });

  it('refuses an age out of 16-25, a day out of 1-7 and fewer most days than fewest', async () => {
    const good = {
      working_days: [1],
      ready_dispatch_days_min: 1,
      ready_dispatch_days_max: 2,
      minimum_age: 18,
    };
    for (const change of [
      { minimum_age: 15 },
      { minimum_age: 26 },
      { working_days: [0] },
      { working_days: [8] },
      { working_days: [] },
      { ready_dispatch_days_min: 3, ready_dispatch_days_max: 2 },
      { ready_dispatch_days_max: 1e9 },
    ]) {
      const answer = await admin('PUT', '/settings/workshop/', owner, { ...good, ...change });
      expect(answer.status, JSON.stringify(change)).toBe(400);
    }
  });
});

describe('payment methods and the card provider', () => {
  it('stops offering a method switched off, and refuses a redirect that is not https', async () => {
    const before = await call<Record<string, unknown>>(
      t.app,
      'GET',
      '/payments/options/',
      asTenant(SHOP),
    );
    expect(before.body.enable_custom_payment).toBe(true);
    const saved = await admin('PATCH', '/settings/payments/', owner, {
      enable_custom_payment: false,
    });
    expect(saved).toMatchObject({ status: 200, body: { enable_custom_payment: false } });
    const after = await call<Record<string, unknown>>(
      t.app,
      'GET',
      '/payments/options/',
      asTenant(SHOP),
    );
    expect(after.body.enable_custom_payment).toBe(false);
    const [entry] = await activity('settings.payments.update');
    expect(JSON.parse(entry!.before!)).toEqual({ enable_custom_payment: true });
    expect(JSON.parse(entry!.after!)).toEqual({ enable_custom_payment: false });

    for (const url of [
      'http://pay.example/x',
      'javascript:alert(1)',
      'https://user:pw@pay.example/',
      'ftp://x',
    ]) {
      const answer = await admin('PATCH', '/settings/payments/', owner, {
        custom_payment_redirect_url: url,
      });
      expect(answer, url).toMatchObject({
        status: 400,
        body: { custom_payment_redirect_url: ['Enter an https:// address.'] },
      });
    }
    expect(
      (
        await admin('PATCH', '/settings/payments/', owner, {
          enable_bank_transfer: true,
          bank_account_details: '  ',
        })
      ).status,
    ).toBe(400);
    expect(
      (await admin('PATCH', '/settings/payments/', owner, { bank_account_details: 'a\u0000' }))
        .status,
    ).toBe(400);
  });

  it('seals new card credentials and never shows, logs or answers them', async () => {
    const secretKey = 'sk_live_51HxVerySecretValue000000';
    const webhookSecret = 'whsec_TopSecretSigningValue0000';
    const saved = await admin('PUT', '/settings/payments/card-provider/', owner, {
      provider: 'stripe',
      credentials: { secretKey, webhookSecret },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.card_provider).toMatchObject({ provider: 'stripe', credentials_set: true });
    expect(Date.parse(saved.body.card_provider.credentials_updated_at)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    expect(saved.text).not.toContain(secretKey);
    expect(saved.text).not.toContain(webhookSecret);
    const read = await admin('GET', '/settings/payments/', owner);
    expect(read.text).not.toContain(secretKey);
    const rows = await t.app.db
      .selectFrom('activity_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    const logged = JSON.stringify(rows);
    expect(logged).not.toContain(secretKey);
    expect(logged).not.toContain(webhookSecret);
    expect(appLog).not.toBe('');
    expect(appLog).not.toContain(secretKey);
    expect(appLog).not.toContain(webhookSecret);
    const [entry] = await activity('settings.payments.credentials_replace');
    expect(JSON.parse(entry!.after!)).toEqual({
      provider: 'stripe',
      credentials: 'credentials replaced',
    });
    const stored = await t.app.db
      .selectFrom('payment_settings')
      .select(['provider', 'credentials'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow();
    expect(stored.provider).toBe('stripe');
    expect(stored.credentials).not.toContain(secretKey);
    // A credential that does not fit names the field, never the value.
    const wrong = await admin('PUT', '/settings/payments/card-provider/', owner, {
      provider: 'stripe',
      credentials: { secretKey: 'pk_live_publishable0000000', webhookSecret },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toHaveProperty('credentials');
    expect(wrong.text).not.toContain('pk_live_publishable0000000');
    expect(wrong.text).not.toContain(webhookSecret);
    expect(
      (
        await admin('PUT', '/settings/payments/card-provider/', owner, {
          provider: 'sandbox',
          credentials: {},
        })
      ).status,
    ).toBe(400);
  });
});

describe('who may change the settings', () => {
  it('refuses staff every settings operation', async () => {
    // Well-formed bodies: a malformed one is answered 400 before the role is looked at.
    const workshop = {
      working_days: [1],
      ready_dispatch_days_min: 1,
      ready_dispatch_days_max: 2,
      minimum_age: 18,
    };
    const card = { provider: 'stripe', credentials: { secretKey: 'sk_test_0000000000' } };
    for (const [method, path, body] of [
      ['GET', '/settings/site/', undefined],
      ['PATCH', '/settings/site/', { site_title: 'Staff Title' }],
      ['GET', '/settings/shipping/zones/', undefined],
      ['POST', '/settings/shipping/zones/', { name: 'Staff', countries: ['CA'] }],
      ['GET', '/settings/shipping/methods/', undefined],
      ['DELETE', '/settings/shipping/methods/1/', undefined],
      ['GET', '/settings/workshop/', undefined],
      ['PUT', '/settings/workshop/', workshop],
      ['GET', '/settings/payments/', undefined],
      ['PATCH', '/settings/payments/', { enable_bank_transfer: false }],
      ['PUT', '/settings/payments/card-provider/', card],
    ] as const) {
      expect((await admin(method, path, staff, body)).status, `${method} ${path}`).toBe(403);
    }
    expect(await activity('settings.site.update')).not.toContainEqual(
      expect.objectContaining({ after: expect.stringContaining('Staff Title') }),
    );
  });
});

describe.runIf(testDatabaseUrl)('in a second API process (PostgreSQL)', () => {
  it('shows the new site title in the other process’s shell within a second', async () => {
    const second = await t.reopen();
    try {
      await admin('PATCH', '/settings/site/', owner, { site_title: 'Second Process Title' });
      await expect
        .poll(
          async () =>
            (await second.app.inject({ method: 'GET', url: '/index.html', headers: HTML })).body,
          { timeout: 1000, interval: 50 },
        )
        .toContain('<title>Second Process Title</title>');
    } finally {
      await second.close();
    }
  });
});
