/**
 * Gift cards (issue 42, decision 090), in Chromium against the real API at 1280 and 375 px with
 * the axe scan: the owner makes a product a gift card; a shopper buys one for a friend on its
 * page (by transfer, which the owner marks paid); the friend's e-mail in the server's outbox
 * carries the code; the friend spends it over two orders: the first at the checkout, paid by the
 * card alone and at once, the second finishing the card and leaving the rest to the transfer;
 * the balance page then says nothing is left.
 * The owner's Gift cards screen then shows the card's history by order.
 * Screenshots: gift-card-product, gift-card-checkout, gift-card-balance, gift-card-back-office.
 */
import path from 'node:path';
import { outboxMessagesTo, partOf } from '../../server/platform/mail/outbox-reader';
import { checkA11y, expect, shot, test } from './fixtures';
import { noSidewaysScroll, OWNER, signedIn } from './back-office-utils';
import {
  ADULT_ATTESTATION,
  addToCart,
  asCustomer,
  fillCheckoutAddress,
  logInBrowser,
  newCustomer,
  placeOrder,
  stockedProducts,
  uniqueEmail,
  UK_ADDRESS,
  type Order,
} from './shop-data';

/** The e2e server's outbox (playwright.config.ts OUTBOX_DIR). */
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

test('a gift card bought, received by e-mail and spent over two orders @layout', async ({
  page,
  request,
}) => {
  // Two shoppers, the owner, an e-mail and three orders: more than 30 s under load.
  test.slow();
  const login = await request.post('/api/admin/auth/login/', {
    headers: { 'X-Tenant-Token': OWNER.tenant },
    data: { email: OWNER.email, password: OWNER.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const owner = {
    'X-Tenant-Token': OWNER.tenant,
    Authorization: `Bearer ${((await login.json()) as { access: string }).access}`,
  };

  // The owner makes a gift card of 50.00 or 100.00 (or 10.00 to 300.00) in a category for all.
  const categories = (await (
    await request.get('/api/admin/categories/', { headers: owner })
  ).json()) as { id: number; adults_only: boolean }[];
  const category = categories.find((c) => !c.adults_only)!;
  const name = `Gift card ${Date.now().toString(36)}${test.info().project.name.slice(0, 3)}`;
  const created = await request.post('/api/admin/products/', {
    headers: owner,
    data: {
      name,
      category_id: category.id,
      price: '50.00',
      status: 'active',
      description: 'A gift card for any piece in the shop.',
      gift_card: { amounts: ['50.00', '100.00'], min_amount: '10.00', max_amount: '300.00' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const giftCard = (await created.json()) as { id: number; slug: string };

  // The friend will spend it on the cheapest piece, then on another: the card is that piece's
  // price and 40.00 more (an amount of the buyer's own), so it pays the first order in full.
  const pieces = (await stockedProducts(request, 5)).sort(
    (a, b) => Number(a.price) - Number(b.price),
  );
  const cheap = pieces[0]!;
  const dear = pieces[pieces.length - 1]!;
  const amountCents = Math.round(Number(cheap.price) * 100) + 4000;
  const amount = (amountCents / 100).toFixed(2);

  // 1. A shopper buys one on its page for a friend.
  const buyer = await newCustomer(request);
  const friend = await newCustomer(request);
  const friendEmail = uniqueEmail();
  await logInBrowser(page, buyer, `/products/${giftCard.slug}`);
  await expect(page.getByRole('radio', { name: /50\.00/ })).toBeChecked();
  await page.getByRole('radio', { name: 'Other amount' }).check();
  await page.getByLabel(/^Amount \(/).fill(amount);
  await page.getByLabel("Recipient's name").fill('Grace');
  await page.getByLabel("Recipient's email").fill(friendEmail);
  await page.getByLabel('Message (optional)').fill('For the knife you wanted.');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added a gift card' })).toHaveText(
    'Added a gift card for Grace to your cart.',
  );
  await noSidewaysScroll(page);
  await checkA11y(page);
  await shot(page, 'gift-card-product', { fullPage: true });
  const bought = await placeOrder(request, buyer, 'bank_transfer');
  expect(bought.total_price).toBe(amount);
  const paid = await request.post(`/api/admin/orders/${bought.order_number}/mark-paid/`, {
    headers: owner,
    data: { amount: bought.total_price, payer_reference: bought.order_number },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // 2. The friend's e-mail carries the code and what the buyer wrote.
  let eml = '';
  await expect
    .poll(async () => (eml = (await outboxMessagesTo(OUTBOX, friendEmail))[0] ?? ''), {
      timeout: 15_000,
    })
    .not.toBe('');
  const text = partOf(eml, 'text/plain') ?? '';
  const code = /GIFT(-[2-9A-Z]{4}){5}/.exec(text)?.[0];
  expect(code, text).toBeDefined();
  expect(text).toContain('For the knife you wanted.');

  // 3. The friend's first order, at the checkout: a piece the card pays in full.
  await addToCart(request, friend, cheap.id);
  await logInBrowser(page, friend, '/cart');
  await page.getByRole('button', { name: /Proceed to checkout|Checkout/ }).click();
  await fillCheckoutAddress(page, UK_ADDRESS);
  await page.getByLabel('Gift card code').fill(code!.toLowerCase());
  await page.getByRole('button', { name: 'Apply gift card' }).click();
  const lastFour = code!.slice(-4);
  await expect(page.getByText(`Gift card ending ${lastFour}: $${amount} available`)).toBeVisible();
  await expect(
    page.getByText(/^Gift cards pay all \$[\d.]+: nothing is left to pay\.$/),
  ).toBeVisible();
  await page.getByRole('radio', { name: /Bank transfer/ }).check();
  await noSidewaysScroll(page);
  await checkA11y(page);
  await shot(page, 'gift-card-checkout', { fullPage: true });
  await page.getByRole('button', { name: /Place order/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation$/);
  const orders = (await (
    await request.get('/api/orders/orders/', { headers: asCustomer(friend) })
  ).json()) as { results: Order[] };
  const first = orders.results[0]!;
  expect(first).toMatchObject({ status: 'paid', amount_due: '0.00' });
  expect(first.gift_card_paid).toBe(first.total_price);
  const left = amountCents - Math.round(Number(first.total_price) * 100);
  expect(left).toBeGreaterThan(0);

  // 4. The second order: the card pays what is left, the transfer the rest.
  await addToCart(request, friend, dear.id);
  const quote = await request.post('/api/orders/cart/shipping-quote/', {
    headers: asCustomer(friend),
    data: { country: 'GB', choices: [] },
  });
  const quoted = (await quote.json()) as {
    lines: { item_id: number; method: string }[];
    total_price: string;
  };
  const second = await request.post('/api/orders/orders/', {
    headers: asCustomer(friend),
    data: {
      payment_method: 'bank_transfer',
      delivery_address: UK_ADDRESS,
      shipping: quoted.lines.map((l) => ({ item_id: l.item_id, method: l.method })),
      expected_total_price: quoted.total_price,
      ...(dear.age_restricted ? { age_attestation: ADULT_ATTESTATION } : {}),
      gift_cards: [code],
    },
  });
  expect(second.status(), await second.text()).toBe(201);
  const rest = (await second.json()) as Order;
  expect(rest).toMatchObject({
    status: 'awaiting_payment',
    gift_card_paid: (left / 100).toFixed(2),
    amount_due: ((Math.round(Number(rest.total_price) * 100) - left) / 100).toFixed(2),
  });

  // 5. The balance page: nothing left on the card.
  await page.goto('/gift-cards/balance');
  await page.getByLabel('Gift card code').fill(code!);
  await page.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'gift card ending' })).toHaveText(
    `The gift card ending ${lastFour} has $0.00 left. It does not expire.`,
  );
  await noSidewaysScroll(page);
  await checkA11y(page);
  await shot(page, 'gift-card-balance');

  // 6. The owner's Gift cards screen: the card by its last four, and its history by order.
  await signedIn(page, OWNER, '/admin/gift-cards');
  await page.getByRole('button', { name: `Ending ${lastFour}` }).click();
  const history = page.getByRole('region', { name: `Gift card ending ${lastFour}` });
  await expect(history.getByRole('link', { name: first.order_number })).toBeVisible();
  await expect(history.getByRole('link', { name: rest.order_number })).toBeVisible();
  await noSidewaysScroll(page);
  await checkA11y(page);
  await shot(page, 'gift-card-back-office', { fullPage: true });
});
