/// <reference types="node" />
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test as base } from '../e2e/fixtures';

/**
 * What every spec of the mock's run shares: the fixtures, the mock's switches, a customer's
 * login and the screenshots.
 *
 * `test` is the main suite's (tests/e2e/fixtures.ts: `goto` waits until the page is
 * interactive; a hydration error or a CSP violation fails the test), with three changes:
 * - no axe scan after each test: the main suite scans every page against the reference API,
 *   and these are the same components, so here it would only add to the run's time;
 * - the Vite dev server's hot-reload socket is answered by Playwright and never reaches Vite,
 *   so a file saved in the working tree while the tests run cannot reload a page mid-test;
 * - `mock` sets the mock's switches, and every switch is cleared before and after each test
 *   (the card page's buttons set one too), so no test sees another's errors.
 */

/** The tenant header the storefront sends; the mock wants one, whatever its value. */
export const TENANT = { 'X-Tenant-Token': 'demo-handcraft' };

/** The mock's error switches (scripts/mock-proxy.ts, `/api/__mock/`). */
export interface MockSwitches {
  /**
   * Makes operation `op` (its operationId) answer `action` (`code=404`,
   * `code=400, example=NAME`, `fail=500`, `raw=STATUS BODY`) until cleared. Fails the test with
   * the mock's own message when the mock refuses the switch (no such operation or example).
   */
  set(op: string, action: string): Promise<void>;
  /** Restores every operation's default answer. */
  clear(): Promise<void>;
}

function switchesFor(request: APIRequestContext): MockSwitches {
  return {
    async set(op, action) {
      const response = await request.post('/api/__mock/rules', { form: { op, action } });
      expect(response.status(), `switch ${op}=${action}: ${await response.text()}`).toBe(200);
    },
    async clear() {
      const response = await request.post('/api/__mock/clear');
      expect(response.status()).toBe(200);
    },
  };
}

/** The token pair of a login: the contract's example, which expires in 2100. */
export interface Tokens {
  access: string;
  refresh: string;
}

/** Logs in through the mock (any e-mail and password succeed); answers the contract's tokens. */
export async function mockLogin(request: APIRequestContext): Promise<Tokens> {
  const response = await request.post('/api/accounts/login/', {
    headers: TENANT,
    data: { login_id: 'customer@emberandoak.example', password: 'any-password-will-do' },
  });
  expect(response.status()).toBe(200);
  const { access, refresh } = (await response.json()) as Tokens;
  return { access, refresh };
}

/**
 * Runs in the browser before each page's own scripts: stores the tokens as a login does (spec
 * section 4), once per tab, so a logout later in the test stays a logout.
 */
export function logInScript(tokens: Tokens): void {
  try {
    if (sessionStorage.getItem('e2e-mock-logged-in')) return;
    sessionStorage.setItem('e2e-mock-logged-in', '1');
    localStorage.setItem('authToken', tokens.access);
    localStorage.setItem('refreshToken', tokens.refresh);
  } catch {
    // about:blank and other opaque origins have no storage: nothing to log in there
  }
}

/** Makes every page the context opens from now on start logged in as the mock's customer. */
export async function logIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(logInScript, await mockLogin(context.request));
}

/** The pages a visitor sees, which global-setup.ts has Vite compile before the tests. */
export const VISITOR_PAGES = [
  '/',
  '/products',
  '/products/damascus-gyuto-210mm',
  '/gallery',
  '/blog',
  '/blog/caring-for-carbon-steel',
  '/contact',
  '/company-info',
  '/faq',
  '/refund-policy',
  '/privacy-policy',
  '/login',
  '/register',
  '/order-confirmation',
  '/payment/return',
];

/** The pages only a logged-in customer reaches. */
export const CUSTOMER_PAGES = [
  '/cart',
  '/cart?step=checkout',
  '/payment/return?paymentId=9b2f3c1e-5d7a-4e2b-9f0a-1c2d3e4f5a6b',
];

/**
 * Saves the page as `tests/e2e-mock/test-results/screenshots/<name>.png` (the run's output
 * folder, emptied when a run starts) and returns its path.
 */
export async function shot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  // Off under `npm test` (E2E_SCREENSHOTS=0): screenshots are for a person to look at.
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const file = path.join(base.info().project.outputDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
}

/**
 * Waits until the image `img` points at has loaded with pixels (the mock gateway draws the
 * contract's images: scripts/lib/mock-media.ts). Scrolls it into view first, since the
 * storefront loads images below the fold lazily.
 */
export async function expectImageLoaded(img: Locator): Promise<void> {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), {
      message: 'the image has loaded',
    })
    .toBeGreaterThan(0);
}

/**
 * Expects each locator to be visible; while one is not, moves the page's clock a second on
 * (the page must have called `page.clock.install()`), so the storefront's retries of a failed
 * load (after 1 s and 2 s), its 1.5 s wait before a payment check and its 3 s before the login
 * after a registration pass at once instead of in real time. Fails the test when one is still
 * hidden after the expect timeout.
 */
export async function expectSoon(page: Page, ...locators: Locator[]): Promise<void> {
  await expect
    .poll(
      async () => {
        for (const locator of locators) {
          if (!(await locator.first().isVisible())) {
            await page.clock.fastForward(1_000);
            return false;
          }
        }
        return true;
      },
      { message: `${locators.join(', ')} visible`, intervals: [50, 100, 100, 250] },
    )
    .toBe(true);
  for (const locator of locators) await expect(locator.first()).toBeVisible();
}

/** The main suite's `test`, changed for the mock as this module's comment says. */
export const test = base.extend<{ mock: MockSwitches }>({
  a11y: false,
  context: async ({ context }, use) => {
    // Vite's hot-reload socket: mocked (never connected to Vite), so nothing reloads a page.
    await context.routeWebSocket(/.*/, () => undefined);
    await use(context);
  },
  mock: [
    async ({ request }, use) => {
      const switches = switchesFor(request);
      await switches.clear();
      await use(switches);
      await switches.clear();
    },
    { auto: true },
  ],
});

export { expect };
