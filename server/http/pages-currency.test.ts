/**
 * Each shop's pages in its own currency (issue 38): the server-rendered page of a shop priced in
 * pounds shows pounds and says GBP in its structured data, and one process rendering the pages
 * of a shop in dollars and one in pounds at the same time keeps each in its own (the currency is
 * read from each render's own site settings, never from a value the renders share).
 */
import { HTML, jsonLd, loadSource, useFakeDist } from '../test/pages.ts';
import { useTestApp } from '../test/test-app.ts';

const dist = useFakeDist();
// Four renders at once, so the two shops' pages are rendered side by side, not one as the shell.
const t = useTestApp(() => ({ serveSpa: true, distDir: dist.path, pageRendersInFlight: 4 }), {
  loadRenderer: loadSource,
});

/** The pottery's domain for these tests: the seed records none. */
const POTTERY_HOST = 'pottery.test';

beforeAll(async () => {
  const pottery = await t.app.db
    .selectFrom('tenants')
    .select('id')
    .where('token', '=', 'demo-pottery')
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('tenant_domains')
    .values({ tenant_id: pottery.id, domain: POTTERY_HOST, is_primary: 1 })
    .execute();
  await t.app.shops.refresh();
});

const page = (host: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...HTML, host } });

/** The headline price the product page shows. */
const shownPrice = (html: string) =>
  /<span class="catalog-price__now">([^<]*)<\/span>/.exec(html)?.[1];

/** The Product JSON-LD's offer. */
const offerOf = (html: string) =>
  jsonLd(html).find((item) => item['@type'] === 'Product')?.offers as
    { price: string; priceCurrency: string } | undefined;

describe('a shop priced in pounds', () => {
  it('shows its prices in pounds and says GBP in its Product offer', async () => {
    const response = await page(POTTERY_HOST, '/products/river-clay-morning-mug');
    expect(response.statusCode).toBe(200);
    expect(shownPrice(response.body)).toBe('£38.00');
    expect(response.body).not.toContain('$38.00');
    expect(offerOf(response.body)).toMatchObject({ price: '38.00', priceCurrency: 'GBP' });
  });

  it("keeps each shop's currency when one process renders both at once", async () => {
    const asked = Array.from({ length: 4 }, (_, i) =>
      i % 2 === 0
        ? page(POTTERY_HOST, '/products/river-clay-morning-mug')
        : page('127.0.0.1', '/products/damascus-gyuto-210mm'),
    );
    const answers = await Promise.all(asked);
    answers.forEach((response, i) => {
      expect(response.statusCode).toBe(200);
      if (i % 2 === 0) {
        expect(shownPrice(response.body)).toBe('£38.00');
        expect(offerOf(response.body)?.priceCurrency).toBe('GBP');
      } else {
        expect(shownPrice(response.body)).toBe('$385.00');
        expect(offerOf(response.body)?.priceCurrency).toBe('USD');
      }
    });
  });
});
