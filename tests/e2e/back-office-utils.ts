/**
 * What the back office's end-to-end tests share: the demo staff (server/seed/desk-seed.ts, the
 * README's "Running the shop"), signing one in through the sign-in page, and the check that a
 * screen does not scroll sideways (at 375 px).
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const OWNER = {
  email: 'owner@emberandoak.example',
  password: 'demo-owner-2026',
  name: 'Ada Ember',
};
export const STAFF = { email: 'staff@emberandoak.example', password: 'demo-staff-2026' };

/** Signs `who` in through the back office's sign-in page, starting at `path`. */
export async function signIn(
  page: Page,
  who: { email: string; password: string },
  path = '/admin/',
) {
  await page.goto(path);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
};
