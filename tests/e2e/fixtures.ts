/// <reference types="node" />
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';

/**
 * Playwright fixtures for every end-to-end spec.
 *
 * - `page` is the stock page (made by `browser.newContext()` then `context.newPage()`, which
 *   axe needs because it opens a second page in the same context to merge frame results).
 *   Every main-frame URL the test reaches (full loads and client-side route changes) is
 *   recorded; after the test, each recorded page whose route no test of the run has scanned
 *   yet at this width and session is scanned with axe (the page it ends on as it is, the others
 *   reopened), and the test fails listing every serious or critical violation.
 * - `checkA11y(page)` scans the page as it is now (call it after a state worth checking,
 *   e.g. an open menu or overlay); the URL and its route then count as scanned.
 * - `shot(page, name)` saves `tests/e2e/screenshots/<project>-<name>.png` at the current
 *   viewport (`{ fullPage: true }` adds `-full`).
 * - Pages are rendered on the server and hydrated after they load (decision 008): `page.goto`
 *   and `page.reload` also wait until the page is interactive (`html[data-hydrated]`), unless
 *   JavaScript is off. Any hydration error or warning in the console fails the test.
 *
 * Opt out for one file with `test.use({ a11y: false })`; hide a region with
 * `test.use({ a11yExclude: ['#third-party-widget'] })`.
 */

/** The axe rule tags the storefront must satisfy. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Impacts that fail a test; moderate and minor findings are only attached to the report. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * What React says about a hydration mismatch: the development wording, and the production
 * error codes (418 hydration failed, 419/421/422/423 recovered by rendering on the client, 425
 * text mismatch).
 */
export const HYDRATION_PROBLEM =
  /hydrat|did not match|server rendered (html|text)|Minified React error #(418|419|421|422|423|425)\b/i;

/**
 * Waits until the page is interactive: hydrated (server-rendered page) or rendered in the
 * browser (the shell). Only the storefront's and the back office's documents (both hold
 * `#root`) hydrate: any other page (the card gateway's, the API reference, an error page
 * outside the app) is interactive once loaded, and waiting for it cost 15 s a visit (the card
 * tests' after-test scans of the gateway's page: 98 s of one e2e run). An app page that never
 * gets there is left as it is after 15 s.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const isApp =
    (await page
      .locator('#root')
      .count()
      .catch(() => 0)) > 0;
  if (!isApp) return;
  await page
    .waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 })
    .catch(() => undefined);
}

/** Upper bound on the pages re-opened for the after-test scan, so a crawl-like test stays bounded. */
const MAX_AFTER_TEST_SCANS = 12;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

interface PageA11yState {
  visited: string[];
  scanned: Set<string>;
  exclude: string[];
}

const states = new WeakMap<Page, PageA11yState>();

/**
 * The routes (see `routeKey`) already scanned in this run, by project (width), session state and
 * excluded regions: shared by every worker through a file in the run's data dir, so a route is
 * scanned once per width and session, by the a11y.spec.ts crawl or a test's `checkA11y`, or else
 * after the first test that visits it. A deliberate `checkA11y` always scans.
 */
const scannedInRun = (() => {
  const inMemory = new Set<string>();
  const file = process.env.E2E_DATA_DIR
    ? path.join(process.env.E2E_DATA_DIR, 'a11y-scanned-routes.txt')
    : null;
  const read = () => {
    if (!file) return inMemory;
    try {
      return new Set(readFileSync(file, 'utf8').split('\n'));
    } catch {
      return inMemory;
    }
  };
  return {
    has: (key: string) => inMemory.has(key) || read().has(key),
    add: (key: string) => {
      inMemory.add(key);
      if (file) appendFileSync(file, `${key}\n`);
    },
  };
})();

/** The key of `url`'s route in `scannedInRun` for this test's width, `session` and exclusions. */
function runKey(session: string, exclude: string[], url: string): string {
  return `${base.info().project.name} ${session} ${exclude.join()} ${routeKey(url)}`;
}

/** 'in' when the page's context holds an access token (spec section 4), else 'out'. */
async function sessionOf(page: Page): Promise<string> {
  const { origins } = await page.context().storageState();
  const signedIn = origins.some((origin) =>
    origin.localStorage.some((item) => item.name === 'authToken' && item.value !== ''),
  );
  return signedIn ? 'in' : 'out';
}

/** The URL without its fragment: `/products/x#reviews` is the same page as `/products/x`. */
function pageKey(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** The storefront's routes as path segments (`['products', '$slug']`), from the route tree. */
const STOREFRONT_ROUTES: string[][] = [
  ...readFileSync(path.resolve('src/routeTree.gen.ts'), 'utf8').matchAll(
    /^ {2}'(\/[^']*)': typeof \w+$/gm,
  ),
].map((match) => match[1]!.split('/').filter(Boolean));

/**
 * The page a URL is an instance of, for the after-test scans' revisits: its origin and route
 * (`/products/$slug`, `/account/orders/$orderId`; in the back office and outside the app's routes
 * each segment holding a digit, an id or an order number, is `:id`), without the query. Two orders'
 * pages are the same markup with other data, so a worker reloads and scans one of them; the page a
 * test ends on is still scanned whatever it is, and `checkA11y` always scans.
 */
function routeKey(url: string): string {
  const { origin, pathname } = new URL(url);
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'admin') {
    return `${origin}/${parts.map((part) => (/\d/.test(part) ? ':id' : part)).join('/')}`;
  }
  const route = STOREFRONT_ROUTES.find(
    (segments) =>
      segments.length === parts.length &&
      segments.every((segment, i) => segment.startsWith('$') || segment === parts[i]),
  );
  // Outside the app's routes (the card gateway's page, /api/...), a segment holding a digit is
  // an id too: one gateway page is scanned, not one per payment.
  const key = route ?? parts.map((part) => (/\d/.test(part) ? ':id' : part));
  return `${origin}/${key.join('/')}`;
}

/** An app page (http(s), no file extension such as robots.txt's, where tests store tokens). */
function isScannable(url: string): boolean {
  if (!url.startsWith('http://') && !url.startsWith('https://')) return false;
  return !/\.[a-z0-9]+$/i.test(new URL(url).pathname);
}

/** The page URL, then each failing violation: impact, rule, help text, up to three targets. */
export function formatViolations(url: string, violations: Violation[]): string {
  const lines = violations.map((v) => {
    const targets = v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | ');
    const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : '';
    return `    [${v.impact}] ${v.id}: ${v.help}\n      at ${targets}${more}\n      ${v.helpUrl}`;
  });
  return [`  ${url}`, ...lines].join('\n');
}

/** The requests a page has in flight that can change what it shows (see `trackRequests`). */
const requestsInFlight = new WeakMap<Page, Set<unknown>>();
const CONTENT_REQUESTS = new Set(['document', 'fetch', 'xhr', 'script', 'stylesheet']);

/** Counts `page`'s requests for data, code and styles from now on, for `waitForQuiet`. */
function trackRequests(page: Page): void {
  const inFlight = new Set<unknown>();
  requestsInFlight.set(page, inFlight);
  page.on('request', (request) => {
    if (CONTENT_REQUESTS.has(request.resourceType())) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
}

/**
 * Waits until the page shows its content, not skeletons: no request for data, code or styles
 * in flight and nothing marked `aria-busy`, then two painted frames (at most 5 s). Scanning a
 * skeleton would test the wrong thing; Playwright's 'networkidle' waits 500 ms of silence each
 * time, which cost every scan half a second.
 */
async function waitForQuiet(page: Page): Promise<void> {
  const inFlight = requestsInFlight.get(page);
  if (!inFlight) {
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    return;
  }
  await expect
    .poll(
      async () => inFlight.size === 0 && (await page.locator('[aria-busy="true"]').count()) === 0,
      { timeout: 5_000, intervals: [50, 100, 200] },
    )
    .toBe(true)
    .catch(() => undefined);
  await page
    .evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    )
    .catch(() => undefined);
}

/**
 * axe's serious and critical findings on `page` now, `exclude`'s regions left out.
 *
 * One `axe.run` in the page (axe's "legacy mode", which scans same-origin frames too), not
 * the default split run, which opens a blank tab for every scan to merge the frames' results
 * and parses axe a second time there: a third of each scan's time (the a11y crawl took 137 s
 * of test time against 94 s). The one cross-origin frame the storefront has, a map embed, is
 * another site's page, not the shop's to fix.
 */
export async function scan(page: Page, exclude: string[] = []): Promise<Violation[]> {
  let builder = new AxeBuilder({ page }).withTags(A11Y_TAGS).setLegacyMode(true);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.filter((v) => v.impact != null && FAILING_IMPACTS.has(v.impact));
}

/**
 * Scans `page` now with axe (tags in `A11Y_TAGS`) and fails the test, through `expect`, when
 * any serious or critical violation is found. Marks the current URL as scanned so the
 * after-test scan skips it. Returns the failing violations (empty when the page passes).
 */
export async function checkA11y(page: Page): Promise<Violation[]> {
  const state = states.get(page);
  await waitForQuiet(page);
  const url = page.url();
  const failing = await scan(page, state?.exclude ?? []);
  state?.scanned.add(pageKey(url));
  if (isScannable(url)) scannedInRun.add(runKey(await sessionOf(page), state?.exclude ?? [], url));
  expect(
    failing.map(
      (v) =>
        `[${v.impact}] ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    ),
    `accessibility violations (serious or critical) on ${url}`,
  ).toEqual([]);
  return failing;
}

/**
 * Makes every lazy image of the page load now and waits until each has loaded or failed: for
 * full-page screenshots, which would otherwise show the placeholders below the fold. Loading
 * them eagerly instead of scrolling past each keeps the test free of fixed waits.
 */
export async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const image of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'))
      image.loading = 'eager';
  });
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)))
    .toBe(true);
}

/**
 * Waits until whatever a page's markup could make happen by itself has happened: every image (but a
 * lazy one not yet scrolled to) and frame has loaded or failed (so an `onerror` or `onload` a
 * sanitizer let through has fired), and the browser has rendered two frames after that. For tests
 * that check that nothing ran, without a fixed sleep.
 */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          // A lazy image below the fold does not load until it is scrolled to.
          [...document.images].every((image) => image.complete || image.loading === 'lazy') &&
          [...document.querySelectorAll('iframe')].every(
            (frame) => frame.contentDocument?.readyState !== 'loading',
          ),
      ),
    )
    .toBe(true);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Saves a screenshot of the current viewport to `tests/e2e/screenshots/<project>-<name>.png`
 * (`<project>-<name>-full.png` with `fullPage: true`), for a person to look at; no test reads
 * them. `npm test` sets `E2E_SCREENSHOTS=0`: a full-page PNG of a long page costs a second of
 * CPU, and nobody opens CI's.
 */
export async function shot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const { name: project, testDir } = base.info().project;
  const dir = path.join(testDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${project}-${name}${options.fullPage ? '-full' : ''}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false });
}

async function scanVisited(
  page: Page,
  state: PageA11yState,
  testInfo: TestInfo,
): Promise<string[]> {
  const report: string[] = [];
  const session = page.isClosed() ? 'out' : await sessionOf(page);
  const keyOf = (url: string) => runKey(session, state.exclude, url);
  // Each visited page whose route no test has scanned yet at this width and session: the page
  // the test ends on as it is, the others reloaded in a tab of their own.
  const pending: string[] = [];
  for (const url of new Set(state.visited.map(pageKey))) {
    if (!isScannable(url) || state.scanned.has(url) || scannedInRun.has(keyOf(url))) continue;
    if (!pending.some((other) => routeKey(other) === routeKey(url))) pending.push(url);
  }
  const current = page.isClosed() ? '' : pageKey(page.url());
  const route = current && routeKey(current);
  if (route && pending.some((url) => routeKey(url) === route)) {
    await waitForQuiet(page);
    const failing = await scan(page, state.exclude);
    scannedInRun.add(keyOf(current));
    if (failing.length) report.push(formatViolations(current, failing));
    pending.splice(
      pending.findIndex((url) => routeKey(url) === route),
      1,
    );
  }

  if (pending.length > MAX_AFTER_TEST_SCANS) {
    testInfo.annotations.push({
      type: 'a11y',
      description: `${pending.length - MAX_AFTER_TEST_SCANS} visited URLs not re-scanned (limit ${MAX_AFTER_TEST_SCANS})`,
    });
  }
  for (const url of pending.slice(0, MAX_AFTER_TEST_SCANS)) {
    // A fresh tab in the same context keeps cookies and storage (cart, login) of the test.
    const revisit = await page.context().newPage();
    trackRequests(revisit);
    try {
      await revisit.goto(url, { waitUntil: 'load' });
      await waitForHydration(revisit);
      await waitForQuiet(revisit);
      const failing = await scan(revisit, state.exclude);
      if (failing.length) report.push(formatViolations(url, failing));
    } finally {
      scannedInRun.add(keyOf(url));
      await revisit.close();
    }
  }
  return report;
}

interface A11yOptions {
  /** Run the after-test axe scan (default true). */
  a11y: boolean;
  /** CSS selectors axe skips, for third-party regions the storefront does not own. */
  a11yExclude: string[];
}

export const test = base.extend<A11yOptions>({
  a11y: [true, { option: true }],
  a11yExclude: [[], { option: true }],
  // Own timeout: the after-test scans re-open pages and must not eat the test's 30 s.
  page: [
    async ({ page, a11y, a11yExclude, javaScriptEnabled }, use, testInfo) => {
      const state: PageA11yState = { visited: [], scanned: new Set(), exclude: a11yExclude };
      states.set(page, state);
      trackRequests(page);
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) state.visited.push(frame.url());
      });
      // The server sends a strict CSP; anything the page does that breaks it is a defect.
      const cspViolations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          cspViolations.push(`${page.url()}: ${message.text()}`);
        }
      });
      // A server-rendered page must hydrate as it is: any hydration mismatch is a defect.
      const hydrationProblems: string[] = [];
      page.on('console', (message) => {
        if (
          (message.type() === 'error' || message.type() === 'warning') &&
          HYDRATION_PROBLEM.test(message.text())
        )
          hydrationProblems.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => {
        if (HYDRATION_PROBLEM.test(error.message))
          hydrationProblems.push(`${page.url()}: ${error.message}`);
      });
      // The test's own option (test.use), not only the project's: a page without JavaScript
      // never hydrates, and waiting for it cost each of its visits the 15 s timeout.
      const javaScript = javaScriptEnabled !== false;
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        // A text file or a download has no app to wait for.
        const html = /text\/html/.test(response?.headers()['content-type'] ?? 'text/html');
        if (javaScript && html) await waitForHydration(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (javaScript) await waitForHydration(page);
        return response;
      };

      await use(page);

      if (testInfo.status === testInfo.expectedStatus && hydrationProblems.length) {
        throw new Error(`Hydration errors or warnings:\n${hydrationProblems.join('\n')}`);
      }
      if (testInfo.status === testInfo.expectedStatus && cspViolations.length) {
        throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
      }

      // A test that already failed gets no extra scan: its own error is the one to read first.
      if (!a11y || testInfo.status !== testInfo.expectedStatus) return;
      const report = await scanVisited(page, state, testInfo);
      if (report.length) {
        throw new Error(`accessibility violations (serious or critical):\n${report.join('\n')}`);
      }
    },
    { scope: 'test', timeout: 90_000 },
  ],
});

export { expect };
