import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { SPECIFICATION_PATH } from '../app.ts';
import { handlers } from '../http/operations.ts';
import { seedTenants } from '../seed/catalog-data.ts';
import { asTenant, createTestApp, type TestApp } from '../test/test-app.ts';

const demo = seedTenants[0]!;
const second = seedTenants[1]!;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = asTenant(demo.token)) {
  const response = await t.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('site settings', () => {
  it('answers the shop’s record with the favicon relative to the API and the logo as a full path', async () => {
    const { status, body } = await get('/api/pages/site-settings/');
    expect(status).toBe(200);
    expect(body).toEqual({
      id: expect.any(Number),
      site_title: demo.site.site_title,
      site_description: demo.site.site_description,
      favicon: `/media/${demo.media_slug}/favicon.svg`,
      theme_name: demo.site.theme_name,
      logo: `/api/media/${demo.media_slug}/logo.png`,
      google_analytics_id: demo.site.google_analytics_id,
      contact_email: demo.site.contact_email,
      social_media_links: demo.site.social_media_links,
      tenant: expect.any(Number),
      seller: {
        legal_name: demo.seller.legal_name,
        address: demo.seller.address.join('\n'),
        email: demo.site.contact_email,
        company_number: demo.seller.company_number,
        vat_number: demo.seller.vat_number,
        vat_registered: true,
        vat_rate: '20.00',
        // A UK shop: one rate for every order (issue 41).
        vat_country: 'GB',
        vat_mode: 'single',
      },
      // Every amount of the shop is in its currency (issue 38): the spec's demo keeps dollars.
      currency: 'USD',
      // The demo shops sell (issue 38: a new shop starts closed until launched).
      status: 'open',
      closed_message: null,
      // Cards square until the owner chooses; no hero chosen: the three oldest products' photos.
      card_aspect: 'square',
      hero_images: [
        expect.objectContaining({ width: 800, height: 800, focal_x: 0.5 }),
        expect.objectContaining({ width: 800, height: 800, focal_x: 0.5 }),
        expect.objectContaining({ width: 800, height: 800, focal_x: 0.5 }),
      ],
    });
    const other = await get('/api/pages/site-settings/', asTenant(second.token));
    expect(other.body.site_title).toBe(second.site.site_title);
    expect(other.body.tenant).not.toBe(body.tenant);
    // The pottery prices in pounds.
    expect(other.body.currency).toBe('GBP');
  });

  it('answers the public company settings from the same record', async () => {
    expect(await get('/api/pages/settings/public/')).toEqual({
      status: 200,
      body: {
        site_title: demo.site.site_title,
        site_description: demo.site.site_description,
        logo: `/api/media/${demo.media_slug}/logo.png`,
        contact_email: demo.site.contact_email,
      },
    });
  });
});

describe('company info', () => {
  it('answers tagline, history, mission, vision and the core values in order', async () => {
    const { status, body } = await get('/api/pages/company-info/');
    expect(status).toBe(200);
    expect(body).toEqual({
      tagline: demo.company.tagline,
      history_summary: demo.company.history_summary,
      mission_statement: demo.company.mission_statement,
      vision_statement: demo.company.vision_statement,
      core_values: demo.company.core_values.map((v) => ({ id: expect.any(Number), ...v })),
    });
  });
});

describe('tenant token', () => {
  it('answers 401 with the spec’s detail when the header is missing', async () => {
    expect(await get('/api/products/categories/', {})).toEqual({
      status: 401,
      body: { detail: 'Tenant token missing.' },
    });
    expect(await get('/api/pages/site-settings/', { 'x-tenant-token': '  ' })).toEqual({
      status: 401,
      body: { detail: 'Tenant token missing.' },
    });
  });

  it('answers 403 for an unknown token, before any validation or data', async () => {
    expect(await get('/api/products/products/?page=0', asTenant('not-a-shop'))).toEqual({
      status: 403,
      body: { detail: 'Unknown tenant token.' },
    });
  });
});

describe('contract routes', () => {
  it('have a handler for every operation of the contract (none is left answering 501)', () => {
    const spec = parse(readFileSync(SPECIFICATION_PATH, 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operationIds = Object.values(spec.paths).flatMap((item) =>
      Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
    );
    expect(Object.keys(handlers).sort()).toEqual([...operationIds].sort());
  });

  it('still validate requests against the contract first (400 with field errors)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages/',
      headers: asTenant(demo.token),
      payload: { name: 'Ada', email: 'not-an-email', subject: 'Hi' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Enter a valid email address.'],
      message: ['This field is required.'],
    });
  });

  it('answer 400 with a detail for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact/messages/',
      headers: { ...asTenant(demo.token), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  it('answer 404 JSON for a path the contract does not have', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/nowhere/',
      headers: asTenant(demo.token),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});
