/**
 * What the back office's end-to-end tests share: the demo staff (server/seed/back-office-seed.ts
 * and docs/back-office.md), signing one in through the sign-in page, and the check that a screen
 * does not scroll sideways (at 375 px).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

export const OWNER = {
  email: 'owner@emberandoak.example',
  password: 'demo-owner-2026',
  name: 'Ada Ember',
  tenant: 'demo-handcraft',
};
export const STAFF = {
  email: 'staff@emberandoak.example',
  password: 'demo-staff-2026',
  tenant: 'demo-handcraft',
};

/** A member of the demo staff: how they sign in, and their shop. */
export interface DemoMember {
  email: string;
  password: string;
  tenant: string;
}

/**
 * Signs `who` in through the back office's sign-in page, starting at `path`: for the tests of
 * signing in itself. Every other test uses {@link signedIn}.
 */
export async function signIn(page: Page, who: DemoMember, path = '/admin/') {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens `path` (on the storefront's origin, or a full URL) as `who`, signed in without the
 * sign-in page: the token pair comes from `POST /api/admin/auth/login/` and goes into the tab's
 * sessionStorage, where the back office keeps it (admin/src/api/tokens.ts), from the origin's
 * robots.txt, so the first page the test sees is already the member's.
 */
export async function signedIn(page: Page, who: DemoMember, path = '/admin/') {
  const url = new URL(path, test.info().project.use.baseURL);
  const answer = await page.request.post(`${url.origin}/api/admin/auth/login/`, {
    headers: { 'X-Tenant-Token': who.tenant },
    data: { email: who.email, password: who.password },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { access, refresh } = (await answer.json()) as { access: string; refresh: string };
  await page.goto(`${url.origin}/robots.txt`);
  await page.evaluate(
    ([a, r]) => {
      sessionStorage.setItem('backOffice.access', a!);
      sessionStorage.setItem('backOffice.refresh', r!);
    },
    [access, refresh],
  );
  await page.goto(url.toString());
}

/** Fails when the page is wider than the window (it would scroll sideways). */
export async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

/** demo-pottery's owner: that shop moderates its blog's comments. */
export const POTTERY_OWNER = {
  email: 'owner@riversidepottery.example',
  password: 'demo-pottery-2026',
  tenant: 'demo-pottery',
};
