import { legalDocument } from './content-utils';
import { checkA11y, expect, shot, test } from './fixtures';

/**
 * Honest reviews end to end (decision 085; DMCC Act 2024 Sch. 20, Directive 2005/29/EC art.
 * 7(6)) in real Chromium against the reference API and its seed, at 1280 and 375 px: a product
 * page's reviews each say whether they are a verified purchase, the section links to how the
 * shop checks reviews, and the review policy is reached from the footer with the shop's own
 * words. One test: it reuses the seeded reviews (the Damascus gyuto's, bought and not) and the
 * seeded policy, and signs nobody in.
 */
test(
  'reviews say whether they are verified purchases, and the review policy is one click from the footer',
  { tag: '@layout' },
  async ({ page, request }) => {
    const policy = await legalDocument(request, 'review_policy');
    expect(policy, 'the demo seed has a review policy').toBeTruthy();

    await page.goto('/products/damascus-gyuto-210mm');
    const reviews = page.getByRole('region', { name: 'Customer Reviews' });
    const verified = reviews.getByTestId('review').filter({ hasText: 'hannah.w' });
    await expect(verified).toContainText('Verified purchase');
    await expect(verified).not.toContainText('Not a verified purchase');
    // A seeded review from before buyers alone could review stays, labelled.
    await expect(
      reviews.getByTestId('review').filter({ hasText: 'Not a verified purchase' }),
    ).not.toHaveCount(0);
    // A visitor is told who may review before being asked to log in.
    await expect(
      reviews.getByText('Only customers who bought this piece can review it.'),
    ).toBeVisible();
    await expect(reviews.getByRole('link', { name: 'How we check reviews' })).toHaveAttribute(
      'href',
      '/review-policy',
    );
    await verified.scrollIntoViewIfNeeded();
    await shot(page, 'reviews-verified');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Review Policy' }).click();
    await expect(page).toHaveURL(/\/review-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review Policy' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Only buyers can review' }),
    ).toBeVisible();
    await expect(
      page.getByText('never hide or refuse a review because it is negative'),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Help & policies' }).getByRole('link', {
        name: 'Review Policy',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await checkA11y(page);
    await shot(page, 'review-policy', { fullPage: true });
  },
);
