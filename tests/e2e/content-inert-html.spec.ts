import type { Page } from '@playwright/test';
import { faqs, LEGAL_PAGES, legalDocument } from './content-utils';
import { expect, settled, shot, test } from './fixtures';

/**
 * Stored HTML stays inert (spec section 8) in real Chromium against the reference API: the
 * script-injection payloads the demo seed plants in the FAQ answers, the legal documents and the
 * contact data run nothing and leave no script URL, srcdoc frame, handler or broken image behind,
 * and sanitizing them in the browser reports no CSP violation. Expectations are read from the API,
 * so the seed can change freely. These tests run at 1280 px only: none is tagged @layout.
 */

/** No planted payload ran, and nothing that could run one survived in the page. */
async function expectInert(page: Page) {
  // Give any planted handler (an image error, an svg load, a frame) time to fire.
  await settled(page);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(page.locator('iframe[srcdoc]')).toHaveCount(0);
  await expect(page.locator('main [onerror], main [onload], main script')).toHaveCount(0);
  // The payload's `<img src=x>` is dropped whole: no broken image, 404 or console error.
  const broken = await page
    .locator('main img')
    .evaluateAll((images) =>
      images
        .map((img) => img.getAttribute('src') ?? '')
        .filter((src) => !/^(https?:\/\/|\/(?!\/))/.test(src)),
    );
  expect(broken, 'images a page cannot load').toEqual([]);
}

test.describe('stored HTML stays inert (the seeded script-injection payloads)', () => {
  test('every FAQ answer, opened, runs no script and keeps no javascript: link or srcdoc frame', async ({
    page,
    request,
  }) => {
    const seeded = await faqs(request);
    expect(
      seeded.some((faq) => faq.answer.includes('__xss')),
      'the demo seed plants payloads in an FAQ answer',
    ).toBe(true);
    await page.goto('/faq');
    const buttons = page.locator('main').getByRole('button', { expanded: false });
    await expect(buttons).toHaveCount(seeded.length);
    for (let i = seeded.length - 1; i >= 0; i -= 1) await buttons.nth(i).click();
    await expect(page.locator('main').getByRole('button', { expanded: true })).toHaveCount(
      seeded.length,
    );
    await expectInert(page);
    await shot(page, 'faq-all-open', { fullPage: true });
  });

  for (const legal of LEGAL_PAGES) {
    test(`${legal.path} runs no script and keeps no javascript: link or srcdoc frame`, async ({
      page,
      request,
    }) => {
      const document = await legalDocument(request, legal.type);
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
      await expect(page.locator('.content-legal__document')).toBeVisible();
      if (document?.content.includes('__xss')) {
        // The planted link keeps its text, without the script URL.
        await expect(page.locator('.content-legal__document a:not([href])').first()).toBeAttached();
      }
      await expectInert(page);
    });
  }

  test('sanitizing the payloads in the browser reports no CSP violation (decision 012)', async ({
    page,
  }) => {
    // Chromium 156 reports `script-src-attr` for every inline handler it parses, even into
    // DOMPurify's inert document: the handlers must be gone before the browser parses the HTML.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { __csp?: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    // Client-side navigations: the documents are sanitized in the browser, not on the server.
    for (const legal of LEGAL_PAGES) {
      await footer.getByRole('link', { name: legal.title }).click();
      await expect(page.locator('.content-legal__document h2').first()).toBeVisible();
    }
    await footer.getByRole('link', { name: 'FAQ' }).click();
    const closed = page.locator('main').getByRole('button', { expanded: false });
    await expect(closed.first()).toBeVisible();
    while ((await closed.count()) > 0) await closed.first().click();
    await expectInert(page);
    expect(await page.evaluate(() => (window as { __csp?: string[] }).__csp)).toEqual([]);
  });

  test('the contact page renders its seeded data as text and links only', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('region', { name: 'Email us' })).toBeVisible();
    await expectInert(page);
  });
});
