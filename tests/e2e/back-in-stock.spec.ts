/**
 * "E-mail me when it is back" (issue 42, decision 092), in Chromium against the real API at
 * 1280 and 375 px with the axe scan: a signed-in shopper on a sold-out piece finds the form with
 * their address filled in and asks; the confirmation e-mail in the server's outbox carries the
 * link, which the shopper follows (/back-in-stock/confirm says it is confirmed); the owner
 * restocks the piece in the back office's products list; the outbox then holds exactly one
 * "Back in stock" e-mail to that address, with the piece's link.
 * Screenshots: back-in-stock-form, back-in-stock-confirmed
 * (tests/e2e/screenshots/<project>-<name>.png).
 */
import path from 'node:path';
import { outboxMessagesTo, partOf } from '../../server/platform/mail/outbox-reader';
import { checkA11y, expect, shot, test } from './fixtures';
import { noSidewaysScroll, OWNER, signedIn } from './back-office-utils';
import { categories, logInBrowser, newCustomer } from './shop-data';

/** The e2e server's outbox (playwright.config.ts OUTBOX_DIR). */
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

test('a shopper asks to hear when a sold-out piece is back, confirms by e-mail and hears once @layout', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  // The owner, through the back office's API: a new piece with no stock, on sale.
  const login = await request.post('/api/admin/auth/login/', {
    headers: { 'X-Tenant-Token': OWNER.tenant },
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const owner = {
    'X-Tenant-Token': OWNER.tenant,
    Authorization: `Bearer ${((await login.json()) as { access: string }).access}`,
  };
  const name = `Ash bowl ${testInfo.project.name} ${Date.now()}`;
  const created = await request.post('/api/admin/products/', {
    headers: owner,
    data: {
      name,
      category_id: (await categories(request))[0]!.id,
      price: '48.00',
      stock: 0,
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const piece = (await created.json()) as { id: number; slug: string };

  // The shopper, signed in, on the piece's page: the form has their address.
  const customer = await newCustomer(request);
  await logInBrowser(page, customer, `/products/${piece.slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Out of stock')).toBeVisible();
  const form = page.getByRole('region', { name: 'E-mail me when it is back' });
  await expect(
    form.getByText(
      'We will e-mail you once when this piece is back in stock, then forget your address.',
    ),
  ).toBeVisible();
  const field = form.getByRole('textbox', { name: 'E-mail' });
  await expect(field).toHaveValue(customer.email);
  await noSidewaysScroll(page);
  await form.scrollIntoViewIfNeeded();
  await shot(page, 'back-in-stock-form');

  // A malformed address is refused next to the field.
  await field.fill('not-an-address');
  await form.getByRole('button', { name: 'E-mail me when it is back' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter a valid email address.');
  await field.fill(customer.email);
  await form.getByRole('button', { name: 'E-mail me when it is back' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Check your inbox: we have sent a link to ${customer.email}. Follow it within 7 days and we will e-mail you once when this piece is back.`,
  );
  await checkA11y(page);

  // The double opt-in e-mail, and its link.
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outboxMessagesTo(OUTBOX, customer.email)).find((m) =>
          m.includes(`Confirm: e-mail me when ${name} is back`),
        );
        link = mail
          ? /\/back-in-stock\/confirm\?token=[A-Za-z0-9_-]+/.exec(partOf(mail, 'text/plain')!)?.[0]
          : undefined;
        return link !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.goto(link!);
  const card = page.getByRole('region', { name: 'E\u2011mail me when it is back' });
  await expect(card.getByRole('status')).toHaveText(
    `Confirmed: we will e-mail you once when ${name} is back in stock, then forget your address.`,
  );
  // The token left the address bar.
  await expect(page).toHaveURL(/\/back-in-stock\/confirm$/);
  await expect(page.getByRole('link', { name: `See ${name}` })).toBeVisible();
  await noSidewaysScroll(page);
  await checkA11y(page);
  await shot(page, 'back-in-stock-confirmed');

  // The owner restocks in the back office's products list: one "Back in stock" e-mail.
  await signedIn(page, OWNER, `/admin/products?search=${encodeURIComponent(name)}`);
  const stock = page.getByLabel(`Stock of ${name}`, { exact: true });
  await expect(stock).toHaveValue('0');
  await stock.fill('5');
  await stock.press('Enter');
  await expect(page.getByText('Saved: 5 in stock.')).toBeVisible();
  const backInStock = async () =>
    (await outboxMessagesTo(OUTBOX, customer.email)).filter((m) =>
      m.includes(`Back in stock: ${name}`),
    );
  await expect.poll(async () => (await backInStock()).length, { timeout: 15_000 }).toBe(1);
  const text = partOf((await backInStock())[0]!, 'text/plain')!;
  expect(text).toContain(`/products/${piece.slug}`);
  // The shop keeps no piece of this run on sale.
  const archived = await request.post('/api/admin/products/bulk/', {
    headers: owner,
    data: { action: 'archive', product_ids: [piece.id] },
  });
  expect(archived.status(), await archived.text()).toBe(200);
});
