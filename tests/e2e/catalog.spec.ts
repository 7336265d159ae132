import type { Locator, Page } from '@playwright/test';
import { checkA11y, expect, loadLazyImages, shot, test } from './fixtures';
import { allProducts, categories, isMobile, TENANT } from './shop-data';

/**
 * The catalogue screens (spec sections 2, 5, 8 and 9) in real Chromium against `npm start` and
 * the seeded demo tenant, where only a browser can tell: home, the product grid's images,
 * badges and tints, the attribute tooltip (hover and focus), the gallery's zoom and overlay,
 * and the /test demo page. What the list and the product page say (a category's title, a
 * search's title and empty message, paging, Sold Out, the quantity's bounds, Add to Cart while
 * logged out, 'Product not found.') is checked in their component tests
 * (src/features/catalog/product-list-page.test.tsx, product-detail-page.test.tsx) and, against
 * the server's render, in server/http/pages-rendered.test.ts. Slugs and names are read from the
 * reference API, so the seed can change freely.
 */

const cards = (page: Page) => page.getByTestId('product-card');

/** Waits until an <img> has really decoded (naturalWidth > 0). */
async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test.describe('home', () => {
  test(
    'hero with the site title, Shop now, category tiles and a product strip',
    { tag: '@layout' },
    async ({ page, request }) => {
      const settings = (await (
        await request.get('/api/pages/site-settings/', { headers: TENANT })
      ).json()) as {
        site_title: string;
      };
      const cats = await categories(request);
      await page.goto('/');
      await expect(
        page.getByRole('heading', { level: 1, name: settings.site_title }),
      ).toBeVisible();
      const tiles = page.getByRole('list', { name: 'Categories' });
      for (const category of cats) {
        await expect(tiles.getByRole('link', { name: new RegExp(category.name) })).toHaveAttribute(
          'href',
          `/products?category=${category.slug}`,
        );
      }
      await expect(
        page.getByRole('list', { name: 'Featured products' }).getByTestId('product-card'),
      ).toHaveCount(8);
      await shot(page, 'home');
      await loadLazyImages(page);
      await shot(page, 'home', { fullPage: true });
      await page.getByRole('link', { name: 'Shop now' }).click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    },
  );
});

test.describe('product list', () => {
  test(
    'lists product cards with loaded images, badges and $ prices',
    { tag: '@layout' },
    async ({ page, request }) => {
      const products = await allProducts(request);
      await page.goto('/products');
      await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
      await expect(cards(page)).toHaveCount(12);
      for (let index = 0; index < 4; index += 1)
        await expectLoaded(cards(page).nth(index).locator('img'));
      await expect(cards(page).first()).toContainText(/\$\d+\.\d{2}/);
      const firstPage = products.slice(0, 12);
      if (firstPage.some((p) => p.price_before_discount)) {
        await expect(page.getByText('DISCOUNT OFFER').first()).toBeVisible();
        await expect(page.locator('.catalog-card s').first()).toHaveText(/\$\d+\.\d{2}/);
      }
      if (firstPage.some((p) => p.stock === 0 && !p.made_to_order))
        await expect(page.getByText('SOLD OUT').first()).toBeVisible();
      await shot(page, 'products');
      await loadLazyImages(page);
      await shot(page, 'products', { fullPage: true });
    },
  );

  test('tints each card with its image centre pixel, so two cards differ', async ({ page }) => {
    await page.goto('/products');
    const first = cards(page).nth(0);
    const second = cards(page).nth(1);
    await expectLoaded(first.locator('img'));
    await expectLoaded(second.locator('img'));
    const tint = (card: Locator) =>
      card.evaluate((el) => (el as HTMLElement).style.getPropertyValue('--catalog-card-bg'));
    await expect.poll(() => tint(first)).toMatch(/^rgb\(/);
    await expect.poll(() => tint(second)).toMatch(/^rgb\(/);
    expect(await tint(first)).not.toBe(await tint(second));
    const background = (card: Locator) =>
      card.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(first)).not.toBe(await background(second));
  });

  // Hover and Tab belong to the desktop layout (the tag keeps it out of the mobile project).
  test(
    'shows the attribute tooltip on hover and on keyboard focus, at most 300px wide',
    { tag: '@desktop' },
    async ({ page }) => {
      await page.goto('/products');
      const card = cards(page).first();
      const tooltip = card.getByRole('tooltip');
      await expect(tooltip).toBeHidden();
      await card.hover();
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toContainText(/\w[^:]*: \S/);
      expect(await tooltip.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(
        300,
      );
      await page.mouse.move(0, 0);
      await expect(tooltip).toBeHidden();
      await card.getByRole('link').focus();
      await expect(tooltip).toBeVisible();
      await checkA11y(page);
    },
  );
});

test.describe('product page', () => {
  test(
    'switches images with the thumbnails and zooms 2x',
    { tag: '@layout' },
    async ({ page, request }) => {
      const product = (await allProducts(request)).find((p) => p.images.length > 1)!;
      await page.goto(`/products/${product.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      const stage = page.getByTestId('gallery-stage');
      const image = stage.locator('img');
      await expectLoaded(image);
      const firstSrc = await image.getAttribute('src');
      const thumbs = page.getByRole('button', { name: /Show image/ });
      await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
      await thumbs.nth(1).click();
      await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
      await expect(image).not.toHaveAttribute('src', firstSrc ?? '');

      const scale = () => image.evaluate((el) => getComputedStyle(el).transform);
      expect(await scale()).toBe('none');
      await shot(page, 'product');
      await shot(page, 'product', { fullPage: true });
      if (isMobile()) {
        await stage.tap();
      } else {
        const box = (await stage.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
      }
      await expect.poll(scale).toBe('matrix(2, 0, 0, 2, 0, 0)');
      await shot(page, 'product-zoomed');
    },
  );
});

test.describe('gallery', () => {
  test(
    'opens the full image in an overlay closed by × and by the backdrop',
    { tag: '@layout' },
    async ({ page }) => {
      await page.goto('/gallery');
      await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
      const tiles = page.getByRole('button', { name: /^View / });
      expect(await tiles.count()).toBeGreaterThan(30);
      await expectLoaded(tiles.first().locator('img'));
      await shot(page, 'gallery');

      await tiles.first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expectLoaded(dialog.locator('img'));
      await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
      await checkA11y(page);
      await shot(page, 'gallery-overlay');
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      await tiles.nth(1).click();
      await expect(dialog).toBeVisible();
      // The backdrop is the dialog's own box outside the figure: its top-left corner.
      await dialog.click({ position: { x: 5, y: 5 } });
      await expect(dialog).toBeHidden();

      await tiles.nth(2).click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    },
  );
});

test.describe('/test demo page', () => {
  test('shows six sample products from $45 to $120 and three testimonials, outside the frame', async ({
    page,
  }) => {
    await page.goto('/test');
    const products = page.getByTestId('demo-product');
    await expect(products).toHaveCount(6);
    await expect(products.first()).toContainText('$45.00');
    await expect(products.last()).toContainText('$120.00');
    await expect(page.getByTestId('demo-testimonial')).toHaveCount(3);
    await expect(page.getByRole('navigation', { name: 'Demo page' }).getByRole('link')).toHaveText([
      'Home',
      'Products',
      'Our Story',
      'Testimonials',
      'Contact',
    ]);
    // The storefront's own header (with its search box) is not drawn here.
    await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveCount(0);
    await shot(page, 'test');
    await shot(page, 'test', { fullPage: true });
  });
});
