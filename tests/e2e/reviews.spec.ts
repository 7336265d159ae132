import type { APIRequestContext } from '@playwright/test';
import { expect, settled, shot, test } from './fixtures';
import {
  allProducts,
  isMobile,
  isPlainPiece,
  logInBrowser,
  newBuyer,
  PASSWORD,
  type Product,
  TENANT,
} from './shop-data';

/**
 * The product page's review form end to end (spec sections 2, 4, 5, 8 and 9) in real
 * Chromium against the reference API: the logged-out prompt and the login round trip back to
 * #reviews (a buyer's: only buyers review, decision 085), a review rated with the keyboard going to the top with the average and the count
 * recomputed, the server's 409 for a second review, and the seeded script-injection payloads in
 * a review rendering as text. Products are read from the API; each project reviews its own
 * product, so the averages the tests compute are never moved by the other project.
 */

async function productDetail(request: APIRequestContext, slug: string): Promise<Product> {
  const response = await request.get(`/api/products/products/${slug}/`, { headers: TENANT });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

/**
 * A product with reviews for this project to review: neither the product with the most reviews
 * nor the first without any (other specs may list those), a plain piece in stock (its reviewer
 * buys it first), and a different one per project.
 */
async function productToReview(request: APIRequestContext): Promise<Product> {
  const products = await allProducts(request);
  const most = Math.max(...products.map((p) => p.review_count));
  const candidates = products.filter(
    (p) => p.review_count > 0 && p.review_count < most && p.stock >= 4 && isPlainPiece(p),
  );
  expect(candidates.length, 'the demo seed has several reviewed products').toBeGreaterThan(1);
  return productDetail(request, candidates[isMobile() ? 1 : 0]!.slug);
}

const oneDecimal = (value: number) => value.toFixed(1);

test('a visitor is asked to log in to review, and comes back to the form at #reviews', async ({
  page,
  request,
}) => {
  const product = await productToReview(request);
  const customer = await newBuyer(request, product);
  await page.goto(`/products/${product.slug}`);
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await expect(reviews.getByText('You must be logged in to write a review.')).toBeVisible();
  await reviews.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(
    `/products/${product.slug}#reviews`,
  );

  await page.getByLabel('Email or username').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}#reviews$`));
  await expect(reviews.getByRole('radiogroup', { name: 'Your rating' })).toBeVisible();
  await expect(reviews.getByText('You must be logged in to write a review.')).toBeHidden();
  await expect(reviews).toBeInViewport();
});

test(
  'a review rated with the keyboard goes to the top, and the average and count follow',
  { tag: '@layout' },
  async ({ page, request }) => {
    const product = await productToReview(request);
    const customer = await newBuyer(request, product);
    const count = product.review_count;
    const average = product.average_rating ?? 0;
    await logInBrowser(page, customer, `/products/${product.slug}`);

    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    const summary = reviews.getByTestId('reviews-summary');
    await expect(summary).toContainText(oneDecimal(average));
    await expect(summary).toContainText(`Based on ${count} review${count === 1 ? '' : 's'}`);

    // Five stars by default; the arrow keys move the choice like any radio group.
    const five = reviews.getByRole('radio', { name: '5 stars' });
    await expect(five).toBeChecked();
    await reviews.scrollIntoViewIfNeeded();
    await shot(page, 'review-form');
    await five.focus();
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowLeft');
    await expect(reviews.getByRole('radio', { name: '1 star' })).toBeChecked();
    await expect(reviews.getByRole('radiogroup', { name: 'Your rating' })).toContainText('Poor');

    // A blank comment is refused before any call.
    await reviews.getByRole('button', { name: 'Submit Review' }).click();
    await expect(reviews.getByText('Please enter your review comment.')).toBeVisible();

    const text = `Chipped on the first pumpkin; the edge is too thin for me. (${Date.now()})`;
    await reviews.getByLabel('Your review').fill(text);
    await reviews.getByRole('button', { name: 'Submit Review' }).click();
    await expect(reviews.getByText('Review submitted successfully!')).toBeVisible();
    await expect(reviews.getByTestId('review').first()).toContainText(text);
    await expect(reviews.getByLabel('Your review')).toHaveValue('');
    await expect(five).toBeChecked();

    const expected = (average * count + 1) / (count + 1);
    await expect(summary).toContainText(oneDecimal(expected));
    await expect(summary).toContainText(`Based on ${count + 1} reviews`);
    // The rating beside the price follows too.
    await expect(page.locator('.catalog-rating')).toContainText(oneDecimal(expected));
    await expect(page.locator('.catalog-rating')).toContainText(`${count + 1} reviews`);
    await shot(page, 'review-submitted');

    // The server agrees, and a second review of the same product is refused with its detail.
    const stored = await productDetail(request, product.slug);
    expect(stored.review_count).toBeGreaterThanOrEqual(count + 1);
    await reviews.getByLabel('Your review').fill('One more thought.');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/products/reviews/'));
    await reviews.getByRole('button', { name: 'Submit Review' }).click();
    const conflict = await answer;
    expect(conflict.status()).toBe(409);
    const { detail } = (await conflict.json()) as { detail: string };
    await expect(reviews.getByRole('alert')).toHaveText(detail);
    await expect(reviews.getByLabel('Your review')).toHaveValue('One more thought.');

    // After a reload the review is still first, from the server.
    await page.reload();
    await expect(reviews.getByTestId('review').first()).toContainText(text);
  },
);

test('the seeded script-injection payloads in a review render as text', async ({
  page,
  request,
}) => {
  let target: Product | undefined;
  for (const listed of (await allProducts(request)).filter((p) => p.review_count > 0)) {
    const product = await productDetail(request, listed.slug);
    if (product.reviews?.some((r) => r.comment.includes('__xss'))) {
      target = product;
      break;
    }
  }
  expect(target, 'the demo seed plants payloads in a review').toBeTruthy();
  await page.goto(`/products/${target!.slug}`);
  const review = page.getByTestId('review').filter({ hasText: 'window.__xss' }).first();
  await expect(review).toContainText('<img src=x onerror="window.__xss=1">');
  await expect(review.locator('img, svg:not([aria-hidden="true"]), iframe, a')).toHaveCount(0);
  await settled(page);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
});
