import { ERROR_CATALOGUE, FAILED_REFRESH } from './error-catalogue';
import { logInWithForm } from './shopper-steps';
import { expect, logIn, test } from './mock-shop';

/**
 * Each message of the spec's error catalogue (section 8), through the mock's switches: one
 * test per case of each row of tests/e2e-mock/error-catalogue.ts (the README's table is made
 * from it). A test sets the case's switches, opens its page (logged in when the case says so),
 * does its step and expects each text exactly; the fixture clears the switches after it.
 */

const quoted = (texts: readonly string[]) => texts.map((text) => `'${text}'`).join(', ');

for (const [index, row] of ERROR_CATALOGUE.entries()) {
  test.describe(`row ${index + 1}: ${row.message}`, () => {
    for (const example of row.cases) {
      const switches = Object.entries(example.switches);
      const how = switches.map(([op, action]) => `${op} ${action}`).join(' + ') || 'no switch';
      test(`${how}, ${example.path}: ${quoted(example.shows)}`, async ({ page, mock }) => {
        if (example.loggedIn) await logIn(page.context());
        for (const [op, action] of switches) await mock.set(op, action);
        await page.goto(example.path);
        await example.step?.(page);

        const defect = example.knownDefect;
        if (defect) {
          test.info().annotations.push({ type: 'known defect', description: defect.why });
        }
        for (const text of defect?.shows ?? example.shows) {
          await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
        }
        // Fails once the defect is fixed: then the case's knownDefect is to be removed.
        for (const text of defect ? example.shows : []) {
          await expect(page.getByText(text, { exact: true })).toHaveCount(0);
        }
      });
    }
  });
}

test.describe('under the table: a refresh that fails', () => {
  test('a token refresh without tokens logs the shopper out instead of showing a message', async ({
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
});
