/// <reference types="node" />
/**
 * Consent before analytics (PECR reg. 6 / ePrivacy Directive art. 5(3); issue 29), in Chromium
 * against the real server at 1280 and 375 px (@layout), with the axe scan of the banner:
 * - at demo-pottery, given an analytics id through the back office API for the test (and
 *   given back its own afterwards): the banner asks before anything loads; refused, the network
 *   log shows no request to the analytics hosts on any page; accepted from the footer's
 *   "Cookie settings", the Google tag is requested (answered here by an empty script: this
 *   machine has no internet); withdrawn, the `_ga` cookies go and nothing is requested again;
 * - at demo-handcraft, which has no analytics id: no banner and no "Cookie settings".
 *
 * Every other spec starts with analytics refused on both storefronts (playwright.config.ts
 * `storageState`), so the banner this spec brings up never covers their buttons; this file
 * starts with an empty browser storage instead. The two widths take turns with the setting
 * (a lock in the run's data dir), since one would otherwise take the id away under the other.
 */
import { mkdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { checkA11y, expect, shot, test } from './fixtures';
import { POTTERY } from './shop-data';
import { noSidewaysScroll, POTTERY_OWNER } from './back-office-utils';

test.use({ storageState: { cookies: [], origins: [] } });

/** A GA4 measurement id for the test (the back office accepts `G-` and 4 to 16 letters or digits). */
const ANALYTICS_ID = 'G-E2ECONSENT1';
/** Where Google Analytics' requests go: the tag's host and the collection hosts. */
const ANALYTICS_HOST =
  /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//;

const LOCK = path.join(process.env.E2E_DATA_DIR ?? '', 'consent-analytics.lock');

/** Waits (up to a minute) until this worker holds the lock on demo-pottery's analytics id. */
async function takeLock(): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** demo-pottery's back office API as its owner. */
async function ownerApi(request: APIRequestContext) {
  const login = await request.post(`${POTTERY.origin}/api/admin/auth/login/`, {
    headers: POTTERY.tenant,
    data: { email: POTTERY_OWNER.email, password: POTTERY_OWNER.password },
  });
  expect(login.ok(), `owner login answered ${login.status()}`).toBe(true);
  const { access } = (await login.json()) as { access: string };
  return { ...POTTERY.tenant, authorization: `Bearer ${access}` };
}

/** Sets demo-pottery's analytics id and waits until its pages (and their CSP) follow. */
async function setAnalyticsId(request: APIRequestContext, id: string | null): Promise<void> {
  const headers = await ownerApi(request);
  const saved = await request.patch(`${POTTERY.origin}/api/admin/settings/site/`, {
    headers,
    data: { google_analytics_id: id },
  });
  expect(saved.ok(), `PATCH /settings/site/ answered ${saved.status()}`).toBe(true);
  await expect
    .poll(async () => {
      const page = await request.get(`${POTTERY.origin}/`);
      return page.headers()['content-security-policy']?.includes('googletagmanager') ?? false;
    })
    .toBe(id !== null);
}

async function currentAnalyticsId(request: APIRequestContext): Promise<string | null> {
  const response = await request.get(`${POTTERY.origin}/api/admin/settings/site/`, {
    headers: await ownerApi(request),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { google_analytics_id: string | null }).google_analytics_id;
}

/** Every request the page makes to an analytics host, from now on. */
function analyticsRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (ANALYTICS_HOST.test(request.url())) seen.push(request.url());
  });
  return seen;
}

/**
 * What the banner takes from the page's flow: the height of the element it is put in (0 when
 * it moves nothing) and its own `position` (fixed: it lies over the page).
 */
function bannerFootprint(page: Page) {
  return page.evaluate(() => ({
    hostHeight: document.querySelector('.consent-banner-host')?.getBoundingClientRect().height,
    position: getComputedStyle(document.querySelector('.consent-banner')!).position,
  }));
}

test(
  'with an analytics id nothing reaches Google before Accept, and Reject keeps it so',
  { tag: '@layout' },
  async ({ page, request, context }) => {
    test.setTimeout(120_000);
    await takeLock();
    const before = await currentAnalyticsId(request);
    try {
      await setAnalyticsId(request, ANALYTICS_ID);
      // No internet here: the Google tag is an empty script.
      await context.route(ANALYTICS_HOST, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
      const requests = analyticsRequests(page);
      const banner = page.getByRole('region', { name: 'Analytics cookies' });
      const footerControl = page.getByRole('button', { name: 'Cookie settings' });

      await test.step('the banner asks first, and nothing is loaded meanwhile', async () => {
        await page.goto(`${POTTERY.origin}/`);
        await expect(banner).toBeVisible();
        await expect(banner).toContainText('Google Analytics');
        await expect(banner.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute(
          'href',
          '/privacy-policy',
        );
        const accept = banner.getByRole('button', { name: 'Accept analytics' });
        const reject = banner.getByRole('button', { name: 'Reject analytics' });
        // Equally easy: the same size and style, side by side.
        const [a, r] = [(await accept.boundingBox())!, (await reject.boundingBox())!];
        expect(Math.round(a.width)).toBe(Math.round(r.width));
        expect(Math.round(a.height)).toBe(Math.round(r.height));
        expect(await accept.getAttribute('class')).toBe(await reject.getAttribute('class'));
        // Fixed over the page, it takes no room in the flow: nothing moves when it comes (no
        // layout shift; the page's own is ssr.spec.ts's to check).
        expect(await bannerFootprint(page)).toEqual({ hostHeight: 0, position: 'fixed' });
        await noSidewaysScroll(page);
        await shot(page, 'consent-banner');
        // First in the tab order, and not a trap: the page follows it.
        await page.keyboard.press('Tab');
        await expect(banner.getByRole('link', { name: 'Read our privacy policy' })).toBeFocused();
        await checkA11y(page);
        expect(requests).toEqual([]);
        expect((await context.cookies()).map((cookie) => cookie.name)).not.toContainEqual(
          expect.stringMatching(/^_ga/),
        );
      });

      await test.step('refused: no request to the analytics hosts on any page', async () => {
        await banner.getByRole('button', { name: 'Reject analytics' }).click();
        await expect(banner).toHaveCount(0);
        await page.reload();
        await page.goto(`${POTTERY.origin}/privacy-policy`);
        await page.goto(`${POTTERY.origin}/products`);
        await page.waitForLoadState('networkidle');
        await expect(banner).toHaveCount(0);
        expect(requests).toEqual([]);
      });

      await test.step('accepted from "Cookie settings": the Google tag loads', async () => {
        await footerControl.click();
        await expect(banner).toBeVisible();
        await expect(banner).toContainText('You have rejected analytics cookies.');
        await expect(banner.getByRole('heading', { name: 'Analytics cookies' })).toBeFocused();
        await checkA11y(page);
        await shot(page, 'consent-banner-settings');
        await banner.getByRole('button', { name: 'Accept analytics' }).click();
        await expect(banner).toHaveCount(0);
        await expect(footerControl).toBeFocused();
        await expect
          .poll(() => requests)
          .toContainEqual(`https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_ID}`);
        // Remembered: the next page loads it at once, without asking.
        requests.length = 0;
        await page.reload();
        await expect.poll(() => requests.length).toBeGreaterThan(0);
        await expect(banner).toHaveCount(0);
      });

      await test.step('withdrawn: the _ga cookies go and nothing is requested again', async () => {
        // What the real Google tag would have left.
        const { hostname } = new URL(POTTERY.origin);
        await context.addCookies([
          { name: '_ga', value: 'GA1.1.1.2', domain: hostname, path: '/' },
          { name: '_ga_E2ECONSENT1', value: 'GS1.1.3', domain: hostname, path: '/' },
        ]);
        await footerControl.click();
        await expect(banner).toContainText('You have accepted analytics cookies.');
        requests.length = 0;
        await Promise.all([
          page.waitForEvent('load'),
          banner.getByRole('button', { name: 'Reject analytics' }).click(),
        ]);
        await page.waitForLoadState('networkidle');
        expect((await context.cookies()).map((cookie) => cookie.name)).not.toContainEqual(
          expect.stringMatching(/^_ga/),
        );
        await expect(banner).toHaveCount(0);
        expect(requests).toEqual([]);
      });
    } finally {
      await setAnalyticsId(request, before);
      rmdirSync(LOCK);
    }
  },
);

test(
  'a shop without an analytics id shows no banner and no "Cookie settings"',
  { tag: '@layout' },
  async ({ page }) => {
    const requests = analyticsRequests(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Analytics cookies' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);
    expect(requests).toEqual([]);
  },
);
