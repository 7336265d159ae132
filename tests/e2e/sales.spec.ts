import type { APIRequestContext } from '@playwright/test';
import { OWNER, noSidewaysScroll, signedIn } from './back-office-utils';
import { checkA11y, expect, shot, test } from './fixtures';

/**
 * Sales (issue 42, decision 089): an owner runs a weekend sale on a category through the back
 * office's Promotions screen, and the storefront's card and product page show the reduced price
 * with the lowest price of the 30 days before the sale as the earlier price (Directive 98/6/EC
 * art. 6a). The piece's history is made through the API: it cost $300.00, then $340.00, so the
 * 30 days' lowest ($300.00) differs from the price the sale reduces ($340.00 less 20%: $272.00).
 * At 1280 and 375 px (@layout), with axe. Screenshots: sales-form, sales-back-office,
 * sales-card, sales-product.
 */

/** The owner's headers for the back office's API. */
async function ownerHeaders(request: APIRequestContext) {
  const login = await request.post('/api/admin/auth/login/', {
    headers: { 'X-Tenant-Token': OWNER.tenant },
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return {
    'X-Tenant-Token': OWNER.tenant,
    Authorization: `Bearer ${((await login.json()) as { access: string }).access}`,
  };
}

/** A `datetime-local` value of `at` in the browser's (and the runner's) time zone. */
function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

test('an owner runs a weekend sale on a category; the card and page show the 30 days’ lowest as the earlier price @layout', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const owner = await ownerHeaders(request);
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const shelf = await request.post('/api/admin/categories/', {
    headers: owner,
    data: { name: `Weekend shelf ${stamp}` },
  });
  expect(shelf.status(), await shelf.text()).toBe(201);
  const category = (await shelf.json()) as { id: number; slug: string; name: string };
  const made = await request.post('/api/admin/products/', {
    headers: owner,
    data: {
      name: `Weekend jug ${stamp}`,
      category_id: category.id,
      price: '300.00',
      stock: 5,
      status: 'active',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const jug = (await made.json()) as { id: number; slug: string; name: string };
  const raised = await request.patch(`/api/admin/products/${jug.id}/`, {
    headers: owner,
    data: { price: '340.00' },
  });
  expect(raised.status(), await raised.text()).toBe(200);

  const saleName = `Weekend sale ${stamp}`;
  try {
    await signedIn(page, OWNER, '/admin/promotions');
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    await page.getByRole('button', { name: 'Schedule a sale' }).click();
    const form = page.getByRole('form', { name: 'New sale' });
    await form.getByLabel('Name').fill(saleName);
    await form.getByLabel('Percent off').fill('20');
    await form.getByLabel('Category').selectOption({ label: category.name });
    // Starts now (left empty); ends two days on, a weekend.
    await form.getByLabel('Ends').fill(localInput(new Date(Date.now() + 2 * 86_400_000)));
    await shot(page, 'sales-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`The sale “${saleName}” was scheduled.`)).toBeVisible();
    const listed = page.getByRole('listitem').filter({ hasText: saleName });
    await expect(listed).toContainText('20% off');
    await expect(listed).toContainText('Running');
    await expect(listed).toContainText(`All of ${category.name}`);
    await shot(page, 'sales-back-office');
    await noSidewaysScroll(page);
    await checkA11y(page);

    await page.goto(`/products?category=${category.slug}`);
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('heading', { name: jug.name }) });
    await expect(card).toContainText('$272.00');
    await expect(card).toContainText('DISCOUNT OFFER');
    await expect(card.locator('s')).toHaveText(/\$300\.00/);
    await shot(page, 'sales-card');
    await noSidewaysScroll(page);
    await checkA11y(page);

    await page.goto(`/products/${jug.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: jug.name })).toBeVisible();
    const info = page.locator('.catalog-product__info');
    await expect(info.locator('.catalog-product__sale')).toHaveText('SALE 20% off');
    await expect(info).toContainText('$272.00');
    await expect(info.locator('s')).toHaveText(/\$300\.00/);
    await shot(page, 'sales-product');
    await noSidewaysScroll(page);
    await checkA11y(page);
  } finally {
    // The shop's other tests see this shelf's jug at its own price again.
    const sales = await request.get('/api/admin/promotions/sales/', { headers: owner });
    const mine = ((await sales.json()) as { id: number; name: string; status: string }[]).find(
      (s) => s.name === saleName && s.status !== 'ended',
    );
    if (mine) await request.post(`/api/admin/promotions/sales/${mine.id}/end/`, { headers: owner });
  }
});
