/**
 * Finding one's way in the back office, on a phone and at a desk, in Chromium against the real
 * API, with the axe scan of every page visited (the fixtures scan each one; the More sheet is
 * scanned open):
 * - at 375 px (@mobile): the sign-in card names the shop and offers "Forgot your password?";
 *   a bar at the bottom keeps Today, Orders, Products and Inbox one tap away, More lists the
 *   rest; Orders shows its first order on its first screen with the filters folded, and its
 *   search runs as the maker types; the last line of a page stays clear of the bar; two-step
 *   set-up shows a QR code, an otpauth link and a number keyboard; the activity log names a
 *   product and opens it;
 * - at 1280 px: the full menu and no bottom bar, and the same named, linked activity entry.
 * Each width duplicates a piece of its own (a draft, never on the storefront), so the log has a
 * product entry to name.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { checkA11y, expect, shot, test } from './fixtures';
import { noSidewaysScroll, OWNER, signIn, signedIn } from './back-office-utils';

const ADMIN_API = '/api/admin';
const TENANT_HEADER = { 'X-Tenant-Token': OWNER.tenant };

/** The demo shop's name, as its public settings give it. */
async function shopName(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/api/pages/settings/public/', { headers: TENANT_HEADER });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { site_title: string }).site_title;
}

/**
 * A draft copy of one of the demo shop's pieces, made through the back office API as the owner:
 * the log then has a product entry (`product.duplicate`) naming the copy.
 */
async function duplicatedPiece(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const login = await request.post(`${ADMIN_API}/auth/login/`, {
    headers: TENANT_HEADER,
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(login.status()).toBe(200);
  const headers = {
    ...TENANT_HEADER,
    Authorization: `Bearer ${((await login.json()) as { access: string }).access}`,
  };
  const list = await request.get(`${ADMIN_API}/products/?status=active`, { headers });
  const first = ((await list.json()) as { results: { id: number }[] }).results[0];
  expect(first, 'the demo shop has an active piece').toBeTruthy();
  const copy = await request.post(`${ADMIN_API}/products/${first!.id}/duplicate/`, { headers });
  expect(copy.status()).toBe(201);
  return (await copy.json()) as { id: number; name: string };
}

/** Opens Activity and follows the entry naming `piece` to the piece's own page. */
async function openFromActivity(page: Page, piece: { id: number; name: string }) {
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  // Named as the maker knows it, not "Product 46", and linked to its editor (the other width's
  // copy bears the same name: this width's is told by its address).
  const entry = page.locator(`main a[href="/admin/products/${piece.id}"]`).first();
  await expect(entry).toHaveText(piece.name);
  await expect(page.getByText(`Product ${piece.id}`, { exact: true })).toHaveCount(0);
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${piece.id}$`));
}

test.describe('finding one’s way in the back office', () => {
  test('on a phone: the bottom bar, the folded filters, the QR code and the named activity @mobile', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const name = await shopName(request);

    // Signing in: the card says which shop, and how to recover a password.
    await page.goto('/admin/login');
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/admin/forgot-password',
    );
    await shot(page, 'phone-sign-in');
    await signIn(page, OWNER, '/admin/login');
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();

    // The four daily places in a bar fixed at the bottom, and More.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const bar = nav.locator('.bottom-bar-places');
    await expect(bar.getByRole('link')).toHaveText(['Today', 'Orders', 'Products', /^Inbox/]);
    const more = nav.getByRole('button', { name: /^More/ });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(812, 0);

    // Orders, one tap away: the first order on the first screen, the filters folded.
    await bar.getByRole('link', { name: 'Orders' }).click();
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    const firstOrder = page.locator('.orders-list tbody tr').first();
    await expect(firstOrder).toBeVisible();
    const orderBox = (await firstOrder.boundingBox())!;
    expect(orderBox.y + orderBox.height, 'the first order ends above the bar').toBeLessThan(
      barBox.y,
    );
    expect(orderBox.height, 'an order card is compact').toBeLessThan(160);
    const filters = page.getByRole('search', { name: 'Filter orders' });
    await expect(filters.getByRole('button', { name: 'Filters' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(filters.getByLabel('Payment method')).toBeHidden();
    await noSidewaysScroll(page);
    await shot(page, 'phone-orders');

    // The last line of the list (its pager) scrolls clear of the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastBottom = await page.evaluate(() => {
      const main = document.getElementById('main')!;
      const last = main.lastElementChild!.getBoundingClientRect();
      return last.bottom;
    });
    expect(lastBottom).toBeLessThanOrEqual(barBox.y);

    // The search runs as the maker types, and the address keeps it.
    const number = (await firstOrder.getByRole('link').first().textContent())!.trim();
    await filters.getByRole('searchbox', { name: 'Search' }).fill(number);
    await expect(page).toHaveURL(new RegExp(`search=${number}`));
    await expect(page.locator('.orders-list tbody tr')).toHaveCount(1);

    // More lists the other places; Account's two-step set-up on a phone.
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    const sheet = nav.locator('.more-sheet');
    await expect(sheet.getByRole('link')).toHaveText([
      'Categories',
      /^Moderation/,
      'Content',
      'Customers',
      'Sales',
      'Promotions',
      'Discounts',
      'Gift cards',
      'Settings',
      'Activity',
      'Staff',
      'Account',
    ]);
    await checkA11y(page);
    await shot(page, 'phone-more');
    await sheet.getByRole('link', { name: 'Account' }).click();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Set up two-step verification' }).click();
    const qr = page.getByRole('img', {
      name: 'QR code to add this back office to your authenticator app',
    });
    await expect(qr).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Open in your authenticator app' }),
    ).toHaveAttribute('href', /^otpauth:\/\/totp\//);
    await expect(page.getByLabel('Key to type by hand')).toHaveText(
      /^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/,
    );
    const code = page.getByLabel('Code from the app');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await noSidewaysScroll(page);
    await shot(page, 'phone-two-step');

    // The activity log names the copied piece and opens it. The copy is made just before Activity
    // opens, so its entry is on the first page although the other worker writes to the log too.
    const piece = await duplicatedPiece(request);
    await more.click();
    await sheet.getByRole('link', { name: 'Activity' }).click();
    await openFromActivity(page, piece);
  });

  test('at a desk: the full menu, and the named activity entry', async ({ page, request }) => {
    await signedIn(page, OWNER, '/admin/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Today',
      'Orders',
      'Products',
      'Categories',
      /^Moderation/,
      /^Inbox/,
      'Content',
      'Customers',
      'Sales',
      'Promotions',
      'Discounts',
      'Gift cards',
      'Settings',
      'Activity',
      'Staff',
      'Account',
    ]);
    await expect(nav.getByRole('button', { name: /^More/ })).toHaveCount(0);
    // The copy is made just before Activity opens (see the phone's test).
    const piece = await duplicatedPiece(request);
    await nav.getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    await shot(page, 'desk-activity');
    await openFromActivity(page, piece);
  });
});
