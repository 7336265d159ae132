/**
 * A shop answers at its own domains (issue 38, decision 079): one process serves the pages,
 * sitemaps, robots.txt and back office of every shop, each chosen by the request's Host among
 * the domains recorded for a shop; the demo's shop answers at 127.0.0.1 and localhost; a Host
 * no shop holds gets a plain 404, and a forged X-Forwarded-Host is not believed from a client
 * that is not a configured proxy. Every link a shop's pages and e-mails carry starts with its
 * primary domain. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { hostName, ShopDirectory } from '../shops/shop-directory.ts';
import { createShop, type CreatedShop } from '../shops/create-shop.ts';
import { hashPassword } from '../platform/credentials/passwords.ts';
import { openShopForTests } from '../test/launch.ts';
import { TEST_PASSWORD_HASH_COST } from '../test/staff.ts';
import { HTML, demo, jsonLd, useRenderingApp } from '../test/pages.ts';

const { t } = useRenderingApp();

let tidewater: CreatedShop;
let harbour: CreatedShop;
let quayside: CreatedShop;

/** Makes a shop on `domain`, closed as every new shop starts. */
async function newShop(name: string, domain: string, currency: string): Promise<CreatedShop> {
  return createShop(
    t.app.db,
    {
      name,
      domain,
      currency,
      country: 'GB',
      owner: { email: `owner@${domain}`, password: 'honed-on-whetstones-9' },
    },
    { passwordHashCost: TEST_PASSWORD_HASH_COST },
  );
}

/** Makes a shop on `domain` and lets it sell, as if its owner had launched it. */
async function openShop(name: string, domain: string, currency: string): Promise<CreatedShop> {
  const shop = await newShop(name, domain, currency);
  await openShopForTests(t.app, shop.tenantId);
  return shop;
}

const page = (host: string, url = '/') =>
  t.app.inject({ method: 'GET', url, headers: { ...HTML, host } });
const tokenOf = (html: string) => /<meta name="tenant-token" content="([^"]*)">/.exec(html)?.[1];

beforeAll(async () => {
  tidewater = await openShop('Tidewater Knives', 'tidewater.test', 'GBP');
  harbour = await openShop('Harbour Prints', 'harbour.test', 'EUR');
  quayside = await newShop('Quayside Glass', 'quayside.test', 'EUR');
  // Made after the app started: read the shops again, as the first-run set-up does.
  await t.app.shops.refresh();
});

describe('a shop at its own domain', () => {
  it("serves each shop's pages at its domain, with its name and token, and never another's", async () => {
    const knives = await page('tidewater.test:8080', '/faq');
    expect(knives.statusCode).toBe(200);
    expect(tokenOf(knives.body)).toBe(tidewater.token);
    expect(knives.body).toContain('Tidewater Knives');
    expect(knives.body).not.toContain('Harbour Prints');
    expect(knives.body).not.toContain(demo.site.site_title.replace('&', '&amp;'));

    const prints = await page('HARBOUR.test', '/faq');
    expect(tokenOf(prints.body)).toBe(harbour.token);
    expect(prints.body).toContain('Harbour Prints');
    expect(prints.body).not.toContain('Tidewater Knives');

    // The demo keeps answering at the machine's own name and at its STOREFRONT_URL's host.
    for (const host of ['localhost', '127.0.0.1:8080', 'shop.example']) {
      const home = await page(host);
      expect(home.statusCode).toBe(200);
      expect(tokenOf(home.body)).toBe('demo-handcraft');
    }
  });

  it('answers a Host no shop holds with a plain 404 page, not another shop', async () => {
    for (const url of ['/', '/faq', '/index.html', '/products/damascus-gyuto-210mm', '/admin/']) {
      const answer = await page('unknown.example', url);
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.body).toContain('No shop answers at this address.');
      expect(answer.body).not.toContain('tenant-token');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('believes X-Forwarded-Host only from a configured proxy, and only for a recorded domain', async () => {
    const from = (remoteAddress: string, forwarded: string) =>
      t.app.inject({
        method: 'GET',
        url: '/faq',
        remoteAddress,
        headers: { ...HTML, host: '127.0.0.1', 'x-forwarded-host': forwarded },
      });
    // A client on the internet names a shop it likes: its own Host is what counts.
    const forged = await from('203.0.113.9', 'tidewater.test');
    expect(tokenOf(forged.body)).toBe('demo-handcraft');
    // The proxy on this machine (TRUST_PROXY's default, loopback) passes the shop's name on.
    const proxied = await from('127.0.0.1', 'tidewater.test');
    expect(tokenOf(proxied.body)).toBe(tidewater.token);
    // Even a proxy's name reaches no shop unless a shop holds it.
    const unknown = await from('127.0.0.1', 'evil.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('tenant-token');
  });

  it("points a shop's canonical links, sitemap and robots.txt at its primary domain", async () => {
    const home = await page('tidewater.test');
    expect(home.body).toContain('<link rel="canonical" href="http://tidewater.test/"');
    const organization = jsonLd(home.body).find((item) => item['@type'] === 'Organization');
    expect(organization).toMatchObject({ name: 'Tidewater Knives', url: 'http://tidewater.test/' });

    const robots = await page('tidewater.test', '/robots.txt');
    expect(robots.body).toContain('Sitemap: http://tidewater.test/sitemap.xml');
    const index = await page('tidewater.test', '/sitemap.xml');
    expect(index.statusCode).toBe(200);
    const locs = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc.startsWith('http://tidewater.test/sitemaps/')).toBe(true);
    const pages = await page('tidewater.test', '/sitemaps/pages-1.xml');
    expect(pages.body).toContain('<loc>http://tidewater.test/faq</loc>');
    expect(pages.body).not.toContain('shop.example');
    // The demo's sitemap keeps its own origin and products.
    const demoPages = await page('shop.example', '/sitemaps/products-1.xml');
    expect(demoPages.body).toContain(
      '<loc>http://shop.example/products/damascus-gyuto-210mm</loc>',
    );
  });

  it("serves each shop's back office with its token, so its owner signs in to their shop", async () => {
    const knives = await page('tidewater.test', '/admin/orders');
    expect(knives.statusCode).toBe(200);
    expect(tokenOf(knives.body)).toBe(tidewater.token);
    const demoOffice = await page('127.0.0.1', '/admin/');
    expect(tokenOf(demoOffice.body)).toBe('demo-handcraft');
    expect(demoOffice.body).not.toContain('shop-setup');
  });

  it("starts every link a shop's e-mails and answers carry with its primary domain", async () => {
    const demoShop = await t.app.db
      .selectFrom('tenants')
      .select('id')
      .where('token', '=', 'demo-handcraft')
      .executeTakeFirstOrThrow();
    expect(t.app.siteOrigin(tidewater.tenantId)).toBe('http://tidewater.test');
    expect(t.app.account.linkOrigin(harbour.tenantId)).toBe('http://harbour.test');
    expect(t.app.orders.storefrontOrigin(tidewater.tenantId)).toBe('http://tidewater.test');
    expect(t.app.orders.apiBaseUrl(tidewater.tenantId)).toBe('http://tidewater.test/api');
    // The demo's shop answers at STOREFRONT_URL, as configured.
    expect(t.app.siteOrigin(demoShop.id)).toBe('http://shop.example');
  });

  it("builds a list's page links from its shop's origin, never the request's Host", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/products/products/?page_size=2',
      headers: { 'x-tenant-token': 'demo-handcraft', host: 'elsewhere.example' },
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { next: string }).next).toMatch(/^http:\/\/shop\.example\/api\//);
  });
});

describe('a shop made while the server runs (by shop:create in another process)', () => {
  it('answers at its domain and links to it at once, without a restart', async () => {
    // Made straight in the database, as the command does: this process is not told.
    const late = await newShop('Late Forge', 'late-forge.test', 'GBP');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login/',
      headers: { 'x-tenant-token': late.token },
      payload: { email: late.owner.email, password: 'honed-on-whetstones-9' },
    });
    expect(login.statusCode).toBe(200);
    const state = await t.app.inject({
      method: 'GET',
      url: '/api/admin/shop/',
      headers: {
        'x-tenant-token': late.token,
        authorization: `Bearer ${(login.json() as { access: string }).access}`,
      },
    });
    expect((state.json() as { storefront_url: string }).storefront_url).toBe(
      'http://late-forge.test',
    );
    const soon = await page('late-forge.test');
    expect(soon.statusCode).toBe(200);
    expect(soon.body).toContain('Late Forge');
  });
});

describe('a shop not launched yet', () => {
  const form = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/shop-preview',
      headers: {
        ...HTML,
        host: 'quayside.test',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ password }).toString(),
    });

  it('shows "Opening soon" with its name at every address, kept out of search', async () => {
    for (const url of ['/', '/products', '/faq', '/cart']) {
      const answer = await page('quayside.test', url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toContain('Quayside Glass');
      expect(answer.body, url).toContain('Opening soon');
      expect(answer.body, url).toContain('<meta name="robots" content="noindex');
      expect(answer.headers['x-robots-tag'], url).toContain('noindex');
      expect(answer.headers['cache-control'], url).toBe('no-store');
      expect(answer.body, url).not.toContain('tenant-token');
    }
    const robots = await page('quayside.test', '/robots.txt');
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n');
    const index = await page('quayside.test', '/sitemap.xml');
    expect(index.body).not.toContain('<loc>');
    expect((await page('quayside.test', '/sitemaps/pages-1.xml')).statusCode).toBe(404);
  });

  it('shows the real shop to whoever gives the preview password, and not to a wrong one', async () => {
    await t.app.db
      .updateTable('tenants')
      .set({ preview_password_hash: await hashPassword('first-look', { log2Cost: 10 }) })
      .where('id', '=', quayside.tenantId)
      .execute();
    const wrong = await form('second-look');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('That password is not right.');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await form('first-look');
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/');
    const cookie = String(right.headers['set-cookie']).split(';', 1)[0]!;
    expect(String(right.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const previewed = await t.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { ...HTML, host: 'quayside.test', cookie },
    });
    expect(previewed.statusCode).toBe(200);
    expect(tokenOf(previewed.body)).toBe(quayside.token);
    expect(previewed.body).not.toContain('Opening soon');
    // What only a previewer sees is kept by no cache, and no search engine.
    expect(previewed.headers['cache-control']).toBe('private, no-store');
    expect(previewed.headers['x-robots-tag']).toBe('noindex');
    // A piece's page too (no 503 for a crawler to come back to), and the raw index.
    const piece = await t.app.inject({
      method: 'GET',
      url: '/products/any-piece',
      headers: { ...HTML, host: 'quayside.test', cookie },
    });
    expect(piece.statusCode).toBe(200);
    const index = await page('quayside.test', '/index.html');
    expect(index.body).toContain('Opening soon');
    // The pass is the shop's own: another shop's pages know nothing of it.
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/faq',
      headers: { ...HTML, host: 'tidewater.test', cookie },
    });
    expect(tokenOf(elsewhere.body)).toBe(tidewater.token);
  });
});

describe("a shop's domain serves that shop alone", () => {
  it("refuses another shop's token at a shop's domain, and takes any at the machine's own name", async () => {
    const api = (host: string, token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/products/categories/',
        headers: { host, 'x-tenant-token': token },
      });
    const borrowed = await api('tidewater.test', 'demo-handcraft');
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json()).toEqual({
      detail: "This tenant token is not the shop's at this address.",
    });
    expect((await api('tidewater.test', tidewater.token)).statusCode).toBe(200);
    expect((await api('127.0.0.1:8080', tidewater.token)).statusCode).toBe(200);
    expect((await api('127.0.0.1:8080', 'demo-handcraft')).statusCode).toBe(200);
  });

  it("serves a shop's domain its own photos only", async () => {
    // A file of the demo's folder, as its photos are kept.
    await t.app.mediaStore.put('demo/uploads/hosts-test.txt', Buffer.from('demo'), 'text/plain');
    const path = '/api/media/demo/uploads/hosts-test.txt';
    const at = (host: string) => t.app.inject({ method: 'GET', url: path, headers: { host } });
    expect((await at('shop.example')).statusCode).toBe(200);
    expect((await at('localhost')).statusCode).toBe(200);
    const elsewhere = await at('tidewater.test');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('the shop a name answers for', () => {
  it('reads the host part of a Host header, lowercased, without its port or trailing dot', () => {
    expect(hostName('Shop.Example:8080')).toBe('shop.example');
    expect(hostName('shop.example.')).toBe('shop.example');
    expect(hostName('[::1]:80')).toBe('::1');
    expect(hostName('::1')).toBe('::1');
    expect(hostName(undefined)).toBe('');
  });

  it('gives loopback names the TENANT_TOKEN shop, else the only shop, else none', async () => {
    const named = await ShopDirectory.read(t.app.db, tidewater.token);
    expect(named.forHost('localhost:8080')?.id).toBe(tidewater.tenantId);
    expect(named.forHost('harbour.test')?.id).toBe(harbour.tenantId);
    expect(named.forHost('elsewhere.test')).toBeNull();
    // Several shops and a token naming none: 127.0.0.1 answers no shop rather than a guess.
    const unnamed = await ShopDirectory.read(t.app.db, 'no-such-shop');
    expect(unnamed.forHost('127.0.0.1')).toBeNull();
    expect(unnamed.forHost('tidewater.test')?.id).toBe(tidewater.tenantId);
  });
});
