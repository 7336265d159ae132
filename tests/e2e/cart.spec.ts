import type { Page } from '@playwright/test';
import { expect, shot, test } from './fixtures';
import {
  addToCart,
  allProducts,
  logInBrowser,
  newCustomer,
  PASSWORD,
  serverCart,
  stockedProducts,
} from './shop-data';

/**
 * The cart end to end (spec sections 2, 4, 5 and 8) in real Chromium against the
 * reference API: the logged-out prompt, the empty cart, the table and summary, the header
 * badge, quantities typed and stepped (rapid clicks included), and Clear Cart.
 * Every test registers its own customer, so carts never meet.
 */

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The header's cart badge (the nav's on desktop, the header's on a phone). */
function badge(page: Page) {
  return page.getByTestId('cart-badge').locator('visible=true');
}

test('a logged-out shopper is asked to log in and comes back to the cart', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await shot(page, 'cart-logged-out');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/cart');

  await page.getByLabel('Email or username').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute(
    'href',
    '/products',
  );
  await shot(page, 'cart-empty');
});

test(
  'the cart lists its lines with customizations, prices and totals, and the badge counts them',
  { tag: '@layout' },
  async ({ page, request }) => {
    const customer = await newCustomer(request);
    // A knife that takes an engraving (a surcharge per piece), and a plain piece.
    // Not the gyuto: its sizes need a variant chosen (issue 42, variants.spec.ts).
    const first = (await allProducts(request)).find(
      (p) =>
        p.slug !== 'damascus-gyuto-210mm' && p.options?.some((o) => o.key === 'engraving_text'),
    )!;
    const engraving = first.options!.find((o) => o.key === 'engraving_text')!;
    const handle = first.options!.find((o) => o.key === 'handle')!.values[0]!;
    const [second] = await stockedProducts(request);
    await addToCart(request, customer, first.id, 2, {
      handle: handle.value,
      engraving_text: 'A.L.',
    });
    await addToCart(request, customer, second!.id, 1);

    await logInBrowser(page, customer, '/cart');
    const table = page.getByRole('table', { name: 'Items in your cart' });
    await expect(table).toBeVisible();
    const firstRow = table.getByRole('row').filter({ hasText: first.name });
    await expect(firstRow).toContainText(`${engraving.label}: A.L.`);
    await expect(firstRow).toContainText(handle.label);
    await expect(firstRow.getByLabel(`Quantity of ${first.name}`, { exact: true })).toHaveValue(
      '2',
    );
    const unit = cents(first.price) + cents(handle.price_delta) + cents(engraving.price_delta);
    await expect(firstRow).toContainText(money(unit * 2));

    const total = unit * 2 + cents(second!.price);
    await expect(page.getByTestId('cart-total')).toHaveText(money(total));
    await expect(page.getByText('Subtotal (3 items)')).toBeVisible();
    await expect(page.getByText('Calculated at checkout')).toBeVisible();
    await expect(page.getByText('Shipping is not included in the total.')).toBeVisible();
    await expect(badge(page)).toHaveText('3');
    await shot(page, 'cart', { fullPage: true });
  },
);

test('rapid + clicks are never lost: the server ends with every one of them', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const product = (await stockedProducts(request, 10))[1]!;
  await addToCart(request, customer, product.id, 1);
  await logInBrowser(page, customer, '/cart');

  const plus = page.getByRole('button', { name: `Increase quantity of ${product.name}` });
  await expect(plus).toBeVisible();
  for (let n = 0; n < 5; n++) await plus.click({ delay: 0 });
  // Shown at once, before the server has answered them all.
  await expect(page.getByLabel(`Quantity of ${product.name}`, { exact: true })).toHaveValue('6');
  await expect(page.getByTestId('cart-total')).toHaveText(money(cents(product.price) * 6));

  await expect.poll(async () => (await serverCart(request, customer)).total_items).toBe(6);
  await page.reload();
  await expect(page.getByLabel(`Quantity of ${product.name}`, { exact: true })).toHaveValue('6');
  await expect(badge(page)).toHaveText('6');
});

test(
  'a typed quantity is sent when the field is left, and 0 removes the line',
  { tag: '@layout' },
  async ({ page, request }) => {
    const customer = await newCustomer(request);
    const [first, second] = await stockedProducts(request);
    await addToCart(request, customer, first!.id, 1);
    await addToCart(request, customer, second!.id, 1);
    await logInBrowser(page, customer, '/cart');

    const input = page.getByLabel(`Quantity of ${first!.name}`, { exact: true });
    await input.fill('3');
    await input.press('Enter');
    await expect
      .poll(async () => (await serverCart(request, customer)).items.map((i) => i.quantity))
      .toEqual([3, 1]);

    await input.fill('0');
    await input.blur();
    await expect(page.getByRole('link', { name: first!.name })).toHaveCount(0);
    await expect
      .poll(async () => (await serverCart(request, customer)).items.map((i) => i.product.id))
      .toEqual([second!.id]);
  },
);

test('Clear Cart asks first, and empties the cart only when confirmed', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const [product] = await stockedProducts(request);
  await addToCart(request, customer, product!.id, 2);
  await logInBrowser(page, customer, '/cart');

  await page.getByRole('button', { name: 'Clear Cart' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to remove all items from your cart?');
  await shot(page, 'cart-clear-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await serverCart(request, customer)).total_items).toBe(2);

  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  // The screen shows the emptied cart while the call is under way: wait for the server.
  await expect.poll(async () => (await serverCart(request, customer)).items).toEqual([]);
});
