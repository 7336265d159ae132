/**
 * The withdrawal function (issue 41; Directive 2011/83/EU art. 11a, added by Directive (EU)
 * 2023/2673; decision 084), in Chromium against the real API at 1280 and 375 px with the axe
 * scan: a shopper's paid and shipped order offers "Withdraw from contract here" on the order
 * list and the order page; step 2 shows the order, the piece, the shopper's name and e-mail and
 * "Confirm withdrawal"; once confirmed the page says when it was received, to the second in
 * UTC, and the acknowledgement e-mail in the server's outbox states the same moment.
 * Screenshots: withdrawal-step-2, withdrawal-received (tests/e2e/screenshots/<project>-<name>.png).
 */
import path from 'node:path';
import { outboxMessagesTo, partOf } from '../../server/platform/mail/outbox-reader';
import { checkA11y, expect, shot, test } from './fixtures';
import { noSidewaysScroll, OWNER } from './back-office-utils';
import {
  addToCart,
  isMobile,
  logInBrowser,
  newCustomer,
  placeOrder,
  stockedProducts,
  type Order,
} from './shop-data';

/** The e2e server's outbox (playwright.config.ts OUTBOX_DIR). */
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** A moment as the acknowledgement e-mail writes it: "25 November 2026, 14:07:09 UTC". */
function inWords(iso: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeStyle: 'medium',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(at);
  return `${day}, ${time} UTC`;
}

test('a shopper withdraws from a shipped order in two steps and is acknowledged by e-mail @layout', async ({
  page,
  request,
}) => {
  // A payment and a shipment by the owner, a sign-in and the e-mail: more than 30 s under load.
  test.slow();
  const customer = await newCustomer(request);
  const piece = (await stockedProducts(request))[isMobile() ? 7 : 6]!;
  await addToCart(request, customer, piece.id);
  const order: Order = await placeOrder(request, customer, 'bank_transfer');

  // The owner confirms the transfer and ships the parcel (through the back office's API).
  const login = await request.post('/api/admin/auth/login/', {
    headers: { 'X-Tenant-Token': OWNER.tenant },
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const owner = {
    'X-Tenant-Token': OWNER.tenant,
    Authorization: `Bearer ${((await login.json()) as { access: string }).access}`,
  };
  const paid = await request.post(`/api/admin/orders/${order.order_number}/mark-paid/`, {
    headers: owner,
    data: { amount: order.total_price, payer_reference: order.order_number },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const shipped = await request.post(`/api/admin/orders/${order.order_number}/shipments/0/ship/`, {
    headers: owner,
    data: { carrier: 'royal_mail', tracking_number: 'AB123456789GB' },
  });
  expect(shipped.status(), await shipped.text()).toBe(200);

  // Step 1 on the order list, for an order within its period; it opens the order at step 2.
  await logInBrowser(page, customer, '/account/orders');
  const card = page.getByRole('listitem').filter({ hasText: order.order_number });
  await card.getByRole('link', { name: 'Withdraw from contract here' }).click();
  const step2 = page.getByRole('heading', { level: 3, name: 'Withdraw from the contract' });
  await expect(step2).toBeFocused();
  // "Keep my order" goes back to step 1 on the order page.
  await page.getByRole('button', { name: 'Keep my order' }).click();
  const panel = page.getByRole('region', { name: 'Cancellation' });
  await expect(panel.getByRole('button', { name: 'Withdraw from contract here' })).toBeFocused();
  await expect(panel.getByRole('status')).toContainText(/You can cancel until /);

  // Step 1 on the order page opens step 2: the order, the piece, the name and the e-mail.
  await panel.getByRole('button', { name: 'Withdraw from contract here' }).click();
  await expect(step2).toBeFocused();
  const form = page.getByRole('form', { name: 'Withdraw from the contract' });
  await expect(form.getByRole('definition')).toHaveText([
    order.order_number,
    `${piece.name} × 1`,
    order.delivery_address.fullname,
    customer.email,
  ]);
  await expect(form.getByRole('textbox', { name: 'Reason (optional)' })).toBeEmpty();
  await noSidewaysScroll(page);
  await checkA11y(page);
  await form.scrollIntoViewIfNeeded();
  await shot(page, 'withdrawal-step-2');

  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/cancellation-request/') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Confirm withdrawal' }).click();
  const receivedAt = ((await (await answer).json()) as Order).cancellation.requested_at!;
  const status = panel.getByRole('status');
  await expect(status).toContainText(
    /^Withdrawal received on .+ at \d\d:\d\d:\d\d UTC\. An acknowledgement has been sent to your e-mail address\./,
  );
  await expect(status).toContainText(`${receivedAt.slice(11, 19)} UTC`);
  await expect(status).toBeFocused();
  await expect(panel.getByRole('button', { name: 'Withdraw from contract here' })).toHaveCount(0);
  await checkA11y(page);
  await shot(page, 'withdrawal-received');

  // The acknowledgement on a durable medium: the order, the piece, the date and time received.
  const subject = `We received your withdrawal from order ${order.order_number}`;
  let eml: string | undefined;
  await expect
    .poll(
      async () => {
        eml = (await outboxMessagesTo(OUTBOX, customer.email)).find((m) => m.includes(subject));
        return eml !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const text = partOf(eml!, 'text/plain')!;
  const html = partOf(eml!, 'text/html')!
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");
  for (const part of [text, html]) {
    expect(part).toContain(order.order_number);
    expect(part).toContain(inWords(receivedAt));
    expect(part).toContain(piece.name);
  }
});
