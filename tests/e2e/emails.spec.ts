/// <reference types="node" />
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { partOf } from '../../server/platform/mail/outbox-reader';
import { renderEmail } from '../../server/orders/emails/render-email';
import { PREVIEW_EMAILS, previewEmail } from '../../server/orders/emails/preview-data';
import { checkA11y, expect, shot, test } from './fixtures';
import { addToCart, newCustomer, placeOrder, stockedProducts } from './shop-data';

/**
 * The order e-mails as a mail program shows them (decision 040): every kind and variant rendered
 * at 600 px in Chromium, screenshotted and scanned with axe; and the real pipeline, an order
 * placed on the running server whose e-mail arrives in its outbox with an HTML part that shows
 * the order.
 */

test.use({ viewport: { width: 600, height: 900 } });

/** The e-mails in three parts, so the two workers share them; each part one page. */
const NAMES = Object.keys(PREVIEW_EMAILS) as (keyof typeof PREVIEW_EMAILS)[];
const PARTS = 3;

for (let part = 0; part < PARTS; part += 1) {
  const names = NAMES.filter((_, index) => index % PARTS === part);
  test(`the e-mails read well at 600 px (part ${part + 1} of ${PARTS}: ${names.join(', ')})`, async ({
    page,
  }) => {
    test.setTimeout(30_000 + names.length * 10_000);
    for (const name of names) {
      await test.step(`the ${name} e-mail`, async () => {
        const data = previewEmail(name);
        const email = await renderEmail(data);
        await page.setContent(email.html, { waitUntil: 'load' });
        // The shop's daily list names its orders; every other e-mail is about one.
        const number = 'order' in data ? data.order.number : data.orders[0]!.number;
        await expect(page.getByText(number).filter({ visible: true }).first()).toBeVisible();
        // Every e-mail about what was bought lists it; the refund notices name the payment instead.
        if (
          'order' in data &&
          data.kind !== 'late_payment_refund' &&
          data.kind !== 'shop_refund_needed' &&
          data.kind !== 'order_refunded'
        ) {
          for (const line of data.order.lines)
            await expect(page.getByText(line.name).filter({ visible: true }).first()).toBeVisible();
        }
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `the ${name} e-mail: no sideways scrolling at 600 px`).toBeLessThanOrEqual(
          600,
        );
        await checkA11y(page);
        await shot(page, `email-${name}`, { fullPage: true });
      });
    }
  });
}

test('an order placed on the server sends its e-mail, with the bank details, to the outbox', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(request);
  const product = (await stockedProducts(request))[7]!;
  await addToCart(request, customer, product.id, 1);
  const order = await placeOrder(request, customer, 'bank_transfer');
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let eml = '';
  await expect
    .poll(
      async () => {
        for (const name of await readdir(outbox).catch(() => [])) {
          const text = await readFile(path.join(outbox, name), 'utf8');
          if (text.includes(order.order_number) && /^To: .*shopper-/im.test(text)) eml = text;
        }
        return eml !== '';
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const html = partOf(eml, 'text/html')!;
  expect(partOf(eml, 'text/plain')).toContain(order.order_number);
  await page.setContent(html, { waitUntil: 'load' });
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText('IBAN').first()).toBeVisible();
  await expect(page.getByText(product.name).first()).toBeVisible();
  await shot(page, 'email-from-the-server', { fullPage: true });
});
