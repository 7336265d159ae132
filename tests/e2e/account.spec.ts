/// <reference types="node" />
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { outboxMessagesTo, resetLinkOf } from '../../server/platform/mail/outbox-reader';
import { expect, shot, test } from './fixtures';
import {
  ADDRESS_LABELS,
  addToCart,
  asCustomer,
  type Customer,
  fillAddressFields,
  fillCheckoutAddress,
  logInBrowser,
  newCustomer,
  PASSWORD,
  stockedProducts,
  TENANT,
  UK_ADDRESS,
} from './shop-data';

/**
 * The shopper's account end to end, in real Chromium against the reference API:
 * a password reset from the e-mail in the server's outbox to a login with the new password;
 * a password change that logs another browser out; an address saved at checkout and pre-filled
 * at the next one; and the account pages themselves. Screenshots go to tests/e2e/screenshots
 * (git-ignored); every page visited gets the axe scan (fixtures.ts).
 */

const NEW_PASSWORD = 'tempered-steel-2027';

/** The e2e server's outbox (playwright.config.ts OUTBOX_DIR). */
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** Waits for the newest reset e-mail to `email` and returns its link. */
async function resetLinkFor(email: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const messages = await outboxMessagesTo(OUTBOX, email);
        link = messages.length ? resetLinkOf(messages.at(-1)!) : null;
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return link!;
}

async function logInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function accountStatus(request: APIRequestContext, customer: Customer) {
  const response = await request.get('/api/accounts/me/', { headers: asCustomer(customer) });
  return response.status();
}

test('a forgotten password is reset from the e-mailed link, then the new one logs in and the old one does not', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Forgot your password?' }),
  ).toBeVisible();
  await shot(page, 'forgot-password');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account exists for this e-mail, we have sent a link to reset its password.',
  );
  await shot(page, 'forgot-password-sent');

  const link = await resetLinkFor(customer.email);
  const baseURL = test.info().project.use.baseURL!;
  expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
  ).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // The token leaves the address bar at once (no analytics or screen sees it), and a reload of
  // the page still has it.
  await expect(page).toHaveURL(`${baseURL}/reset-password`);
  await page.reload();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await shot(page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been reset. You can now log in.',
  );
  await shot(page, 'reset-password-done');

  // The old session ended with the reset.
  expect(await accountStatus(request, customer)).toBe(401);
  // The link works once.
  const again = await request.post('/api/accounts/password/reset/confirm/', {
    headers: TENANT,
    data: {
      token: new URL(link).searchParams.get('token'),
      new_password: 'yet-another-one-1',
      new_password_confirm: 'yet-another-one-1',
    },
  });
  expect(again.status()).toBe(400);

  await page.getByRole('link', { name: 'Go to login' }).click();
  await logInWithForm(page, customer.email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    'No active account found with the given credentials.',
  );
  await logInWithForm(page, customer.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).not.toBeNull();
});

test('changing the password keeps this browser logged in and logs another browser out', async ({
  page,
  browser,
  request,
}) => {
  const customer = await newCustomer(request);
  const other = await newCustomer(request);
  // The same shopper in a second browser (its own storage): log in there too.
  const elsewhere = { ...customer, ...(await loginTokens(request, customer.email)) };
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  try {
    await logInBrowser(otherPage, elsewhere, '/account');
    await expect(otherPage.getByText(customer.email).first()).toBeVisible();

    await logInBrowser(page, customer, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByText(customer.email).first()).toBeVisible();
    await shot(page, 'account');
    await page.getByRole('link', { name: /Change password/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await shot(page, 'change-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Your password has been changed. Every other device has been logged out.',
    );
    await shot(page, 'change-password-done');

    // This browser is still logged in after a reload.
    await page.goto('/account');
    await expect(page.getByText(customer.email).first()).toBeVisible();
    // The other browser is logged out at its next request.
    await otherPage.reload();
    await expect(otherPage.getByText('Log in to see your account.')).toBeVisible();
    expect(await otherPage.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // Another shopper was not touched.
    expect(await accountStatus(request, other)).toBe(200);
  } finally {
    await otherContext.close();
  }
});

async function loginTokens(request: APIRequestContext, email: string) {
  const response = await request.post('/api/accounts/login/', {
    headers: TENANT,
    data: { login_id: email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access: string; refresh: string };
}

const ADDRESS = UK_ADDRESS;

async function toCheckout(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function placeBankTransferOrder(page: Page) {
  await page.getByRole('radio', { name: /Bank transfer/ }).check();
  await page.getByRole('button', { name: /Place order and pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
}

test('an address typed at checkout is saved and pre-filled at the next checkout', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const [first, second] = await stockedProducts(request, 2);
  await addToCart(request, customer, first!.id);
  await logInBrowser(page, customer, '/cart');
  await toCheckout(page);
  await fillCheckoutAddress(page);
  await page.getByRole('checkbox', { name: 'Save this address to my account' }).check();
  await placeBankTransferOrder(page);

  const saved = await request.get('/api/accounts/addresses/', { headers: asCustomer(customer) });
  expect(await saved.json()).toEqual([{ id: expect.any(Number), ...ADDRESS, is_default: true }]);

  await addToCart(request, customer, second!.id);
  await toCheckout(page);
  for (const [field, value] of Object.entries(ADDRESS)) {
    await expect(
      page.getByLabel(ADDRESS_LABELS[field as keyof typeof ADDRESS], { exact: true }),
    ).toHaveValue(value);
  }
  await expect(page.getByRole('radio', { name: /Ada Lovelace · Default/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Save this address to my account' })).toHaveCount(
    0,
  );
  await shot(page, 'checkout-saved-address', { fullPage: true });
  // "A new address" empties the fields for another one.
  await page.getByRole('radio', { name: 'A new address' }).check();
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('');
  await page.getByRole('radio', { name: /Ada Lovelace · Default/ }).check();
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Sheffield');
  await placeBankTransferOrder(page);
});

/** The card of the default address (the one with the 'Default' badge). */
function defaultCard(page: Page) {
  return page.getByRole('listitem').filter({ has: page.getByText('Default', { exact: true }) });
}

test(
  'saved addresses: add, make default, edit and delete',
  { tag: '@layout' },
  async ({ page, request }) => {
    const customer = await newCustomer(request);
    await logInBrowser(page, customer, '/account');
    await page.getByRole('link', { name: /Saved addresses/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved addresses' })).toBeVisible();
    await expect(
      page.getByText('You have no saved addresses yet.', { exact: false }),
    ).toBeVisible();

    const add = page.getByRole('region', { name: 'Add an address' });
    const fill = (values: typeof ADDRESS) => fillAddressFields(add, values);
    await add.getByRole('button', { name: 'Save address' }).click();
    await expect(add.getByText('Full name is required.')).toBeVisible();
    await fill(ADDRESS);
    await add.getByRole('button', { name: 'Save address' }).click();
    await expect(defaultCard(page)).toContainText('12 Forge Lane');
    await fill({ ...ADDRESS, street: '7 Wren Close', city: 'York', postalCode: 'YO1 7HH' });
    await add.getByRole('button', { name: 'Save address' }).click();
    const york = page.getByRole('listitem').filter({ hasText: '7 Wren Close' });
    await expect(york).toBeVisible();
    await shot(page, 'addresses', { fullPage: true });

    await york.getByRole('button', { name: /Make default/ }).click();
    await expect(defaultCard(page)).toContainText('7 Wren Close');
    await york.getByRole('button', { name: /^Edit/ }).click();
    await page.getByLabel('City', { exact: true }).first().fill('Whitby');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(defaultCard(page)).toContainText('Whitby');

    const forge = page.getByRole('listitem').filter({ hasText: '12 Forge Lane' });
    await forge.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: '12 Forge Lane' })).toHaveCount(0);
    await expect(page.getByRole('listitem').filter({ hasText: 'Whitby' })).toContainText('Default');
  },
);

test('the account pages ask a logged-out visitor to log in, and are noindex', async ({ page }) => {
  for (const [path, title] of [
    ['/account', 'Your account'],
    ['/account/addresses', 'Saved addresses'],
    ['/account/password', 'Change password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Log in to see your account.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  }
});
