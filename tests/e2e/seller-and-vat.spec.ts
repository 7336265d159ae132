import type { Page } from '@playwright/test';
import { checkA11y, expect, shot, test } from './fixtures';
import {
  POTTERY,
  addToCart,
  logInBrowser,
  newCustomer,
  placeOrder,
  stockedProducts,
} from './shop-data';

/**
 * Who the seller is and the VAT it charges, end to end (issue 29; E-Commerce Regulations 2002
 * reg. 6, HMRC VAT Notice 700/21): the footer's legal block names the demo shop's company with
 * its address, company and VAT numbers and says prices include VAT at 20%; the cart says so
 * under its total; the order page links a printable invoice that lists each line's VAT, the
 * shipping's and the VAT total at the order's rate. The pottery, not VAT registered, says no
 * VAT is charged. At 1280 and 375 px (@layout), with the axe scan of the invoice; screenshots
 * of the footer and the invoice in tests/e2e/screenshots.
 */

const legalBlock = (page: Page) => page.getByRole('contentinfo').locator('address');

test(
  'the footer names the seller, the cart says prices include VAT, and the invoice lists the VAT',
  { tag: '@layout' },
  async ({ page, request }) => {
    test.setTimeout(60_000);
    const customer = await newCustomer(request);
    const [piece] = await stockedProducts(request, 8);
    await addToCart(request, customer, piece!.id, 2);
    await logInBrowser(page, customer, '/cart');

    await expect(page.getByTestId('cart-total')).toBeVisible();
    await expect(page.getByTestId('vat-note')).toHaveText('Prices include VAT at 20%.');

    const block = legalBlock(page);
    await block.scrollIntoViewIfNeeded();
    for (const part of [
      'Ember & Oak Workshop Ltd',
      'The Old Boatyard, Quay Lane, Topsham, Exeter EX3 0JB, United Kingdom',
      'hello@emberandoak.example',
      'Company no. 09876543',
      'VAT no. GB284735126',
      'Prices include VAT at 20%.',
    ]) {
      await expect(block).toContainText(part);
    }
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await shot(page, 'seller-footer');

    const order = await placeOrder(request, customer, 'bank_transfer');
    expect(order.vat_rate).toBe('20.00');
    await page.goto(`/account/orders/${order.id}`);
    await expect(page.getByTestId('order-vat')).toHaveText(
      new RegExp(`Includes VAT at 20%: \\$${order.vat_total!.replace('.', '\\.')}\\.`),
    );
    await page.getByRole('link', { name: 'Pro-forma invoice' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.id}/invoice$`));

    const invoice = page.getByRole('article', { name: 'Pro-forma invoice' });
    await expect(invoice).toBeVisible();
    await expect(invoice).toContainText(order.order_number);
    await expect(invoice).toContainText('Ada Lovelace');
    await expect(invoice).toContainText('VAT number');
    await expect(invoice).toContainText('GB284735126');
    const rows = invoice.getByRole('row');
    // The heading row, the piece, the shipping.
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(piece!.name);
    await expect(rows.nth(1)).toContainText('20%');
    await expect(rows.nth(1)).toContainText(`$${order.items[0]!.vat_amount}`);
    await expect(rows.nth(2)).toContainText('Shipping');
    await expect(page.getByTestId('invoice-vat-total')).toHaveText(`$${order.vat_total}`);
    await expect(invoice).toContainText(`Total including VAT$${order.total_price}`);
    await shot(page, 'seller-invoice', { fullPage: true });
    await checkA11y(page);

    // On paper only the invoice is left: no header, footer or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    await expect(legalBlock(page)).toBeHidden();
    await expect(page.getByTestId('invoice-vat-total')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  },
);

test('a shop that is not VAT registered says that no VAT is charged', async ({ page }) => {
  await page.goto(`${POTTERY.origin}/`);
  const block = legalBlock(page);
  await expect(block).toContainText('Riverside Pottery Studio (Nell Harper)');
  await expect(block).toContainText('No VAT is charged.');
  await expect(block).not.toContainText('VAT no.');
});
