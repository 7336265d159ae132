/// <reference types="node" />
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { outboxMessagesTo, verificationLinkOf } from '../../server/platform/mail/outbox-reader';
import { checkA11y, expect, shot, test } from './fixtures';
import { PASSWORD, TENANT, uniqueEmail } from './shop-data';

/**
 * The shopper's data rights end to end (UK GDPR / GDPR art. 15, 17, 20; issue 29): a new
 * shopper registers, verifies their e-mail address from the link the shop mails (the token
 * leaves the address bar), downloads their data from /account (the file is read and checked),
 * deletes the account with their password, is logged out and told so, cannot log in any more,
 * and registers again with the same e-mail. At 1280 px (a11y.spec.ts scans /account at 375 px
 * too), with the axe scan of the "Your data" section and of the confirmation dialog;
 * screenshots in tests/e2e/screenshots.
 */

const NEW_PASSWORD = 'a-new-start-2027';

/** The e2e server's outbox (playwright.config.ts OUTBOX_DIR). */
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** Waits for the newest verification e-mail to `email` and returns its link. */
async function verificationLinkFor(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(async () => {
      const messages = await outboxMessagesTo(OUTBOX, email);
      link = messages.length ? verificationLinkOf(messages.at(-1)!) : null;
      return link;
    })
    .not.toBeNull();
  return link!;
}

async function register(page: Page, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful! You can now log in.')).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a shopper downloads their data, deletes the account, cannot log in, and registers again with the same e-mail', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail();
  await register(page, email, PASSWORD);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);

  // Something of theirs to find in the file: a saved address.
  const access = await page.evaluate(() => localStorage.getItem('authToken'));
  const saved = await request.post('/api/accounts/addresses/', {
    headers: { ...TENANT, authorization: `Bearer ${access}` },
    data: {
      fullname: 'Ada Lovelace',
      contact_number: '+44 1904 496 0123',
      street: '7 Wren Close',
      city: 'York',
      postalCode: 'YO1 7HH',
      country: 'GB',
    },
  });
  expect(saved.status()).toBe(201);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('Kept for 6 years');
  await expect(section).toContainText('We answer within one month');
  await section.scrollIntoViewIfNeeded();
  await checkA11y(page);
  await shot(page, 'account-your-data');
  await shot(page, 'account-your-data', { fullPage: true });

  // Nothing is matched to the account by its address until the shopper proves it: the link
  // the shop mails opens a page that verifies it, and takes the token out of the address bar.
  await section.getByRole('button', { name: 'Verify my e-mail address' }).click();
  await expect(section.getByRole('status')).toHaveText(
    `We have sent a link to ${email}. Open it within 24 hours to verify your e-mail address.`,
  );
  const link = new URL(await verificationLinkFor(email));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email$/);
  await checkA11y(page);
  await shot(page, 'verify-email');
  await page.getByRole('link', { name: 'your account' }).click();
  await expect(section).toBeVisible();
  await expect(section.getByRole('button', { name: 'Verify my e-mail address' })).toHaveCount(0);

  // The download: a JSON file named for the day, holding this shopper's data and no secret.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const data = JSON.parse(text) as {
    account: { email: string };
    addresses: { street: string }[];
    orders: unknown[];
    cart: unknown;
  };
  expect(data.account.email).toBe(email);
  expect(data.addresses.map((a) => a.street)).toEqual(['7 Wren Close']);
  expect(data.orders).toEqual([]);
  expect(text).not.toMatch(/scrypt|password|"refresh"|"access"/);

  // A wrong password is refused beside the field, after the confirmation.
  const password = section.getByLabel('Your password');
  await password.fill('not-my-password');
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account for good?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Your password is incorrect.')).toBeVisible();

  // The right one, confirmed: the account is gone and this browser logged out.
  await password.fill(PASSWORD);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await shot(page, 'account-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Account deleted' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  await checkA11y(page);
  await shot(page, 'account-deleted');

  // The old access token is refused, and the old password logs in no more.
  const refused = await request.get('/api/accounts/me/', {
    headers: { ...TENANT, authorization: `Bearer ${access}` },
  });
  expect(refused.status()).toBe(401);
  await logIn(page, email, PASSWORD);
  await expect(page.getByText('No active account found with the given credentials.')).toBeVisible();

  // The e-mail is free: a new account registers with it and logs in, with nothing of the old.
  await register(page, email, NEW_PASSWORD);
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  const fresh = page.getByRole('region', { name: 'Your data' });
  await expect(fresh).toBeVisible();
  await expect(page.getByText(email, { exact: true }).first()).toBeVisible();
  // A new account, so its address is not verified yet.
  await expect(fresh.getByRole('button', { name: 'Verify my e-mail address' })).toBeVisible();
});
