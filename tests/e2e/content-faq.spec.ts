import type { Locator, Page } from '@playwright/test';
import { faqs } from './content-utils';
import { checkA11y, expect, shot, test } from './fixtures';

/**
 * /faq end to end (spec sections 2 and 5) in real Chromium against the reference API and its
 * seeded content: the accordion operated with the keyboard alone, leading on to /contact, the page
 * scanned with axe. Expectations are read from the API, so the seed can change freely. These tests
 * run at 1280 px only: none is tagged @layout.
 */

/** Presses Tab until `target` has focus (at most `limit` times): a keyboard-only way in. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('/faq', () => {
  test('the accordion works with the keyboard alone, and leads to /contact', async ({
    page,
    request,
  }) => {
    const seeded = await faqs(request);
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    await page.goto('/faq');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();

    const questions = page.locator('main').getByRole('button', { expanded: false });
    await expect(questions).toHaveCount(seeded.length);
    const first = page.getByRole('button', { name: seeded[0]!.question });
    const second = page.getByRole('button', { name: seeded[1]!.question });
    const last = page.getByRole('button', { name: seeded.at(-1)!.question });
    const answerOf = async (button: Locator) =>
      page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);

    await tabTo(page, first);
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(await answerOf(first)).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstAnswer = await answerOf(first);
    await expect(firstAnswer).toBeVisible();
    await expect(firstAnswer).toHaveAttribute('role', 'region');

    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press(' ');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(await answerOf(second)).toBeVisible();
    await page.keyboard.press('End');
    await expect(last).toBeFocused();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(firstAnswer).toBeHidden();
    await checkA11y(page);
    await shot(page, 'faq-open');

    const contact = page.locator('main').getByRole('link', { name: 'Contact us', exact: true });
    await tabTo(page, contact, 80);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });
});
