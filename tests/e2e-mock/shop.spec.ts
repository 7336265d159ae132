import type { Page } from '@playwright/test';
import { expect, expectImageLoaded, shot, test } from './mock-shop';

/**
 * Browsing the mock's shop (spec section 2): the home page, a category from the SHOP menu, a
 * search, the product list with its badges, a product page with its gallery, and /gallery's
 * overlay. Names and prices are the contract's examples, which the mock answers.
 */

/** The product cards of a list page, by the name in each card's heading. */
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

test('the home page leads to a category through the SHOP menu, and a search finds the damascus knives', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Ember & Oak Workshop' })).toBeVisible();
  const gyuto = card(page, 'Damascus Gyuto 210mm');
  await expect(gyuto).toContainText('DISCOUNT OFFER');
  await expect(gyuto).toContainText('Sale price $385.00 Original price $420.00');
  await expectImageLoaded(gyuto.getByRole('img'));
  await shot(page, 'home');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'SHOP' })
    .click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Paintings' })
    .click();
  await expect(page).toHaveURL(/\/products\?category=paintings$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Products in Paintings' }),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(card(page, 'Harbour at Dusk — Oil on Canvas')).toContainText('$640.00');
  await expect(card(page, 'Upland Pasture — Signed Giclée Print')).toContainText('$65.00');

  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('damascus');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?search=damascus$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Search Results for "damascus"' }),
  ).toBeVisible();
  await expect(cards(page).getByRole('heading')).toHaveText([
    'Damascus Gyuto 210mm',
    'Damascus Drop-Point Hunter',
    "Damascus Gentleman's Folder",
  ]);
  await shot(page, 'search-damascus');
});

test('the product list shows all twelve pieces, with the sale and made-to-order badges', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  // Out of stock but made for each order: on offer, not sold out (the examples have no sold-out
  // piece).
  await expect(card(page, 'Kurouchi Nakiri 170mm')).toContainText('MADE TO ORDER');
  await expect(card(page, 'Kurouchi Nakiri 170mm')).toContainText('$190.00');
  await expect(card(page, 'O1 Bushcraft Knife')).toContainText('DISCOUNT OFFER');
  await expect(card(page, 'Tenmoku Tea Mug')).toContainText('$45.00');
  await expectImageLoaded(card(page, 'Damascus Gyuto 210mm').getByRole('img'));

  await card(page, 'Tenmoku Tea Mug').getByRole('link').click();
  await expect(page).toHaveURL(/\/products\/tenmoku-tea-mug$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tenmoku Tea Mug' })).toBeVisible();
  await shot(page, 'products', { fullPage: true });
});

test('a product page: its gallery, price, details and reviews', async ({ page }) => {
  await page.goto('/products/damascus-gyuto-210mm');
  const product = page.getByRole('main').getByRole('article');
  await expect(product.getByRole('heading', { level: 1 })).toHaveText('Damascus Gyuto 210mm');
  await expect(product.getByText('Sale price $385.00 Original price $420.00')).toBeVisible();
  await expect(product.getByRole('link', { name: 'Chef Knives' })).toHaveAttribute(
    'href',
    '/products?category=chef-knives',
  );
  await expect(product.getByRole('link', { name: '3 reviews' })).toBeVisible();

  const thumbnails = product.getByRole('list', { name: 'Product images' }).getByRole('button');
  await expect(thumbnails).toHaveCount(3);
  const main = product.getByRole('img', { name: 'Damascus Gyuto 210mm on a studio backdrop' });
  await expectImageLoaded(main);
  const first = await main.getAttribute('src');
  await thumbnails.nth(1).click();
  await expect(thumbnails.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(product.getByRole('img').first()).not.toHaveAttribute('src', first ?? '');
  await expectImageLoaded(product.getByRole('img').first());
  await shot(page, 'product-gallery');

  const reviews = product.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await expect(reviews).toHaveCount(3);
  await expect(reviews.nth(1)).toContainText('hannah.w');
  await expect(reviews.nth(1)).toContainText('Verified purchase');
  await expect(product.getByText('You must be logged in to write a review.')).toBeVisible();
});

test('the gallery opens a piece in an overlay that the × closes', async ({ page }) => {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  const pieces = page.getByRole('main').getByRole('button', { name: /^View / });
  await expect(pieces).toHaveCount(12);
  await page.getByRole('button', { name: 'View Harbour at Dusk — Oil on Canvas' }).click();
  const overlay = page.getByRole('dialog', { name: 'Harbour at Dusk — Oil on Canvas' });
  await expect(overlay).toBeVisible();
  await expectImageLoaded(overlay.getByRole('img'));
  await shot(page, 'gallery-overlay');
  await overlay.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toBeHidden();
});
