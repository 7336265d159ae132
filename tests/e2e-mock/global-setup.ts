/// <reference types="node" />
import { chromium, type BrowserContext, type FullConfig } from '@playwright/test';
import { CUSTOMER_PAGES, VISITOR_PAGES, logInScript, mockLogin } from './mock-shop';

/**
 * Runs once before the mock's tests against Vite's dev server (not the built storefront,
 * MOCK_BUILT=1): opens every route of the storefront in Chromium, a visitor's pages and a
 * customer's, so the Vite dev server compiles each module (and
 * optimizes any dependency it meets late, which reloads the page) before the first test,
 * whose time it would otherwise eat. Three tabs at a time: most of a page's time is waiting.
 * Throws when a page does not render within 60 s.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  // The built storefront (MOCK_BUILT=1, scripts/mock.mjs) has nothing to compile.
  if (process.env.MOCK_BUILT === '1') return;
  const { baseURL, launchOptions } = config.projects[0]!.use;
  const browser = await chromium.launch(launchOptions);
  try {
    const visitor = await browser.newContext({ baseURL });
    const customer = await browser.newContext({ baseURL });
    await customer.addInitScript(logInScript, await mockLogin(customer.request));
    await Promise.all([visitAll(visitor, VISITOR_PAGES, 2), visitAll(customer, CUSTOMER_PAGES, 1)]);
  } finally {
    await browser.close();
  }
}

/** Opens each of `paths` in `tabs` tabs of `context`, each tab taking the next path left. */
async function visitAll(context: BrowserContext, paths: string[], tabs: number): Promise<void> {
  const left = [...paths];
  await Promise.all(
    Array.from({ length: tabs }, async () => {
      const page = await context.newPage();
      for (let path = left.shift(); path !== undefined; path = left.shift()) {
        await page.goto(path);
        await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
        await page.waitForLoadState('networkidle');
      }
    }),
  );
}
