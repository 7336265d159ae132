/// <reference types="node" />
/**
 * `npm run lighthouse -- --admin [BASE_URL]`: Lighthouse's accessibility audit of the back
 * office's three screens a maker uses most on a phone: Today (`/admin/`), an order (the newest)
 * and the product editor (the first product), at 375 px wide, signed in as a member of staff.
 *
 * The back office keeps its tokens in the tab's sessionStorage (admin/src/api/tokens.ts), so
 * each run signs the tab in first: the token pair from `POST /api/admin/auth/login/` is put in
 * sessionStorage on the origin's robots.txt, then Lighthouse audits the screen in that same tab
 * (driven through the puppeteer-core Lighthouse itself runs on), with its storage reset off. The
 * back office may refresh the pair during a run; the pair it holds after each run is the one
 * the next run starts with, so a spent refresh token is never sent again (which would end the
 * session).
 *
 * The member: LIGHTHOUSE_ADMIN_EMAIL and LIGHTHOUSE_ADMIN_PASSWORD of the shop
 * LIGHTHOUSE_TENANT, by default the demo shop's owner (docs/back-office.md).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';

/** What one screen's audit found: the score, and each failing audit with how many elements. */
export interface AdminAudit {
  accessibility: number;
  /** `where`: the first element's CSS selector, as Lighthouse names it. */
  failing: { id: string; title: string; items: number; where: string }[];
}

/** The elements a failing audit lists (its `details.items`). */
function itemsOf(details: unknown): { node?: { selector?: string } }[] {
  return (details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
}

/** A screen of the back office to audit. */
export interface AdminTarget {
  label: string;
  path: string;
}

interface TokenPair {
  access: string;
  refresh: string;
}

/** The slice of puppeteer-core used here (the copy Lighthouse depends on). */
interface PuppeteerPage {
  goto(url: string): Promise<unknown>;
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<R>;
  close(): Promise<void>;
}
interface Puppeteer {
  connect(options: { browserURL: string; defaultViewport: null }): Promise<{
    newPage(): Promise<PuppeteerPage>;
    disconnect(): Promise<void>;
  }>;
}

const member = {
  tenant: process.env.LIGHTHOUSE_TENANT ?? 'demo-handcraft',
  email: process.env.LIGHTHOUSE_ADMIN_EMAIL ?? 'owner@emberandoak.example',
  password: process.env.LIGHTHOUSE_ADMIN_PASSWORD ?? 'demo-owner-2026',
};

/** The phone Lighthouse pretends to be: 375 px wide, as the back office's phone tests. */
const PHONE = { mobile: true, width: 375, height: 812, deviceScaleFactor: 3, disabled: false };

async function adminApi<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(`${base}/api/admin${path}`, {
    ...init,
    headers: {
      'X-Tenant-Token': member.tenant,
      'Content-Type': 'application/json',
      ...init.headers,
    },
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/**
 * Signs the member in and names the three screens: Today, the newest order, the first product.
 * @throws Error when signing in fails or the shop has no order or no product.
 */
export async function backOfficeTargets(
  base: string,
): Promise<{ tokens: TokenPair; targets: AdminTarget[] }> {
  const tokens = await adminApi<TokenPair>(base, '/auth/login/', {
    method: 'POST',
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  const auth = { headers: { Authorization: `Bearer ${tokens.access}` } };
  const orders = await adminApi<{ results: { order_number: string }[] }>(base, '/orders/', auth);
  const products = await adminApi<{ results: { id: number }[] }>(base, '/products/', auth);
  const order = orders.results[0]?.order_number;
  const product = products.results[0]?.id;
  if (!order || !product) throw new Error('the shop needs an order and a product to audit');
  return {
    tokens,
    targets: [
      { label: 'Today', path: '/admin/' },
      { label: `order ${order}`, path: `/admin/orders/${order}` },
      { label: 'product editor', path: `/admin/products/${product}` },
    ],
  };
}

/**
 * Audits `targets` `runs` times each in the Chrome on `port`, signed in with `tokens` (see the
 * module comment); answers each target's runs.
 */
export async function auditBackOffice(
  base: string,
  port: number,
  tokens: TokenPair,
  targets: AdminTarget[],
  runs: number,
  progress: (line: string) => void,
): Promise<Map<AdminTarget, AdminAudit[]>> {
  const require = createRequire(fileURLToPath(import.meta.resolve('lighthouse')));
  const puppeteer = require('puppeteer-core') as Puppeteer;
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${port}`,
    defaultViewport: null,
  });
  const results = new Map<AdminTarget, AdminAudit[]>();
  let pair = tokens;
  try {
    for (const target of targets) {
      const audits: AdminAudit[] = [];
      for (let run = 0; run < runs; run += 1) {
        // A tab of its own for each run: the tab a Lighthouse run leaves behind never finished
        // the next navigation (the second of three runs timed out).
        const page = await browser.newPage();
        await page.goto(`${base}/robots.txt`);
        await page.evaluate((held: TokenPair) => {
          sessionStorage.setItem('backOffice.access', held.access);
          sessionStorage.setItem('backOffice.refresh', held.refresh);
        }, pair);
        const result = await lighthouse(
          `${base}${target.path}`,
          {
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['accessibility'],
            disableStorageReset: true,
            formFactor: 'mobile',
            screenEmulation: PHONE,
          },
          undefined,
          page as never,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
        const { categories, audits: found, runtimeError } = result.lhr;
        if (runtimeError) throw new Error(`${target.path}: ${runtimeError.code}`);
        // A tab that was not signed in would have audited the sign-in page instead.
        const shown = new URL(result.lhr.finalDisplayedUrl).pathname;
        if (shown !== target.path) {
          throw new Error(`${target.path} showed ${shown}: the tab was not signed in`);
        }
        pair = await page.evaluate(
          (previous: TokenPair) => ({
            access: sessionStorage.getItem('backOffice.access') ?? previous.access,
            refresh: sessionStorage.getItem('backOffice.refresh') ?? previous.refresh,
          }),
          pair,
        );
        await page.close();
        audits.push({
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          failing: Object.values(found)
            .filter((audit) => audit.score !== null && audit.score < 1)
            .filter((audit) => audit.scoreDisplayMode === 'binary')
            .map((audit) => ({
              id: audit.id,
              title: audit.title,
              items: itemsOf(audit.details).length,
              where: itemsOf(audit.details)[0]?.node?.selector ?? '',
            })),
        });
        progress(`lighthouse: ${target.path} run ${run + 1}/${runs}`);
      }
      results.set(target, audits);
    }
  } finally {
    await browser.disconnect();
  }
  return results;
}
