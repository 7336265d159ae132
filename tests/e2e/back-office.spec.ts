/**
 * The back office, tried as the maker runs the shop from it (decision 020), in Chromium
 * against the real API: sign in, confirm a bank transfer, ship it with a tracking number and
 * see that number on the shopper's own order page, refund part of an order, and read who did
 * it in the activity log. Every page passes axe (the fixtures scan each one), and at 375 px
 * nothing scrolls sideways. The main flow (sign in, confirm, ship) runs at both widths; the
 * others at 375 px alone (@mobile), the width a maker at the bench decides them on. Each test
 * places its own order through the storefront's API, so the two widths never act on the same
 * order; the seeded demo staff sign in (docs/back-office.md): the first test through the
 * sign-in page, the others with a token pair put in the tab (back-office-utils.ts `signedIn`).
 */
import { checkA11y, expect, shot, test } from './fixtures';
import {
  addToCart,
  asCustomer,
  logInBrowser,
  newCustomer,
  placeOrder,
  stockedProducts,
  TENANT,
  type Customer,
  type Order,
} from './shop-data';
import { noSidewaysScroll, OWNER, signIn, signedIn, STAFF } from './back-office-utils';

/** A shopper's bank-transfer order of one plain piece, placed through the storefront's API. */
async function transferOrder(
  request: Parameters<typeof newCustomer>[0],
  pick: number,
): Promise<{ customer: Customer; order: Order }> {
  const customer = await newCustomer(request);
  const products = await stockedProducts(request);
  await addToCart(request, customer, products[pick % products.length]!.id);
  const order = await placeOrder(request, customer, 'bank_transfer');
  return { customer, order };
}

test.describe('the back office', () => {
  test('the owner confirms a transfer, ships it with tracking, and the shopper sees the tracking link @layout', async ({
    page,
    request,
  }) => {
    const { customer, order } = await transferOrder(
      request,
      test.info().project.name === 'mobile' ? 1 : 0,
    );

    await signIn(page, OWNER);
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    const transfers = page.locator('section, article, div').filter({
      has: page.getByRole('heading', { name: 'Transfers to confirm' }),
    });
    await expect(transfers.getByRole('link', { name: order.order_number })).toBeVisible();
    await noSidewaysScroll(page);
    await checkA11y(page);

    await transfers.getByRole('link', { name: order.order_number }).first().click();
    await expect(page.getByRole('heading', { name: order.order_number, level: 1 })).toBeVisible();
    await expect(page.getByLabel('Amount received')).toHaveValue(order.total_price);
    await page.getByLabel("Payer's reference").fill(`${order.order_number} A LOVELACE`);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
    await noSidewaysScroll(page);
    await checkA11y(page);

    const ship = page.getByRole('form', { name: /^Ship / });
    await ship.getByLabel('Carrier').selectOption({ label: 'Royal Mail' });
    await ship.getByLabel('Tracking number').fill('RM123456785GB');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(page.getByText(/shipped with Royal Mail/i).first()).toBeVisible();
    await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
    await noSidewaysScroll(page);

    // The shopper's own order page in the storefront shows the carrier and the tracking link.
    await logInBrowser(page, customer, `/account/orders/${order.id}`);
    const tracking = page.getByRole('link', { name: 'RM123456785GB' });
    await expect(tracking).toBeVisible();
    await expect(tracking).toHaveAttribute('href', /royalmail\.com.*RM123456785GB/);
    await expect(page.getByText(/Shipped with Royal Mail on/)).toBeVisible();

    // And the API answers the same to the shopper.
    const answer = await request.get(`/api/orders/orders/${order.id}/`, {
      headers: asCustomer(customer),
    });
    const shipped = (await answer.json()) as Order;
    expect(shipped.status).toBe('shipped');
  });

  test('the owner refunds part of a paid order, and the activity log names who did what @mobile', async ({
    page,
    request,
  }) => {
    const { order } = await transferOrder(request, 4);
    await signedIn(page, OWNER, `/admin/orders/${order.order_number}`);
    await page.getByLabel("Payer's reference").fill('TRANSFER 1');
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('heading', { name: 'Refund', level: 3 })).toBeVisible();
    // The refund waits closed, with no money in it, until the owner opens it.
    await page.getByRole('button', { name: 'Start a refund' }).click();
    const refund = page.getByRole('form', { name: 'Refund' });
    await refund.getByLabel('Amount').fill('10.00');
    await refund.getByLabel('Reason').fill('A chip on the rim, agreed with the customer.');
    await refund.getByRole('button', { name: 'Refund…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund $10.00?' });
    await expect(dialog).toBeVisible();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(
      page.getByText('Refund of $10.00 recorded. The customer is e-mailed.'),
    ).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /Refunds/ })
        .or(page.locator('section', { hasText: 'Refunds' }))
        .first(),
    ).toContainText('$10.00');

    // The packing slip prints the order with the shop's name.
    await page.goto(`/admin/orders/${order.order_number}/print`);
    const slip = page.getByRole('article', { name: order.order_number });
    await expect(slip).toContainText('Ember');
    await expect(slip).toContainText('Ada Lovelace');

    await page.goto('/admin/');
    // On a phone Activity is under More (the bottom bar keeps the four daily places).
    await page.getByRole('button', { name: /^More/ }).click();
    await page.getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    const rows = page.locator('tr, li, article').filter({ hasText: order.order_number });
    await expect(rows.filter({ hasText: /refund/i }).first()).toContainText(OWNER.name);
    const markedPaid = rows.filter({ hasText: /paid/i }).first();
    await expect(markedPaid).toContainText(OWNER.name);
    // What the change was, not only that one happened.
    await expect(markedPaid).toContainText('status: awaiting_payment → paid');
    await expect(markedPaid).toContainText('payer reference: TRANSFER 1');
    await checkA11y(page);
  });

  test('an owner records money above the total only by confirming the overpayment; staff are told only an owner can @mobile', async ({
    page,
    request,
  }) => {
    const { order } = await transferOrder(request, 7);
    const more = (Number(order.total_price) + 10).toFixed(2);

    // Staff: the amount above the total is refused beside the field, before anything is sent.
    await signedIn(page, STAFF, `/admin/orders/${order.order_number}`);
    await expect(page.getByRole('heading', { name: order.order_number, level: 1 })).toBeVisible();
    await expect(page.getByText('Only an owner can record more.')).toBeVisible();
    await page.getByLabel('Amount received').fill(more);
    await page.getByLabel("Payer's reference").fill('TRANSFER 3');
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(
      page.getByText(
        /is more than the order's total of .*; only an owner can record an overpayment\./,
      ),
    ).toBeVisible();
    await shot(page, 'mark-paid-staff');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('E-mail')).toBeVisible();

    // The owner: a confirmation appears once the amount is above the total, and is needed.
    await signedIn(page, OWNER, `/admin/orders/${order.order_number}`);
    await page.getByLabel('Amount received').fill(more);
    await page.getByLabel("Payer's reference").fill('TRANSFER 3');
    const confirm = page.getByRole('checkbox', {
      name: 'Record the $10.00 above the total as an overpayment',
    });
    await expect(confirm).not.toBeChecked();
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(
      page.getByText("Confirm the overpayment of $10.00, or enter the order's total."),
    ).toBeVisible();
    await noSidewaysScroll(page);
    await checkA11y(page);
    await shot(page, 'mark-paid-owner-confirm');

    await confirm.check();
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText(/received, \$10\.00 of it an overpayment\./)).toBeVisible();
    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments).toContainText(
      `Overpayment of $10.00 above the total, confirmed by ${OWNER.name}`,
    );
    await noSidewaysScroll(page);
    await checkA11y(page);
    await shot(page, 'order-overpayment', { fullPage: true });
  });

  test('a staff member runs the back office but is offered no refund and no activity log @mobile', async ({
    page,
    request,
  }) => {
    const { order } = await transferOrder(request, 5);
    await signedIn(page, STAFF, `/admin/orders/${order.order_number}`);
    await expect(page.getByRole('heading', { name: order.order_number, level: 1 })).toBeVisible();
    await page.getByLabel("Payer's reference").fill('TRANSFER 2');
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Refund', level: 3 })).toHaveCount(0);
    await page.getByRole('button', { name: /^More/ }).click();
    await expect(page.getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Activity' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await noSidewaysScroll(page);
    // The server refuses what the screen hides.
    const login = await request.post('/api/admin/auth/login/', {
      headers: TENANT,
      data: { email: STAFF.email, password: STAFF.password },
    });
    const { access } = (await login.json()) as { access: string };
    const refund = await request.post(`/api/admin/orders/${order.order_number}/refunds/`, {
      headers: { ...TENANT, authorization: `Bearer ${access}` },
      data: { amount: '1.00', reason: 'Trying.' },
    });
    expect(refund.status()).toBe(403);
  });
});
