import type { APIRequestContext, Page } from '@playwright/test';
import { expect, shot, test } from './fixtures';
import {
  addToCart,
  asCustomer,
  fillCheckoutAddress,
  type Customer,
  logInBrowser,
  newCustomer,
  type Order,
  placeOrder,
  POTTERY,
  serverCart,
  shippingPrice,
  stockedProducts,
} from './shop-data';

/**
 * Checkout and the three ways to pay, end to end (spec sections 2, 4, 5 and 8), in
 * real Chromium against the reference API and its sandbox card gateway: card success, failure,
 * cancel and a delayed result; bank transfer; the custom method with and without a redirect
 * (the second demo shop has the redirect); paying an unpaid order from the order history.
 */

/** A customer with `quantity` of a well-stocked product in the cart, logged in on the checkout step. */
async function readyToCheckOut(
  page: Page,
  request: APIRequestContext,
  {
    pick = 0,
    quantity = 1,
    shop,
  }: { pick?: number; quantity?: number; shop?: typeof POTTERY } = {},
) {
  const customer = await newCustomer(request, shop ?? {});
  // No blade: these flows are not about the age check, and which pieces have the most stock
  // changes as other tests buy.
  const product = (await stockedProducts(request, 4, shop ?? {})).filter(
    (candidate) => !candidate.age_restricted,
  )[pick]!;
  await addToCart(request, customer, product.id, quantity);
  await logInBrowser(page, customer, '/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page).toHaveURL(/\/cart\?step=checkout$/);
  return { customer, product };
}

async function orders(request: APIRequestContext, customer: Customer): Promise<Order[]> {
  const response = await request.get(`${customer.origin}/api/orders/orders/`, {
    headers: asCustomer(customer),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Order[] }).results;
}

/**
 * Places the order with the card (the default method) and lands on the sandbox gateway;
 * answers the quoted shipping in dollars.
 */
async function payByCard(page: Page): Promise<number> {
  await expect(page.getByRole('radio', { name: /Credit or debit card/ })).toBeChecked();
  await fillCheckoutAddress(page);
  const shipping = await shippingPrice(page);
  await page.getByRole('button', { name: /Place order and pay/ }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\/SBX-\d{8}-[0-9A-Z]{6}\/$/);
  await expect(page.getByRole('heading', { name: /^Pay / })).toBeVisible();
  return shipping;
}

test('card: the sandbox gateway takes the payment and the order is paid', async ({
  page,
  request,
}) => {
  const { customer, product } = await readyToCheckOut(page, request, { pick: 0, quantity: 2 });
  await shot(page, 'checkout', { fullPage: true });
  const shipping = await payByCard(page);
  // The storefront keeps the payment's id for the return page; the gateway's page has its own.
  const paymentId = (await page.evaluate(() => sessionStorage.getItem('pendingPaymentId')))!;
  expect(paymentId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(
    page.getByText(`$${(Number(product.price) * 2 + shipping).toFixed(2)}`),
  ).toBeVisible();
  await shot(page, 'sandbox-gateway');

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/return\\?paymentId=${paymentId}$`));
  await expect(page.getByRole('heading', { name: 'Checking your payment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await shot(page, 'payment-success');

  const [order] = await orders(request, customer);
  expect(order).toMatchObject({ status: 'paid', payment_method: 'card_2c2p', total_items: 2 });
  expect((await serverCart(request, customer)).items).toEqual([]);
  await page.getByRole('link', { name: `View order ${order!.order_number}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Order ${order!.order_number}` }),
  ).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await shot(page, 'order-detail-paid', { fullPage: true });
});

test('card: a declined payment says why and can be paid again', async ({ page, request }) => {
  const { customer } = await readyToCheckOut(page, request, { pick: 1 });
  await payByCard(page);
  await page.getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText('The card was declined.')).toBeVisible();
  await shot(page, 'payment-failed');
  expect((await orders(request, customer))[0]).toMatchObject({ status: 'awaiting_payment' });

  await page.getByRole('button', { name: 'Pay again' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  expect((await orders(request, customer))[0]).toMatchObject({ status: 'paid' });
});

test('card: a canceled payment leaves the order waiting in the history', async ({
  page,
  request,
}) => {
  const { customer } = await readyToCheckOut(page, request, { pick: 2 });
  await payByCard(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Canceled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay again' })).toBeVisible();
  await shot(page, 'payment-canceled');

  const [order] = await orders(request, customer);
  expect(order).toMatchObject({
    status: 'awaiting_payment',
    latest_payment: { status: 'canceled' },
  });
  await page.goto('/account/orders');
  const card = page.getByRole('listitem').filter({ hasText: order!.order_number });
  await expect(card).toContainText('Awaiting payment');
  await expect(card.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await shot(page, 'order-history', { fullPage: true });
});

test('card: a result that comes later shows Payment Processing, then success', async ({
  page,
  request,
}) => {
  await readyToCheckOut(page, request, { pick: 3 });
  await payByCard(page);
  await page.getByLabel('Card number').fill('4000 0000 0000 0077');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Processing' })).toBeVisible();
  await shot(page, 'payment-processing');
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible({
    timeout: 15_000,
  });
});

test('an unpaid card order is paid later with Pay now from the order history', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const product = (await stockedProducts(request))[4]!;
  await addToCart(request, customer, product.id, 1);
  const order = await placeOrder(request, customer, 'card_2c2p');

  await logInBrowser(page, customer, '/account/orders');
  const card = page.getByRole('listitem').filter({ hasText: order.order_number });
  await card.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await page.goto('/account/orders');
  await expect(page.getByRole('listitem').filter({ hasText: order.order_number })).toContainText(
    'Paid',
  );
});

test(
  'bank transfer: the missing fields are named, then the bank details and the reference are shown',
  { tag: '@layout' },
  async ({ page, request }) => {
    const { customer, product } = await readyToCheckOut(page, request, { pick: 5 });
    await page.getByRole('radio', { name: /Bank transfer/ }).check();
    // The order button waits for a country (its delivery is quoted first); the rest is checked on
    // it.
    await expect(page.getByRole('button', { name: /Place order and pay/ })).toBeDisabled();
    await page.getByLabel('Country', { exact: true }).selectOption('GB');
    await page.getByRole('button', { name: /Place order and pay/ }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please fill in all required delivery address fields: Full name, Contact number, Street address, City, Postal code.',
    );
    await shot(page, 'checkout-missing-fields', { fullPage: true });

    await fillCheckoutAddress(page);
    // A double click still makes one order (the button locks and the Idempotency-Key is the same).
    await page.getByRole('button', { name: /Place order and pay/ }).dblclick();
    await expect(page).toHaveURL(/\/order-confirmation$/);
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
    const [order, ...others] = await orders(request, customer);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ status: 'awaiting_payment', payment_method: 'bank_transfer' });
    await expect(page.getByText(/awaiting payment confirmation/)).toBeVisible();
    await expect(page.getByText(/IBAN/)).toBeVisible();
    await expect(
      page.getByText(
        `Please use your Order Number ${order!.order_number} as the payment reference.`,
      ),
    ).toBeVisible();
    await expect(page.getByText(product.name)).toBeVisible();
    await expect(page.getByText('12 Forge Lane')).toBeVisible();
    await shot(page, 'order-confirmation-bank', { fullPage: true });

    // The confirmation lives in the history entry: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page).toHaveURL(/\/products$/);
  },
);

test("custom method without a redirect: the shop's instructions on the confirmation", async ({
  page,
  request,
}) => {
  const { customer } = await readyToCheckOut(page, request, { pick: 6 });
  await page.getByRole('radio', { name: /Pay at the workshop/ }).check();
  await fillCheckoutAddress(page);
  await page.getByRole('button', { name: /Place order and pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Order Placed Successfully!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to pay' })).toBeVisible();
  const [order] = await orders(request, customer);
  expect(order!.payment_instructions).toBeTruthy();
  await expect(page.getByText(order!.payment_instructions!)).toBeVisible();
  await shot(page, 'order-confirmation-custom');
});

test("custom method with a redirect (second shop): the shopper is sent to the shop's payment page", async ({
  page,
  request,
}) => {
  // The real page is off this machine: a stand-in answers for it.
  await page.context().route('https://www.paypal.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>PayPal stand-in</title></head><body><main><h1>PayPal stand-in</h1></main></body></html>',
    }),
  );
  const { customer } = await readyToCheckOut(page, request, { shop: POTTERY });
  // This shop takes no cards: bank transfer is the first method, and so the default.
  await expect(page.getByRole('radio', { name: /Bank transfer/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /card/i })).toHaveCount(0);
  // This shop prices in pounds (issue 38): its total says so, never in dollars.
  await expect(page.getByTestId('checkout-total')).toContainText('£');
  await expect(page.getByTestId('checkout-total')).not.toContainText('$');
  await shot(page, 'checkout-second-shop', { fullPage: true });

  await page.getByRole('radio', { name: /PayPal/ }).check();
  await fillCheckoutAddress(page);
  await page.getByRole('button', { name: /Place order and pay/ }).click();
  await expect(page).toHaveURL('https://www.paypal.com/paypalme/riversidepottery');
  await expect(page.getByRole('heading', { name: 'PayPal stand-in' })).toBeVisible();
  expect((await orders(request, customer))[0]).toMatchObject({
    payment_method: 'custom',
    status: 'awaiting_payment',
  });
});

test("/order-confirmation without an order says 'Order Information Unavailable'", async ({
  page,
}) => {
  await page.goto('/order-confirmation');
  await expect(page.getByRole('heading', { name: 'Order Information Unavailable' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
  await shot(page, 'order-confirmation-none');
});
