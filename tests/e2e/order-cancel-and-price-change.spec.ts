/// <reference types="node" />
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, shot, test } from './fixtures';
import {
  addToCart,
  allProducts,
  fillCheckoutAddress,
  isPlainPiece,
  logInBrowser,
  newCustomer,
  placeOrder,
  shippingPrice,
  stockedProducts,
} from './shop-data';

/**
 * The order lifecycle in the storefront (decisions 038 and 039), in real Chromium against the
 * reference API: a shopper cancels an unpaid bank-transfer order from the order history and the
 * piece is back on sale; the checkout shows the new total when a price changed since the shopper
 * saw it.
 */

/**
 * The shop's own database, where the owner changes prices (there is no admin API); the e2e
 * server keeps it in E2E_DATA_DIR (playwright.config.ts).
 */
function shopDatabase() {
  return new Database(path.join(process.env.E2E_DATA_DIR!, 'shop.sqlite'));
}

test('a shopper cancels an unpaid bank-transfer order from the order history, and the piece is back on sale', async ({
  page,
  request,
}) => {
  // A one-of-a-kind piece no other spec buys: the last of the shop's pieces with one in stock.
  const pieces = (await allProducts(request)).filter((p) => p.stock === 1 && isPlainPiece(p));
  const piece = pieces.at(-1)!;
  expect(piece, 'the demo shop sells one-of-a-kind pieces').toBeTruthy();
  const customer = await newCustomer(request);
  await addToCart(request, customer, piece.id, 1);
  const order = await placeOrder(request, customer, 'bank_transfer');

  await logInBrowser(page, customer, `/products/${piece.slug}`);
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();

  await page.goto('/account/orders');
  await page.getByRole('link', { name: `Order ${order.order_number}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${order.order_number}` }),
  ).toBeVisible();
  await expect(page.getByText(/Please pay by/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order ${order.order_number}?` });
  await expect(dialog).toBeVisible();
  await shot(page, 'order-cancel-confirm');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(
    page.getByText('This order was canceled and its items went back on sale.'),
  ).toBeVisible();
  await expect(page.locator('.order-detail__status').getByText('Canceled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await shot(page, 'order-canceled');

  await page.goto(`/products/${piece.slug}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
});

test('the checkout shows the new total when a price changed since the shopper saw it, and places the order at it', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const product = (await stockedProducts(request))[9]!;
  await addToCart(request, customer, product.id, 1);
  await logInBrowser(page, customer, '/cart?step=checkout');
  await fillCheckoutAddress(page);
  // The price with the quoted delivery to the United Kingdom.
  const shipping = await shippingPrice(page);
  await expect(page.getByRole('button', { name: /Place order and pay/ })).toContainText(
    `$${(Number(product.price) + shipping).toFixed(2)}`,
  );
  await page.getByRole('radio', { name: /Bank transfer/ }).check();

  // The shop raises the price while the shopper is on the checkout.
  const db = shopDatabase();
  const row = db.prepare('SELECT price_cents FROM products WHERE id = ?').get(product.id) as {
    price_cents: number;
  };
  const raised = row.price_cents + 1500;
  const total = `$${(raised / 100 + shipping).toFixed(2)}`;
  try {
    db.prepare('UPDATE products SET price_cents = ? WHERE id = ?').run(raised, product.id);
    await page.getByRole('button', { name: /Place order and pay/ }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `The total of your order has changed to ${total} since you saw it. Please check it and place your order again.`,
    );
    await expect(page.getByRole('button', { name: /Place order and pay/ })).toContainText(total);
    await shot(page, 'checkout-price-changed');
    await page.getByRole('button', { name: /Place order and pay/ }).click();
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  } finally {
    db.prepare('UPDATE products SET price_cents = ? WHERE id = ?').run(row.price_cents, product.id);
    db.close();
  }
});
