/// <reference types="node" />
import { chromium, type FullConfig } from '@playwright/test';
import { CUSTOMER_PAGES, VISITOR_PAGES, logInScript, mockLogin } from './mock-shop';

/**
 * Runs once before the mock's tests: opens every route of the storefront in Chromium, a
 * visitor's pages and then a customer's, so the Vite dev server compiles each module (and
 * optimizes any dependency it meets late, which reloads the page) before the first test,
 * whose time it would otherwise eat. Throws when a page does not render within 60 s.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const { baseURL, launchOptions } = config.projects[0]!.use;
  const browser = await chromium.launch(launchOptions);
  try {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const visit = async (path: string) => {
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
      await page.waitForLoadState('networkidle');
    };
    for (const path of VISITOR_PAGES) await visit(path);
    const tokens = await mockLogin(context.request);
    await context.addInitScript(logInScript, tokens);
    for (const path of CUSTOMER_PAGES) await visit(path);
  } finally {
    await browser.close();
  }
}
