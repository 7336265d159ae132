import type { Page } from '@playwright/test';
import { PAYMENT_RETURN } from './error-catalog-pages';
import { checkOut, placeOrder } from './shopper-steps';
import { expect, expectSoon, logIn, shot, test } from './mock-shop';

/**
 * The cart and the checkout against the mock (spec sections 2, 4 and 8): the cart of the
 * contract's example (nothing is stored, so every answer is that cart), then an order by each
 * payment method the example payment options offer: the card through the mock's card page,
 * whose four buttons decide what /payment/return shows, a bank transfer and the shop's own
 * method.
 */

/** The id the mock's card payment carries (the contract's example). */
const PAYMENT_ID = new URL(PAYMENT_RETURN, 'http://mock.invalid').searchParams.get('paymentId')!;

const cartRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Items in your cart' })
    .getByRole('row')
    .filter({
      has: page.getByRole('link', { name, exact: true }),
    });

test('the cart asks a visitor to log in, and shows a customer the lines, prices and total', async ({
  page,
}) => {
  await page.goto('/cart');
  await expect(page.getByText('Log in to see your cart', { exact: true })).toBeVisible();

  await logIn(page.context());
  await page.reload();
  const gyuto = cartRow(page, 'Damascus Gyuto 210mm');
  await expect(gyuto).toContainText('Handle wood: Walnut');
  await expect(gyuto.getByRole('cell')).toHaveText([
    /Damascus Gyuto 210mm/,
    '$385.00',
    /./,
    '$385.00',
    '',
  ]);
  const mug = cartRow(page, 'Tenmoku Tea Mug');
  await expect(mug.getByRole('textbox', { name: 'Quantity of Tenmoku Tea Mug' })).toHaveValue('2');
  await expect(mug.getByRole('cell').nth(3)).toHaveText('$90.00');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Subtotal (3 items)$475.00');
  await expect(summary).toContainText('ShippingCalculated at checkout');
  await expect(summary).toContainText('Total$475.00');
  await expect(page.getByRole('link', { name: 'Cart' })).toContainText('3');
  await shot(page, 'cart');

  // Each change is sent as the spec says; the mock answers its example cart again.
  const patch = page.waitForRequest(
    (r) => r.method() === 'PATCH' && r.url().endsWith('/api/orders/cart/items/10/'),
  );
  await page.getByRole('button', { name: 'Increase quantity of Tenmoku Tea Mug' }).click();
  expect((await patch).postDataJSON()).toEqual({ quantity: 3 });
  const removal = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith('/api/orders/cart/items/9/'),
  );
  await page.getByRole('button', { name: 'Remove Damascus Gyuto 210mm from cart' }).click();
  expect((await removal).status()).toBe(200);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a product page adds a piece to the cart', async ({ page }) => {
  await logIn(page.context());
  await page.goto('/products/tenmoku-tea-mug');
  const added = page.waitForRequest((r) => r.url().endsWith('/api/orders/cart/add-item/'));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  expect((await added).postDataJSON()).toMatchObject({ product_id: 29, quantity: 1 });
  await expect(page.getByText(/^Added \d+ × Tenmoku Tea Mug to your cart\.$/)).toBeVisible();
});

test('card: the checkout goes to the mock card page, whose Pay ends on Payment Successful', async ({
  page,
}) => {
  await logIn(page.context());
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // The saved default address is filled in and quoted: the knife by age-verified courier.
  await expect(page.getByRole('button', { name: 'Place order and pay · $484.50' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Credit or debit card/ })).toBeChecked();
  await shot(page, 'checkout', { fullPage: true });

  await checkOut(page);
  await expect(page).toHaveURL(new RegExp(`/api/payments/sandbox/checkout/${PAYMENT_ID}/$`));
  await expect(page.getByRole('heading', { name: 'Mock card gateway' })).toBeVisible();
  await shot(page, 'mock-card-page');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/return\\?paymentId=${PAYMENT_ID}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(
    page.getByText('Thank you! We received $475.00 for order ORD-C8RD-4PAY.', { exact: true }),
  ).toBeVisible();
  await shot(page, 'payment-successful');
});

test("card: the mock card page's Decline, Cancel and Leave it processing each show their outcome", async ({
  page,
}) => {
  // The return page checks the payment 1.5 s after it opens: here the clock skips that wait.
  await page.clock.install();
  await logIn(page.context());
  await page.goto('/cart');
  await placeOrder(page);
  await expect(page.getByRole('heading', { name: 'Mock card gateway' })).toBeVisible();
  const cardPage = page.url();

  const outcomes = [
    { button: 'Decline', heading: 'Payment Failed', text: 'The card was declined.' },
    { button: 'Cancel', heading: 'Payment Canceled', text: 'The payment was canceled.' },
    {
      button: 'Leave it processing',
      heading: 'Payment Processing',
      text: 'Your payment for order ORD-C8RD-4PAY is being processed. This page updates by itself.',
    },
  ];
  for (const outcome of outcomes) {
    await test.step(outcome.button, async () => {
      if (page.url() !== cardPage) {
        // The card page is the mock gateway's, not the storefront's: it never hydrates.
        await page.evaluate((url) => window.location.assign(url), cardPage);
        await expect(page.getByRole('heading', { name: 'Mock card gateway' })).toBeVisible();
      }
      await page.getByRole('button', { name: outcome.button, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/payment/return\\?paymentId=${PAYMENT_ID}$`));
      await expectSoon(
        page,
        page.getByRole('heading', { level: 1, name: outcome.heading }),
        page.getByText(outcome.text, { exact: true }),
      );
    });
  }
  await shot(page, 'payment-processing');
});

test('bank transfer: the confirmation gives the bank details and the order number as reference', async ({
  page,
}) => {
  await logIn(page.context());
  await page.goto('/cart');
  await placeOrder(page, /^Bank transfer/);
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Order Placed Successfully!' }),
  ).toBeVisible();
  await expect(page.getByText('Thank you. Your order number is ORD-7K3F-9QXD.')).toBeVisible();
  await expect(page.getByText('IBAN: GB33 BUKB 2020 1555 5555 55')).toBeVisible();
  await expect(
    page.getByText('Please use your Order Number ORD-7K3F-9QXD as the payment reference.'),
  ).toBeVisible();
  await shot(page, 'confirmation-bank-transfer', { fullPage: true });
});

test("the shop's own method: the confirmation gives the shop's instructions", async ({ page }) => {
  await logIn(page.context());
  await page.goto('/cart');
  await placeOrder(page, /^Pay at the workshop/);
  await expect(page).toHaveURL(/\/order-confirmation$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Order Placed Successfully!' }),
  ).toBeVisible();
  await expect(page.getByText('Thank you. Your order number is ORD-Q2WE-5RTY.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to pay' })).toBeVisible();
  await expect(
    page.getByText(
      'Collect your order at the workshop (12 Forge Lane, Sheffield S1 2AB, Tuesday to Saturday, 10:00-17:00) and pay in person by card or cash. Please quote your order number when you arrive.',
    ),
  ).toBeVisible();
});
