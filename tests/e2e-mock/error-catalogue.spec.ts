import type { Page } from '@playwright/test';
import { ERROR_CATALOGUE, FAILED_REFRESH } from './error-catalogue';
import { expect, logIn, test } from './mock-shop';
import { logInWithForm } from './shopper-steps';

/**
 * Each message of the spec's error catalogue (section 8), through the mock's switches: one
 * test per row of tests/e2e-mock/error-catalogue.ts (the README's table is made from it), one
 * step per case. A step sets the case's switches, opens its page (logged in when the row says
 * so), does the case's step and expects each text exactly; the switches are cleared before
 * each case and after the test.
 *
 * The storefront retries a failed load after 1 s and 2 s and checks a payment after 1.5 s: the
 * page's clock is Playwright's, and while a text is missing it jumps a second ahead, so the
 * run does not sit through those waits.
 */

const quoted = (texts: readonly string[]) => texts.map((text) => `'${text}'`).join(', ');

/** True once every text shows on the page, exactly. */
async function allShown(page: Page, texts: readonly string[]): Promise<boolean> {
  for (const text of texts) {
    if (!(await page.getByText(text, { exact: true }).first().isVisible())) return false;
  }
  return true;
}

/** Expects each text to show, jumping the page's clock a second ahead while one is missing. */
async function expectShown(page: Page, texts: readonly string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await allShown(page, texts)) return true;
        await page.clock.fastForward(1_000);
        return false;
      },
      { message: `the page shows ${quoted(texts)}`, intervals: [100, 150, 250] },
    )
    .toBe(true);
  for (const text of texts) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}

for (const [index, row] of ERROR_CATALOGUE.entries()) {
  test(`row ${index + 1}: ${row.message}`, async ({ page, mock }) => {
    await page.clock.install();
    if (row.loggedIn) await logIn(page.context());
    for (const example of row.cases) {
      const switches = Object.entries(example.switches);
      const how = switches.map(([op, action]) => `${op} ${action}`).join(' + ') || 'no switch';
      await test.step(`${how}, ${example.path}: ${quoted(example.shows)}`, async () => {
        await mock.clear();
        for (const [op, action] of switches) await mock.set(op, action);
        // The frame's own goto: the fixture's page.goto would wait for the app to render,
        // which a load the storefront retries holds up in real time. Vite renders in the
        // browser only, so what a step clicks is live once it shows.
        await page.mainFrame().goto(example.path);
        await example.step?.(page);

        const defect = example.knownDefect;
        if (defect) {
          test.info().annotations.push({ type: 'known defect', description: defect.why });
        }
        await expectShown(page, defect?.shows ?? example.shows);
        // Fails once the defect is fixed: then the case's knownDefect is to be removed.
        for (const text of defect ? example.shows : []) {
          await expect(page.getByText(text, { exact: true })).toHaveCount(0);
        }
      });
    }
  });
}

test('under the table: a token refresh without tokens logs the shopper out, with no message', async ({
  page,
  mock,
}) => {
  // The README's recipe: the login answers a token that has already expired, so the first
  // call that needs it asks for a refresh, whose answer has no token.
  for (const [op, action] of Object.entries(FAILED_REFRESH)) await mock.set(op, action);
  await page.goto('/login');
  await logInWithForm(page);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Cart' }).click();
  await expect(page.getByText('Log in to see your cart', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  for (const message of ['Refresh token not found.', 'Invalid token refresh response.']) {
    await expect(page.getByText(message)).toHaveCount(0);
  }
});
