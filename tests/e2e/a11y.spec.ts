import type { APIRequestContext } from '@playwright/test';
import { checkA11y, expect, scan, test } from './fixtures';
import {
  addToCart,
  allProducts,
  logInBrowser,
  newCustomer,
  stockedProducts,
  TENANT,
} from './shop-data';

/**
 * Every page of the storefront, loaded from the server, hydrated and scanned with axe at both
 * widths (@layout). The other specs run at 375 px only where the layout changes what they
 * test, so this crawl is what keeps each page's accessibility checked on a phone; the fixture
 * fails any of them on a hydration mismatch or a CSP violation. A visitor's pages first, then
 * a customer's with a line in the cart (cart, checkout, account).
 */

test.describe.configure({ mode: 'parallel' });

async function firstPostSlug(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/blog/posts/?status=published', { headers: TENANT });
  return ((await response.json()) as { results: { slug: string }[] }).results[0]!.slug;
}

/** A visitor's pages, each as a path or as a function of the seeded data. */
const PUBLIC_PAGES: (string | ((request: APIRequestContext) => Promise<string>))[] = [
  '/',
  '/products',
  '/products?category=chef-knives',
  async (request) => `/products/${(await allProducts(request))[0]!.slug}`,
  '/products/no-such-product',
  '/gallery',
  '/company-info',
  '/contact',
  '/faq',
  '/blog',
  async (request) => `/blog/${await firstPostSlug(request)}`,
  '/refund-policy',
  '/privacy-policy',
  '/review-policy',
  '/accessibility',
  '/cart',
  '/login',
  '/register',
  '/forgot-password',
  '/order-confirmation',
  '/payment/return',
  '/account/orders',
  '/test',
  '/no-such-page',
];

/** The crawl in three parts, so the two workers share it; each part warms its own cache. */
const PARTS = 3;

for (let part = 0; part < PARTS; part += 1) {
  const entries = PUBLIC_PAGES.filter((_, index) => index % PARTS === part);
  test(
    `a visitor's pages hydrate and pass the axe scan (part ${part + 1} of ${PARTS})`,
    {
      tag: '@layout',
    },
    async ({ page, request }) => {
      test.setTimeout(90_000);
      for (const entry of entries) {
        const path = typeof entry === 'string' ? entry : await entry(request);
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
          await checkA11y(page);
        });
      }
    },
  );
}

test(
  "a customer's cart, checkout and account pages pass the axe scan",
  { tag: '@layout' },
  async ({ page, request }) => {
    test.setTimeout(90_000);
    const customer = await newCustomer(request);
    const [product] = await stockedProducts(request);
    await addToCart(request, customer, product!.id, 1);
    await logInBrowser(page, customer, '/cart');
    for (const path of [
      '/cart',
      '/cart?step=checkout',
      '/account',
      '/account/orders',
      '/account/addresses',
      '/account/password',
    ]) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await checkA11y(page);
      });
    }
  },
);

test('the scan finds what a screen reader would miss: an image without text, a nameless button', async ({
  page,
}) => {
  await page.goto('/faq');
  expect(await scan(page)).toEqual([]);
  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    image.dataset.planted = '';
    const button = document.createElement('button');
    button.dataset.planted = '';
    main.append(image, button);
  });
  const found = (await scan(page)).map((violation) => violation.id).sort();
  expect(found).toEqual(['button-name', 'image-alt']);
  // Taken out again, or the scan after the test would rightly fail it.
  await page.evaluate(() => document.querySelectorAll('[data-planted]').forEach((e) => e.remove()));
});
