import type { Page } from '@playwright/test';
import { expect, settled, shot, test, waitForHydration } from './fixtures';
import { allProducts, categories } from './shop-data';

/**
 * Server rendering (decision 008): the pages read and link without JavaScript, hydrate
 * without a mismatch, keep their layout while the session becomes known, and a client
 * navigation after hydration never asks again for data the page already holds.
 */

test.describe('without JavaScript', () => {
  // axe runs in the page, which needs JavaScript; these pages are scanned by the other specs.
  test.use({ javaScriptEnabled: false, a11y: false });

  test('the home page shows its hero, categories and products, as links', async ({
    page,
    request,
  }) => {
    const cats = await categories(request);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ember & Oak Workshop');
    const tiles = page.getByRole('list', { name: 'Categories' });
    await expect(tiles.getByRole('link')).toHaveCount(cats.length);
    const strip = page.getByRole('list', { name: 'Featured products' });
    await expect(strip.getByTestId('product-card')).toHaveCount(8);
    await expect(strip.getByRole('link').first()).toHaveAttribute('href', /^\/products\/[\w-]+$/);
    await shot(page, 'nojs-home');
  });

  test('the product list shows the products as links, and following one works', async ({
    page,
    request,
  }) => {
    const products = await allProducts(request);
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    const grid = page.getByRole('list', { name: 'Products' });
    await expect(grid.getByTestId('product-card')).toHaveCount(Math.min(12, products.length));
    // The cards' names are h2 under the page's h1 (heading order).
    await expect(grid.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await shot(page, 'nojs-products');
    const first = products[0]!;
    await grid
      .getByRole('link', { name: new RegExp(first.name) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/products/${first.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  });

  test('the product page shows the product, its price, description and links', async ({
    page,
    request,
  }) => {
    const product = (await allProducts(request)).find((p) => p.review_count > 0)!;
    await page.goto(`/products/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(`$${product.price}`).first()).toBeVisible();
    await expect(page.getByText(product.description).first()).toBeVisible();
    await expect(page.getByRole('link', { name: product.category.name }).first()).toHaveAttribute(
      'href',
      `/products?category=${product.category.slug}`,
    );
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    await shot(page, 'nojs-product');
  });
});

/** Every `/api/` request the page makes from now on. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/'))
      calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

test.describe('with JavaScript', () => {
  test('hydration asks for nothing, and a client navigation reuses the data of the page', async ({
    page,
  }) => {
    const calls = recordApiCalls(page);
    await page.goto('/');
    expect(calls, 'API requests while hydrating /').toEqual([]);
    // A full page load would drop this marker (the performance API's navigation count cannot
    // tell: a new document starts again at one).
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    // The gallery needs every product (the home page loaded only its eight newest): one list
    // request, in the browser, without loading a new document. The test waits for that request
    // itself: the home page's own level-1 heading and an already-reached network-idle state
    // would let it look before the browser reported the request.
    const listRequest = page.waitForRequest((request) =>
      new URL(request.url()).pathname.startsWith('/api/products/products/'),
    );
    await page.getByRole('link', { name: 'View the gallery' }).click();
    await listRequest;
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
    expect(await page.evaluate(() => '__sameDocument' in window), 'no new document').toBe(true);
    expect(calls, 'API requests navigating / -> /gallery').toEqual([
      'GET /api/products/products/?is_active=true&page_size=100',
    ]);
    // Back on the home page, its data is reused from the page's first load.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await page.waitForLoadState('networkidle');
    expect(calls, 'API requests going back to /').toHaveLength(1);
  });

  test('no script is requested before the page has painted its content', async ({
    page,
    request,
  }) => {
    const product = (await allProducts(request))[0]!;
    for (const path of ['/', '/products', `/products/${product.slug}`]) {
      await page.goto(path);
      await waitForHydration(page);
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\.js(\?|$)/.test(entry.name))
          .map((entry) => ({ name: entry.name, start: entry.startTime })),
      }));
      expect(timing.paint, `first contentful paint on ${path}`).not.toBeNull();
      expect(timing.scripts.length, `scripts loaded on ${path}`).toBeGreaterThan(0);
      for (const script of timing.scripts)
        expect(
          script.start,
          `${script.name} requested before ${path} painted`,
        ).toBeGreaterThanOrEqual(timing.paint!);
    }
  });

  test(
    'no layout shift while the page hydrates and the session becomes known',
    { tag: '@layout' },
    async ({ page, request }) => {
      const product = (await allProducts(request))[0]!;
      for (const path of ['/', '/products', `/products/${product.slug}`, '/cart']) {
        await page.goto(path);
        await waitForHydration(page);
        // The session is known once the header's account links are no longer pending.
        await expect(page.locator('.auth-links-pending')).toHaveCount(0);
        await settled(page);
        const shift = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let total = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as Array<
                  PerformanceEntry & { value: number; hadRecentInput: boolean }
                >)
                  if (!entry.hadRecentInput) total += entry.value;
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(total), 200);
            }),
        );
        expect(shift, `cumulative layout shift on ${path}`).toBeLessThanOrEqual(0.01);
      }
    },
  );
});
