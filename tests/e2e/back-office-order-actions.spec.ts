/**
 * An order's moves say what happened where the maker is looking, in Chromium against the real
 * API, at 1280 and 375 px (@layout), with axe: the owner marks a transfer paid (the payer's
 * reference already the order number) and sees the result in view where the form was, with no
 * refund form open and no money filled in; ships the parcel, corrects its mistyped tracking
 * number, refunds one of two mugs with the piece put back in stock (the amount following the
 * pick), each result in view; and prints the gift slip, which shows no price and one address.
 * One order and one signed-in owner per width.
 */
import { checkA11y, expect, test } from './fixtures';
import { addToCart, newCustomer, placeOrder, stockedProducts } from './shop-data';
import { noSidewaysScroll, OWNER, signedIn } from './back-office-utils';

test.describe('an order’s moves on the back office', () => {
  test('each says what it did in view; the refund waits closed; the gift slip has no prices @layout', async ({
    page,
    request,
  }, testInfo) => {
    const mobile = testInfo.project.name === 'mobile';
    const customer = await newCustomer(request);
    const products = await stockedProducts(request);
    const piece = products[(mobile ? 7 : 6) % products.length]!;
    await addToCart(request, customer, piece.id, 2);
    const order = await placeOrder(request, customer, 'bank_transfer');
    // The piece's stock as the storefront's API says it now (other specs, on the other worker,
    // may buy the same piece: read just before the refund, and compare with it).
    const stockNow = async () => {
      const answer = await request.get(`/api/products/products/${piece.slug}/`, {
        headers: { 'X-Tenant-Token': OWNER.tenant },
      });
      return ((await answer.json()) as { stock: number }).stock;
    };

    await signedIn(page, OWNER, `/admin/orders/${order.order_number}`);
    await expect(page.getByRole('heading', { name: order.order_number, level: 1 })).toBeVisible();
    const actions = page.getByRole('region', { name: 'Actions' });

    // Mark paid: the reference is the order number the shopper was asked to quote.
    await expect(actions.getByLabel("Payer's reference")).toHaveValue(order.order_number);
    await actions.getByRole('button', { name: 'Mark paid' }).click();
    const paid = actions.getByRole('status');
    await expect(paid).toHaveText(/Marked paid: .+ received\. The customer is e-mailed\./);
    await expect(paid).toBeInViewport();
    await expect(actions.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
    // Nothing waits filled with money: the refund opens only when asked.
    await expect(page.getByLabel('Amount', { exact: true })).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Start a refund' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await noSidewaysScroll(page);
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('after-mark-paid.png') });

    // Ship with a mistyped number, then correct it.
    const shipments = page.getByRole('region', { name: 'Shipments' });
    await shipments.getByLabel('Tracking number').fill('AB123456789G');
    await shipments.getByRole('button', { name: 'Mark shipped' }).click();
    const shipped = shipments.getByRole('status');
    await expect(shipped).toHaveText(/shipped with Royal Mail\. The customer is e-mailed\./);
    await expect(shipped).toBeInViewport();
    await shipments.getByRole('button', { name: /Correct tracking/ }).click();
    await expect(shipments.getByLabel('Tracking number')).toHaveValue('AB123456789G');
    await shipments.getByLabel('Carrier').selectOption('dpd');
    await shipments.getByLabel('Tracking number').fill('15501234567890');
    await shipments.getByRole('button', { name: 'Save tracking' }).click();
    const corrected = shipments.getByRole('status');
    await expect(corrected).toHaveText(/tracking corrected to DPD 15501234567890/);
    await expect(corrected).toBeInViewport();
    await expect(shipments.getByRole('link', { name: /15501234567890/ })).toBeVisible();
    await expect(page.getByText('Corrected the tracking')).toBeVisible();

    // Refund one of the two mugs, back into stock: the amount follows the pick.
    await actions.getByRole('button', { name: 'Start a refund' }).click();
    const refund = actions.getByRole('form', { name: 'Refund' });
    const amount = refund.getByLabel('Amount', { exact: true });
    await expect(amount).toHaveValue('');
    await refund.getByRole('checkbox', { name: new RegExp(piece.name) }).check();
    await refund.getByLabel('How many').selectOption('1');
    await expect(amount).toHaveValue(piece.price);
    await refund.getByRole('checkbox', { name: 'Put back in stock' }).check();
    await refund.getByLabel('Reason').fill('One mug came back unused.');
    await noSidewaysScroll(page);
    await checkA11y(page);
    await refund.screenshot({ path: testInfo.outputPath('refund-form.png') });
    await refund.getByRole('button', { name: 'Refund…' }).click();
    await expect(page.getByText(`1 × ${piece.name} (back in stock)`)).toBeVisible();
    const stockBefore = await stockNow();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund', exact: true }).click();
    const refunded = actions.getByRole('status');
    await expect(refunded).toHaveText(/Refund of .+ recorded for 1 piece, back in stock\./);
    await expect(refunded).toBeInViewport();
    await expect(actions.getByRole('form', { name: 'Refund' })).toHaveCount(0);
    await expect(page.getByText('1 refunded, 1 back in stock')).toBeVisible();
    expect(await stockNow()).toBe(stockBefore + 1);
    await page.screenshot({ path: testInfo.outputPath('order-after-refund.png'), fullPage: true });

    // The gift slip: the pieces and where they go, not one price; one address to return to.
    await page.getByRole('link', { name: 'Gift slip' }).click();
    await expect(page).toHaveURL(/\/print\?gift=true$/);
    const slip = page.getByRole('article');
    await expect(slip.getByRole('cell', { name: piece.name })).toBeVisible();
    await expect(slip.getByRole('columnheader')).toHaveText(['Item', 'Qty']);
    await expect(slip).not.toContainText(/[$£€]\s?\d/);
    await expect(slip.locator('.slip-head address')).toHaveCount(1);
    await expect(slip.locator('.slip-head address')).toContainText('Return address:');
    await noSidewaysScroll(page);
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('gift-slip.png'), fullPage: true });
  });
});
