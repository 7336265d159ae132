/**
 * The 14-day right to cancel in the back office (issue 29; UK Consumer Contracts Regulations
 * 2013 reg. 28(1)(b), regs 29-38), in Chromium against the real API, at 375 px (the maker's phone;
 * the back office's wide layout is back-office.spec.ts's) with the axe scan: a shopper's paid order
 * is asked to be cancelled (through the storefront's API, as the order page's form sends it); the
 * owner finds it with the orders list's "open cancellation requests" filter, marked 'Asked to
 * cancel', and reads the request (when, the shopper's words) on the order, which offers the refund.
 * The product editor offers the owner's exemption flag, saying that made-to-order pieces are exempt
 * anyway.
 */
import { checkA11y, expect, test } from './fixtures';
import {
  addToCart,
  asCustomer,
  newCustomer,
  placeOrder,
  stockedProducts,
  type Order,
} from './shop-data';
import { noSidewaysScroll, OWNER, signedIn } from './back-office-utils';

const REASON = 'The bowl is a little small for our table.';

test.describe('the back office and the 14-day right to cancel', () => {
  test('the owner finds an open cancellation request and reads it on the order @mobile', async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    const products = await stockedProducts(request);
    await addToCart(request, customer, products[3 % products.length]!.id);
    const order = await placeOrder(request, customer, 'bank_transfer');

    // The owner confirms the transfer: the order is paid, so the right applies.
    await signedIn(page, OWNER, `/admin/orders/${order.order_number}`);
    await expect(page.getByRole('heading', { name: order.order_number, level: 1 })).toBeVisible();
    await page.getByLabel("Payer's reference").fill(order.order_number);
    // The server's answer, not a 'Paid' somewhere on the page (a tab says it before the order
    // does): the shopper's request below needs the order paid.
    const markedPaid = page.waitForResponse(
      (response) =>
        response.url().endsWith('/mark-paid/') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Mark paid' }).click();
    expect((await markedPaid).status()).toBe(200);
    await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();

    // The shopper asks to cancel, as the order page's form does.
    const asked = await request.post(`/api/orders/orders/${order.id}/cancellation-request/`, {
      headers: asCustomer(customer),
      data: { reason: REASON },
    });
    expect(asked.status()).toBe(200);
    const answered = (await asked.json()) as Order;
    expect(answered.cancellation.requested_at).not.toBeNull();

    await page.goto('/admin/orders');
    // On a phone the list's filters are folded behind "Filters".
    await page.getByRole('button', { name: 'Filters' }).click();
    await page
      .getByRole('link', { name: 'Only open cancellation requests (14-day right)' })
      .click();
    await expect(page).toHaveURL(/cancellation_request=open/);
    const row = page.getByRole('link', { name: order.order_number });
    await expect(row).toBeVisible();
    await expect(page.getByText('Asked to cancel').first()).toBeVisible();
    await noSidewaysScroll(page);
    await checkA11y(page);

    await row.click();
    await expect(page.getByRole('heading', { name: order.order_number, level: 1 })).toBeVisible();
    await expect(
      page.getByText(/The shopper asked to cancel on .* \(14-day right to cancel\)/),
    ).toContainText(REASON);
    await expect(page.getByText('Asked to cancel (14-day right)')).toBeVisible();
    await noSidewaysScroll(page);
    await checkA11y(page);
    await page.screenshot({ path: test.info().outputPath('desk-order.png'), fullPage: true });
  });
});

test.describe('the product editor and the 14-day right to cancel', () => {
  test('offers the exemption, and says made-to-order pieces are exempt anyway @mobile', async ({
    page,
    request,
  }) => {
    const products = await stockedProducts(request);
    const piece = products[0]!;
    await signedIn(page, OWNER, `/admin/products/${piece.id}`);
    await expect(page.getByRole('heading', { name: piece.name, level: 1 })).toBeVisible();
    const box = page.getByRole('checkbox', {
      name: "Exempt from the 14-day cancellation right (made to the buyer's specification or personalised)",
    });
    await expect(box).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(page.getByText(/Made-to-order pieces are exempt anyway/)).toBeVisible();
    await noSidewaysScroll(page);
    await checkA11y(page);
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('product-flag.png') });
  });
});
