import type { Page } from '@playwright/test';
import { ERROR_CATALOGUE, FAILED_REFRESH } from './error-catalog';
import { test as base, expect, expectSoon, mockLogin } from './mock-shop';
import { logInWithForm } from './shopper-steps';

/**
 * Each message of the spec's error catalogue (section 8), through the mock's switches: one
 * test per row of tests/e2e-mock/error-catalog.ts (docs/mock.md's table is made from it), one
 * step per case. A step sets the case's switches, opens its page (logged in when the row says
 * so), does the case's step and expects each text exactly; the switches are cleared before
 * each case and after the test.
 *
 * Two things keep the ninety-odd cases quick:
 * - the tests share one tab, so the Vite dev server's modules a page loads are in its caches
 *   for the next test (a new tab, worse a new context, fetches and compiles them all again);
 *   each test starts by giving that tab's storage the login it needs. The main suite's checks
 *   of that page (hydration, CSP) do not apply to Vite's dev server, which renders in the
 *   browser only and sends no CSP;
 * - the storefront retries a failed load after 1 s and 2 s and checks a payment after 1.5 s:
 *   the tab's clock is Playwright's, and while a text is missing it jumps a second ahead
 *   (`expectSoon`), so the run does not sit through those waits.
 */
const test = base.extend<object, { cataloguePage: Page }>({
  cataloguePage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport });
      // As in every test of the mock: Vite's hot-reload socket never reaches Vite.
      await context.routeWebSocket(/.*/, () => undefined);
      await context.clock.install();
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ cataloguePage }, use, testInfo) => {
    await use(cataloguePage);
    if (testInfo.status !== testInfo.expectedStatus) {
      const body = await cataloguePage.screenshot().catch(() => null);
      if (body) await testInfo.attach('screenshot', { body, contentType: 'image/png' });
    }
  },
  context: async ({ cataloguePage }, use) => {
    await use(cataloguePage.context());
  },
});

/**
 * Opens the storefront's origin on a page that is not the app (the mock's list of switches) and
 * leaves its storage as a new visitor's, or as a logged-in customer's (spec section 4), for the
 * pages the test opens next.
 */
async function startSession(page: Page, loggedIn: boolean): Promise<void> {
  const tokens = loggedIn ? await mockLogin(page.request) : null;
  await page.mainFrame().goto('/api/__mock/rules');
  await page.evaluate((pair) => {
    localStorage.clear();
    sessionStorage.clear();
    if (pair) {
      localStorage.setItem('authToken', pair.access);
      localStorage.setItem('refreshToken', pair.refresh);
    }
  }, tokens);
}

const quoted = (texts: readonly string[]) => texts.map((text) => `'${text}'`).join(', ');

/** Expects each text to show exactly, without waiting out the storefront's timers. */
const expectShown = (page: Page, texts: readonly string[]) =>
  expectSoon(page, ...texts.map((text) => page.getByText(text, { exact: true })));

for (const [index, row] of ERROR_CATALOGUE.entries()) {
  test(`row ${index + 1}: ${row.message}`, async ({ page, mock }) => {
    await startSession(page, row.loggedIn);
    for (const example of row.cases) {
      const switches = Object.entries(example.switches);
      const how = switches.map(([op, action]) => `${op} ${action}`).join(' + ') || 'no switch';
      await test.step(`${how}, ${example.path}: ${quoted(example.shows)}`, async () => {
        await mock.clear();
        for (const [op, action] of switches) await mock.set(op, action);
        // The frame's own goto, and only until the page is committed: the fixture's page.goto
        // waits for the app to render, which a load the storefront retries holds up in real
        // time, and the load event waits for every image. Vite renders in the browser only,
        // so what a step clicks is live once it shows.
        await page.mainFrame().goto(example.path, { waitUntil: 'commit' });
        await example.step?.(page);

        await expectShown(page, example.shows);
      });
    }
  });
}

test('under the table: a token refresh without tokens logs the shopper out, with no message', async ({
  page,
  mock,
}) => {
  // docs/mock.md's recipe: the login answers a token that has already expired, so the first
  // call that needs it asks for a refresh, whose answer has no token.
  await startSession(page, false);
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
