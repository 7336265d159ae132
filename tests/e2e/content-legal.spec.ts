import { LEGAL_PAGES, legalDocument } from './content-utils';
import { checkA11y, expect, shot, test } from './fixtures';

/**
 * The two legal pages end to end (spec section 2) in real Chromium against the reference API and
 * its seeded documents: each reached from the footer, its document shown, its link marked current,
 * the page scanned with axe. Expectations are read from the API, so the seed can change freely.
 * These tests run at 1280 px only: none is tagged @layout.
 */

test.describe('legal pages', () => {
  for (const legal of LEGAL_PAGES) {
    test(`${legal.path} shows the ${legal.type} document from the footer link`, async ({
      page,
      request,
    }) => {
      const document = await legalDocument(request, legal.type);
      expect(document, `the demo seed has a ${legal.type}`).toBeTruthy();
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: legal.title }).click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
      const firstHeading = /<h2[^>]*>([^<]+)<\/h2>/.exec(document!.content)?.[1];
      if (firstHeading) {
        await expect(page.getByRole('heading', { level: 2, name: firstHeading })).toBeVisible();
      }
      await expect(
        page.getByRole('navigation', { name: 'Help & policies' }).getByRole('link', {
          name: legal.title,
        }),
      ).toHaveAttribute('aria-current', 'page');
      await checkA11y(page);
      await shot(page, legal.path.slice(1));
      await shot(page, legal.path.slice(1), { fullPage: true });
    });
  }
});
